// inputs.js — the embed elements' attributes and JS properties → the
// arguments of the public API (allocateAll, select, producer). Pure: no DOM,
// no module; every failure is an AttrError naming the attribute.

import { CLIENT_PROFILE, STRATEGY_NAMES } from '../tables.generated.js';

export class AttrError extends Error {
  constructor(attr, value, must) {
    super(value === null ? `${attr}: ${must}` : `${attr}="${value}": ${must}`);
    this.attr = attr;
  }
}

// The strategies in the order the elements offer them (alloc's registry,
// generated), and the clients by profile (generated from wasm/strategy.go;
// meta's versions name the Java ones).
export const STRATEGIES = STRATEGY_NAMES;
export const CLIENTS = {
  [CLIENT_PROFILE.JAVA493]: { version: '4.9.3' },
  [CLIENT_PROFILE.JAVA533]: { version: '5.3.3' },
  [CLIENT_PROFILE.GO]: { profile: CLIENT_PROFILE.GO },
};
const MAX_BROKERS = 256;
const MAX_QPB = 1024;
const MAX_CONSUMERS = 10000;

export const list = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);

/** A whole number in [min, max]. */
export function int(attr, v, min, max) {
  const s = v.trim();
  if (!/^-?\d+$/.test(s) || +s < min || +s > max) throw new AttrError(attr, v, `must be a whole number from ${min} to ${max}`);
  return +s;
}

/** "on" unless the attribute says off ("false", "off", "no", "0"). */
export function flag(attr, v, dflt) {
  if (v === null) return dflt;
  const s = v.trim().toLowerCase();
  if (['', 'true', 'on', 'yes', '1'].includes(s)) return true;
  if (['false', 'off', 'no', '0'].includes(s)) return false;
  throw new AttrError(attr, v, 'must be true or false (on/off)');
}

export function choice(attr, v, allowed, dflt) {
  if (v === null) return dflt;
  const s = v.trim();
  if (!allowed.includes(s)) throw new AttrError(attr, v, `must be one of ${allowed.join(', ')}`);
  return s;
}

/** broker-a, broker-b, ..., broker-z, broker-aa, ... */
export function brokerNames(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    let s = '';
    for (let k = i; k >= 0; k = Math.floor(k / 26) - 1) s = String.fromCharCode(97 + (k % 26)) + s;
    out.push('broker-' + s);
  }
  return out;
}

/** Client IDs as the playground makes them: 192.168.1.N@(4000+N), N from `from`. */
export function consumerIds(n, from = 1) {
  const out = [];
  for (let i = from; i < from + n; i++) {
    const ip = i > 254 ? `192.168.${1 + Math.floor((i - 1) / 254)}.${((i - 1) % 254) + 1}` : '192.168.1.' + i;
    out.push(`${ip}@${4000 + i}`);
  }
  return out;
}

/** A count ("4": generated with gen) or a comma list of names. */
export function countOrList(attr, v, gen, max, min = 0) {
  const s = v.trim();
  if (/^\d+$/.test(s)) return gen(int(attr, s, min, max));
  const xs = list(s);
  if (xs.length < min || (xs.length === 0 && s !== '')) throw new AttrError(attr, v, `must be a count or a comma list of names`);
  if (xs.length > max) throw new AttrError(attr, v, `at most ${max} names`);
  return xs;
}

/**
 * fastjson's text as `mqadmin topicRoute` prints it, made JSON: the lines
 * before the first "{" (log lines) dropped, a BOM too, and integer map keys
 * ({0:"10.0.0.1:10911"}) quoted. Strings are copied untouched. (The core
 * module the elements run has no reader for this text.)
 */
function fastjsonToJSON(text) {
  const start = text.search(/^[\s\uFEFF]*\{/m);
  const s = start < 0 ? text : text.slice(start).replace(/^[\s\uFEFF]+/, '');
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      out += s.slice(i, j + 1);
      i = j;
      continue;
    }
    out += c;
    if (c === '{' || c === ',') {
      const m = /^(\s*)(-?\d+)(\s*):/.exec(s.slice(i + 1, i + 64));
      if (m) {
        out += `${m[1]}"${m[2]}"${m[3]}:`;
        i += m[0].length;
      }
    }
  }
  return out;
}

