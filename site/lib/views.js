// views.js — rendering the worker's results. Every user-supplied string
// goes through dom.js (textContent only); every broker × queue grid is the
// package's <rmq-grid> (js/embed.js), the one drawing of it.
import { h, put, table, chip } from './dom.js';
import { ownerCells } from '/js/embed.js';
import { scheme } from './theme.js';
import { bigBrowser } from './big-view.js';
import { vlist } from './vlist.js';
import { verifiedButton } from './verified.js';

const CLIENT_NAMES = { '4.9.3': 'Java client 4.9.3', '5.3.3': 'Java client 5.3.3', go: 'Go client 2.1.2' };
const GRID_MAX = 4096; // queues drawn as cells; beyond that, the table and stats only
// Rows drawn at most: enough to read, few enough to draw within one frame's budget.
const ROWS_MAX = 120;
const LIST_MAX = 120; // consumers listed one per line
// Lists up to this long are drawn with the rest of the result, not in later tasks.
const SHORT_MAX = 60;

export function errorBox(err, what = '') {
  if (err.prompt) return h('p', { className: 'prompt', attrs: { role: 'note' } }, err.message);
  return h('div', { className: 'error', attrs: { role: 'alert' } },
    h('strong', {}, what ? what + ': ' : 'Error: '),
    err.javaClass ? h('code', {}, err.javaClass + ' ') : null,
    err.message);
}

function fmtQ(q) { return q ? `${q[0]} · queue ${q[1]}` : '—'; }

/**
 * A plan's rmq.analysis Stats as a row of figures. inRooms (MACHINE_ROOM):
 * the share of owned queues whose broker's room is one of consumeridcs,
 * shown instead of the locality by client-ID room, which MACHINE_ROOM
 * does not use (its consumers' room is consumeridcs, not their ID).
 */
export function statsLine(s, { inRooms = null } = {}) {
  const spread = s.max - s.min;
  return h('dl', { className: 'stats' },
    stat('queues', s.queues), stat('consumers', s.members),
    stat('queues per consumer', s.members ? (s.min === s.max ? String(s.min) : `${s.min} – ${s.max}`) : '—', spread > 1 ? 'warn' : ''),
    stat('std dev', s.members ? fmtNum(s.stdDev) : '—', s.balanceGap ? 'warn' : ''),
    stat('idle consumers', s.idle.length, s.idle.length ? 'warn' : ''),
    stat('queues with no owner', s.orphaned, s.orphaned ? 'bad' : ''),
    stat('queues with 2+ owners', s.shared, s.shared ? 'bad' : ''),
    inRooms !== null ? stat('owned queues in the consumer rooms', s.assigned ? fmtPct(inRooms) : '—', s.assigned && inRooms < 1 ? 'warn' : '')
      : s.hasRooms ? stat('consumed in their own room', fmtPct(s.locality), s.locality < 1 ? 'warn' : '') : null);
}
const fmtNum = (x) => String(Math.round(x * 100) / 100);
const fmtPct = (x) => Math.round(x * 1000) / 10 + ' %';
function stat(label, value, cls = '') {
  return h('div', { className: 'stat ' + cls }, h('dt', {}, label), h('dd', {}, String(value)));
}

/** The sorted client IDs, with their color, index and share. */
export function memberList(a, onRemove) {
  const roOnly = new Set(a.roOnly || []);
  return h('div', { className: 'members', style: { '--rows': String(Math.min(a.members.length, LIST_MAX)) } },
    h('h3', {}, 'Consumers in the order the strategy sees them'),
    h('details', { className: 'why', id: 'sort-why' }, h('summary', {}, 'why this order?'),
      h('p', {}, 'Client IDs are sorted as Java strings, character by character: so ',
        h('code', {}, '192.168.1.10'), ' comes before ', h('code', {}, '192.168.1.9'), ' ("1" < "9").')),
    a.members.length > LIST_MAX ? h('p', { className: 'hint' }, `First ${LIST_MAX} of ${a.members.length} consumers.`) : null,
    h('ol', { className: 'member-list', attrs: { start: 0 } },
      a.members.slice(0, LIST_MAX).map((m, i) => h('li', { dataset: { member: m }, attrs: { tabindex: 0 } },
        chip(i, m), ' ', h('code', { className: 'cid' }, m),
        h('span', { className: 'count' }, ` ${a.counts[i]} queue${a.counts[i] === 1 ? '' : 's'}`),
        roOnly.has(i) ? h('span', { className: 'ro-only bad' }, ' only read-only queues: gets no new messages') : null,
        onRemove ? h('button', { type: 'button', className: 'small', attrs: { 'aria-label': 'Remove consumer ' + m }, on: { click: () => onRemove(m) } }, 'remove') : null))));
}

