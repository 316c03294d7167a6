// state.js — the playground's whole state, its defaults, validation, and
// its permalink form (the URL hash: #s=<base64url of JSON>, or, when
// shorter, #z=<base64url of the JSON deflated>: see encodeLink).
import { whereDefaults, validateWhere } from './where.js';
import { priorityDefaults, validatePriority } from './priority.js';
import { simulatedStrategies, strategies } from '../../js/names.js';

// The strategies in the order the menus offer them, and those NEARBY's
// inner menu offers (they need no settings): alloc's registry, generated.
export const STRATEGIES = strategies;
export const INNER = simulatedStrategies;
export const CLIENTS = ['4.9.3', '5.3.3', 'go'];
export const TABS = ['alloc', 'whatif', 'compare', 'problems', 'producer', 'priority', 'explain', 'diagnose'];
const LIMITS = { brokers: 1000, queuesPerBroker: 65536, queues: 2_000_000, consumers: 100_000, text: 2_000_000 };
export { LIMITS };

/**
 * The i-th generated IPv4 (1-based): 192.168.1.1 … 192.168.1.254, then
 * 192.168.2.1 …; past 192.168.255.254 the second octet goes on (192.169.…),
 * so every address up to LIMITS.consumers stays four valid octets.
 */
export function generatedIP(i) {
  const k = i - 1, block = 1 + Math.floor(k / 254);
  return `192.${168 + Math.floor(block / 256)}.${block % 256}.${(k % 254) + 1}`;
}

/** The i-th generated client ID "<ip>@<pid>", with "@room" when rooms are given. */
export function generatedID(i, rooms = []) {
  return generatedIP(i) + '@' + (4000 + i) + (rooms.length ? '@' + rooms[(i - 1) % rooms.length] : '');
}

/** n generated client IDs (generatedID 1 … n). */
export function generateConsumers(n, rooms = []) {
  const out = [];
  for (let i = 1; i <= n; i++) out.push(generatedID(i, rooms));
  return out;
}

/** A generated client ID that is not in consumers (for "Add one" and the what-if). */
export function unusedID(consumers, rooms = []) {
  const used = new Set(consumers);
  for (let i = consumers.length + 1; ; i++) if (!used.has(generatedID(i, rooms))) return generatedID(i, rooms);
}

/** A fresh default state. */
export function defaults() {
  return {
    topic: 'TopicTest',
    source: 'quick',
    brokers: 4,
    queuesPerBroker: 4,
    rooms: [],
    route: '',
    group: 'please_rename_unique_group_name',
    mode: 'clustering',
    retry: false, // also allocate %RETRY%<group>
    consumers: generateConsumers(4),
    client: '4.9.3',
    where: whereDefaults(), // where the allocation runs (where.js)
    strategy: {
      name: 'AVG', virtualNodes: 10, consumeridcs: [], inner: 'AVG',
      sep: '@', brokerField: 0, consumerField: 2, config: 'broker-a:0-1',
    },
    whatIf: { add: '192.168.1.5@4005', remove: '', brokers: null, queuesPerBroker: null }, // null: as now
    producer: {
      key: 'order-1', keyType: 'string', groups: ['order-1', 'order-2', 'order-3', 'user-42', 'payment'],
      startIndex: 0, sends: 8, failing: '', latency: { 'broker-b': 3000 }, isolated: {},
    },
    problems: { seen: 2, go: ['192.168.1.4@4004'], nosub: [] },
    priority: priorityDefaults(), // RocketMQ 5.4 priority messages (priority.js)
    tab: 'alloc',
  };
}

/** A bad state field; .field names it as validate's messages do ("whatIf.brokers"). */
export class StateError extends Error {
  constructor(message, field = null) { super(message); this.field = field; }
}

