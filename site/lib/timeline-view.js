// timeline-view.js — the Diagnose tab's view of a series of snapshots
// (rmq.doctor([...]).timeline, index.d.ts DoctorTimeline): the window's
// verdict and rebalance state, the snapshots, who joined and left, the
// timeline's findings, and each queue's owners and lag over time, the
// queues that changed or lag first.

import { h } from './dom.js';

const ROWS_MAX = 300;
const plural = (n, w) => `${n} ${w}${n === 1 ? '' : 's'}`;
const time = (iso) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '');

/** Labels T0, T1, ... for every client ID the timeline names (owners, joins, leaves), sorted. */
function labels(tl) {
  const ids = new Set();
  for (const q of tl.queues) for (const o of q.owners) o.owners.forEach((c) => ids.add(c));
  for (const m of tl.memberChanges) ids.add(m.clientId);
  const list = [...ids].sort();
  const index = new Map(list.map((c, i) => [c, 'T' + i]));
  return { list, label: (c) => index.get(c) ?? c };
}

/**
 * A queue's owners at each snapshot k (the owners list holds only the
 * changes): null before the first one known, and whether k changed them.
 */
export function ownersAt(q, n) {
  const out = [];
  let cur = null, first = true;
  const at = new Map(q.owners.map((o) => [o.snapshot, o.owners]));
  for (let k = 0; k < n; k++) {
    let changed = false;
    if (at.has(k)) { changed = !first; cur = at.get(k); first = false; }
    out.push({ owners: cur, changed });
  }
  return out;
}

/** Queues worth a look first: moved, flapping, or lag not OK. */
const notable = (q) => q.changes > 0 || q.flapping || (q.lag && q.lag.status !== 'OK');

