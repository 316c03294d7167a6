// app.js — the playground's page logic: form ↔ state ↔ URL, and rendering
// of what the worker computes. No framework; no HTML parsing of user text.
import { decodeLink, encodeLink, defaults, validate, generateConsumers, generatedID, unusedID, STRATEGIES, INNER } from './lib/state.js';
import { brokerNames } from './lib/engine.js';
import { EngineClient } from './lib/client.js';
import { h, put } from './lib/dom.js';
import * as V from './lib/views.js';
import { readWhere, fillWhere, syncWhere, showWhere } from './lib/where-view.js';
import { renderPriority, renderDrain } from './lib/priority-view.js';
import { unpack } from './lib/pack.js';
import { initDiagnose } from './lib/diagnose.js';
import { initTheme } from './lib/theme.js';
import { isShare } from './lib/share.js';
import { initVerified } from './lib/verified.js';

const $ = (id) => document.getElementById(id);
// The worker worker-boot.js started before these modules loaded, if any.
const engine = new EngineClient(new URL('./worker.js', import.meta.url), undefined, globalThis.rmqallocWorker ?? null);
delete globalThis.rmqallocWorker;
let state;
let lastAnalysis = null;
let diagnosis = null; // the Diagnose tab (lib/diagnose.js)
let timer = 0;

const EXAMPLE_ROUTE = {
  orderTopicConf: null,
  queueDatas: [
    { brokerName: 'broker-a', readQueueNums: 4, writeQueueNums: 4, perm: 6, topicSysFlag: 0 },
    { brokerName: 'broker-b', readQueueNums: 4, writeQueueNums: 4, perm: 6, topicSysFlag: 0 },
    { brokerName: 'broker-c', readQueueNums: 8, writeQueueNums: 8, perm: 4, topicSysFlag: 0 },
  ],
  brokerDatas: [
    { cluster: 'DefaultCluster', brokerName: 'broker-a', brokerAddrs: { 0: '10.0.0.1:10911', 1: '10.0.0.2:10911' } },
    { cluster: 'DefaultCluster', brokerName: 'broker-b', brokerAddrs: { 0: '10.0.0.3:10911' } },
    { cluster: 'DefaultCluster', brokerName: 'broker-c', brokerAddrs: { 1: '10.0.0.6:10911' } },
  ],
};

function banner(msg, partial = false) {
  const b = $('banner');
  if (!msg) { b.hidden = true; b.replaceChildren(); return; }
  put(b, h('strong', {}, partial ? 'This link was restored in part: ' : 'This link could not be restored: '), msg,
    partial ? '.' : '. The defaults are shown instead.',
    h('button', { type: 'button', className: 'small', attrs: { 'aria-label': 'Dismiss' }, on: { click: () => banner(null) } }, '×'));
  b.hidden = false;
}

const list = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);
const lines = (s) => s.split(/\r?\n/).map((x) => x.trim()).filter(Boolean);
const num = (el, dv) => (el.value.trim() === '' ? dv : Number(el.value));

/** Form → state (then validated). */
function readForm() {
  const s = structuredClone(state);
  s.topic = $('topic').value;
  s.source = $('source-route').checked ? 'route' : 'quick';
  s.brokers = num($('brokers'), s.brokers);
  s.queuesPerBroker = num($('qpb'), s.queuesPerBroker);
  s.rooms = list($('rooms').value);
  s.route = $('route').value;
  s.group = $('group').value;
  s.mode = $('mode-broadcasting').checked ? 'broadcasting' : 'clustering';
  s.retry = $('retry').checked;
  s.consumers = lines($('consumers').value);
  s.client = $('client').value;
  s.where = readWhere(state.where);
  Object.assign(s.strategy, {
    name: $('strategy').value, virtualNodes: num($('vnodes'), 10), consumeridcs: list($('idcs').value),
    inner: $('inner').value, sep: $('sep').value || '@', brokerField: num($('bfield'), 0), consumerField: num($('cfield'), 0),
    config: $('config').value,
  });
  s.whatIf = { add: $('wi-add').value.trim(), remove: $('wi-remove').value, brokers: num($('wi-brokers'), null), queuesPerBroker: num($('wi-qpb'), null) };
  Object.assign(s.producer, {
    key: $('p-key').value, keyType: $('p-keytype').value, groups: lines($('p-groups').value).slice(0, 200),
    startIndex: num($('p-start'), 0), sends: num($('p-sends'), 8), failing: $('p-failing').value,
  });
  s.priority = {
    ...s.priority, messages: lines($('pr-messages').value), selector: $('pr-selector').value, writeQueueNums: num($('pr-wqn'), null),
    drainBroker: $('pr-broker').value, factor: num($('pr-factor'), 100), maxMsgNums: num($('pr-max'), 4), asc: $('pr-asc').checked,
    path: $('pr-path').value, draws: list($('pr-draws').value).map(Number), requestCount: num($('pr-count'), 0),
    retryBacklog: num($('pr-retry'), 0), retryProbabilityForPriority: num($('pr-rpp'), 0), retryProbability: num($('pr-rp'), 20),
  };
  s.problems.seen = num($('pb-seen'), 0);
  const checked = (id) => [...document.querySelectorAll(`#${id} input:checked`)].map((c) => c.dataset.cid);
  if ($('pb-go').dataset.built) s.problems.go = checked('pb-go');
  if ($('pb-nosub').dataset.built) s.problems.nosub = checked('pb-nosub');
  for (const inp of document.querySelectorAll('#latency-in input[type=number]')) {
    const v = num(inp, 0);
    if (v) s.producer.latency[inp.dataset.broker] = v; else delete s.producer.latency[inp.dataset.broker];
  }
  for (const inp of document.querySelectorAll('#latency-in input[type=checkbox]')) {
    if (inp.checked) s.producer.isolated[inp.dataset.broker] = true; else delete s.producer.isolated[inp.dataset.broker];
  }
  return s;
}