/** A topicRoute: an object, JSON text or what `mqadmin topicRoute` prints; optionally wrapped as { data }. */
export function parseRoute(route) {
  let r = route;
  if (typeof r === 'string') {
    try {
      r = JSON.parse(r);
    } catch (e) {
      try {
        r = JSON.parse(fastjsonToJSON(r));
      } catch {
        throw new AttrError('route', null, 'the topicRoute JSON does not parse: ' + e.message +
          ' (el.route takes JSON, the text mqadmin topicRoute prints, or an object; rmq.parse.topicRoute(text) of load({ analysis: true }) says where such a text is wrong)');
      }
    }
  }
  if (r && typeof r === 'object' && r.queueDatas === undefined && r.data) r = r.data;
  if (!r || typeof r !== 'object' || !Array.isArray(r.queueDatas)) throw new AttrError('route', null, 'must be a topicRoute with queueDatas and brokerDatas');
  return r;
}

/**
 * The queue list: el.queues, else el.route (through rmq.routeToQueues: the
 * subscribe side, or publish for producers), else brokers × queues-per-broker.
 */
export function queuesOf(get, props, rmq, side = 'subscribe') {
  const topic = (get('topic') ?? 'TopicTest').trim() || 'TopicTest';
  if (props.queues) {
    if (!Array.isArray(props.queues)) throw new AttrError('queues', null, 'the queues property must be an array of { topic, brokerName, queueId }');
    return props.queues;
  }
  if (props.route) {
    const route = parseRoute(props.route);
    try {
      return rmq.routeToQueues({ topic, route })[side];
    } catch (e) {
      throw Object.assign(new AttrError('route', null, e.message), { javaClass: e.javaClass });
    }
  }
  const brokers = countOrList('brokers', get('brokers') ?? '2', brokerNames, MAX_BROKERS, 1);
  const qpb = int('queues-per-broker', get('queues-per-broker') ?? '4', 0, MAX_QPB);
  const qs = [];
  for (const b of brokers) for (let q = 0; q < qpb; q++) qs.push({ topic, brokerName: b, queueId: q });
  return qs;
}

/** The client IDs of attribute attr (count or list), or el.consumers. */
export function consumersOf(get, props, attr = 'consumers', dflt = '3') {
  if (attr === 'consumers' && props.consumers) {
    if (!Array.isArray(props.consumers) || props.consumers.some((c) => typeof c !== 'string')) {
      throw new AttrError('consumers', null, 'the consumers property must be an array of client ID strings');
    }
    return props.consumers;
  }
  return countOrList(attr, get(attr) ?? dflt, consumerIds, MAX_CONSUMERS);
}

/** "AVG", "avg", "consistent-hash" → the strategy name. */
export function strategyName(attr, v) {
  const s = v.trim().toUpperCase().replace(/-/g, '_');
  if (!STRATEGIES.includes(s)) throw new AttrError(attr, v, `must be one of ${STRATEGIES.join(', ')}`);
  return s;
}

/** "sep=@ broker=0 consumer=2" → NEARBY's resolver. */
export function resolver(v) {
  const r = { sep: '@', brokerField: 0, consumerField: 2 };
  if (v === null) return r;
  for (const tok of v.trim().split(/\s+/).filter(Boolean)) {
    const m = /^(sep|broker|consumer)=(.+)$/.exec(tok);
    if (!m) throw new AttrError('resolver', v, 'must be "sep=@ broker=0 consumer=2" (room = name.split(sep)[field])');
    if (m[1] === 'sep') r.sep = m[2];
    else r[m[1] + 'Field'] = int('resolver', m[2], 0, 64);
  }
  return r;
}

/** "broker-a:0 broker-a:2-3, broker-b:1" → CONFIG's queue list. */
export function configList(v, topic) {
  const out = [];
  for (const tok of v.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(.+):(-?\d+)(?:-(-?\d+))?$/.exec(tok);
    const lo = m ? +m[2] : 0;
    const hi = m && m[3] !== undefined ? +m[3] : lo;
    if (!m || hi < lo || hi - lo > MAX_QPB) throw new AttrError('config', v, `"${tok}" is not broker:queueId or broker:from-to`);
    for (let i = lo; i <= hi; i++) out.push({ topic, brokerName: m[1], queueId: i });
  }
  return out;
}

/** The strategy spec of the attributes (FORMAT.md's shape). */
export function strategyOf(get, name = strategyName('strategy', get('strategy') ?? 'AVG'), depth = 0) {
  switch (name) {
    case 'CONSISTENT_HASH': return { name, virtualNodeCnt: int('virtual-nodes', get('virtual-nodes') ?? '10', -(2 ** 31), 2 ** 31 - 1) };
    case 'MACHINE_ROOM': return { name, consumeridcs: list(get('rooms') ?? '') };
    case 'CONFIG': return { name, messageQueueList: configList(get('config') ?? '', (get('topic') ?? 'TopicTest').trim() || 'TopicTest') };
    case 'MACHINE_ROOM_NEARBY': {
      const inner = strategyName('inner', get('inner') ?? 'AVG');
      if (inner === 'MACHINE_ROOM_NEARBY' && depth > 0) throw new AttrError('inner', get('inner'), 'cannot nest MACHINE_ROOM_NEARBY again');
      return { name, inner: strategyOf(get, inner, depth + 1), resolver: resolver(get('resolver')) };
    }
    default: return { name };
  }
}

