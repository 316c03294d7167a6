// big-view.js — browsing a big group (more queues or consumers than a
// plain table shows): one filter box (consumer, broker or queue), a
// "show" choice, a grid of the matching queues once few enough to draw,
// and virtualised lists (vlist.js) of the consumers and the queues.
// Filtering runs on the page, on the plan already computed: no worker call.
import { h, put, chip } from './dom.js';
import { vlist } from './vlist.js';

// The filter and choice of each tab, kept across recomputations.
const kept = { alloc: { text: '', show: 'all' }, whatif: { text: '', show: 'all' } };

/**
 * A matcher over plan a: text (case-insensitive) is part of a broker name,
 * of "broker:queueId", of a client ID, or is a consumer's label ("C12").
 * Returns { queue(i), member(m) } or null for no text.
 */
export function matcher(a, text) {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  const brokerHit = new Map();
  const memberHit = a.members.map((m, i) => m.toLowerCase().includes(q) || 'c' + i === q);
  const queue = (i) => {
    const [b, id] = a.queues[i];
    let hit = brokerHit.get(b);
    if (hit === undefined) { hit = b.toLowerCase().includes(q); brokerHit.set(b, hit); }
    if (hit || (b + ':' + id).toLowerCase() === q) return true;
    return a.owners[i] >= 0 && memberHit[a.owners[i]];
  };
  return { queue, member: (m) => memberHit[m] };
}

/**
 * Positions of a's queues that pass the filter and the show choice
 * (all | unowned | shared | moved, moved being a Set of positions).
 */
export function filterQueues(a, text, show, moved = null) {
  const m = matcher(a, text);
  const out = [];
  for (let i = 0; i < a.queues.length; i++) {
    if (show === 'unowned' && a.owners[i] >= 0) continue;
    if (show === 'shared' && a.nown[i] < 2) continue;
    if (show === 'moved' && !(moved && moved.has(i))) continue;
    if (m && !m.queue(i)) continue;
    out.push(i);
  }
  return out;
}

/** Members to list: those matching the text, and the owners of the matching queues. */
function filterMembers(a, text, queues) {
  const m = matcher(a, text);
  if (!m) return a.members.map((_, i) => i);
  const on = new Uint8Array(a.members.length);
  for (let i = 0; i < a.members.length; i++) if (m.member(i)) on[i] = 1;
  for (const i of queues) if (a.owners[i] >= 0) on[a.owners[i]] = 1;
  const out = [];
  on.forEach((x, i) => { if (x) out.push(i); });
  return out;
}

const plural = (n, w) => `${n.toLocaleString('en-US')} ${w}${n === 1 ? '' : 's'}`;

/**
 * The browser of plan a for tab ('alloc' | 'whatif'). grid(sub) draws a
 * grid of a sub-plan (the caller's grid function, GRID_MAX queues at most);
 * opts: moved (Set of a's positions, What-if), ownerBefore(i) (the owner
 * before the change of a's queue i, What-if), onRemove(cid), gridMax,
 * palette (member → colour index, What-if's one colour per client ID).
 */