const optionKeys = new WeakMap(); // select → the values it holds (skip rebuilding the same list)
function options(sel, values, current, labelOf = (v) => v) {
  const key = values.join('\n');
  if (optionKeys.get(sel) !== key) {
    optionKeys.set(sel, key);
    put(sel, values.map((v) => h('option', { value: v }, labelOf(v))));
  }
  sel.value = values.includes(current) ? current : values[0] ?? '';
}

/** Brokers the producer and the what-if controls offer. */
function knownBrokers() {
  if (lastAnalysis && lastAnalysis.before) return [...new Set(lastAnalysis.before.queues.map((q) => q[0]))];
  return state.source === 'quick' ? brokerNames(state.brokers, state.rooms) : [];
}

/** State → form (on load, on reset, after a permalink). */
function fillForm() {
  const s = state;
  $('topic').value = s.topic;
  $('source-quick').checked = s.source === 'quick';
  $('source-route').checked = s.source === 'route';
  $('brokers').value = s.brokers;
  $('qpb').value = s.queuesPerBroker;
  $('rooms').value = s.rooms.join(', ');
  $('route').value = s.route;
  $('group').value = s.group;
  $('mode-clustering').checked = s.mode === 'clustering';
  $('mode-broadcasting').checked = s.mode === 'broadcasting';
  $('retry').checked = s.retry;
  $('consumers').value = s.consumers.join('\n');
  $('client').value = s.client;
  fillWhere(s.where);
  const st = s.strategy;
  $('strategy').value = st.name;
  $('vnodes').value = st.virtualNodes;
  $('idcs').value = st.consumeridcs.join(', ');
  $('inner').value = st.inner;
  $('sep').value = st.sep;
  $('bfield').value = st.brokerField;
  $('cfield').value = st.consumerField;
  $('config').value = st.config;
  $('wi-add').value = s.whatIf.add;
  $('wi-brokers').value = s.whatIf.brokers ?? '';
  $('wi-qpb').value = s.whatIf.queuesPerBroker ?? '';
  const p = s.producer;
  $('pb-seen').value = s.problems.seen;
  $('pb-go').dataset.built = $('pb-nosub').dataset.built = '';
  $('p-key').value = p.key;
  $('p-keytype').value = p.keyType;
  $('p-groups').value = p.groups.join('\n');
  $('p-start').value = p.startIndex;
  $('p-sends').value = p.sends;
  $('pr-messages').value = s.priority.messages.join('\n');
  $('pr-selector').value = s.priority.selector;
  $('pr-wqn').value = s.priority.writeQueueNums ?? '';
  const pr = s.priority;
  options($('pr-broker'), [...new Set(['', pr.drainBroker])], pr.drainBroker, (v) => v || '(the first with messages)');
  $('pr-factor').value = pr.factor;
  $('pr-max').value = pr.maxMsgNums;
  $('pr-asc').checked = pr.asc;
  $('pr-path').value = pr.path;
  $('pr-draws').value = pr.draws.join(', ');
  $('pr-count').value = pr.requestCount;
  $('pr-retry').value = pr.retryBacklog;
  $('pr-rpp').value = pr.retryProbabilityForPriority;
  $('pr-rp').value = pr.retryProbability;
  syncDynamic();
  syncVisibility();
  syncWhatIfAdd();
  selectTab(s.tab, false);
}

// The bar's twins of a tab's own fields (Producer, Priority): typed in
// either, the other follows; the form's field is what the state reads.
const BAR_FIELDS = { 'cb-p-key': 'p-key', 'cb-p-sends': 'p-sends', 'cb-pr-selector': 'pr-selector', 'cb-pr-wqn': 'pr-wqn' };

/** The control bar's counts from the state (not the one being typed in). */
function syncBar() {
  const set = (id, v) => { if (document.activeElement !== $(id)) $(id).value = v; };
  for (const [twin, field] of Object.entries(BAR_FIELDS)) set(twin, $(field).value);
  const quick = state.source === 'quick';
  $('cb-brokers').disabled = $('cb-qpb').disabled = !quick;
  set('cb-brokers', quick ? state.brokers : '');
  set('cb-qpb', quick ? state.queuesPerBroker : '');
  $('cb-brokers').placeholder = $('cb-qpb').placeholder = quick ? '' : 'route';
  set('cb-consumers', state.consumers.length);
}

/**
 * The bar's consumer count: the IDs typed so far are kept; more adds
 * generated IDs not in use, fewer drops the last ones.
 */
function resizeConsumers(value) {
  const n = Math.max(0, Math.min(100000, Math.floor(Number(value))));
  if (!Number.isFinite(n) || String(value).trim() === '') return;
  const cs = lines($('consumers').value);
  if (n < cs.length) cs.length = n;
  else {
    const used = new Set(cs), rooms = list($('rooms').value);
    for (let i = cs.length + 1; cs.length < n; i++) {
      const id = generatedID(i, rooms);
      if (!used.has(id)) { cs.push(id); used.add(id); }
    }
  }
  $('consumers').value = cs.join('\n');
}