/**
 * An <rmq-grid> of model (embed.d.ts: GridModel) in the page's scheme
 * (theme.js); style.css sizes it and styles its cells' marks (::part).
 */
export function gridElement(model, className = '') {
  const el = h('rmq-grid', { className, attrs: { scheme: scheme() } });
  el.model = model;
  return el;
}

/**
 * Queues by broker as cells coloured by owner; moved cells (indexes) are
 * outlined, read-only ones marked r/o; small: Compare's mini grids.
 */
export function grid(a, moved = null, caption = '', pal = null, small = false) {
  if (a.queues.length > GRID_MAX) return h('p', { className: 'hint' }, `${a.queues.length} queues: too many to draw; see the stats and the table.`);
  const cells = ownerCells({ members: a.members, owners: a.owners, nown: a.nown, moved, palette: pal });
  if (a.ro) {
    a.ro.forEach((ro, i) => {
      if (!ro) return;
      Object.assign(cells[i], { q: 'r/o ' + a.queues[i][1], mark: 'ro' });
      cells[i].text += ' (read-only: producers do not write here)';
    });
  }
  return h('figure', { className: 'grid' }, caption ? h('figcaption', {}, caption) : null,
    gridElement({ queues: a.queues, cells, caption: caption || undefined, small }));
}

/** MACHINE_ROOM: owned queues whose room (brokerName before "@") is in consumeridcs; null for other strategies. */
function machineRoomShare(a, st) {
  if (a.strategy !== 'MACHINE_ROOM' || a.mode === 'broadcasting' || !st) return null;
  const idcs = new Set(st.consumeridcs || []);
  let owned = 0, inside = 0;
  for (let i = 0; i < a.queues.length; i++) {
    if (a.owners[i] < 0) continue;
    owned++;
    // Java: brokerName.split("@") (trailing empty parts dropped) of length 2, its first part in consumeridcs.
    const parts = a.queues[i][0].split('@');
    while (parts.length && parts[parts.length - 1] === '') parts.pop();
    if (parts.length === 2 && idcs.has(parts[0])) inside++;
  }
  return owned ? inside / owned : 0;
}

/** More queues or consumers than plain tables show: the filter and virtualised lists (big-view.js). */
const isBig = (a) => a.queues.length > ROWS_MAX || a.members.length > LIST_MAX;

/**
 * MACHINE_ROOM keeps only queues of brokers named room@broker with room in
 * consumeridcs: with no rooms given (or none matching) every queue shows
 * "none", and this says why.
 */
function machineRoomNote(a, stats) {
  if (a.strategy !== 'MACHINE_ROOM' || a.mode === 'broadcasting' || !a.queues.length || stats.orphaned < a.queues.length) return null;
  return h('div', { className: 'warnbox fault', id: 'machine-room-note', attrs: { role: 'note' } },
    h('strong', {}, 'No queue has an owner: '), 'MACHINE_ROOM gives a consumer only the queues of brokers named ', h('code', {}, 'room@broker'),
    ' whose room is in its consumer rooms (', h('code', {}, 'consumeridcs'), '). ',
    'Give the brokers rooms (the Rooms box, e.g. ', h('code', {}, 'hz, sh'), ') and list the consumers’ rooms in Strategy options.');
}

/** broker / queue / consumer, as rocketmq-dashboard lists it. */
export function queueTable(a) {
  const rows = [];
  for (let i = 0; i < Math.min(a.queues.length, ROWS_MAX); i++) {
    const o = a.owners[i], n = a.nown[i];
    rows.push([a.queues[i][0], String(a.queues[i][1]),
      o < 0 ? h('span', { className: 'bad' }, 'none') : h('span', {}, chip(o, a.members[o]), ' ', a.members[o], n > 1 ? h('span', { className: 'bad' }, ` (+${n - 1} more)`) : null)]);
  }
  return h('div', { className: 'qtable-wrap', style: { '--rows': String(Math.min(a.queues.length, ROWS_MAX)) } },
    table(['Broker', 'Queue', 'Consumer'], rows, { className: 'qtable' }),
    a.queues.length > ROWS_MAX ? h('p', { className: 'hint' }, `First ${ROWS_MAX} of ${a.queues.length} queues.`) : null);
}