function fail(field, msg) { throw new StateError(`${field} ${msg}`, field); }
function str(v, field, max = 10_000) {
  if (typeof v !== 'string') fail(field, 'must be a string');
  if (v.length > max) fail(field, `is longer than ${max} characters`);
  return v;
}
function int(v, field, lo, hi) {
  if (!Number.isInteger(v) || v < lo || v > hi) fail(field, `must be an integer from ${lo} to ${hi}`);
  return v;
}
function oneOf(v, field, list) {
  if (!list.includes(v)) fail(field, `must be one of ${list.join(', ')}`);
  return v;
}
function strList(v, field, max) {
  if (!Array.isArray(v)) fail(field, 'must be a list');
  if (v.length > max) fail(field, `has more than ${max} entries`);
  return v.map((x, i) => str(x, `${field}[${i}]`));
}
function nullable(v, check) { return v === null ? null : check(v); }
function obj(v, field) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) fail(field, 'must be an object');
  return v;
}

/**
 * Checks a state read from a URL or built by the page, filling missing
 * fields from the defaults. Throws an Error naming the first bad field.
 */
export function validate(input) {
  const d = defaults();
  const s = obj(input, 'state');
  const pick = (o, k, dv) => (o && o[k] !== undefined ? o[k] : dv);
  const st = {};
  st.topic = str(pick(s, 'topic', d.topic), 'topic', 255);
  st.source = oneOf(pick(s, 'source', d.source), 'source', ['quick', 'route']);
  st.brokers = int(pick(s, 'brokers', d.brokers), 'brokers', 1, LIMITS.brokers);
  st.queuesPerBroker = int(pick(s, 'queuesPerBroker', d.queuesPerBroker), 'queuesPerBroker', 0, LIMITS.queuesPerBroker);
  if (st.brokers * st.queuesPerBroker > LIMITS.queues) fail('brokers × queuesPerBroker', `must be at most ${LIMITS.queues}`);
  st.rooms = strList(pick(s, 'rooms', d.rooms), 'rooms', 100).map((r) => r.trim()).filter(Boolean);
  st.route = str(pick(s, 'route', d.route), 'route', LIMITS.text);
  st.group = str(pick(s, 'group', d.group), 'group', 255);
  st.mode = oneOf(pick(s, 'mode', d.mode), 'mode', ['clustering', 'broadcasting']);
  st.retry = pick(s, 'retry', d.retry);
  if (typeof st.retry !== 'boolean') fail('retry', 'must be true or false');
  st.consumers = strList(pick(s, 'consumers', d.consumers), 'consumers', LIMITS.consumers);
  st.client = oneOf(pick(s, 'client', d.client), 'client', CLIENTS);
  try { st.where = validateWhere(pick(s, 'where', d.where)); } catch (e) { throw new StateError(e.message); }
  const ss = obj(pick(s, 'strategy', d.strategy), 'strategy'), ds = d.strategy;
  st.strategy = {
    name: oneOf(pick(ss, 'name', ds.name), 'strategy.name', STRATEGIES),
    virtualNodes: int(pick(ss, 'virtualNodes', ds.virtualNodes), 'strategy.virtualNodes', -1000, 10000),
    consumeridcs: strList(pick(ss, 'consumeridcs', ds.consumeridcs), 'strategy.consumeridcs', 100),
    inner: oneOf(pick(ss, 'inner', ds.inner), 'strategy.inner', INNER),
    sep: str(pick(ss, 'sep', ds.sep), 'strategy.sep', 10),
    brokerField: int(pick(ss, 'brokerField', ds.brokerField), 'strategy.brokerField', 0, 100),
    consumerField: int(pick(ss, 'consumerField', ds.consumerField), 'strategy.consumerField', 0, 100),
    config: str(pick(ss, 'config', ds.config), 'strategy.config', 100_000),
  };
  if (st.strategy.sep === '') fail('strategy.sep', 'must not be empty');
  const ws = obj(pick(s, 'whatIf', d.whatIf), 'whatIf');
  st.whatIf = {
    add: str(pick(ws, 'add', d.whatIf.add), 'whatIf.add', 1000),
    remove: str(pick(ws, 'remove', d.whatIf.remove), 'whatIf.remove', 1000),
    brokers: nullable(pick(ws, 'brokers', null), (v) => int(v, 'whatIf.brokers', 1, LIMITS.brokers)),
    queuesPerBroker: nullable(pick(ws, 'queuesPerBroker', null), (v) => int(v, 'whatIf.queuesPerBroker', 0, LIMITS.queuesPerBroker)),
  };
  if ((st.whatIf.brokers ?? st.brokers) * (st.whatIf.queuesPerBroker ?? st.queuesPerBroker) > LIMITS.queues) fail('whatIf brokers × queuesPerBroker', `must be at most ${LIMITS.queues}`);
  const ps = obj(pick(s, 'producer', d.producer), 'producer'), dp = d.producer;
  st.producer = {
    key: str(pick(ps, 'key', dp.key), 'producer.key', 10_000),
    keyType: oneOf(pick(ps, 'keyType', dp.keyType), 'producer.keyType', ['string', 'int', 'long']),
    groups: strList(pick(ps, 'groups', dp.groups), 'producer.groups', 200),
    startIndex: int(pick(ps, 'startIndex', dp.startIndex), 'producer.startIndex', -2147483648, 2147483647),
    sends: int(pick(ps, 'sends', dp.sends), 'producer.sends', 1, 200),
    failing: str(pick(ps, 'failing', dp.failing), 'producer.failing', 1000),
    latency: {},
    isolated: {},
  };
  for (const [b, v] of Object.entries(obj(pick(ps, 'latency', dp.latency), 'producer.latency'))) {
    st.producer.latency[str(b, 'producer.latency key', 1000)] = int(v, `producer.latency[${JSON.stringify(b)}]`, -1_000_000, 10_000_000);
  }
  for (const [b, v] of Object.entries(obj(pick(ps, 'isolated', dp.isolated), 'producer.isolated'))) {
    if (typeof v !== 'boolean') fail(`producer.isolated[${JSON.stringify(b)}]`, 'must be true or false');
    st.producer.isolated[b] = v;
  }
  const pb = obj(pick(s, 'problems', d.problems), 'problems');
  st.problems = {
    seen: int(pick(pb, 'seen', d.problems.seen), 'problems.seen', 0, LIMITS.consumers),
    go: strList(pick(pb, 'go', d.problems.go), 'problems.go', LIMITS.consumers),
    nosub: strList(pick(pb, 'nosub', d.problems.nosub), 'problems.nosub', LIMITS.consumers),
  };
  try { st.priority = validatePriority(pick(s, 'priority', d.priority)); } catch (e) { throw new StateError(e.message, e.field); }
  st.tab = oneOf(pick(s, 'tab', d.tab), 'tab', TABS);
  return st;
}

