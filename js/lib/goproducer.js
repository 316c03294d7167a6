// The Go producers (alloc/producer, wasm/goproducer.go):
// rmq.goPublishQueues, rmq.goSelect and rmq.takeMessageQueues (index.d.ts
// documents them). Each call is stateless and runs a whole sequence of
// sends, so the selector's state (counters, random source) starts fresh.

import { BALANCER, GO_SELECTOR, OP } from './wire.js';
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

function readQueues(d) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const out = new Array(n1 - 1);
  for (let i = 0; i < out.length; i++) {
    d.uv(); // always 0: every queue is written out
    out[i] = Object.freeze({ topic: d.str(), brokerName: d.str(), queueId: d.i32() });
  }
  return out;
}

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

function encAddresses(enc, v, field) {
  const n = array(v, field);
  enc.uv(n);
  for (let i = 0; i < n; i++) enc.str(string(v[i], `${field}[${i}]`));
}

/** Defines the three methods on rmq (non-enumerable, like class methods). */
export function defineGoProducer(rmq, rt, topicOf) {
  const methods = {
    goPublishQueues(options) {
      const { topic, route, producer } = checkKeys(object(options, 'options'), ROUTE_KEYS);
      const asProducer = bool(producer, 'producer', false);
      const enc = rt.request();
      enc.str(string(topic, 'topic'));
      const r = object(route, 'route');
      encRoute(enc, r, 'route');
      enc.bool(r.queueDatas == null);
      const nulls = [];
      (r.brokerDatas ?? []).forEach((bd, i) => {
        if (bd.brokerAddrs == null) nulls.push(i);
      });
      enc.uv(nulls.length);
      for (const i of nulls) enc.uv(i);
      enc.bool(asProducer);
      return readQueues(rt.call(OP.GO_ROUTE, enc));
    },

    goSelect(options) {
      const { selector, mqs, seed, startIndex, steps } = checkKeys(object(options, 'options'), SELECT_KEYS);
      const enc = rt.request();
      enc.u8(SELECTOR[oneOf(selector, 'selector', SELECTORS)]);
      enc.i64(seedOf(seed));
      const idx = startIndex === undefined ? {} : object(startIndex, 'startIndex');
      const topics = Object.keys(idx);
      enc.uv(topics.length);
      for (const t of topics) {
        enc.str(t);
        enc.uv(uint32(idx[t], `startIndex[${JSON.stringify(t)}]`));
      }
      encQueues(enc, mqs, 'mqs', { topicOf });
      const n = array(steps, 'steps');
      enc.uv(n);
      for (let i = 0; i < n; i++) {
        const f = `steps[${i}]`;
        const st = checkKeys(object(steps[i], f), STEP_KEYS, f);
        enc.str(string(st.topic, `${f}.topic`));
        enc.bool(st.mqs != null);
        if (st.mqs != null) encQueues(enc, st.mqs, `${f}.mqs`, { topicOf });
        enc.str(st.lastBrokerName == null ? '' : string(st.lastBrokerName, `${f}.lastBrokerName`));
        enc.str(st.shardingKey == null ? '' : string(st.shardingKey, `${f}.shardingKey`));
        enc.bool(st.queue != null);
        if (st.queue != null) {
          const q = object(st.queue, `${f}.queue`);
          enc.str(string(q.topic, `${f}.queue.topic`));
          enc.str(string(q.brokerName, `${f}.queue.brokerName`));
          enc.i32(int32(q.queueId, `${f}.queue.queueId`));
        }
      }
      const d = rt.call(OP.GO_SELECT, enc);
      const out = new Array(d.uv());
      for (let i = 0; i < out.length; i++) {
        const qs = readQueues(d);
        out[i] = qs === null ? null : qs[0];
      }
      return out;
    },

    takeMessageQueues(options) {
      const { client, mqs, endpoints, startIndex, steps } = checkKeys(object(options, 'options'), TAKE_KEYS);
      const enc = rt.request();
      enc.u8(BALANCERS[oneOf(client, 'client', CLIENTS)]);
      encQueues(enc, mqs, 'mqs', { topicOf });
      const eps = endpoints === undefined ? {} : object(endpoints, 'endpoints');
      const brokers = Object.keys(eps);
      enc.uv(brokers.length);
      for (const b of brokers) {
        enc.str(b);
        encAddresses(enc, eps[b], `endpoints[${JSON.stringify(b)}]`);
      }
      enc.i32(startIndex === undefined ? 0 : int32(startIndex, 'startIndex'));
      const n = array(steps, 'steps');
      enc.uv(n);
      for (let i = 0; i < n; i++) {
        const f = `steps[${i}]`;
        const { isolated, count } = checkKeys(object(steps[i], f), TAKE_STEP_KEYS, f);
        const iso = isolated ?? [];
        const k = array(iso, `${f}.isolated`);
        enc.uv(k);
        for (let j = 0; j < k; j++) {
          // An endpoint is a "host:port" address or a list of them (Java compares whole lists).
          const e = typeof iso[j] === 'string' ? [iso[j]] : iso[j];
          encAddresses(enc, e, `${f}.isolated[${j}]`);
        }
        enc.i32(int32(count, `${f}.count`));
      }
      const d = rt.call(OP.TAKE_MESSAGE_QUEUES, enc);
      const out = new Array(d.uv());
      for (let i = 0; i < out.length; i++) out[i] = readQueues(d);
      return { steps: out, index: d.i32() };
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(rmq, name, { value: rt.guard(fn), writable: false, enumerable: false, configurable: false });
  }
}