function errorsOf(a) {
  const list = [];
  for (const e of (a.errors || []).slice(0, 50)) {
    const m = a.members[e.member], other = /splitting "(.*)" on/.exec(e.message);
    list.push(h('li', {}, h('code', { className: 'err-member' }, m), ': ', e.javaClass ? e.javaClass + ': ' : '', e.message,
      other && other[1] !== m ? h('em', {}, ` — thrown by ${m}’s own rebalance while it splits ${other[1]}, not its own ID`) : null));
  }
  const extra = a.extra || [];
  if (extra.length && (a.errors || []).length < a.members.length) {
    list.push(h('li', {}, (a.errors || []).length ? 'Each consumer whose call succeeds also gets ' : 'Every consumer also gets ', extra.slice(0, 20).map(([b, q]) => `${b} queue ${q}`).join(', '),
      extra.length > 20 ? ` and ${extra.length - 20} more` : '', ', which the topic does not have (not counted above)'));
  }
  return list.length ? h('div', { className: 'error' }, h('strong', {}, 'What the consumers\u2019 own calls report:'), h('ul', {}, list)) : null;
}

/** Why duplicated client IDs lose queues (Java's cidAll.indexOf finds the first copy). */
export function duplicateNote(dups, where = '') {
  if (!dups || !dups.length) return null;
  const ids = dups.slice(0, 5).map((d, i) => [i ? ', ' : '', h('code', {}, d.id), ` (${d.count}×)`]);
  return h('div', { className: 'warnbox fault', attrs: { role: 'note' } },
    h('strong', {}, '⚠ Duplicate client ID fault' + where + ': '), ids, dups.length > 5 ? ` and ${dups.length - 5} more` : '', '. ',
    `${dups.reduce((n, d) => n + d.count - 1, 0)} instance(s) more than distinct IDs, so the statistics count fewer consumers than are running. `,
    'Every copy finds the first position of its ID in the sorted list, so the copies consume the same queues twice and ',
    'the queues of the other positions get no owner. Give each instance a distinct instanceName (or unique IP@pid).');
}

/**
 * MACHINE_ROOM_NEARBY on names without the room field: what to change,
 * which IDs, and a one-click fix (actions.giveRooms).
 */
function roomlessNote(r, st, actions) {
  if (!r) return null;
  return h('div', { className: 'warnbox fault', id: 'roomless', attrs: { role: 'note' } },
    h('strong', {}, '⚠ MACHINE_ROOM_NEARBY cannot find rooms. '),
    r.idCount ? ['Field ', String(st.consumerField), ' of ', h('code', {}, st.sep), '-split client IDs is the consumer’s room, but ',
      `${r.idCount} ID${r.idCount === 1 ? ' has' : 's have'} no such field: `,
      r.ids.slice(0, 8).map((id, i) => [i ? ', ' : '', h('code', { className: 'roomless-id' }, id)]), r.idCount > 8 ? ` and ${r.idCount - 8} more` : '',
      '. Each consumer’s rebalance splits every member’s ID, so every call fails on the first of them (',
      h('code', {}, r.ids[0]), '), whichever consumer makes it. '] : null,
    r.brokerCount ? ['Broker names without field ', String(st.brokerField), ': ', r.brokers.slice(0, 5).join(', '), '. '] : null,
    'Give the IDs a room (e.g. ', h('code', {}, 'ip@pid@hz'), '), or change the separator / fields. ',
    actions && actions.giveRooms ? h('button', { type: 'button', id: 'give-rooms', on: { click: actions.giveRooms } }, 'Give the IDs rooms') : null);
}

/** What the chosen client does differently for this strategy (shown next to the grid). */
export function profileNote(client, strategy) {
  let text;
  if (client === 'go') {
    const own = { CONSISTENT_HASH: ' Its CONSISTENT_HASH ring hashes with CRC-32, not MD5: owners differ from a Java consumer’s.',
      MACHINE_ROOM_NEARBY: ' It runs MACHINE_ROOM_NEARBY as plain AVG: rooms are ignored.' }[strategy]
      || ` For ${strategy} it allocates as Java does.`;
    text = 'Go client 2.1.2: sorts client IDs by bytes (UTF-8), the same as Java for ASCII IDs.' + own;
  } else if (strategy === 'MACHINE_ROOM') {
    text = 'Java 4.9.3 and 5.3.3 differ for MACHINE_ROOM only in the check of a blank consumer ID.';
  } else {
    text = `Java 4.9.3 and 5.3.3 allocate ${strategy} identically (they differ only in MACHINE_ROOM’s blank-ID check).`;
  }
  return h('p', { className: 'profile-note', id: 'profile-note' }, text);
}

/** Legend of the grid's marks that are in use. */
function roNote(a) {
  const n = a.ro ? a.ro.reduce((x, y) => x + y, 0) : 0;
  if (!n) return null;
  return h('p', { className: 'hint', id: 'ro-note' }, `${n} queue${n === 1 ? ' is' : 's are'} read-only (marked r/o, dashed): perm 4, fewer write queues or no master, so producers never write there.`,
    a.roOnly && a.roOnly.length ? ` ${a.roOnly.length} consumer${a.roOnly.length === 1 ? ' owns' : 's own'} only such queues and get${a.roOnly.length === 1 ? 's' : ''} no new messages.` : '');
}

