// priority-view.js — the Priority tab (RocketMQ 5.4 priority messages):
// where the broker stores each message (priority.js's priorityView), the
// messages per queue, and each message's way from the producer's queue
// to the stored one.
import { h, put, table } from './dom.js';
import { errorBox } from './views.js';

const QUEUES_MAX = 64; // queue rows drawn
const BROKERS_MAX = 12; // broker columns drawn
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** The priorities a queue id holds: i, or ≥ i on a broker whose last queue it is. */
function prioritiesOf(i, brokers) {
  const last = brokers.filter(([, n]) => n - 1 === i).map(([b]) => b);
  if (!last.length) return `priority ${i}`;
  if (last.length === brokers.length) return `priority ≥ ${i}`;
  return `priority ${i}; ≥ ${i} on ${last.slice(0, 3).join(', ')}${last.length > 3 ? ', …' : ''}`;
}

function countsTable(res) {
  const brokers = res.brokers.slice(0, BROKERS_MAX);
  const rows = Math.min(QUEUES_MAX, Math.max(0, ...brokers.map(([, n]) => n)));
  const most = Math.max(1, ...brokers.flatMap(([b]) => res.counts[b]));
  const cell = (b, n, i) => {
    if (i >= n) return h('td', { className: 'pr-none' }, '—');
    const c = res.counts[b][i];
    return h('td', { className: c ? 'pr-count' : 'pr-count pr-zero', dataset: { broker: b, queue: String(i) }, style: { '--w': `${Math.round((100 * c) / most)}%` } },
      h('span', {}, String(c)));
  };
  const body = [];
  for (let i = 0; i < rows; i++) {
    body.push(h('tr', {}, h('th', { attrs: { scope: 'row' } }, `queue ${i}`, h('span', { className: 'pr-prio' }, prioritiesOf(i, brokers))),
      brokers.map(([b, n]) => cell(b, n, i))));
  }
  body.push(h('tr', { className: 'pr-total' }, h('th', { attrs: { scope: 'row' } }, 'total'),
    brokers.map(([b]) => h('td', {}, String(res.counts[b].reduce((a, c) => a + c, 0))))));
  return h('div', {},
    h('div', { className: 'table-wrap' }, h('table', { className: 'qtable pr-counts', id: 'pr-counts' },
      h('caption', {}, 'Messages stored per queue'),
      h('thead', {}, h('tr', {}, h('th', { attrs: { scope: 'col' } }, 'Queue'),
        brokers.map(([b]) => h('th', { attrs: { scope: 'col' } }, b)))),
      h('tbody', {}, body))),
    res.brokers.length > BROKERS_MAX || rows < Math.max(...res.brokers.map(([, n]) => n))
      ? h('p', { className: 'hint' }, `First ${Math.min(res.brokers.length, BROKERS_MAX)} of ${plural(res.brokers.length, 'broker')}, first ${rows} queues.`) : null);
}

function messageRow(r) {
  const cells = [h('td', {}, String(r.n)), h('td', {}, String(r.priority), r.times > 1 ? h('span', { className: 'hint' }, ` ×${r.times}`) : null)];
  if (r.error) {
    return h('tr', { className: 'pr-failed', dataset: { line: String(r.n) } }, cells, h('td', {}, r.sent ? r.sent[0] : '—'),
      h('td', { className: 'bad' }, r.sent ? `queue ${r.sent[1]}: ` : '', r.error.javaClass ? h('code', {}, r.error.javaClass + ' ') : null, r.error.message));
  }
  const moved = r.sent[1] !== r.stored[1];
  return h('tr', { className: moved ? 'pr-moved' : '', dataset: { line: String(r.n) } }, cells, h('td', {}, r.stored[0]),
    h('td', {}, moved ? [`queue ${r.sent[1]} → `, h('strong', {}, `queue ${r.stored[1]}`)] : [h('strong', {}, `queue ${r.stored[1]}`), h('span', { className: 'hint' }, ' (kept)')]));
}

