// The Go producers (alloc/producer, wasm/goproducer.go):
// rmq.goPublishQueues, rmq.goSelect and rmq.takeMessageQueues (index.d.ts
// documents them; their ops are declared in internal/wireschema full.go).
// Each call is stateless and runs a whole sequence of sends, so the
// selector's state (counters, random source) starts fresh.

import { BALANCER, GO_SELECTOR } from './wire.js';
import * as ops from './ops.generated.js';
import { array, bool, camel, checkKeys, encQueues, int32, object, oneOf, safeInt, string } from './validate.js';
import { rmqError, typeError } from './errors.js';
import { encRoute } from './route.js';

// goSelect's selectors: roundRobin, random, hash, manual, each the camelCase
// of its GO_SELECTOR (wasm/goproducer_ops.go goSelector*).
const SELECTOR = Object.freeze(Object.fromEntries(Object.entries(GO_SELECTOR).map(([k, v]) => [camel(k), v])));
const SELECTORS = Object.keys(SELECTOR);
// takeMessageQueues's clients: each one's BALANCER byte (wasm/goproducer.go).
const BALANCERS = Object.freeze({ 'go-5.1.4': BALANCER.GO514, 'go-fixed': BALANCER.GO_FIXED, java: BALANCER.JAVA });
const CLIENTS = Object.keys(BALANCERS);
const ROUTE_KEYS = ['topic', 'route', 'producer'];
const SELECT_KEYS = ['selector', 'mqs', 'seed', 'startIndex', 'steps'];
const STEP_KEYS = ['topic', 'mqs', 'lastBrokerName', 'shardingKey', 'queue'];
const TAKE_KEYS = ['client', 'mqs', 'endpoints', 'startIndex', 'steps'];
const TAKE_STEP_KEYS = ['isolated', 'count'];
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

function seedOf(v) {
  if (v === undefined) return 0n;
  let b;
  if (typeof v === 'bigint') b = v;
  else if (typeof v === 'number') b = BigInt(safeInt(v, 'seed'));
  else if (typeof v === 'string' && /^[+-]?\d{1,20}$/.test(v)) b = BigInt(v);
  else throw typeError('seed', 'a bigint, a decimal string or a safe integer', v);
  if (b < I64_MIN || b > I64_MAX) throw rmqError(RangeError, 'ERR_INVALID_ARGUMENT', `seed must be in int64 range, got ${b}n`, { field: 'seed' });
  return b;
}

function uint32(v, field) {
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw typeError(field, 'an integer in 0..2^32-1', v);
  return v;
}

/** An endpoint's addresses, checked: an array of strings. */
function addresses(v, field) {
  const n = array(v, field);
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = string(v[i], `${field}[${i}]`);
  return out;
}

/** Defines the three methods on rmq (non-enumerable, like class methods). */
export function defineGoProducer(rmq, rt, topicOf) {
  const methods = {
    goPublishQueues(options) {
      const { topic, route, producer } = checkKeys(object(options, 'options'), ROUTE_KEYS);
      const asProducer = bool(producer, 'producer', false);
      const t = string(topic, 'topic');
      const r = object(route, 'route');
      // Which brokerDatas had null brokerAddrs, once encRoute has checked them.
      const nulls = [];
      return ops.goRoute(rt, {
        topic: t,
        route: (enc) => {
          encRoute(enc, r, 'route');
          (r.brokerDatas ?? []).forEach((bd, i) => {
            if (bd.brokerAddrs == null) nulls.push(i);
          });
        },
        queueDatasNull: r.queueDatas == null,
        nullBrokerAddrs: nulls,
        producer: asProducer,
      }).queues;
    },

    goSelect(options) {
      const { selector, mqs, seed, startIndex, steps } = checkKeys(object(options, 'options'), SELECT_KEYS);
      const sel = SELECTOR[oneOf(selector, 'selector', SELECTORS)];
      const s = seedOf(seed);
      const idx = startIndex === undefined ? {} : object(startIndex, 'startIndex');
      const starts = Object.keys(idx).map((t) => ({ topic: t, index: uint32(idx[t], `startIndex[${JSON.stringify(t)}]`) }));
      const n = array(steps, 'steps');
      const sends = new Array(n);
      for (let i = 0; i < n; i++) {
        const f = `steps[${i}]`;
        const st = checkKeys(object(steps[i], f), STEP_KEYS, f);
        const own = st.mqs;
        let queue;
        if (st.queue != null) {
          const q = object(st.queue, `${f}.queue`);
          queue = { topic: string(q.topic, `${f}.queue.topic`), brokerName: string(q.brokerName, `${f}.queue.brokerName`), queueId: int32(q.queueId, `${f}.queue.queueId`) };
        }
        sends[i] = {
          topic: string(st.topic, `${f}.topic`),
          mqs: own == null ? undefined : (enc) => encQueues(enc, own, `${f}.mqs`, { topicOf }),
          lastBrokerName: st.lastBrokerName == null ? '' : string(st.lastBrokerName, `${f}.lastBrokerName`),
          shardingKey: st.shardingKey == null ? '' : string(st.shardingKey, `${f}.shardingKey`),
          queue,
        };
      }
      const { picks } = ops.goSelect(rt, {
        selector: sel,
        seed: s,
        startIndex: starts,
        mqs: (enc) => encQueues(enc, mqs, 'mqs', { topicOf }),
        steps: sends,
      });
      return picks.map((q) => q ?? null); // absent: null; a queue is decoded frozen
    },

    takeMessageQueues(options) {
      const { client, mqs, endpoints, startIndex, steps } = checkKeys(object(options, 'options'), TAKE_KEYS);
      const c = BALANCERS[oneOf(client, 'client', CLIENTS)];
      const eps = endpoints === undefined ? {} : object(endpoints, 'endpoints');
      const brokers = Object.keys(eps).map((b) => ({ brokerName: b, addresses: addresses(eps[b], `endpoints[${JSON.stringify(b)}]`) }));
      const start = startIndex === undefined ? 0 : int32(startIndex, 'startIndex');
      const n = array(steps, 'steps');
      const calls = new Array(n);
      for (let i = 0; i < n; i++) {
        const f = `steps[${i}]`;
        const { isolated, count } = checkKeys(object(steps[i], f), TAKE_STEP_KEYS, f);
        const iso = isolated ?? [];
        const k = array(iso, `${f}.isolated`);
        const lists = new Array(k);
        for (let j = 0; j < k; j++) {
          // An endpoint is a "host:port" address or a list of them (Java compares whole lists).
          lists[j] = addresses(typeof iso[j] === 'string' ? [iso[j]] : iso[j], `${f}.isolated[${j}]`);
        }
        calls[i] = { isolated: lists, count: int32(count, `${f}.count`) };
      }
      // The decoded answer is the public TakeMessageQueuesResult (internal/wireschema).
      return ops.takeMessageQueues(rt, { client: c, mqs: (enc) => encQueues(enc, mqs, 'mqs', { topicOf }), endpoints: brokers, startIndex: start, steps: calls });
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(rmq, name, { value: rt.guard(fn), writable: false, enumerable: false, configurable: false });
  }
}
