// diagnose.js — the Diagnose tab: paste (or drop) what mqadmin prints for a
// consumer group and see which queues are owned wrongly, and why. The
// doctor runs in the worker (diagnose-engine.js); this file builds the
// boxes and draws the report. It also lets the Allocation tab's Client IDs
// box take the ID column of pasted consumerConnection output.

import { h, put } from './dom.js';
import { clientProfiles, simulatedStrategies, profileLabel } from '/js/names.js';
import { gridElement } from './views.js';
import { verifiedButton } from './verified.js';
import { packShare, unpackShare, isShare } from './share.js';
import { readFolders, folderMessage, filesOfEntries, readTexts } from './folder.js';
import { renderTimeline } from './timeline-view.js';
import { namedText } from './status-paste.js';

const BOXES = [
  { key: 'route', label: 'Topic route', cmd: 'mqadmin topicRoute -n NAMESRV -t TOPIC' },
  { key: 'connection', label: 'Connections', cmd: 'mqadmin consumerConnection -n NAMESRV -g GROUP' },
  { key: 'progress', label: 'Progress', cmd: 'mqadmin consumerProgress -n NAMESRV -g GROUP -s true' },
  { key: 'status', label: 'Client status (optional)', cmd: 'mqadmin consumerStatus -n NAMESRV -g GROUP', note: 'drop or choose the files it writes, or paste them one after another\n(each after its file name, as tail -n +1 FILES prints them, or without)' },
];

// Each status: the label a cell shows, and what it means.
const STATUS = {
  ok: ['ok', 'held by the consumer whose own allocate call returns it'],
  'wrong-owner': ['wrong', 'held by another consumer than the expected one'],
  unowned: ['unowned', 'nobody holds it, yet a consumer should: messages pile up'],
  'double-owned': ['double', 'two or more consumers hold it: messages are consumed twice'],
  'unexpected-owner': ['unexpected', 'held, though no consumer\u2019s allocate call returns it'],
  unassigned: ['unassigned', 'nobody holds it and no member\u2019s allocate call returns it: its messages are never consumed'],
  unknown: ['unknown', 'no owner information (progress without -s true, no status files)'],
};

// The strategies the doctor simulates and the client profiles, by client
// byte (generated from the Go side): AVG first, the doctor's default.
const STRATEGIES = [['', `${simulatedStrategies[0]} (the default)`], ...simulatedStrategies.slice(1).map((s) => [s, s])];
const PROFILES = [['', 'each as its connection says'], ...Object.values(clientProfiles).map((p) => [p, profileLabel(p)])];
const GRID_MAX = 4000;
const ROWS_MAX = 300;
const EXAMPLES_URL = new URL('../examples/cluster.json', import.meta.url);

/**
 * Short labels C0, C1, ... for the consumers of a topic report: every client
 * ID expected or held, sorted. An IP-only owner (consumerProgress) maps to
 * the one client ID with that IP, else shows itself.
 */
function labeller(topic) {
  const ids = new Set();
  for (const q of topic.queues) {
    q.expected.forEach((c) => ids.add(c));
    (q.actual ?? []).forEach((c) => { if (c.includes('@')) ids.add(c); });
  }
  const members = [...ids].sort();
  const index = new Map(members.map((c, i) => [c, i]));
  const byIp = new Map();
  members.forEach((c, i) => {
    const ip = c.split('@')[0];
    byIp.set(ip, byIp.has(ip) ? -1 : i);
  });
  const label = (who) => {
    const i = index.has(who) ? index.get(who) : byIp.get(who);
    return i === undefined || i < 0 ? who : 'C' + i;
  };
  return { members, label };
}

function ownersText(list, label) {
  if (list === null) return '?';
  if (list.length === 0) return '–';
  return list.length > 2 ? `${label(list[0])}+${list.length - 1}` : list.map(label).join('+');
}

/** A queue's cell for <rmq-grid>: its status in words and colour (diagnose.css styles the mark). */
function cell(q, label) {
  const [short] = STATUS[q.status] ?? [q.status];
  return {
    colour: -2, q: `q${q.queueId}`, label: short, sub: `${ownersText(q.expected, label)}\u2192${ownersText(q.actual, label)}`, mark: markOf(q),
    text: [q.status, `expected: ${q.expected.join(', ') || 'nobody'}`, `actual: ${q.actual === null ? 'unknown' : q.actual.join(', ') || 'nobody'}`,
      q.cause ? `cause: ${q.cause}` : null].filter(Boolean).join('\n'),
    owners: (q.actual ?? []).join(','),
  };
}

/**
 * The colour class of a queue: its status, except that a queue nobody
 * holds is an error (dx-orphaned) whenever the doctor gives it a cause or
 * the topic is not consumed at all (an offline group): nobody will ever
 * consume its messages.
 */
function markOf(q) {
  return q.status === 'unassigned' && q.cause ? 'orphaned' : q.status;
}

