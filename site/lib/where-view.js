// where-view.js — the "where the allocation runs" control and its result
// in the Allocation tab (site/lib/where.js computes it in the worker).
import { h, put, table, chip } from './dom.js';
import { validateWhere } from './where.js';

const $ = (id) => document.getElementById(id);
const ROWS_MAX = 300;
const TITLES = {
  'broker-pull': 'the broker (QUERY_ASSIGNMENT, PULL)',
  'broker-pop': 'the broker (QUERY_ASSIGNMENT, POP with queue sharing)',
  proxy: 'the gRPC proxy',
};

/** The where-state from the form. */
export function readWhere(prev) {
  const v = $('pop-share').value.trim();
  return validateWhere({ at: $('where').value, popShare: v === '' ? prev.popShare : Number(v), fifo: $('proxy-fifo').checked });
}

/** Fills the form from the where-state. */
export function fillWhere(w) {
  $('where').value = w.at;
  $('pop-share').value = w.popShare;
  $('proxy-fifo').checked = w.fifo;
  syncWhere(w);
}

/** Shows the inputs the chosen place uses. */
export function syncWhere(w) {
  for (const el of document.querySelectorAll('[data-where]')) el.hidden = el.dataset.where !== w.at;
}

/** A broker's assigned queues as text: "all 4 queues" for id -1. */
function brokerPart(b, ids, counts) {
  if (ids.includes(-1)) {
    const n = counts.get(b);
    return h('span', { className: 'where-all', title: `queue id -1: the consumer pops from whichever queue of ${b} has messages` },
      h('strong', {}, b), ` · all queues of the broker${n ? ` (${n})` : ''}`);
  }
  return h('span', {}, h('strong', {}, b), ' · ', ids.join(' '));
}

function queuesCell(queues, counts) {
  if (queues === null) return h('span', { className: 'where-null' }, 'no assignment — keeps what it had');
  if (queues.length === 0) return h('span', { className: 'where-null' }, 'nothing');
  const by = new Map();
  for (const [b, id] of queues) { if (!by.has(b)) by.set(b, []); by.get(b).push(id); }
  return h('span', { className: 'where-queues' }, [...by].map(([b, ids]) => brokerPart(b, ids, counts)));
}

/** Renders a whereView result (or clears the box for client-side). */
export function renderWhere(el, r) {
  if (!r || r.at === 'client') {
    put(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const head = h('h2', {}, 'Allocation runs on ', TITLES[r.at]);
  const path = r.path;
  const pathNote = h('p', { className: path.noAssignment || (r.at.startsWith('broker') && path.path !== 'broker') ? 'warn-note' : 'hint' },
    `A consumer with these settings: allocation on the ${path.path} — ${path.reason}.`);
  if (r.error) return put(el, head, pathNote, h('div', { className: 'error', attrs: { role: 'alert' } }, r.error.code ? h('code', {}, r.error.code + ' ') : null, r.error.message));
  const note = r.note ? h('p', { className: 'warn-note' }, r.note) : null;
  const counts = new Map(r.brokers);
  const summary = h('p', { className: 'where-summary' },
    `Mode ${r.mode}`, r.at === 'broker-pop' ? ` · popShareQueueNum ${r.popShare}` : '',
    r.readers ? ` · each queue is read by ${r.readers.min === r.readers.max ? r.readers.min : `${r.readers.min}–${r.readers.max}`} consumer${r.readers.max === 1 ? '' : 's'}` : '');
  // Chips as in the grid below: C<i> is the consumer's place in Java order.
  const order = r.rows.map((row) => row.cid).sort();
  const rows = r.rows.slice(0, ROWS_MAX).map((row) => [
    h('span', {}, chip(order.indexOf(row.cid), row.cid), ' ', h('code', {}, row.cid)),
    queuesCell(row.queues, counts), h('span', { className: 'hint' }, row.reason)]);
  put(el, head, pathNote, note, summary,
    table(['Consumer', 'Assigned', 'Rule'], rows, { className: 'where-table' }),
    r.rows.length > ROWS_MAX ? h('p', { className: 'hint' }, `First ${ROWS_MAX} of ${r.rows.length} consumers.`) : null,
    h('p', { className: 'hint' }, 'Below: what a client-side rebalance computes, for comparison.'));
}

/**
 * Asks the worker for the where-view of state and renders it into el;
 * el.dataset.ready is 'true' once the answer for the latest state is shown.
 */
export async function showWhere(engine, state, el) {
  el.dataset.ready = 'false';
  if (state.where.at === 'client') {
    renderWhere(el, null);
  } else {
    const r = await engine.call('where', structuredClone(state));
    if (r.stale) return;
    renderWhere(el, r.error ? { at: state.where.at, path: { path: '?', reason: 'not computed', noAssignment: false }, error: r.error } : r.result);
  }
  el.dataset.ready = 'true';
}