/** The retry topic's allocation (%RETRY%group), when asked for. */
function retryBlock(r) {
  if (!r) return null;
  if (r.error) return h('div', { id: 'retry-out' }, errorBox(r.error, '%RETRY% topic'));
  const a = r.ok;
  return h('div', { id: 'retry-out' }, h('h3', {}, 'Retry topic ', h('code', {}, a.topic), ` (${a.queues.length} queue${a.queues.length === 1 ? '' : 's'}: one per broker, same strategy)`),
    statsLine(a.stats), grid(a, null, 'Each consumer also pulls these retry queues (messages it or another consumer failed to process).'));
}

/** The Allocation result's head: the strategy, the client and what that client does differently. */
function allocHead(name, client, strategy, mode) {
  return [h('h2', {}, 'Strategy ', h('code', {}, name), ' ', h('small', { className: 'muted' }, CLIENT_NAMES[client] || ''),
    mode === 'broadcasting' ? ' (broadcasting: every consumer takes every queue)' : '', verifiedButton()),
  profileNote(client, strategy)];
}

/**
 * The head of the Allocation result as the inputs alone give it: drawn at
 * once, while the module the rest needs still loads (renderAlloc replaces it).
 */
export function renderAllocHead(el, st) {
  put(el, ...allocHead(st.mode === 'broadcasting' ? 'broadcasting' : st.strategy.name, st.client, st.strategy.name, st.mode),
    h('p', { className: 'hint', id: 'alloc-wait' }, 'Computing who gets which queue, in this browser\u2026'));
}

/**
 * The Allocation tab. Returns the parts drawn later (the lists, when
 * long), as functions the page runs in separate tasks so that no single
 * task blocks typing on big topics.
 */
export function renderAlloc(el, res, onRemove, actions = {}) {
  if (res.error) { put(el, errorBox(res.error, 'Cannot allocate')); return []; }
  const a = res.before, f = res.faults || {};
  // The lists are drawn in later tasks: their room is kept now (about a
  // row per queue), so what follows them does not move when they come.
  const members = h('div', { className: 'members-slot', style: { '--rows': String(Math.min(a.members.length, LIST_MAX)) } }),
    rows = h('div', { className: 'rows-slot', style: { '--rows': String(Math.min(a.queues.length, 60)) } });
  const big = isBig(a);
  put(el,
    ...allocHead(a.name || a.strategy, a.client, a.strategy, a.mode),
    statsLine(res.beforeStats, { inRooms: machineRoomShare(a, actions.strategy) }), duplicateNote(f.duplicates), roomlessNote(f.roomless, actions.strategy || {}, actions), errorsOf(a), roNote(a),
    machineRoomNote(a, res.beforeStats),
    big ? null : h('div', { className: 'two' }, grid(a, null, 'Queues by broker; each cell shows queue id and owner'), members),
    retryBlock(res.retry),
    big ? null : h('h3', {}, 'Queue → consumer'), big ? null : rows,
    big ? bigBrowser('alloc', a, (sub, mv, cap) => grid(sub, mv, cap || 'Queues by broker; each cell shows queue id and owner'), { onRemove, gridMax: GRID_MAX }) : null);
  if (big) return [];
  const lists = [() => put(members, memberList(a, onRemove)), () => put(rows, queueTable(a))];
  if (a.queues.length > SHORT_MAX || a.members.length > SHORT_MAX) return lists;
  // Short lists take a few milliseconds: drawn at once, the result is whole
  // in one frame (later tasks cost the first result two more frames).
  for (const draw of lists) draw();
  return [];
}

/**
 * Before / after the what-if change, with rmq.analysis.diff's figures:
 * moved (owner set changed), the least a balanced result could move, the
 * excess, added / removed queues and every consumer's gains and losses.
 */
/**
 * Position of queue (broker, id) in a's queues, or -1. Plans sort queues by
 * broker name then id (Java's order): a binary search, then a scan for the
 * Go client's byte order on non-ASCII names.
 */
export function positionOf(a, broker, id) {
  let lo = 0, hi = a.queues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1, q = a.queues[mid];
    const c = q[0] < broker ? -1 : q[0] > broker ? 1 : q[1] - id;
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1; else hi = mid - 1;
  }
  return a.queues.findIndex((q) => q[0] === broker && q[1] === id);
}