/** An offline group's queues get the topic's own line from the report text as their cause ("none consumed: ..."). */
function withOfflineCause(topic, text, offline) {
  if (!offline) return topic;
  const m = new RegExp('^Topic ' + topic.topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + ': [^,\n]*, (.*)$', 'm').exec(text ?? '');
  const cause = m ? m[1] : offline.message;
  return { ...topic, queues: topic.queues.map((q) => (q.status === 'unassigned' && !q.cause ? { ...q, cause } : q)) };
}

function grid(topic, label) {
  const byBroker = new Map();
  for (const q of topic.queues) {
    if (!byBroker.has(q.brokerName)) byBroker.set(q.brokerName, []);
    byBroker.get(q.brokerName).push(q);
  }
  let note = null;
  if (topic.queues.length > GRID_MAX) {
    // A big topic: draw only the brokers with a queue that is not ok.
    const fine = (q) => q.status === 'ok' || (q.status === 'unassigned' && !q.cause);
    const left = [...byBroker].filter(([, qs]) => qs.every(fine));
    for (const [b] of left) byBroker.delete(b);
    const cells = [...byBroker.values()].reduce((n, qs) => n + qs.length, 0);
    if (cells > GRID_MAX) return h('p', { className: 'hint' }, `${topic.queues.length} queues: too many to draw; the table below lists the ones that are not ok.`);
    note = h('p', { className: 'hint' }, `${topic.queues.length} queues: only the brokers with a queue that is not ok are drawn (${left.length} brokers with every queue ok are left out).`);
  }
  if (byBroker.size === 0) return note;
  const queues = [...byBroker.values()].flat();
  return h('figure', { className: 'grid dx-grid' },
    h('figcaption', {}, 'Each cell: queue id, status, then expected \u2192 actual owner (hover for the client IDs).'), note,
    gridElement({ queues, cells: queues.map((q) => cell(q, label)), caption: `Queues of ${topic.topic} by broker: status, then expected and actual owner` }));
}

function legend(topic) {
  const counts = new Map();
  for (const q of topic.queues) counts.set(markOf(q), (counts.get(markOf(q)) ?? 0) + 1);
  const marks = Object.entries(STATUS).flatMap(([s, v]) => (s === 'unassigned' ? [['orphaned', v], [s, v]] : [[s, v]]));
  return h('ul', { className: 'legend dx-legend' }, marks.filter(([s]) => counts.has(s)).map(([s, [short, text]]) =>
    h('li', { title: text }, h('span', { className: 'dx-swatch dx-' + s }, short), ` ${counts.get(s)} `, h('span', { className: 'count' }, short === s ? '' : s === 'orphaned' ? '(never consumed)' : `(${s})`))));
}

function members(list, label) {
  return h('ul', { className: 'legend' }, list.slice(0, 200).map((c) => h('li', {}, h('strong', {}, label(c)), ' ', h('code', {}, c))));
}

function lagChart(topic, label) {
  const rows = Object.entries(topic.lagByConsumer ?? {}).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) {
    const unknown = topic.queues.some((q) => q.actual === null);
    return h('p', { className: 'hint' }, unknown ? 'No lag per consumer: who holds the queues is not known.' : 'Nobody holds a queue of this topic.');
  }
  const max = Math.max(1, ...rows.map((r) => r[1]));
  return h('div', { className: 'dx-bars', attrs: { role: 'list', 'aria-label': 'Lag per consumer' } }, rows.slice(0, 100).map(([who, lag]) =>
    h('div', { className: 'dx-bar-row', attrs: { role: 'listitem' }, title: who },
      h('span', { className: 'dx-bar-label' }, label(who) === who ? who : `${label(who)} ${who}`),
      h('span', { className: 'dx-bar-track' }, h('span', { className: 'dx-bar', style: { width: `${(100 * lag / max).toFixed(1)}%` } })),
      h('span', { className: 'dx-bar-value' }, lag.toLocaleString('en-US')))));
}

/**
 * The queue table's columns, in the RocketMQ Dashboard's order (broker,
 * queue, client, broker offset, consumer offset, diff, last time) with the
 * status before the holder and the expected owner last. offsets is the
 * topic's progress rows by "broker/qid" (see progressOffsets).
 */
const COLUMNS = ['Broker', 'Queue', 'Status', 'Held by', 'Broker offset', 'Consumer offset', 'Diff', 'Expected'];