/** Everything rmq-allocation needs (rmq: for el.route). */
export function allocationInput(get, props, rmq) {
  return {
    queues: queuesOf(get, props, rmq),
    consumers: consumersOf(get, props),
    strategy: strategyOf(get),
    client: CLIENTS[choice('client', get('client'), Object.keys(CLIENTS), CLIENT_PROFILE.JAVA493)],
    sort: flag('sort', get('sort'), true),
    mode: choice('mode', get('mode'), ['clustering', 'broadcasting'], 'clustering'),
  };
}

/**
 * rmq-rebalance's two groups: from/to (counts or lists), or consumers plus
 * join (count: new generated IDs, or list) and leave (list).
 */
export function rebalanceInput(get, props, rmq) {
  const base = allocationInput(get, props, rmq);
  if (base.mode !== 'clustering') throw new AttrError('mode', get('mode'), 'a rebalance is drawn for clustering (broadcasting consumers read every queue)');
  let before;
  let after;
  if (get('from') !== null || get('to') !== null) {
    if (get('join') !== null || get('leave') !== null) throw new AttrError('join', get('join') ?? get('leave'), 'give either from/to or join/leave, not both');
    before = consumersOf(get, {}, 'from', '3');
    after = consumersOf(get, {}, 'to', '4');
  } else {
    before = base.consumers;
    const leave = new Set(list(get('leave') ?? ''));
    for (const cid of leave) if (!before.includes(cid)) throw new AttrError('leave', get('leave'), `${cid} is not one of the consumers`);
    const j = (get('join') ?? (leave.size ? '' : '1')).trim();
    // A count joins that many new generated IDs, numbered after the group's.
    const join = /^\d+$/.test(j) ? consumerIds(int('join', j, 0, MAX_CONSUMERS), before.length + 1).filter((c) => !before.includes(c)) : list(j);
    after = before.filter((c) => !leave.has(c)).concat(join);
  }
  return { ...base, before, after };
}

export const SELECTORS = ['hash', 'round-robin', 'message-group'];
const PRODUCER_CLIENTS = {
  hash: [CLIENT_PROFILE.JAVA493, CLIENT_PROFILE.JAVA533],
  'round-robin': [CLIENT_PROFILE.JAVA493, CLIENT_PROFILE.JAVA533],
  'message-group': ['grpc-java', 'grpc-nodejs-1.0.8'],
};

/** A hash key: a string, or an Integer / Long when key-type says so. */
function hashKey(k, type) {
  if (type === 'string') return k;
  if (!/^-?\d+$/.test(k)) throw new AttrError('keys', k, `must be whole numbers with key-type="${type}"`);
  if (type === 'int') {
    if ((+k | 0) !== +k) throw new AttrError('keys', k, 'must be in int32 range with key-type="int" (use key-type="long")');
    return +k;
  }
  const b = BigInt(k);
  if (b < -(2n ** 63n) || b >= 2n ** 63n) throw new AttrError('keys', k, 'must be in int64 range');
  return b;
}

/** rmq-producer: selector, client, keys (or messages for round robin). */
export function producerInput(get, props, rmq) {
  const selector = choice('selector', get('selector'), SELECTORS, 'hash');
  const clients = PRODUCER_CLIENTS[selector];
  const client = choice('client', get('client'), clients, clients[0]);
  const type = choice('key-type', get('key-type'), ['string', 'int', 'long'], 'string');
  let keys = props.keys ?? (get('keys') === null ? null : list(get('keys')));
  if (keys === null) {
    if (selector !== 'round-robin') throw new AttrError('keys', null, `is required with selector="${selector}": a comma list of ${selector === 'hash' ? 'keys' : 'message groups'}`);
    keys = Array.from({ length: int('messages', get('messages') ?? '8', 1, 1000) }, (_, i) => 'message ' + (i + 1));
  }
  if (!Array.isArray(keys) || keys.length === 0) throw new AttrError('keys', get('keys'), 'must list at least one key');
  if (keys.length > 1000) throw new AttrError('keys', null, 'at most 1000 keys');
  return {
    queues: queuesOf(get, props, rmq, 'publish'),
    selector,
    client,
    keys: keys.map(String),
    args: selector === 'hash' ? keys.map((k) => hashKey(String(k), type)) : null,
    startIndex: int('start-index', get('start-index') ?? '0', -(2 ** 31), 2 ** 31 - 1),
  };
}