/** Renders a priorityView result into el. */
export function renderPriority(el, res) {
  if (res.error) return put(el, errorBox(res.error, 'Topic'));
  const sizes = [...new Set(res.brokers.map(([, n]) => n))];
  const how = res.selector === 'hash' ? 'SelectMessageQueueByHash with the priority as its arg'
    : `the Java producer’s round robin (selectOneMessageQueue, ${res.client === '4.9.3' ? '4.9.3' : '5.3.3'}), one send per message in order`;
  put(el,
    h('p', { className: 'pr-summary', id: 'pr-summary', attrs: { role: 'status' } },
      h('strong', {}, plural(res.total, 'message')), `: ${res.stored} stored`, res.failed ? h('span', { className: 'bad' }, `, ${res.failed} refused`) : null,
      ` · topic ${res.topic} · writeQueueNums ${sizes.length === 1 ? sizes[0] : sizes.join(' / ')} `, sizes.length === 1 ? 'on every broker' : 'by broker'),
    h('h2', {}, 'Messages per queue'),
    countsTable(res),
    h('h2', {}, 'Each message: the producer’s queue → the stored one'),
    h('p', { className: 'hint' }, `Lines without a queue: ${how}. The broker keeps the broker and replaces the queue.`),
    table(['Line', 'Priority', 'Broker', 'Sent to → stored on'], res.rows.map(messageRow), { className: 'pr-messages', id: 'pr-table' }),
    res.more ? h('p', { className: 'hint' }, 'The first 200 rows; the counts above have every message.') : null);
}

/** "queue 3 ×4, retry ×1": one request's reads. */
function readsText(reads) {
  if (!reads.length) return h('span', { className: 'hint' }, 'nothing');
  return reads.map((r, i) => [i ? ', ' : '', h('span', { className: r.retry ? 'pr-read pr-read-retry' : 'pr-read' }, r.retry ? `retry queue ${r.queueId}` : `queue ${r.queueId}`, ` ×${r.count}`)]);
}

/** Renders priority.js's drainView result into el. */
export function renderDrain(el, d) {
  if (d.error) return put(el, errorBox(d.error, 'POP'));
  const total = d.requests.length ? d.requests[0].left + d.requests[0].reads.reduce((a, r) => a + r.count, 0) : d.left;
  const mode = (r) => [r.priorityMode ? h('strong', {}, 'priority') : `normal, offset ${r.offset}`,
    r.retryFirst ? ' · retry first' : r.retryAfter ? ' · retry after' : ''];
  put(el,
    h('p', { id: 'pr-order' }, 'In priority mode a request visits ', h('strong', {}, d.broker), '’s queues ',
      h('strong', { className: 'nowrap' }, d.order.priority.join(' → ')), ` (readQueueNums ${d.readQueueNums}).`),
    d.unread ? h('p', { className: 'warnbox' }, `⚠ ${plural(d.unread, 'message')} on queues past readQueueNums ${d.readQueueNums}: no consumer reads them.`) : null,
    h('p', { id: 'pr-drain-summary', attrs: { role: 'status' } }, total === 0 ? `Nothing waits on ${d.broker}.`
      : d.left === 0 ? `${plural(d.requests.length, 'request')} ${d.requests.length === 1 ? 'takes' : 'take'} all ${plural(total, 'message')} of ${d.broker}.`
        : `${plural(d.requests.length, 'request')} ${d.requests.length === 1 ? 'leaves' : 'leave'} ${plural(d.left, 'message')} of ${total}.`),
    d.requests.length ? table(['Request', 'Reads', 'Left', 'Mode', d.path === 'kv' ? 'Counter' : 'randomQ'], d.requests.map((r, i) => [
      String(i + 1), readsText(r.reads), String(r.left), mode(r), String(r.draw)]), { className: 'pr-drain', id: 'pr-drain-table' }) : null);
}