function queueTable(tl, label, qs, id) {
  const n = tl.snapshots.length;
  const head = ['Queue', ...tl.snapshots.map((s) => `#${s.index + 1}`), 'Lag', 'Changes'];
  const row = (q) => {
    const by = ownersAt(q, n);
    const lagAt = new Map((q.lag?.samples ?? []).map((s) => [s.snapshot, s.lag]));
    return h('tr', { className: q.flapping ? 'dx-tl-flap' : '', dataset: { queue: `${q.brokerName}:${q.queueId}` } },
      h('th', { attrs: { scope: 'row' } }, h('span', { className: 'dx-tl-q' }, `${q.brokerName}:${q.queueId}`),
        tl.queues.some((x) => x.topic !== q.topic) ? h('span', { className: 'muted' }, ' ' + q.topic) : null),
      by.map((b, k) => h('td', { className: b.changed ? 'dx-tl-changed' : '', title: b.owners ? b.owners.join(', ') || 'nobody' : 'owner not known' },
        b.owners === null ? '?' : b.owners.length === 0 ? '–' : b.owners.map(label).join('+'),
        lagAt.has(k) ? h('span', { className: 'dx-tl-lag' }, ` lag ${lagAt.get(k).toLocaleString('en-US')}`) : null)),
      h('td', {}, q.lag ? h('span', { className: 'dx-tl-status dx-tl-' + q.lag.status }, q.lag.status) : '–'),
      h('td', {}, String(q.changes), q.flapping ? h('span', { className: 'bad' }, ' flapping') : null));
  };
  const shown = qs.slice(0, ROWS_MAX);
  return h('div', {},
    h('div', { className: 'table-wrap' }, h('table', { className: 'qtable dx-tl-table', id },
      h('caption', {}, 'Owner at each snapshot (changed ones marked), and the queue\u2019s lag'),
      h('thead', {}, h('tr', {}, head.map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
      h('tbody', {}, shown.map(row)))),
    qs.length > shown.length ? h('p', { className: 'hint' }, `First ${ROWS_MAX} of ${qs.length}.`) : null);
}

/** The timeline of a series' report, with findingsOf(list) drawing findings as the report does. */
export function renderTimeline(tl, findingsOf) {
  const { list, label } = labels(tl);
  const n = tl.snapshots.length;
  const lagCounts = Object.entries(tl.lag ?? {}).filter(([, c]) => c > 0);
  const first = tl.queues.filter(notable), rest = tl.queues.filter((q) => !notable(q));
  const rb = tl.rebalance;
  return h('section', { className: 'dx-timeline', id: 'dx-timeline' },
    h('h3', {}, 'Over time', h('span', { className: 'muted' }, ` ${plural(n, 'snapshot')}, ${time(tl.from)} \u2192 ${time(tl.to)}`)),
    h('p', { className: 'dx-tl-verdict ' + (tl.ok ? 'okbox' : 'warnbox'), attrs: { role: 'status' } }, h('strong', {}, tl.ok ? '\u2713 ' : '\u26a0 '), tl.verdict),
    h('p', { id: 'dx-tl-rebalance' }, h('strong', {}, 'Rebalance: '), rb.state === 'settled' ? `settled since ${time(rb.since)}` : rb.state,
      rb.reason ? h('span', { className: 'muted' }, ` \u2014 ${rb.reason}`) : null),
    findingsOf(tl.findings),
    h('div', { className: 'table-wrap' }, h('table', { className: 'qtable dx-tl-snaps', id: 'dx-tl-snapshots' },
      h('caption', {}, 'The snapshots, in time order'),
      h('thead', {}, h('tr', {}, ['#', 'Folder', 'Taken', 'Consumers', 'Verdict'].map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
      h('tbody', {}, tl.snapshots.map((s) => h('tr', {},
        h('td', {}, String(s.index + 1)), h('td', {}, h('code', {}, s.name || '')),
        h('td', {}, time(s.at), s.atSource === 'mtime' ? h('span', { className: 'bad' }, ' (files\u2019 time: a guess)') : null),
        h('td', {}, String(s.members)),
        h('td', {}, h('span', { className: s.ok ? 'ok' : 'bad' }, s.ok ? '\u2713 ' : '\u26a0 '), s.verdict)))))),
    tl.memberChanges.length ? h('div', {}, h('h4', {}, 'Who joined and left'),
      h('ul', { className: 'dx-tl-members', id: 'dx-tl-members' }, tl.memberChanges.map((m) => h('li', { dataset: { change: m.change } },
        h('strong', {}, m.change === 'joined' ? '+ joined ' : '\u2212 left '), h('code', {}, m.clientId), ` (${label(m.clientId)}) at snapshot #${m.snapshot + 1}, ${time(m.at)}`))))
      : h('p', { className: 'hint' }, 'Nobody joined or left.'),
    lagCounts.length ? h('p', { id: 'dx-tl-lag' }, h('strong', {}, 'Lag over the window: '),
      lagCounts.map(([s, c], i) => [i ? ', ' : '', h('span', { className: 'dx-tl-status dx-tl-' + s }, s), ` ${plural(c, 'queue')}`]),
      h('span', { className: 'muted' }, ' (OK: lag 0 once or going down; WARN: never going down; STALL: offset stuck while others move; STOP: nothing consumed; REWIND: offset went back)')) : null,
    list.length ? h('details', { className: 'dx-members', attrs: list.length <= 12 ? { open: '' } : {} }, h('summary', {}, `Consumers over time (${list.length})`),
      h('ul', { className: 'legend' }, list.slice(0, 200).map((c) => h('li', {}, h('strong', {}, label(c)), ' ', h('code', {}, c))))) : null,
    h('h4', {}, first.length ? `Queues that moved or lag (${first.length} of ${tl.queues.length})` : `No queue moved or lagged (${plural(tl.queues.length, 'queue')})`),
    first.length ? queueTable(tl, label, first, 'dx-tl-queues') : null,
    rest.length ? h('details', { className: 'dx-tl-rest' }, h('summary', {}, `${plural(rest.length, 'queue')} with the same owner throughout and lag OK`),
      queueTable(tl, label, rest, 'dx-tl-queues-rest')) : null);
}