function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64Url(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new StateError('the link is damaged (not base64url)');
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The fields of st that differ from the defaults (what a permalink needs). */
export function compact(st) {
  const d = defaults(), out = {};
  for (const [k, v] of Object.entries(st)) {
    const dv = d[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && dv && typeof dv === 'object' && !Array.isArray(dv)) {
      const sub = {};
      for (const [k2, v2] of Object.entries(v)) {
        if (JSON.stringify(v2) !== JSON.stringify(dv[k2])) sub[k2] = v2;
      }
      if (Object.keys(sub).length) out[k] = sub;
    } else if (JSON.stringify(v) !== JSON.stringify(dv)) out[k] = v;
  }
  return out;
}

// Generated consumers are linked by their rule: "gen": k stands for
// generateConsumers(k, rooms) ahead of the listed ones, so a link to 1,000
// generated consumers stays a few dozen characters.
const GEN_MIN = 8;

/** How many leading consumers are generateConsumers(k, rooms) (0 below GEN_MIN). */
function generatedPrefix(consumers, rooms) {
  let k = 0;
  while (k < consumers.length && consumers[k] === generatedID(k + 1, rooms)) k++;
  return k >= GEN_MIN ? k : 0;
}

/** The hash fragment ("#s=...") that restores st. */
export function encode(st) {
  const c = compact(st);
  const k = c.consumers ? generatedPrefix(c.consumers, st.rooms) : 0;
  if (k) { c.gen = k; c.consumers = c.consumers.slice(k); }
  return '#s=' + toBase64Url(new TextEncoder().encode(JSON.stringify(c)));
}

/** Fields of a parsed link that no state has (a hand edit, or a newer version's link). */
function unknownFields(parsed) {
  const d = defaults(), out = [];
  for (const [k, v] of Object.entries(parsed)) {
    if (k === 'gen') continue;
    if (!(k in d)) { out.push(k); continue; }
    const dv = d[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && dv && typeof dv === 'object' && !Array.isArray(dv)) {
      for (const k2 of Object.keys(v)) if (!(k2 in dv)) out.push(k + '.' + k2);
    }
  }
  return out;
}

/** The parsed link with its "gen" rule expanded into consumers. */
function expand(parsed) {
  if (parsed.gen === undefined) return parsed;
  const n = int(parsed.gen, 'gen', 0, LIMITS.consumers);
  const rooms = Array.isArray(parsed.rooms) ? strList(parsed.rooms, 'rooms', 100).map((r) => r.trim()).filter(Boolean) : [];
  const rest = parsed.consumers === undefined ? [] : strList(parsed.consumers, 'consumers', LIMITS.consumers);
  const { gen, ...o } = parsed;
  void gen;
  return { ...o, consumers: [...generateConsumers(n, rooms), ...rest] };
}

/**
 * Reads a hash fragment. Returns { state } (the defaults for an empty hash),
 * { state, warning } when the link had fields it ignored, or
 * { state: defaults, error } with a message a user can act on. Only the
 * #s= form: decodeLink reads both.
 */
export function decode(hash) {
  const h = (hash || '').replace(/^#/, '');
  if (h === '') return { state: defaults() };
  return settleLink(() => {
    if (!h.startsWith('s=')) throw new StateError('the link does not hold a playground state (expected #s=...)');
    return damaged(() => new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(h.slice(2))));
  });
}

/** A link's JSON text (from json()) as { state } / { state, warning } / { state: defaults, error }. */
function settleLink(json, ids = (p) => p) {
  try {
    let parsed;
    const text = json();
    try { parsed = JSON.parse(text); } catch (e) { throw new StateError('the link is damaged (bad JSON)'); }
    obj(parsed, 'state');
    parsed = ids(parsed);
    const state = validate(expand(parsed));
    const unknown = unknownFields(parsed);
    return unknown.length ? { state, warning: `the link has fields this playground does not know (${unknown.slice(0, 5).join(', ')}); they were ignored` } : { state };
  } catch (e) {
    return { state: defaults(), error: e instanceof StateError ? e.message : 'the link could not be read' };
  }
}

/** fn's result; any failure but a StateError is "the link is damaged (why)". */
function damaged(fn) {
  try {
    return fn();
  } catch (e) {
    throw e instanceof StateError ? e : new StateError('the link is damaged (' + e.message + ')');
  }
}

// Compressed links (#z=): the compact state's JSON, deflated
// (CompressionStream('deflate-raw')), base64url. Pasted client IDs are
// mostly counting (10.0.3.117@1, 10.0.3.118@1, ...), which deflate alone
// cannot see; so consumers travel as "dz": an ID that has the digit-run
// skeleton of the one before is written as the differences of its numbers,
// "~0,0,0,1,0", and those repeat, which deflate squeezes to almost nothing.
// 1,000 such IDs fit in well under 2,000 characters.

const CANONICAL = /^(0|[1-9]\d{0,14})$/;

/** id's parts: [text, number, text, ..., text] (split on digit runs). */
const partsOf = (id) => id.split(/(\d+)/);

/** Consumers as dz entries (see above); a literal that starts with ~ or \ gets a \. */
export function deltaIDs(ids) {
  const out = new Array(ids.length);
  let prev = null;
  for (let i = 0; i < ids.length; i++) {
    const parts = partsOf(ids[i]);
    let delta = null;
    if (prev && prev.length === parts.length && parts.length > 1) {
      delta = [];
      for (let k = 0; k < parts.length && delta; k++) {
        if (k % 2 === 0) { if (parts[k] !== prev[k]) delta = null; continue; }
        if (!CANONICAL.test(parts[k]) || !CANONICAL.test(prev[k])) delta = null;
        else delta.push(Number(parts[k]) - Number(prev[k]));
      }
    }
    out[i] = delta ? '~' + delta.join(',') : /^[~\\]/.test(ids[i]) ? '\\' + ids[i] : ids[i];
    prev = parts;
  }
  return out;
}

/** Undoes deltaIDs; a malformed entry is a damaged link. */
export function undeltaIDs(dz) {
  if (!Array.isArray(dz)) throw new StateError('the link is damaged (dz is not a list)');
  const out = new Array(dz.length);
  let prev = null;
  for (let i = 0; i < dz.length; i++) {
    const e = dz[i];
    if (typeof e !== 'string') throw new StateError(`the link is damaged (dz[${i}] is not a string)`);
    if (e[0] !== '~') {
      out[i] = e[0] === '\\' ? e.slice(1) : e;
      prev = partsOf(out[i]);
      continue;
    }
    const d = e.slice(1).split(',');
    if (!prev || d.length !== (prev.length - 1) / 2 || !d.every((x) => /^-?\d{1,16}$/.test(x))) {
      throw new StateError(`the link is damaged (dz[${i}] does not follow the ID before it)`);
    }
    const parts = prev.slice();
    for (let k = 0; k < d.length; k++) {
      const v = Number(prev[2 * k + 1]) + Number(d[k]);
      if (!Number.isSafeInteger(v) || v < 0) throw new StateError(`the link is damaged (dz[${i}] gives a bad number)`);
      parts[2 * k + 1] = String(v);
    }
    out[i] = parts.join('');
    prev = parts;
  }
  return out;
}

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

// Links shorter than this stay readable (#s=): deflating cannot win much.
const PLAIN_MAX = 200;

/**
 * The hash fragment that restores st: encode's #s= form, or the #z= form
 * (deflated, consumers delta-coded) when that is shorter.
 */
export async function encodeLink(st) {
  const plain = encode(st);
  if (plain.length <= PLAIN_MAX || typeof CompressionStream !== 'function') return plain;
  const c = compact(st);
  const k = c.consumers ? generatedPrefix(c.consumers, st.rooms) : 0;
  if (k) { c.gen = k; c.consumers = c.consumers.slice(k); }
  if (c.consumers) { c.dz = deltaIDs(c.consumers); delete c.consumers; }
  const z = '#z=' + toBase64Url(await pipe(new TextEncoder().encode(JSON.stringify(c)), new CompressionStream('deflate-raw')));
  return z.length < plain.length ? z : plain;
}

/** decode for both forms: #s= (old links included) and #z=. */
export async function decodeLink(hash) {
  const h = (hash || '').replace(/^#/, '');
  if (!h.startsWith('z=')) return decode(hash);
  let text;
  try {
    const bytes = fromBase64Url(h.slice(2));
    text = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(bytes, new DecompressionStream('deflate-raw')));
  } catch (e) {
    const why = e instanceof StateError ? e.message : 'the link is damaged (it does not inflate)';
    return { state: defaults(), error: why };
  }
  return settleLink(() => text, (p) => {
    if (p.dz === undefined) return p;
    if (p.consumers !== undefined) throw new StateError('the link is damaged (both consumers and dz)');
    const { dz, ...rest } = p;
    return { ...rest, consumers: undeltaIDs(dz) };
  });
}