function queueTable(qs, className, label, offsets, name) {
  const who = (list) => (list === null ? 'unknown' : list.length === 0 ? 'nobody'
    // One per line on a wide screen; on a phone only the labels (C0, C1; the Consumers list above names them).
    : list.map((c, i) => h('span', { className: 'dx-cid' }, i ? h('span', { className: 'dx-sep' }, ', ') : null,
      label(c) === c ? c : [label(c), h('span', { className: 'dx-cid-full' }, ' ' + c)])));
  const num = (v) => (v === undefined ? '\u2013' : v.toLocaleString('en-US'));
  const row = (q) => {
    const o = offsets?.[`${q.brokerName}/${q.queueId}`] ?? [];
    return h('tr', {},
      h('td', { dataset: { label: 'Broker' } }, q.brokerName), h('td', { dataset: { label: 'Queue' } }, String(q.queueId)),
      h('td', { dataset: { label: 'Status' } }, h('span', { className: 'dx-swatch dx-' + markOf(q) }, q.status)),
      h('td', { dataset: { label: 'Held by' } }, who(q.actual)),
      h('td', { className: 'num', dataset: { label: 'Broker offset' } }, num(o[0])),
      h('td', { className: 'num', dataset: { label: 'Consumer offset' } }, num(o[1])),
      h('td', { className: 'num', dataset: { label: 'Diff' } }, num(o[2])),
      h('td', { dataset: { label: 'Expected' } }, who(q.expected)));
  };
  return h('div', { className: 'table-wrap', attrs: { tabindex: '0', role: 'region', 'aria-label': name } }, h('table', { className },
    h('thead', {}, h('tr', {}, COLUMNS.map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
    h('tbody', {}, qs.map(row))));
}

/**
 * The queues that are not ok, grouped by their likely cause: each cause is
 * said once, above the queues it explains (one table each, rows in topic
 * order). Queues without owner information (unknown) are no fault: they
 * are listed apart, folded, with what to paste to know their owners. Then
 * every queue, folded (open when all are ok).
 */
function notOkTable(topic, label, offsets) {
  const bad = topic.queues.filter((q) => q.status !== 'ok' && q.status !== 'unknown');
  const unknown = topic.queues.filter((q) => q.status === 'unknown');
  const tableOf = (qs, className, name) => queueTable(qs, className, label, offsets, `${name} (${topic.topic})`);
  // Drawn when first opened (open from the start when every queue is ok): a big topic's report stays quick.
  const fill = () => {
    if (all.dataset.filled) return;
    all.dataset.filled = 'true';
    all.append(tableOf(topic.queues.slice(0, ROWS_MAX), 'dx-table', 'All queues'),
      topic.queues.length > ROWS_MAX ? h('p', { className: 'hint' }, `First ${ROWS_MAX} of ${topic.queues.length}.`) : '');
  };
  const all = h('details', { className: 'dx-all', on: { toggle: () => { if (all.open) fill(); } } },
    h('summary', {}, `All ${plural(topic.queues.length, 'queue')}: owners and offsets`));
  if (bad.length === 0 && unknown.length === 0) { all.open = true; fill(); }
  const unknownPart = unknown.length ? h('details', { className: 'dx-unknown-list' },
    h('summary', {}, `${plural(unknown.length, 'queue')} whose owner is not known`),
    h('p', { className: 'dx-cause-text' }, 'No owner information: consumerProgress ran without ', h('code', {}, '-s true'),
      ' and no consumerStatus files were pasted, so only who should own each queue is known. Paste either to compare the owners.'),
    tableOf(unknown.slice(0, ROWS_MAX), 'dx-unknown-table', 'Queues whose owner is not known'),
    unknown.length > ROWS_MAX ? h('p', { className: 'hint' }, `First ${ROWS_MAX} of ${unknown.length}.`) : null) : null;
  if (bad.length === 0) {
    return h('div', {}, unknown.length ? h('p', { className: 'hint' }, 'Who holds each queue is not known: paste consumerProgress run with -s true, or the consumerStatus files, to compare the owners.') : null, unknownPart, all);
  }
  const groups = new Map();
  for (const q of bad) {
    const c = q.cause ?? '';
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c).push(q);
  }
  let left = ROWS_MAX;
  const parts = [...groups].map(([cause, qs], k) => {
    const shown = qs.slice(0, Math.max(0, left));
    left -= shown.length;
    return h('section', { className: 'dx-cause' },
      h('p', { className: 'dx-cause-text' }, h('strong', {}, `Likely cause (${plural(qs.length, 'queue')}): `), cause || 'the report names none'),
      shown.length ? tableOf(shown, 'dx-table', `Queues of likely cause ${k + 1}`) : null,
      shown.length < qs.length ? h('p', { className: 'hint' }, `${qs.length - shown.length} more not listed.`) : null);
  });
  return h('div', {},
    h('h4', {}, 'Queues that are not ok, by likely cause'),
    parts,
    bad.length > ROWS_MAX ? h('p', { className: 'hint' }, `First ${ROWS_MAX} of ${bad.length}.`) : null,
    unknownPart, all);
}

function bestFit(topic) {
  const fits = topic.bestFit ?? [];
  if (fits.length === 0) return null;
  return h('details', { className: 'dx-fit' },
    h('summary', {}, 'Which strategy and client reproduce what the group does? ', fits[0].agree === 0
      ? `None reproduces any of its ${plural(fits[0].total, 'queue')}.`
      : ['Best: ', h('code', {}, `${fits[0].strategy} on ${fits[0].client}`), ` (${fits[0].agree} of ${plural(fits[0].total, 'queue')})`]),
    h('div', { className: 'table-wrap' }, h('table', { className: 'qtable' },
      h('thead', {}, h('tr', {}, ['Strategy', 'Client', 'Queues that agree'].map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
      h('tbody', {}, fits.map((f) => h('tr', {}, h('td', {}, f.strategy), h('td', {}, f.client), h('td', {}, `${f.agree} / ${f.total}`)))))));
}

/** "1 queue", "2 queues". */
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function findings(list) {
  if (!list || list.length === 0) return null;
  return h('ul', { className: 'dx-findings' }, list.map((f) => h('li', { className: 'dx-level-' + (f.level || 'info'), dataset: { code: f.code } },
    h('span', { className: 'dx-level' }, f.level || 'info'), ' ', h('code', { className: 'dx-code' }, f.code), ' ',
    f.topic ? h('span', { className: 'muted' }, `[${f.topic}] `) : null, f.message)));
}

/** Draws a report ({ report, text, offsets, status }) into el: the verdict first. */
export function renderReport(el, res) {
  const r = res.report;
  const offline = (r.findings ?? []).find((f) => f.code === 'GROUP_OFFLINE');
  const topics = r.topics.map((t0) => {
    const t = withOfflineCause(t0, res.text, offline);
    const { members: ids, label } = labeller(t);
    return h('section', { className: 'dx-topic', dataset: { topic: t.topic } },
      h('h3', {}, 'Topic ', h('code', {}, t.topic), h('span', { className: 'muted' }, ` ${plural(t.queues.length, 'queue')}`)),
      legend(t),
      grid(t, label),
      ids.length ? h('details', { className: 'dx-members', attrs: ids.length <= 12 ? { open: '' } : {} }, h('summary', {}, `Consumers (${ids.length})`), members(ids, label)) : null,
      notOkTable(t, label, res.offsets?.[t.topic]),
      h('h4', {}, 'Lag per consumer (sum of #Diff of the queues it holds)'),
      lagChart(t, label),
      bestFit(t));
  });
  const left = (res.status?.texts ?? []).filter((t) => t.name === null);
  put(el,
    h('h2', { className: 'dx-verdict ' + (r.ok && !left.length ? 'okbox' : 'warnbox'), id: 'dx-verdict', attrs: { tabindex: '-1' } },
      h('span', { attrs: { 'aria-hidden': 'true' } }, r.ok ? '\u2713 ' : '\u26a0 '), r.verdict, verifiedButton()),
    left.length ? h('p', { className: 'warnbox dx-left-out', attrs: { role: 'note' } },
      `${plural(left.length, 'client text')} of the Client status box ${left.length === 1 ? 'is' : 'are'} left out: which client ${left.length === 1 ? 'it is' : 'each is'} for is not known. `,
      h('button', { type: 'button', className: 'small dx-goto', on: { click: () => document.getElementById('dx-status-id-' + left[0].index)?.focus() } }, 'Give the client ID'), ' next to the box.') : null,
    findings(r.findings),
    topics,
    r.timeline ? renderTimeline(r.timeline, findings) : null,
    h('details', { className: 'dx-text' }, h('summary', {}, 'The report as text (what rmqalloc doctor prints)'), h('pre', { id: 'dx-report-text', attrs: { tabindex: '0' } }, res.text)));
}

/** Selects line n (1-based) of a textarea and scrolls to it. */
function selectLine(ta, n) {
  const lines = ta.value.split('\n');
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[n - 1]?.length ?? 0);
  ta.focus();
  ta.setSelectionRange(start, end);
  const lh = parseFloat(getComputedStyle(ta).lineHeight) || 16;
  ta.scrollTop = Math.max(0, (n - 3) * lh);
}

/**
 * Builds the Diagnose tab in root; engine is the page's EngineClient. Also
 * makes the Client IDs box (consumers) take the ID column of pasted
 * consumerConnection output.
 */
export function initDiagnose(root, engine, consumers) {
  const boxes = {};
  const boxErrors = {};
  const files = [];
  const clearFiles = () => { for (const f of files) f.value = ''; };
  const out = h('div', { id: 'dx-out', attrs: { 'aria-live': 'polite' } });
  const status = h('span', { id: 'dx-status', className: 'hint', attrs: { role: 'status' } });
  const strategy = h('select', { id: 'dx-strategy' }, STRATEGIES.map(([v, t]) => h('option', { value: v }, t)));
  const profile = h('select', { id: 'dx-profile' }, PROFILES.map(([v, t]) => h('option', { value: v }, t)));
  const exampleSel = h('select', { id: 'dx-example', attrs: { 'aria-label': 'Example' } });
  let examples = null;
  let timer = 0;

  // The client IDs typed for unnamed status texts, by their index in the box.
  let statusIds = [];
  const idsArea = h('div', { id: 'dx-status-ids', className: 'dx-status-ids' });
  const read = () => ({
    route: boxes.route.value, connection: boxes.connection.value, progress: boxes.progress.value, status: boxes.status.value,
    strategy: strategy.value, profile: profile.value, statusIds: [...statusIds],
  });
  // After a folder, file or example is loaded, the page moves to the verdict once it is drawn.
  let reveal = false;
  const revealVerdict = () => {
    if (!reveal) return;
    reveal = false;
    const v = out.querySelector('#dx-verdict, .error');
    if (v) { v.scrollIntoView({ block: 'start' }); if (v.id === 'dx-verdict') v.focus({ preventScroll: true }); }
  };

  // Each run's number: an answer that comes after a later run began (the
  // boxes cleared meanwhile, say) is not drawn over what that run showed.
  let runs = 0;
  async function run() {
    const seq = ++runs;
    const input = read();
    for (const ta of Object.values(boxes)) ta.removeAttribute('aria-invalid');
    for (const p of Object.values(boxErrors)) p.textContent = '';
    if (folder) return runFolder(folder);
    if (!input.route.trim() || !input.connection.trim()) {
      statusPlanFields(null);
      status.textContent = '';
      put(out, h('p', { className: 'hint' }, 'Paste at least the topic route and the connections (and the progress with -s true, to know who holds each queue).'));
      delete root.dataset.state;
      return;
    }
    status.textContent = 'diagnosing\u2026';
    root.dataset.state = 'busy';
    const t0 = performance.now();
    const r = await engine.call('diagnose', input);
    if (r.stale || seq !== runs) return;
    const ms = Math.round(performance.now() - t0);
    if (r.error) {
      status.textContent = '';
      put(out, h('div', { className: 'error', attrs: { role: 'alert' } }, r.error.message));
    } else if (r.result.inputError) {
      const e = r.result.inputError;
      const ta = boxes[e.box];
      if (ta) ta.setAttribute('aria-invalid', 'true');
      // Said at the box too: the report area can be below the fold.
      if (boxErrors[e.box]) boxErrors[e.box].textContent = e.message;
      status.textContent = '';
      put(out, h('div', { className: 'error dx-input-error', attrs: { role: 'alert' }, dataset: { box: e.box, line: String(e.line) } },
        h('strong', {}, 'Cannot read this: '), e.message,
        ta && e.line > 0 ? h('button', { type: 'button', className: 'small', on: { click: () => selectLine(ta, e.line) } }, `show line ${e.line}`) : null));
    } else {
      status.textContent = `diagnosed in ${ms} ms`;
      renderReport(out, r.result);
    }
    statusPlanFields(r.result?.status ?? null);
    root.dataset.state = 'done';
    revealVerdict();
  }

  /**
   * Under the Client status box, a field per status text that carries no
   * client ID (4.9.3's): the ID read from the queues it holds, or empty
   * when none could be; typing one there diagnoses again.
   */
  function statusPlanFields(plan) {
    const asked = (plan?.texts ?? []).filter((t) => t.how === 'typed' || t.how === 'share' || t.how === 'left' || t.name === null);
    const listedOnly = plan && plan.texts.length === 0 && plan.listed.length > 0;
    if (!asked.length && !listedOnly) { put(idsArea); return; }
    const listId = 'dx-cids';
    const why = { share: 'it holds exactly that member\u2019s share', left: 'the one client without a text', typed: 'as typed' };
    put(idsArea,
      listedOnly ? h('p', { className: 'hint dx-listed' }, `This is what consumerStatus prints: the list of ${plural(plan.listed.length, 'client')}. What each holds is in the files it wrote (`,
        plan.listed.slice(0, 4).map((l, i) => [i ? ', ' : '', h('code', {}, l.file)]), plan.listed.length > 4 ? ', \u2026' : '',
        '): choose or drop them here, or paste each after its name.') : null,
      asked.length ? h('p', { className: 'hint' }, 'These client texts carry no client ID (4.9.3 does not print it): which client each is for.') : null,
      asked.map((t) => {
        const id = 'dx-status-id-' + t.index;
        const input = h('input', { type: 'text', id, value: t.name ?? '', attrs: { list: listId, spellcheck: 'false', autocomplete: 'off', placeholder: 'client ID, e.g. 10.0.0.1@12345' },
          on: { change: () => { statusIds[t.index] = input.value.trim(); schedule(); } } });
        if (t.name === null) input.setAttribute('aria-invalid', 'true');
        return h('div', { className: 'dx-status-id' + (t.name === null ? ' dx-asked' : '') },
          h('label', { htmlFor: id }, `Client text ${t.index + 1} (line ${t.line}; ${t.held})`), input,
          h('span', { className: 'hint' }, t.name === null ? 'not known: left out until given' : `read as this client: ${why[t.how]}`));
      }),
      h('datalist', { id: listId }, (plan?.candidates ?? []).map((c) => h('option', { value: c }))));
  }

  // Saved folders (folder.js) diagnosed as the CLI reads them; null once a box is edited.
  let folder = null;
  const folderNote = h('p', { id: 'dx-folder-note', className: 'hint', attrs: { role: 'status' } });
  const setFolder = (f) => {
    folder = f;
    folderNote.hidden = !f;
    if (!f) { folderNote.textContent = ''; return; }
    const names = f.snapshots.map((s) => s.snapshot.name);
    const last = f.snapshots[f.snapshots.length - 1].snapshot;
    put(folderNote, h('strong', {}, f.snapshots.length === 1 ? 'Diagnosing the folder ' : `Diagnosing ${f.snapshots.length} snapshots over time: `),
      names.map((n, i) => [i ? ', ' : '', h('code', {}, n)]),
      f.snapshots.length === 1
        ? ` (${plural(last.route.length, 'route')}, ${plural(last.status.length, 'status file')}${last.atSource === 'captured-at.txt' ? ', captured ' + last.at : ''}), as rmqalloc doctor ${names[0]} does.`
        : ` as rmqalloc doctor ${names.join(' ')} does; the boxes show the last one's texts.`,
      f.edited ? h('strong', { className: 'dx-edited' }, ' With your edits: the boxes are read in place of its files.') : ' Editing a box diagnoses the folder with your edit.');
  };
  /** A box was edited: a loaded folder keeps being diagnosed, its newest snapshot read from the boxes. */
  const edited = () => {
    if (folder && !folder.edited) { folder.edited = true; setFolder(folder); }
    ownPaste();
  };
  setFolder(null);

  async function runFolder(f) {
    const seq = runs;
    status.textContent = 'diagnosing\u2026';
    root.dataset.state = 'busy';
    const t0 = performance.now();
    const r = await engine.call('diagnoseFolders', { snapshots: f.snapshots.map((s) => s.snapshot), strategy: strategy.value, profile: profile.value,
      boxes: f.edited ? read() : undefined });
    if (r.stale || folder !== f || seq !== runs) return;
    status.textContent = '';
    if (r.error) put(out, h('div', { className: 'error', attrs: { role: 'alert' } }, r.error.message));
    else if (r.result.inputError) {
      put(out, h('div', { className: 'error dx-input-error', attrs: { role: 'alert' }, dataset: { box: r.result.inputError.box } },
        h('strong', {}, 'Cannot read this: '), folderMessage(r.result.inputError, f.snapshots)));
    } else {
      status.textContent = `diagnosed in ${Math.round(performance.now() - t0)} ms`;
      renderReport(out, r.result);
    }
    statusPlanFields(r.result?.status ?? null);
    root.dataset.state = 'done';
    revealVerdict();
  }

  /** Dropped or chosen files ([{ path, file }], paths from the folder(s) given) → the folder diagnosis. */
  async function loadFolder(list) {
    let f;
    try {
      f = readFolders(await readTexts(list));
    } catch (e) {
      setFolder(null);
      put(out, h('div', { className: 'error dx-folder-error', attrs: { role: 'alert' } }, e.message));
      return;
    }
    const last = f.snapshots[f.snapshots.length - 1].snapshot;
    boxes.route.value = last.route[0].text;
    boxes.connection.value = last.connection;
    boxes.progress.value = last.progress;
    // Each status file after its name, so the boxes alone say whose it is.
    boxes.status.value = last.status.map((s) => (s.name ? namedText(s.name, s.text) : s.text.trimEnd())).join('\n');
    clearFiles();
    exampleSel.value = '';
    statusIds = [];
    setFolder(f);
    reveal = true;
    run();
  }

  /** The directories of a drop, read whole (true), or false when it holds none (plain files). */
  function dropFolders(e) {
    const entries = [...(e.dataTransfer?.items ?? [])].map((it) => (it.kind === 'file' && it.webkitGetAsEntry ? it.webkitGetAsEntry() : null)).filter(Boolean);
    if (!entries.some((en) => en.isDirectory)) return false;
    filesOfEntries(entries).then(loadFolder, (err) => put(out, h('div', { className: 'error dx-folder-error', attrs: { role: 'alert' } }, 'Could not read the folder: ', String(err && err.message || err))));
    return true;
  }

  const folderInput = h('input', { type: 'file', id: 'dx-folder-input', className: 'dx-file', attrs: { webkitdirectory: '', multiple: '' },
    on: { change: (e) => { const fs = [...e.target.files]; if (fs.length) loadFolder(fs.map((file) => ({ path: file.webkitRelativePath || file.name, file }))); } } });
  const dropZone = h('div', { className: 'dx-folder', id: 'dx-folder',
    on: {
      dragover: (e) => { e.preventDefault(); dropZone.classList.add('dx-drop'); },
      dragleave: () => dropZone.classList.remove('dx-drop'),
      drop: (e) => { e.preventDefault(); dropZone.classList.remove('dx-drop'); if (!dropFolders(e)) loadFolder([...e.dataTransfer.files].map((file) => ({ path: file.name, file }))); },
    } },
    h('p', {}, h('strong', {}, 'Drop a saved folder here'), ' — what ', h('code', {}, 'rmqalloc doctor --save DIR'), ' writes (route.txt, connection.txt, progress.txt, status/) — or a ',
      h('code', {}, '--watch'), ' folder (DIR/1, DIR/2, …) or several folders: snapshots over time, shown as a timeline.'),
    h('label', { className: 'dx-file-label', htmlFor: 'dx-folder-input' }, 'or choose a folder', folderInput),
    folderNote);

  const schedule = () => {
    clearTimeout(timer);
    // Pending from the keystroke, not from the debounced run: what is shown is not yet for what is typed.
    root.dataset.state = 'pending';
    timer = setTimeout(run, 250);
  };

  async function readFiles(key, files) {
    const list = [...files];
    if (list.length === 0) return;
    let texts;
    try {
      texts = await Promise.all(list.map((f) => f.text()));
    } catch {
      put(out, h('div', { className: 'error', attrs: { role: 'alert' } }, `Could not read ${list.map((f) => f.name).join(', ')}: drop or choose files (for a folder, the files in it).`));
      return;
    }
    const ta = boxes[key];
    // Status files keep their names (the client ID, for 4.9.3's files that carry none).
    if (key === 'status') ta.value = [ta.value.trimEnd(), ...texts.map((t, i) => namedText(list[i].name, t))].filter(Boolean).join('\n');
    else ta.value = texts[0];
    edited();
    reveal = true;
    schedule();
  }

  const boxEls = BOXES.map(({ key, label, cmd, note }) => {
    const id = 'dx-' + key;
    const ta = h('textarea', { id, attrs: { rows: 7, spellcheck: 'false', wrap: 'off', placeholder: `paste the output of ${cmd}${note ? ',\nor ' + note : ''}` },
      on: {
        input: () => { edited(); schedule(); },
        dragover: (e) => { e.preventDefault(); ta.classList.add('dx-drop'); },
        dragleave: () => ta.classList.remove('dx-drop'),
        drop: (e) => { e.preventDefault(); ta.classList.remove('dx-drop'); if (!dropFolders(e)) readFiles(key, e.dataTransfer.files); },
      } });
    boxes[key] = ta;
    boxErrors[key] = h('p', { className: 'field-error', id: id + '-error', attrs: { role: 'alert' } });
    ta.setAttribute('aria-describedby', id + '-error');
    const file = h('input', { type: 'file', id: id + '-file', className: 'dx-file', attrs: key === 'status' ? { multiple: '' } : {}, on: { change: (e) => readFiles(key, e.target.files) } });
    files.push(file);
    return h('div', { className: 'dx-box' },
      h('label', { htmlFor: id }, h('strong', {}, label), ' \u2014 ', h('code', {}, cmd)),
      ta,
      boxErrors[key],
      h('label', { className: 'dx-file-label', htmlFor: id + '-file' }, key === 'status' ? 'or choose the files' : 'or choose a file', file),
      key === 'status' ? idsArea : null);
  });

  /** Clear: the boxes, the file pickers, the example menu and the report. */
  function clear() {
    setFolder(null);
    folderInput.value = '';
    for (const ta of Object.values(boxes)) ta.value = '';
    clearFiles();
    exampleSel.value = '';
    statusIds = [];
    put(shareOut);
    run();
  }

  async function loadExamples() {
    if (examples) return examples;
    const res = await fetch(EXAMPLES_URL);
    if (!res.ok) throw new Error(`examples: HTTP ${res.status}`);
    examples = (await res.json()).examples;
    return examples;
  }

  async function tryExample() {
    try {
      const list = await loadExamples();
      const ex = list.find((e) => e.name === exampleSel.value) ?? list.find((e) => e.name === 'wrong-owner') ?? list[0];
      exampleSel.value = ex.name;
      setFolder(null);
      clearFiles();
      boxes.route.value = ex.route;
      boxes.connection.value = ex.connection;
      boxes.progress.value = ex.progress;
      boxes.status.value = ex.status.map((s) => (s.name ? namedText(s.name, s.text) : s.text)).join('\n');
      statusIds = [];
      reveal = true;
      run();
    } catch (e) {
      put(out, h('div', { className: 'error', attrs: { role: 'alert' } }, 'Could not load the example: ', e.message));
    }
  }

  loadExamples().then((list) => {
    put(exampleSel, h('option', { value: '' }, OWN_PASTE), list.map((e) => h('option', { value: e.name }, e.title)));
    exampleSel.value = '';
  }, () => put(exampleSel, h('option', { value: '' }, '(examples unavailable)')));
  // Choosing an example shows it; editing a box makes the text one's own.
  exampleSel.addEventListener('change', () => { if (exampleSel.value) tryExample(); });
  const ownPaste = () => { exampleSel.value = ''; };

  strategy.addEventListener('change', schedule); // a folder diagnosis too (runFolder reads them)
  profile.addEventListener('change', schedule);

  const shareOut = h('div', { id: 'dx-share-out', attrs: { 'aria-live': 'polite' } });
  async function share() {
    const input = read();
    if (!input.route.trim() && !input.connection.trim()) { put(shareOut, h('p', { className: 'hint' }, 'Paste the outputs first: the link carries them.')); return; }
    const frag = await packShare(input);
    const url = location.href.split('#')[0] + frag;
    let copied = false;
    try { await navigator.clipboard.writeText(url); copied = true; } catch { /* shown below to copy by hand */ }
    put(shareOut, h('div', { className: 'warnbox dx-share', attrs: { role: 'note' } },
      h('strong', {}, copied ? '\u2713 Link with the outputs copied. ' : 'Link with the outputs (copy it): '),
      '\u26a0 It contains your cluster\u2019s names: topics, group, client IDs and IP addresses, lags. ',
      'They travel in the part after #, which the browser never sends to any server; but whoever you give the link to can read them.',
      h('input', { type: 'text', id: 'dx-share-url', value: url, attrs: { readonly: '', 'aria-label': 'Link with the outputs' } })));
  }

  put(root,
    h('p', { className: 'hint' }, 'Which queues does a consumer group own wrongly, and why? Paste what ', h('code', {}, 'mqadmin'),
      ' prints for the group. Every member\u2019s own allocate call (its strategy, its client) is compared with who actually holds each queue. Nothing leaves this page.'),
    commandsBlock(),
    dropZone,
    h('div', { className: 'controls dx-example-row' },
      h('div', {}, h('label', { htmlFor: 'dx-example' }, 'Example'), exampleSel),
      h('button', { type: 'button', id: 'dx-try', on: { click: tryExample } }, 'Try an example'),
      h('button', { type: 'button', id: 'dx-clear', on: { click: clear } }, 'Clear')),
    h('div', { className: 'dx-boxes' }, boxEls),
    h('div', { className: 'controls' },
      h('div', {}, h('label', { htmlFor: 'dx-strategy' }, 'Strategy of members whose status does not say'), strategy),
      h('div', {}, h('label', { htmlFor: 'dx-profile' }, 'Client'), profile),
      status),
    h('div', { className: 'dx-share-row' },
      h('p', { className: 'hint', id: 'dx-link-note' }, 'Copy permalink leaves the pasted outputs out (they name your cluster). To share them too:'),
      h('button', { type: 'button', id: 'dx-share', on: { click: share } }, 'Share with the outputs (local-only link)'),
      shareOut),
    out);
  run();

  if (consumers) attachConnectionPaste(consumers, engine);
  return {
    /** Fills the boxes from a "#dx=" share link (see share.js); false if hash is none. */
    async loadShared(hash) {
      if (!isShare(hash)) return false;
      try {
        const b = await unpackShare(hash);
        setFolder(null);
        for (const k of ['route', 'connection', 'progress', 'status']) boxes[k].value = b[k];
        strategy.value = b.strategy; profile.value = b.profile;
        if (strategy.selectedIndex < 0) strategy.value = '';
        if (profile.selectedIndex < 0) profile.value = '';
        exampleSel.value = '';
        reveal = true;
        run();
      } catch (e) {
        put(out, h('div', { className: 'error', attrs: { role: 'alert' } }, 'Could not open the shared outputs: ', e.message));
      }
      return true;
    },
  };
}

const OWN_PASTE = '(your own paste)';

/** The commands that print what the boxes take, and the same check from a terminal; a button copies them. */
function commandsBlock() {
  const text = ['mqadmin topicRoute -n HOST:PORT -t TOPIC > route.txt',
    'mqadmin consumerConnection -n HOST:PORT -g GROUP > connection.txt',
    'mqadmin consumerProgress -n HOST:PORT -g GROUP -s true > progress.txt',
    'npx rmqalloc doctor --namesrv HOST:PORT --group GROUP'].join('\n');
  const note = h('span', { className: 'hint', attrs: { role: 'status' } });
  return h('details', { className: 'dx-commands', id: 'dx-commands' },
    h('summary', {}, 'Copy these commands: what to run against the cluster'),
    h('pre', { id: 'dx-commands-text' }, text),
    h('p', { className: 'hint' }, 'The first three print what the boxes take (paste each, or choose the files); the last asks the cluster and diagnoses in one go.'),
    h('button', { type: 'button', id: 'dx-copy-commands', on: { click: async () => {
      try { await navigator.clipboard.writeText(text); note.textContent = '\u2713 copied'; } catch { note.textContent = 'select the text above to copy it'; }
    } } }, 'Copy these commands'), ' ', note);
}

/**
 * Pasting `mqadmin consumerConnection` output into the Client IDs box
 * inserts its ID column (read by the module's parser in the worker).
 */
export function attachConnectionPaste(ta, engine) {
  ta.addEventListener('paste', async (e) => {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (!/^\s*#ClientId\b/m.test(text)) return;
    e.preventDefault();
    const r = await engine.call('connectionIds', text);
    if (r.stale) return;
    const insert = r.result ? r.result.join('\n') : text;
    ta.setRangeText(insert, ta.selectionStart, ta.selectionEnd, 'end');
    ta.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