/** Controls whose options depend on the state (consumer and broker lists). */
function syncDynamic() {
  // One option per consumer: rebuilt only while the What-if tab shows it (thousands of options per keystroke otherwise).
  if (state.tab === 'whatif' || !$('wi-remove').options.length) options($('wi-remove'), ['', ...state.consumers], state.whatIf.remove, (v) => v || '(nobody)');
  const brokers = knownBrokers();
  const fb = $('find-broker');
  options(fb, brokers, fb.value || brokers[Math.min(1, brokers.length - 1)]);
  options($('p-failing'), ['', ...brokers], state.producer.failing, (v) => v || '(none)');
  checkList($('pb-go'), state.problems.go, 'go');
  checkList($('pb-nosub'), state.problems.nosub, 'nosub');
  const lat = $('latency-in');
  if (lat.dataset.brokers !== JSON.stringify(brokers)) {
    lat.dataset.brokers = JSON.stringify(brokers);
    put(lat, brokers.slice(0, 50).map((b, i) => h('div', { className: 'lat' },
      h('label', { htmlFor: 'lat-' + i }, b, ' latency (ms)'),
      h('input', { id: 'lat-' + i, type: 'number', value: String(state.producer.latency[b] ?? 0), dataset: { broker: b }, attrs: { min: -1000000, max: 10000000, inputmode: 'numeric' } }),
      h('label', { className: 'check' }, h('input', { type: 'checkbox', id: 'iso-' + i, dataset: { broker: b }, attrs: { 'aria-label': 'Isolate ' + b } }), ' isolate'))));
    lat.querySelectorAll('input[type=checkbox]').forEach((c) => { c.checked = !!state.producer.isolated[c.dataset.broker]; });
  }
}

/** One checkbox per consumer (first 64), rebuilt when the consumers change. */
function checkList(fs, selected, prefix) {
  const cids = state.consumers.slice(0, 64);
  const key = JSON.stringify(cids);
  if (fs.dataset.built === key) return;
  fs.dataset.built = key;
  const sel = new Set(selected);
  const legend = fs.querySelector('legend');
  put(fs, legend, cids.map((c, i) => h('label', { className: 'check' },
    h('input', { type: 'checkbox', id: `pb-${prefix}-${i}`, dataset: { cid: c } }), ' ', h('code', {}, c))));
  fs.querySelectorAll('input').forEach((c) => { c.checked = sel.has(c.dataset.cid); });
}

const JAVA_CLASS = {
  AVG: 'AllocateMessageQueueAveragely', AVG_BY_CIRCLE: 'AllocateMessageQueueAveragelyByCircle',
  CONSISTENT_HASH: 'AllocateMessageQueueConsistentHash', MACHINE_ROOM: 'AllocateMessageQueueByMachineRoom',
  MACHINE_ROOM_NEARBY: 'AllocateMachineRoomNearby', CONFIG: 'AllocateMessageQueueByConfig',
};
// rocketmq-client-go v2's strategy functions (package consumer).
const GO_FUNC = {
  AVG: 'AllocateByAveragely', AVG_BY_CIRCLE: 'AllocateByAveragelyCircle', CONSISTENT_HASH: 'AllocateByConsistentHash(virtualNodeCnt)',
  MACHINE_ROOM: 'AllocateByMachineRoom(consumeridcs)', MACHINE_ROOM_NEARBY: 'AllocateByMachineNearby', CONFIG: 'AllocateByConfig(list)',
};

/** What the chosen client calls the chosen strategy. */
function strategyClass(client, name) {
  return client === 'go' ? ['Go: ', h('code', {}, 'consumer.' + GO_FUNC[name])] : ['Java: ', h('code', {}, JAVA_CLASS[name])];
}

