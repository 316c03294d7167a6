// state.js — the playground's whole state, its defaults, validation, and
// its permalink form (the URL hash: #s=<base64url of JSON>).

export const STRATEGIES = ['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH', 'MACHINE_ROOM', 'MACHINE_ROOM_NEARBY', 'CONFIG'];
export const INNER = ['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH'];
export const CLIENTS = ['4.9.3', '5.3.3', 'go'];
export const TABS = ['alloc', 'whatif', 'compare', 'problems', 'producer', 'explain', 'diagnose'];
const LIMITS = { brokers: 1000, queuesPerBroker: 65536, queues: 2_000_000, consumers: 100_000, text: 2_000_000 };
export { LIMITS };

/** n generated client IDs "192.168.1.<i>@<pid>", with "@room" when rooms are given. */
export function generateConsumers(n, rooms = [], base = '192.168.1.') {
  const out = [];
  for (let i = 1; i <= n; i++) {
    const ip = base.endsWith('.') && i > 254 ? base + (Math.floor(i / 254)) + '.' + (i % 254 + 1) : base + i;
    out.push(ip + '@' + (4000 + i) + (rooms.length ? '@' + rooms[(i - 1) % rooms.length] : ''));
  }
  return out;
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
    consumers: generateConsumers(4),
    client: '4.9.3',
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
    tab: 'alloc',
  };
}

class StateError extends Error {}

function fail(field, msg) { throw new StateError(`${field} ${msg}`); }
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
  st.consumers = strList(pick(s, 'consumers', d.consumers), 'consumers', LIMITS.consumers);
  st.client = oneOf(pick(s, 'client', d.client), 'client', CLIENTS);
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

/** The hash fragment ("#s=...") that restores st. */
export function encode(st) {
  return '#s=' + toBase64Url(new TextEncoder().encode(JSON.stringify(compact(st))));
}

/**
 * Reads a hash fragment. Returns { state } (the defaults for an empty hash)
 * or { state: defaults, error } with a message a user can act on.
 */
export function decode(hash) {
  const h = (hash || '').replace(/^#/, '');
  if (h === '') return { state: defaults() };
  try {
    if (!h.startsWith('s=')) throw new StateError('the link does not hold a playground state (expected #s=...)');
    let json;
    try {
      json = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(h.slice(2)));
    } catch (e) {
      throw e instanceof StateError ? e : new StateError('the link is damaged (' + e.message + ')');
    }
    let parsed;
    try { parsed = JSON.parse(json); } catch (e) { throw new StateError('the link is damaged (bad JSON)'); }
    return { state: validate(parsed) };
  } catch (e) {
    return { state: defaults(), error: e instanceof StateError ? e.message : 'the link could not be read' };
  }
}