export function bigBrowser(tab, a, grid, { moved = null, ownerBefore = null, onRemove = null, gridMax = 4096, palette = null } = {}) {
  const f = kept[tab];
  const chipOf = (m) => chip(palette ? palette[m] : m, a.members[m]);
  const input = h('input', { type: 'search', id: tab + '-filter', value: f.text, attrs: { placeholder: 'e.g. broker-b, 192.168.3.7, C12, broker-a:3', spellcheck: 'false', autocomplete: 'off' } });
  const shows = [['all', 'every queue'], ['unowned', 'queues with no owner'], ['shared', 'queues with 2+ owners']];
  if (moved) shows.splice(1, 0, ['moved', 'moved queues only']);
  const show = h('select', { id: tab + '-show' }, shows.map(([v, t]) => h('option', { value: v }, t)));
  show.value = shows.some(([v]) => v === f.show) ? f.show : 'all';
  const count = h('p', { className: 'count', id: tab + '-filter-count', attrs: { role: 'status', 'aria-live': 'polite' } });
  const gridSlot = h('div', { className: 'big-grid' });
  const ownerText = (i) => (a.owners[i] < 0 ? h('span', { className: 'bad' }, 'none') : [chipOf(a.owners[i]), ' ', a.members[a.owners[i]],
    a.nown[i] > 1 ? h('span', { className: 'bad' }, ` (+${a.nown[i] - 1} more)`) : null]);
  let qs = [], ms = [];
  const queueList = moved
    ? vlist({ id: tab + '-queues', label: 'Queues after the change (moved ones highlighted)', head: ['Broker', 'Queue', 'Before', 'After'], cols: 'minmax(0, 1fr) 3.2rem minmax(0, 2fr) minmax(0, 2fr)',
      count: 0, row: () => [], rowClass: (k) => (moved.has(qs[k]) ? 'moved' : '') })
    : vlist({ id: tab + '-queues', label: 'Queue to consumer', head: ['Broker', 'Queue', 'Consumer'], cols: 'minmax(0, 1fr) 3.2rem minmax(0, 3fr)', count: 0, row: () => [] });
  const memberList = vlist({ id: tab + '-members', label: 'Consumers in sorted order', head: ['', 'Client ID', 'Queues', ''], cols: '3.2rem minmax(0, 1fr) 3.5rem 4.8rem', count: 0, row: () => [] });
  const drawQueue = moved
    ? (k) => { const i = qs[k]; return [a.queues[i][0], String(a.queues[i][1]), ownerBefore(i), ownerText(i)]; }
    : (k) => { const i = qs[k]; return [a.queues[i][0], String(a.queues[i][1]), ownerText(i)]; };
  const drawMember = (k) => {
    const m = ms[k];
    return [chipOf(m), h('code', { className: 'cid', dataset: { member: a.members[m] } }, a.members[m]), String(a.counts[m]),
      onRemove ? h('button', { type: 'button', className: 'small', attrs: { 'aria-label': 'Remove consumer ' + a.members[m] }, on: { click: () => onRemove(a.members[m]) } }, 'remove') : ''];
  };

  const apply = () => {
    f.text = input.value; f.show = show.value;
    qs = filterQueues(a, f.text, f.show, moved);
    ms = filterMembers(a, f.text, qs);
    put(count, `${plural(qs.length, 'queue')} of ${a.queues.length.toLocaleString('en-US')}, ${plural(ms.length, 'consumer')} of ${a.members.length.toLocaleString('en-US')}`,
      f.text || f.show !== 'all' ? ' match.' : '.');
    queueList.update(qs.length, drawQueue);
    memberList.update(ms.length, drawMember);
    if (qs.length === 0) put(gridSlot, h('p', { className: 'hint' }, 'No queue matches.'));
    else if (qs.length > gridMax) put(gridSlot, h('p', { className: 'hint', id: tab + '-grid-note' }, `${plural(qs.length, 'queue')}: too many to draw as cells (up to ${gridMax.toLocaleString('en-US')}). Filter by a broker or a consumer to draw theirs; the lists below hold every one.`));
    else put(gridSlot, grid(subPlan(a, qs), moved ? qs.flatMap((i, k) => (moved.has(i) ? [k] : [])) : null, qs.length < a.queues.length ? `The ${plural(qs.length, 'matching queue')}` : ''));
  };
  let timer = 0;
  // The text is kept at once: a result redrawn before apply runs (a recomputation) starts from it, not from the old one.
  input.addEventListener('input', () => { f.text = input.value; clearTimeout(timer); timer = setTimeout(apply, 80); });
  show.addEventListener('change', apply);
  apply();
  return h('div', { className: 'big', id: tab + '-big' },
    h('div', { className: 'bigbar' },
      h('div', {}, h('label', { htmlFor: tab + '-filter' }, 'Filter by consumer, broker or queue'), input),
      h('div', {}, h('label', { htmlFor: tab + '-show' }, 'Show'), show),
      count),
    h('div', { className: 'two' },
      h('div', {}, h('h3', {}, 'Consumers in the order the strategy sees them'), memberList),
      h('div', {}, h('h3', {}, moved ? 'Queues: owner before → after (moved highlighted)' : 'Queue → consumer'), queueList)),
    gridSlot);
}

/** The plan restricted to positions qs (same members, so the same colours). */
function subPlan(a, qs) {
  return {
    ...a, queues: qs.map((i) => a.queues[i]), owners: Int32Array.from(qs, (i) => a.owners[i]), nown: Int32Array.from(qs, (i) => a.nown[i]),
    ro: a.ro ? Uint8Array.from(qs, (i) => a.ro[i]) : null,
  };
}