/** Marks wide tables that scroll sideways, for their visible cue (style.css). */
// Tables drawn later (a tab shown, a virtual list filled) are checked too.
let scrollCheck = 0;
const laterScrollers = () => { cancelAnimationFrame(scrollCheck); scrollCheck = requestAnimationFrame(markScrollers); };
// A table's width can change without a change in its own subtree (a grid beside it drawn): watched by size.
const sized = new ResizeObserver(laterScrollers);
const watchedWraps = new WeakSet();
const watchWraps = () => {
  for (const w of document.querySelectorAll('.results .table-wrap')) {
    if (watchedWraps.has(w)) continue;
    watchedWraps.add(w);
    sized.observe(w);
    if (w.firstElementChild) sized.observe(w.firstElementChild);
  }
};
new MutationObserver(laterScrollers).observe(document.querySelector('.results'), { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
addEventListener('resize', laterScrollers, { passive: true });

function markScrollers() {
  watchWraps();
  for (const w of document.querySelectorAll('.table-wrap')) {
    const on = w.scrollWidth > w.clientWidth + 1;
    w.classList.toggle('scrollable', on);
    // A region that scrolls sideways takes the keyboard's focus (arrow keys scroll it).
    if (on && !w.hasAttribute('tabindex')) {
      w.tabIndex = 0;
      w.setAttribute('role', 'region');
      if (!w.hasAttribute('aria-label')) w.setAttribute('aria-label', (w.querySelector('caption, th')?.textContent || 'Table') + ' (scrolls sideways)');
    }
  }
}

function syncVisibility() {
  put($('strategy-class'), h('strong', {}, state.strategy.name), ' — ', strategyClass(state.client, state.strategy.name));
  syncBar();
  $('quick-form').hidden = state.source !== 'quick';
  $('quick-hint').hidden = state.source !== 'quick';
  $('route-form').hidden = state.source !== 'route';
  syncWhere(state.where);
  const name = state.strategy.name;
  for (const el of document.querySelectorAll('.opt')) {
    let show = el.dataset.for.split(' ').includes(name);
    if (el.querySelector('#vnodes') && name === 'MACHINE_ROOM_NEARBY') show = state.strategy.inner === 'CONSISTENT_HASH';
    el.hidden = !show;
  }
  $('wi-brokers').disabled = $('wi-qpb').disabled = state.source !== 'quick';
  $('wi-brokers').placeholder = `${state.brokers} (as now)`;
  $('wi-qpb').placeholder = `${state.queuesPerBroker} (as now)`;
  for (const el of document.querySelectorAll('[data-pr-path]')) el.hidden = el.dataset.prPath !== state.priority.path;
  $('pr-wqn').placeholder = state.source === 'quick' ? `${state.queuesPerBroker} (the topic’s)` : 'the route’s, per broker';
  $('cb-pr-wqn').placeholder = state.source === 'quick' ? String(state.queuesPerBroker) : 'route';
}

function selectTab(tab, focus) {
  state.tab = tab;
  for (const b of document.querySelectorAll('[role=tab]')) {
    const on = b.dataset.tab === tab;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
    if (on && focus) b.focus();
    // The row scrolls sideways on a narrow screen: the chosen tab is shown whole.
    if (on && b.parentElement.scrollWidth > b.parentElement.clientWidth) b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
  for (const p of document.querySelectorAll('[role=tabpanel]')) p.hidden = p.id !== 'tab-' + tab;
  setStatus(shownStatus.msg, shownStatus.bad);
}

// validate's field names → the control that holds them.
const FIELD_INPUT = {
  topic: 'topic', brokers: 'brokers', queuesPerBroker: 'qpb', 'brokers × queuesPerBroker': 'qpb', group: 'group',
  'strategy.virtualNodes': 'vnodes', 'strategy.sep': 'sep', 'strategy.brokerField': 'bfield', 'strategy.consumerField': 'cfield',
  'whatIf.brokers': 'wi-brokers', 'whatIf.queuesPerBroker': 'wi-qpb', 'whatIf brokers × queuesPerBroker': 'wi-qpb',
  'producer.startIndex': 'p-start', 'producer.sends': 'p-sends', 'priority.messages': 'pr-messages', 'priority.writeQueueNums': 'pr-wqn', 'priority.selector': 'pr-selector',
  'priority.factor': 'pr-factor', 'priority.maxMsgNums': 'pr-max', 'priority.draws': 'pr-draws', 'priority.requestCount': 'pr-count',
  'priority.retryBacklog': 'pr-retry', 'priority.retryProbabilityForPriority': 'pr-rpp', 'priority.retryProbability': 'pr-rp', 'problems.seen': 'pb-seen', consumers: 'consumers',
};
function fieldInput(field) {
  if (!field) return null;
  const lat = /^producer\.latency\[(".*")\]$/.exec(field);
  if (lat) return [...document.querySelectorAll('#latency-in input[type=number]')].find((i) => i.dataset.broker === JSON.parse(lat[1])) || null;
  const id = FIELD_INPUT[field];
  if (!id) return null;
  // Typed in the control bar: the message goes there.
  const twin = BAR_TWIN[id] && $(BAR_TWIN[id]);
  return twin && document.activeElement === twin ? twin : $(id);
}
const BAR_TWIN = { brokers: 'cb-brokers', qpb: 'cb-qpb', consumers: 'cb-consumers', ...Object.fromEntries(Object.entries(BAR_FIELDS).map(([t, f]) => [f, t])) };

/** The on-screen name of a form control: its label's text, without the parts in parentheses. */
function labelOf(input) {
  const l = input.labels && input.labels[0];
  const t = l ? l.textContent.replace(/(\s+\(|:\s)[\s\S]*$/, '').trim() : '';
  return t || input.getAttribute('aria-label') || input.id;
}

/** A validation message in the words on screen: the field's state name becomes its label ("whatIf.brokers must …" → "Brokers must …"). */
function onScreen(msg, field, input) {
  if (!input || !field) return msg;
  const name = `\u201c${labelOf(input)}\u201d`;
  return msg.startsWith(field) ? name + msg.slice(field.length) : msg.split(field).join(name);
}

/**
 * Shows msg at the control of field (or clears every field error), and
 * greys the results it invalidates: only the old results, never a field,
 * so the fix can be typed right there. The note above links to the field.
 */
function fieldError(field, msg) {
  const input = msg ? fieldInput(field) : null;
  const text = msg ? onScreen(msg, field, input) : '';
  // The same error again (the field's change event on the way to the note's
  // link): all stays as it is, so a click landing on the link is not lost.
  const key = msg ? field + '\n' + text : '';
  if (msg && $('stale-note').dataset.key === key && (!input || document.getElementById(input.id + '-error'))) return;
  for (const el of document.querySelectorAll('[aria-invalid=true]:not(.dx-box textarea):not(.dx-status-id input)')) { el.removeAttribute('aria-invalid'); el.removeAttribute('aria-describedby'); }
  for (const el of document.querySelectorAll('.field-error:not([id^=dx-])')) el.remove();
  const results = document.querySelector('.results');
  results.classList.toggle('stale', !!msg);
  $('stale-note').hidden = !msg;
  $('stale-note').dataset.key = key;
  if (!msg) return;
  put($('stale-note'), h('strong', {}, 'Out of date: '), 'the result below is for the last valid inputs. ',
    input ? h('button', { type: 'button', className: 'linklike', id: 'stale-fix', on: { click: () => { input.scrollIntoView({ block: 'center' }); input.focus(); } } }, `Fix \u201c${labelOf(input)}\u201d`) : 'Fix the form',
    ' to update it: ', text);
  if (!input) return;
  const note = h('p', { className: 'field-error', id: input.id + '-error', attrs: { role: 'alert' } }, text);
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', note.id);
  input.insertAdjacentElement('afterend', note);
}

/** Form changed: validate, write the URL, recompute (debounced). */
function changed() {
  let s;
  try { s = validate(readForm()); } catch (e) {
    setStatus('⚠ ' + e.message, true);
    fieldError(e.field, e.message);
    clearTimeout(timer);
    return;
  }
  fieldError(null);
  state = s;
  syncVisibility();
  syncWhatIfAdd();
  updateLink();
  clearTimeout(timer);
  // Nothing to recompute when the inputs are those of the result shown (a
  // change event on leaving a box already computed by its input events).
  if (computedKey === inputsKey(state) && !analysisStale) return;
  timer = setTimeout(compute, DEBOUNCE_MS);
}

// The inputs of the last computation asked for (tab included: the what-if side depends on it).
let computedKey = '';
const inputsKey = (s) => JSON.stringify(s);

/** Flags a what-if "add" that is already a consumer: it would duplicate a client ID. */
function syncWhatIfAdd() {
  const dup = state.whatIf.add !== '' && state.consumers.includes(state.whatIf.add);
  const note = $('wi-add-note');
  note.hidden = !dup;
  if (!dup) return;
  const next = unusedID(state.consumers, state.rooms);
  if (note.dataset.key === state.whatIf.add + '\n' + next) return; // keep the button a click is landing on
  note.dataset.key = state.whatIf.add + '\n' + next;
  put(note, '⚠ already a consumer: adding it again makes a duplicate client ID. ',
    h('button', { type: 'button', className: 'small', id: 'wi-add-unused', on: { click: () => proposeAdd(true) } }, 'Use ' + next));
}

/** Puts an unused generated ID in the what-if "add" box when its value is taken (or forced). */
function proposeAdd(force = true) {
  const cs = lines($('consumers').value);
  const v = $('wi-add').value.trim();
  if (force === true || (v !== '' && cs.includes(v))) $('wi-add').value = unusedID(cs, list($('rooms').value));
  changed();
}

// The header's status line is about the Allocation side (queues, consumers,
// time); the Diagnose tab, which ignores that form, shows none of it.
let shownStatus = { msg: '', bad: false };
function setStatus(msg, bad = false) {
  shownStatus = { msg, bad };
  const el = $('status');
  const off = state && state.tab === 'diagnose';
  el.textContent = off ? '' : msg;
  el.classList.toggle('bad', !off && bad);
}

// Only the visible tab is drawn; the other is drawn when it is opened.
const dirty = { alloc: false, whatif: false };
// Resolves when every part is drawn; the long lists are drawn in tasks of their own.
async function renderVisible() {
  if (!lastAnalysis) return;
  // A redraw replaces the result's controls (the big group's filter): the one being typed in keeps the focus and caret.
  const active = document.activeElement;
  const keep = active && active.id && active.closest('.results') && active.matches('input, select')
    ? { id: active.id, start: active.selectionStart ?? null, end: active.selectionEnd ?? null } : null;
  let later = [];
  if (state.tab === 'alloc' && dirty.alloc) {
    dirty.alloc = false;
    later = V.renderAlloc($('alloc-out'), lastAnalysis, removeConsumer, { giveRooms, strategy: state.strategy });
    $('alloc-out').classList.remove('pending');
  }
  if (state.tab === 'whatif' && dirty.whatif && !lastAnalysis.whatIfPending) { dirty.whatif = false; later = V.renderWhatIf($('whatif-out'), lastAnalysis); find(); }
  const back = keep && $(keep.id);
  if (back && back !== document.activeElement && document.activeElement === document.body) {
    back.focus();
    if (keep.start !== null && typeof back.setSelectionRange === 'function') try { back.setSelectionRange(keep.start, keep.end); } catch { /* a type without a caret */ }
  }
  for (const draw of later) {
    await new Promise((r) => setTimeout(r, 0));
    draw();
  }
  highlight(pinned);
  markScrollers();
}

// Hover, focus or click a consumer (a list entry, a chip, a cell): its
// queues light up in every grid; a click pins it until the next click.
// The grids' cells are in <rmq-grid> shadow roots: events are read at
// their origin (composedPath) and each grid lights its own cells.
let pinned = null, lit = null;
let copyTimer = 0;
function highlight(cid) {
  lit = cid;
  const results = document.querySelector('.results');
  for (const el of results.querySelectorAll('.hl')) el.classList.remove('hl');
  results.classList.toggle('highlighting', !!cid);
  for (const g of results.querySelectorAll('rmq-grid')) g.highlight(cid);
  if (!cid) return;
  for (const el of results.querySelectorAll(`[data-member="${CSS.escape(cid)}"]`)) el.classList.add('hl');
}
function memberAt(e) {
  const t = e.composedPath()[0];
  const el = t instanceof Element ? t.closest('[data-member], [data-owners]') : null;
  return el ? el.dataset.member || el.dataset.owners.split(',')[0] || null : null;
}
// Scrolled past the top: on a phone the pinned control bar drops its labels (style.css).
let scrolledShown = false;
addEventListener('scroll', () => {
  const on = scrollY > 80;
  if (on !== scrolledShown) { scrolledShown = on; document.body.classList.toggle('scrolled', on); }
}, { passive: true });

function wireHighlight() {
  const results = document.querySelector('.results');
  const hover = (e) => {
    const cid = memberAt(e);
    if (!pinned && cid !== lit) highlight(cid);
  };
  results.addEventListener('mouseover', hover);
  results.addEventListener('focusin', hover);
  results.addEventListener('mouseleave', () => { if (!pinned && lit) highlight(null); });
  results.addEventListener('click', (e) => {
    if (e.target.closest('button')) return;
    const cid = memberAt(e);
    pinned = cid && cid !== pinned ? cid : null;
    highlight(pinned || cid);
  });
  // Keyboard: a grid moves its focus inside its shadow root, where no
  // focusin reaches the page; its keydown does. After the grid's arrow
  // handler (inside, so first), the focused cell's owner lights up; Enter
  // or Space pins it as a click does.
  results.addEventListener('keydown', (e) => {
    const host = e.composedPath().find((n) => n instanceof Element && n.localName === 'rmq-grid');
    const td = host && host.shadowRoot && host.shadowRoot.activeElement;
    if (!td || td.localName !== 'td') return;
    const cid = td.dataset.owners ? td.dataset.owners.split(',')[0] : null;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pinned = cid && cid !== pinned ? cid : null;
      highlight(pinned || cid);
    } else if (!pinned && cid !== lit) {
      highlight(cid);
    }
  });
}

/** Downloads the plan (computed in the worker) as a file. */
async function exportPlan(kind) {
  // Never a file that does not match the inputs on screen.
  if (document.querySelector('.results').classList.contains('stale')) { setStatus('⚠ fix the marked field before exporting', true); return; }
  const r = await engine.call('export', structuredClone(state));
  if (r.stale) return;
  if (r.error) { setStatus('⚠ export: ' + r.error.message, true); return; }
  const blob = new Blob([r.result[kind]], { type: kind === 'json' ? 'application/json' : 'text/csv' });
  const a = h('a', { attrs: { href: URL.createObjectURL(blob), download: `${state.topic || 'plan'}-${state.strategy.name}.${kind}` } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

// No pause is waited for: the input and change events of one edit
// coalesce in one task (setTimeout 0), and while a computation runs the
// worker client (client.js) keeps only the newest call, so fast typing
// never queues stale work (a 60 ms debounce added 60 ms to every keystroke).
const DEBOUNCE_MS = 0;
let computing = 0;
let firstRun = true;
let resolveFirst;
const firstResult = new Promise((r) => { resolveFirst = r; });
// Tabs the core module answers (worker.js): while one shows, the analysis
// (full module) is not asked for; it is computed when a tab needing it opens.
const CORE_TABS = new Set(['producer', 'priority', 'explain']);
let analysisStale = false;
const coreOnly = () => CORE_TABS.has(state.tab) && state.source === 'quick';

async function compute() {
  if (coreOnly()) {
    analysisStale = true;
    syncDynamic();
    setStatus(`${state.brokers * state.queuesPerBroker} queues, ${state.consumers.length} consumers`);
    firstRun = false;
    resolveFirst();
    document.body.dataset.ready = 'true';
    document.body.dataset.renderedAt = String(Math.round(performance.now()));
    onTab();
    return;
  }
  analysisStale = false;
  const snap = structuredClone(state);
  computedKey = inputsKey(state);
  const t0 = performance.now();
  computing++;
  setStatus('computing…');
  // Before the first answer (its module may still be loading), the part of
  // the result the inputs alone give: the strategy, the client, its note.
  const out = $('alloc-out');
  if (firstRun && state.tab === 'alloc' && !out.firstChild) { V.renderAllocHead(out, state); out.classList.add('pending'); }
  const r = await engine.call('analyze', snap);
  computing--;
  if (r.stale) return;
  const res = r.error ? { error: r.error } : unpack(r.result);
  lastAnalysis = res;
  dirty.alloc = dirty.whatif = true;
  showWhere(engine, state, $('where-out'));
  syncDynamic();
  await renderVisible();
  // The first result's time counts from navigation start (performance's
  // time origin): what a person waited, scripts and module included.
  const ms = Math.round(performance.now() - (firstRun ? 0 : t0));
  setStatus(r.error ? '⚠ ' + r.error.message
    : res.error ? '⚠ ' + res.error.message
      : `${res.before.queues.length} queues, ${res.before.members.length} consumers · ${firstRun ? `first result ${ms} ms after opening` : `${ms} ms`}`, !!(r.error || res.error));
  firstRun = false;
  resolveFirst();
  document.body.dataset.ready = 'true';
  document.body.dataset.renderedAt = String(Math.round(performance.now())); // for the e2e timing test
  onTab();
}

async function computeProblems() {
  const r = await engine.call('problems', structuredClone(state));
  if (r.stale) return;
  V.renderProblems({ views: $('pb-views-out'), mixed: $('pb-mixed-out'), sub: $('pb-sub-out') }, r.error ? { error: r.error } : r.result);
  markScrollers();
}

async function computeProducer() {
  const r = await engine.call('producer', structuredClone(state));
  if (r.stale) return;
  const res = r.error ? { error: r.error } : r.result;
  if (res.publish) { lastAnalysis = lastAnalysis || null; }
  V.renderProducer({ note: $('producer-note'), hash: $('hash-out'), groups: $('groups-out'), rr: $('rr-out'), latency: $('latency-out') }, res);
}

async function computePriority() {
  const out = $('priority-out');
  out.dataset.ready = 'false';
  const r = await engine.call('priority', structuredClone(state));
  if (r.stale) return;
  const res = r.error ? { error: r.error } : r.result;
  renderPriority(out, res);
  markScrollers();
  out.dataset.ready = 'true';
  // The POP side, from the full module (loaded on the way when the page has only the core one).
  const drainOut = $('pr-drain-out');
  drainOut.dataset.ready = 'false';
  if (res.error) { $('pr-drain').hidden = true; drainOut.dataset.ready = 'true'; return; }
  const d = await engine.call('priorityDrain', structuredClone(state));
  if (d.stale) return;
  const drain = d.error ? { error: d.error } : d.result.drain;
  $('pr-drain').hidden = !drain;
  if (drain && drain.brokers) options($('pr-broker'), ['', ...drain.brokers], state.priority.drainBroker, (v) => v || '(the first with messages)');
  if (drain) renderDrain(drainOut, drain);
  markScrollers();
  drainOut.dataset.ready = 'true';
}

async function computeCompare() {
  const bar = $('compare-progress');
  let shown = false;
  const t = setTimeout(() => { bar.hidden = false; shown = true; }, 100);
  put($('compare-out'), h('p', { className: 'hint' }, 'comparing…'));
  const r = await engine.call('compare', structuredClone(state), (p) => { bar.max = p.total; bar.value = p.done; });
  clearTimeout(t);
  if (r.stale) return;
  bar.hidden = true; void shown;
  V.renderCompare($('compare-out'), r.error ? { error: r.error } : r.result);
  markScrollers();
}

function find() {
  const q = Number($('find-queue').value);
  V.findQueue($('find-out'), lastAnalysis, $('find-broker').value, Number.isInteger(q) ? q : -1);
}

function removeConsumer(cid) {
  state.consumers = state.consumers.filter((c) => c !== cid);
  $('consumers').value = state.consumers.join('\n');
  changed();
}

function nextConsumer() {
  return unusedID(state.consumers, state.rooms);
}

/**
 * The one-click fix for MACHINE_ROOM_NEARBY on IDs without rooms: rooms for
 * the quick form's brokers (hz, sh) when there are none, and each client ID
 * padded to the consumer field with a room, dealt round robin.
 */
function giveRooms() {
  const st = state.strategy;
  let rooms = list($('rooms').value);
  if (!rooms.length && state.source === 'quick') { rooms = ['hz', 'sh']; $('rooms').value = rooms.join(', '); }
  if (!rooms.length) rooms = ['hz'];
  $('consumers').value = state.consumers.map((c, i) => {
    const parts = c.split(st.sep);
    while (parts.length < st.consumerField) parts.push('x');
    if (parts.length === st.consumerField) parts.push(rooms[i % rooms.length]);
    return parts.join(st.sep);
  }).join('\n');
  changed();
}

function wire() {
  const form = $('inputs');
  form.addEventListener('input', changed);
  form.addEventListener('change', changed);
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const id of ['pb-seen', 'pb-go', 'pb-nosub', 'wi-add', 'wi-remove', 'wi-brokers', 'wi-qpb', 'p-key', 'p-keytype', 'p-groups', 'p-start', 'p-sends', 'p-failing', 'pr-messages', 'pr-selector', 'pr-wqn', 'pr-broker', 'pr-factor', 'pr-max', 'pr-asc', 'pr-path', 'pr-draws', 'pr-count', 'pr-retry', 'pr-rpp', 'pr-rp']) {
    $(id).addEventListener('input', changed);
    $(id).addEventListener('change', changed);
  }
  const bar = $('control-bar');
  const barInput = (e) => {
    const t = e.target;
    if (t.id === 'cb-brokers') $('brokers').value = t.value;
    else if (t.id === 'cb-qpb') $('qpb').value = t.value;
    else if (t.id === 'cb-consumers') { resizeConsumers(t.value); proposeAdd(false); return; }
    else if (BAR_FIELDS[t.id]) $(BAR_FIELDS[t.id]).value = t.value;
    changed();
  };
  bar.addEventListener('input', barInput);
  bar.addEventListener('change', barInput);
  bar.addEventListener('focusout', () => setTimeout(syncBar, 0)); // a field left empty shows the state again
  $('latency-in').addEventListener('input', changed);
  $('latency-in').addEventListener('change', changed);
  $('find-broker').addEventListener('change', find);
  $('export-json').addEventListener('click', () => exportPlan('json'));
  $('export-csv').addEventListener('click', () => exportPlan('csv'));
  wireHighlight();
  $('find-queue').addEventListener('input', find);
  $('generate').addEventListener('click', () => {
    const n = Math.max(0, Math.min(100000, Math.floor(num($('gen-count'), 4))));
    $('consumers').value = generateConsumers(n, list($('rooms').value)).join('\n');
    proposeAdd(false);
  });
  $('add-consumer').addEventListener('click', () => {
    state.consumers.push(nextConsumer());
    $('consumers').value = state.consumers.join('\n');
    proposeAdd(false);
  });
  $('route-example').addEventListener('click', () => {
    $('route').value = JSON.stringify(EXAMPLE_ROUTE, null, 2);
    changed();
  });
  $('copy-link').addEventListener('click', async () => {
    const url = location.href.split('#')[0] + await updateLink();
    let msg;
    try { await navigator.clipboard.writeText(url); msg = '✓ Link copied'; } catch { msg = 'Copy failed: the link is in the address bar'; }
    // Said beside the button, for a few seconds: the status line is rewritten by the next computation.
    if (state.tab === 'diagnose') msg += ' — without the pasted outputs (Diagnose: “Share with the outputs”)';
    const note = $('copy-note');
    note.textContent = msg;
    clearTimeout(copyTimer);
    copyTimer = setTimeout(() => { note.textContent = ''; }, 6000);
  });
  $('reset').addEventListener('click', () => {
    state = defaults();
    history.replaceState(null, '', location.pathname);
    fillForm();
    compute();
  });
  const tabs = [...document.querySelectorAll('[role=tab]')];
  tabs.forEach((b, i) => {
    b.addEventListener('click', () => { selectTab(b.dataset.tab, false); updateLink(); onTab(); });
    b.addEventListener('keydown', (e) => {
      const d = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: tabs.length - 1 - i }[e.key];
      if (d === undefined) return;
      e.preventDefault();
      const t = tabs[(i + d + tabs.length) % tabs.length];
      selectTab(t.dataset.tab, true);
      updateLink();
      onTab();
    });
  });
  window.addEventListener('hashchange', () => {
    if (location.hash === lastLink) return;
    load();
  });
}

function onTab() {
  if (analysisStale && !coreOnly()) { compute(); return; }
  // The what-if side is computed only while its tab is open (engine.analyze).
  if (state.tab === 'whatif' && lastAnalysis && lastAnalysis.whatIfPending) {
    put($('whatif-out'), h('p', { className: 'hint' }, 'computing the what-if…'));
    compute();
    return;
  }
  if (state.tab === 'whatif') syncDynamic();
  renderVisible();
  if (state.tab === 'problems') computeProblems();
  if (state.tab === 'producer') computeProducer();
  if (state.tab === 'priority') computePriority();
  if (state.tab === 'compare') computeCompare();
  if (state.tab === 'explain' && !explained) { explained = true; explain(); }
}
let explained = false;

// The permalink in the address bar. Compressing is async (encodeLink):
// only the latest state's link is written, and lastLink is what was.
let linkSeq = 0, lastLink = '';
async function updateLink() {
  const seq = ++linkSeq;
  const link = await encodeLink(state);
  if (seq === linkSeq) {
    lastLink = link;
    history.replaceState(null, '', link);
  }
  return link;
}

async function load() {
  linkSeq++; // a link being written for the old state is stale now
  lastLink = location.hash;
  // A Diagnose share (#dx=..., lib/share.js): the pasted outputs, the rest the defaults.
  const shared = isShare(location.hash);
  const r = shared ? { state: { ...defaults(), tab: 'diagnose' } } : await decodeLink(location.hash);
  state = r.state;
  if (shared) diagnosis.loadShared(location.hash);
  banner(r.error || r.warning || null, !r.error);
  fillForm();
  compute();
}

async function explain() {
  const r = await engine.call('examples', null);
  V.renderExplain($('explain-out'), r.error ? { error: r.error } : r.result);
}

/** Offline after the first visit: the service worker caches what the page and its worker loaded. */
async function offline() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e) => {
    if (e.data && e.data.cached) document.body.dataset.offline = 'ready'; // everything loaded so far is cached
  });
  try {
    // Registered after the first result: its install fetches every file
    // again, which must not compete with what the first result needs.
    await firstResult;
    const reg = await navigator.serviceWorker.register(new URL('sw.js', document.baseURI));
    await navigator.serviceWorker.ready;
    const r = await engine.call('resources', null);
    const urls = [location.href.split('#')[0], ...performance.getEntriesByType('resource').map((e) => e.name), ...(r.result || []), '/js/rmqalloc-full.wasm'];
    (reg.active || navigator.serviceWorker.controller)?.postMessage({ cache: urls });
  } catch { /* no offline copy; the page works as before */ }
}

initTheme($('theme'));
// The strategy menus come from the registry (STRATEGIES, INNER); the
// page's own options are what a first paint shows before this runs.
for (const [id, names] of [['strategy', STRATEGIES], ['inner', INNER]]) {
  put($(id), ...names.map((n) => h('option', { value: n }, n)));
}
wire();
initVerified(() => state ? state.client : '4.9.3');
diagnosis = initDiagnose($('tab-diagnose'), engine, $('consumers'));
load();
offline();
window.addEventListener('resize', markScrollers);
V.renderExplain($('explain-out'), null);