/** "6 of 16 queues change owner. The least … could move: 3 (3 more than needed)." */
function headline(d, common) {
  return h('p', { className: 'headline', id: 'moved-summary' },
    h('strong', { id: 'moved-count' }, String(d.moved)), ` of ${common} queue${common === 1 ? '' : 's'} change owner`,
    d.added ? `, ${d.added} new` : '', d.removed ? `, ${d.removed} removed` : '', '.',
    h('span', { className: 'hint', id: 'min-moves' }, ` The least any balanced assignment could move: ${d.minMoves}`,
      d.excess > 0 ? ` (${d.excess} more than needed)` : d.excess < 0 ? ` (${-d.excess} fewer: the strategy stays unbalanced instead)` : '', '.'),
    verifiedButton());
}

/** The What-if tab; returns the parts drawn later (see renderAlloc). */
export function renderWhatIf(el, res) {
  if (res.error) { put(el, errorBox(res.error, 'Cannot allocate')); return []; }
  if (res.afterError) { put(el, errorBox(res.afterError, 'After the change')); return []; }
  const d = res.diff, b = res.before, a = res.after;
  const movedRows = [];
  const owner = (x, i) => (x.owners[i] < 0 ? 'none' : x.members[x.owners[i]] + (x.nown[i] > 1 ? ` (+${x.nown[i] - 1} more)` : ''));
  for (const i of d.movedQueues) {
    if (movedRows.length >= ROWS_MAX) break;
    const q = a.queues[i];
    const j = positionOf(b, q[0], q[1]);
    movedRows.push([q[0], String(q[1]), j < 0 ? 'none' : owner(b, j), owner(a, i)]);
  }
  // one color and label per client ID across before and after
  const union = [...new Set([...b.members, ...a.members])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const ui = new Map(union.map((m, i) => [m, i]));
  const palB = b.members.map((m) => ui.get(m)), palA = a.members.map((m) => ui.get(m));
  const cntB = new Map(b.members.map((m, i) => [m, b.counts[i]])), cntA = new Map(a.members.map((m, i) => [m, a.counts[i]]));
  const changes = new Map((d.members || []).map((c) => [c.member, c]));
  const delta = (m, k) => (d.members === null ? '—' : String(changes.has(m) ? changes.get(m)[k].length : 0));
  const common = d.kept + d.moved;
  const f = res.faults || {};
  const before = new Set((f.duplicates || []).map((x) => x.id));
  const newDups = (f.afterDuplicates || []).filter((x) => !before.has(x.id));
  const memberSlot = h('div', {}), movedSlot = h('div', {});
  const big = isBig(a) || isBig(b);
  const memberRow = (m, i) => [chip(i, m), h('code', { dataset: { member: m } }, m),
    cntB.has(m) ? String(cntB.get(m)) : h('span', { className: 'bad' }, 'joins'),
    cntA.has(m) ? String(cntA.get(m)) : h('span', { className: 'bad' }, 'leaves'),
    delta(m, 'gained'), delta(m, 'lost')];
  if (big) {
    // Big: one browser over the plan after the change, moved queues highlighted, and every consumer's change in a virtualised list.
    const moved = new Set(d.movedQueues);
    const ownerBefore = (i) => {
      const j = positionOf(b, a.queues[i][0], a.queues[i][1]);
      if (j < 0) return h('span', { className: 'bad' }, 'new');
      const o = b.owners[j];
      return o < 0 ? h('span', { className: 'bad' }, 'none') : [chip(palB[o], b.members[o]), ' ', b.members[o]];
    };
    put(el,
      duplicateNote(newDups, ' after the change'),
      headline(d, common),
      h('div', { className: 'two' },
        h('div', {}, h('h3', {}, 'Before'), statsLine(res.beforeStats)),
        h('div', {}, h('h3', {}, 'After'), statsLine(res.afterStats), errorsOf(a))),
      bigBrowser('whatif', a, (sub, mv, cap) => grid(sub, mv, cap || 'After the change (moved queues outlined)', palA),
        { moved, ownerBefore, palette: palA, gridMax: GRID_MAX }),
      h('h3', {}, 'Consumers (sorted as Java strings): queues before and after'),
      vlist({ id: 'member-changes', label: 'Consumers before and after', head: ['Tag', 'Client ID', 'Before', 'After', 'Gained', 'Lost'], cols: '3.2rem minmax(0, 1fr) repeat(4, 3.4rem)',
        count: union.length, row: (i) => memberRow(union[i], i) }));
    return [];
  }
  put(el,
    duplicateNote(newDups, ' after the change'),
    headline(d, common),
    h('div', { className: 'two' },
      h('div', {}, h('h3', {}, 'Before'), statsLine(res.beforeStats), grid(b, null, '', palB)),
      h('div', {}, h('h3', {}, 'After (moved queues outlined)'), statsLine(res.afterStats), errorsOf(a), grid(a, d.movedQueues, '', palA))),
    h('h3', {}, 'Consumers (sorted as Java strings)'),
    union.length > LIST_MAX ? h('p', { className: 'hint' }, `First ${LIST_MAX} of ${union.length} consumers.`) : null,
    memberSlot,
    h('h3', {}, 'Moved queues'),
    movedSlot);
  return [
    () => put(memberSlot, table(['Tag', 'Client ID', 'Queues before', 'after', 'gained', 'lost'], union.slice(0, LIST_MAX).map(memberRow), { className: 'qtable', id: 'member-changes' })),
    () => put(movedSlot, movedRows.length ? table(['Broker', 'Queue', 'Before', 'After'], movedRows) : h('p', {}, 'None.')),
  ];
}

/** "Which consumer gets broker-b queue 3?" before and after. */
export function findQueue(el, res, broker, queueId) {
  if (!res || res.error || !res.before) return put(el, '');
  const look = (a) => {
    if (!a) return '—';
    const i = positionOf(a, broker, queueId);
    if (i < 0) return 'no such queue';
    return a.owners[i] < 0 ? 'nobody' : a.members[a.owners[i]] + (a.nown[i] > 1 ? ` (+${a.nown[i] - 1} more)` : '');
  };
  put(el, `${broker} queue ${queueId}: before `, h('strong', { id: 'find-before' }, look(res.before)), ' → after ', h('strong', { id: 'find-after' }, look(res.after)));
}

/**
 * One row per strategy: rmq.analysis stats before and after the what-if
 * change and its diff (moved, least moves, excess over the least).
 */
export function renderCompare(el, res) {
  if (res.error) return put(el, errorBox(res.error, 'Cannot compare'));
  const head = ['Strategy', 'Queues per consumer before', 'after', 'Moved', 'Least moves', 'Excess',
    'Std dev', 'Balance gap', 'Idle consumers', 'Unowned + double-owned queues'];
  if (res.rooms) head.push('Own-room share');
  const ba = (x, y) => h('span', { className: 'nowrap' }, String(x), ' → ', typeof y === 'object' ? y : String(y));
  const warn = (v, bad) => (bad ? h('span', { className: 'bad' }, String(v)) : String(v));
  const rows = res.rows.map((r) => {
    if (r.error) return [r.label, h('span', { className: 'bad' }, (r.error.javaClass ? r.error.javaClass + ': ' : '') + r.error.message), ...head.slice(2).map(() => '')];
    const b = r.before, a = r.after;
    const row = [
      h('span', {}, h('code', {}, r.label), r.errors ? h('span', { className: 'bad' }, ` (${r.errors} failed call${r.errors === 1 ? '' : 's'})`) : null),
      `${b.min} – ${b.max}`, `${a.min} – ${a.max}`,
      h('strong', {}, String(r.moved)), String(r.minMoves), excessCell(r.excess),
      ba(fmtNum(b.stdDev), fmtNum(a.stdDev)), ba(b.balanceGap, warn(a.balanceGap, a.balanceGap > 0)),
      ba(b.idle.length, a.idle.length), ba(b.orphaned + b.shared, a.orphaned + a.shared)];
    if (res.rooms) row.push(ba(b.hasRooms ? fmtPct(b.locality) : '—', a.hasRooms ? fmtPct(a.locality) : '—'));
    return row;
  });
  const minis = res.rows.filter((r) => r.grid);
  put(el, table(head, rows, { id: 'compare-table' }),
    minis.length ? h('h3', { id: 'compare-grids-title' }, 'Owners now, before the what-if change, strategy by strategy') : null,
    minis.length ? h('div', { className: 'minis', id: 'compare-grids', attrs: { 'aria-labelledby': 'compare-grids-title' } }, minis.map((r) => h('figure', { className: 'mini' },
      h('figcaption', {}, h('code', {}, r.label), h('span', { className: 'muted' }, ' \u2014 before the change')),
      grid(r.grid, null, '', null, true)))) : null,
    res.absent && res.absent.length ? h('ul', { className: 'hint', id: 'compare-absent' },
      res.absent.map(([name, why]) => h('li', {}, h('code', {}, name), ' is not compared: ', why, '.'))) : null,
    h('p', { className: 'hint' }, 'Moved: queues whose owner changes (each pauses, and may be consumed twice during the handover). ',
      'Least moves: the fewest any balanced assignment after the change could move; excess = moved − least (negative: the strategy ',
      'moves less by staying unbalanced). Balance gap: a consumer\u2019s most queues minus \u2308queues / consumers\u2309. ',
      'Pairs read before \u2192 after. Figures from rmqalloc\u2019s analysis (the Go package alloc/analysis).', verifiedButton()));
}

/**
 * Compare's excess (moved − least moves). Negative is no error: the
 * strategy moves fewer queues than any balanced result could, because it
 * stays unbalanced (CONSISTENT_HASH); said in words, with the sign.
 */
function excessCell(x) {
  if (x > 0) return h('span', { className: 'bad', title: `${x} more queues move than a balanced result needs` }, '+' + x);
  if (x < 0) return h('span', { className: 'excess-neg', title: 'Fewer moves than any balanced result: the strategy keeps queues where they were and stays unbalanced (see Balance gap)' },
    `\u2212${-x} `, h('small', { className: 'muted' }, '(fewer: stays unbalanced)'));
  return '0';
}

/** What the Client selector means for the producer views. */
function producerClientNote(client) {
  if (client === 'go') {
    return h('p', { className: 'warnbox', id: 'producer-client-note', attrs: { role: 'note' } },
      'Client: Go 2.1.2. Its producer is not modelled here: rocketmq-client-go picks queues with its own selectors ',
      '(round robin by default, with no latency fault tolerance), so the round-robin and latency tables show the Java producers for comparison. ',
      'Message groups (gRPC clients) and SelectMessageQueueByHash are the Java behaviour.', verifiedButton());
  }
  return h('p', { className: 'hint', id: 'producer-client-note' }, `Client: Java ${client} — its columns come first and are marked.`, verifiedButton());
}

export function renderProducer(els, res) {
  if (els.note) put(els.note, producerClientNote(res.client || '4.9.3'));
  if (res.error) {
    for (const k of ['hash', 'groups', 'rr', 'latency']) put(els[k], k === 'hash' ? errorBox(res.error, 'Topic') : '');
    return;
  }
  put(els.hash, res.hash.error ? errorBox(res.hash.error) : h('span', {}, '→ ', h('strong', { id: 'hash-queue' }, fmtQ(res.hash.ok))));
  const gRows = res.groups.map((g) => {
    const j = g.java.error ? g.java.error.message : fmtQ(g.java.ok), n = g.node.error ? g.node.error.message : fmtQ(g.node.ok);
    const differ = j !== n;
    return h('tr', { className: differ ? 'differ' : '' }, h('td', {}, h('code', {}, g.group)), h('td', {}, j), h('td', {}, n),
      h('td', {}, differ ? h('span', { className: 'bad' }, '⚠ clients disagree') : 'same'));
  });
  const nDiffer = res.groups.filter((g) => fmtQ(g.java.ok) !== fmtQ(g.node.ok)).length;
  put(els.groups,
    nDiffer ? h('p', { className: 'warnbox', attrs: { role: 'note' } }, `⚠ ${nDiffer} of ${res.groups.length} groups go to different queues from the Java/Go and the Node.js clients (Node.js 1.0.8 byte-swaps the SipHash): mixing them breaks per-group ordering.`) : null,
    table(['Message group', 'Java / Go client', 'Node.js client 1.0.8', 'Same?'], gRows));
  const rr = (v) => res.roundRobin[v].error ? [errorBox(res.roundRobin[v].error)] : res.roundRobin[v].ok;
  // The selected Java version first (Go: Java 4.9.3 first, for comparison).
  const [v1, v2] = res.client === '5.3.3' ? ['5.3.3', '4.9.3'] : ['4.9.3', '5.3.3'];
  const mark = (v) => (v === res.client ? `${v} (selected)` : v);
  const r1 = rr(v1), r2 = rr(v2);
  if (!Array.isArray(r1) || !Array.isArray(r2)) put(els.rr, Array.isArray(r1) ? r2[0] : r1[0]);
  else {
    put(els.rr, table(['Send', mark(v1), mark(v2)], r1.map((row, i) => [String(i + 1), attempt(row), attempt(r2[i])])));
  }
  const lt = (v) => res.latency[v];
  if (lt(v1).error || lt(v2).error) put(els.latency, errorBox(lt(v1).error || lt(v2).error));
  else {
    put(els.latency, table(['Time', `${mark(v1)}: avoided brokers (until)`, `${v1} picks`, `${mark(v2)}: avoided brokers (until)`, `${v2} picks`],
      lt(v1).ok.map((r, i) => {
        const rb = lt(v2).ok[i];
        return [fmtMs(r.now), avoided(r.avoided), fmtQ(r.queue), avoided(rb.avoided), fmtQ(rb.queue)];
      })));
  }
}
function attempt(row) {
  if (!row) return '';
  return row.retry ? h('span', {}, fmtQ(row.first), h('span', { className: 'bad' }, ' ✗ failed'), ' → retry ', h('strong', {}, fmtQ(row.retry))) : fmtQ(row.first);
}
function avoided(list) {
  return list.length ? list.map(([b, until]) => `${b} (${fmtMs(until)})`).join(', ') : 'none';
}
function fmtMs(ms) {
  if (ms < 1000) return ms + ' ms';
  if (ms < 60000) return ms / 1000 + ' s';
  return ms / 60000 + ' min';
}

export const EXPLAIN = {
  AVG: ['AllocateMessageQueueAveragely',
    'Sorts queues and client IDs, then cuts the queue list into C contiguous blocks. The first Q mod C consumers get one queue more. Adding a consumer shifts every block boundary, so many queues move.'],
  AVG_BY_CIRCLE: ['AllocateMessageQueueAveragelyByCircle',
    'Deals queues like cards: consumer i gets queues i, i+C, i+2C, … of the sorted list. Same balance as AVG; a consumer\u2019s queues are spread over the brokers.'],
  CONSISTENT_HASH: ['AllocateMessageQueueConsistentHash',
    'Puts virtualNodeCnt points per consumer on an MD5 hash ring; each queue goes to the next point clockwise. A join or leave moves only the queues next to the changed points, but balance is uneven with few virtual nodes. The Go client uses a different ring (CRC-32), so Java and Go consumers disagree.'],
  MACHINE_ROOM: ['AllocateMessageQueueByMachineRoom',
    'Keeps only queues whose broker is named room@broker with room in consumeridcs, then gives each consumer an equal block; the leftovers (the last queues) are dealt one each. Queues of other rooms get no owner.'],
  MACHINE_ROOM_NEARBY: ['AllocateMachineRoomNearby',
    'Finds each queue\u2019s and consumer\u2019s room (split by a separator). Consumers share their own room\u2019s queues with the inner strategy; queues of rooms without consumers are shared by everybody.'],
  CONFIG: ['AllocateMessageQueueByConfig',
    'Ignores everything: every consumer gets exactly the configured list. With two consumers every queue has two owners.'],
};

export function renderExplain(el, res) {
  const ex = res && !res.error ? res : {};
  put(el, Object.entries(EXPLAIN).map(([name, [java, text]]) => {
    const e = ex[name];
    let body = h('p', { className: 'hint' }, res && res.error ? 'Example unavailable: ' + res.error.message : 'computing…');
    if (e && e.error) body = errorBox(e.error);
    else if (e && e.ok) {
      body = h('div', {},
        h('p', { className: 'hint' }, `Example: ${e.ok.queues.length} queues (${[...new Set(e.ok.queues.map((q) => q[0]))].join(', ')}), ${e.ok.rows.length} consumers`, e.ok.note ? '; ' + e.ok.note : '', ':'),
        table(['Consumer (sorted)', 'Gets'], e.ok.rows.map(([m, qs]) => [h('code', {}, m), qs === null ? 'null' : qs.length ? qs.map((q) => q[0] + ':' + q[1]).join('  ') : '[] (nothing)'])));
    }
    return h('article', { className: 'explain' }, h('h3', {}, name, ' ', h('small', {}, java)), h('p', {}, text), body);
  }));
}

/** One of the problem views: a summary line and the combined grid. */
function problem(el, r, what) {
  if (r.error) return put(el, errorBox(r.error));
  const ok = r.ok, bad = ok.double + ok.orphaned;
  put(el,
    h('p', { className: bad ? 'warnbox' : 'okbox', attrs: { role: 'note' } },
      bad ? `⚠ ${ok.double} queue${ok.double === 1 ? '' : 's'} consumed twice, ${ok.orphaned} consumed by nobody ${what}.`
        : `No queue is consumed twice or left out ${what}.`),
    errorsOf(ok.assignment),
    grid(ok.assignment, null, 'Owners as each consumer computes them (red frame: 2+ owners, hatched: none)'),
    legend(ok.assignment));
}

/** Compact key of the chips: C0 = client ID (queues). */
export function legend(a) {
  return h('ul', { className: 'legend' }, a.members.slice(0, 200).map((m, i) =>
    h('li', { dataset: { member: m } }, chip(i, m), ' ', h('code', {}, m), h('span', { className: 'count' }, ` ${a.counts[i]}`))));
}

export function renderProblems(els, res) {
  if (res.error) {
    put(els.views, errorBox(res.error, 'Cannot allocate'));
    put(els.mixed, ''); put(els.sub, '');
    return;
  }
  problem(els.views, res.views, `while ${res.seen} of ${res.of} old consumers see the change`);
  problem(els.mixed, res.mixed, 'with this mix of clients');
  problem(els.sub, res.subscription, 'with these subscriptions');
}
