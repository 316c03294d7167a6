// RocketMQ 5 server-side assignment (alloc/broker): rmq.queryAssignment,
// rmq.proxyAssignment and rmq.allocationPath (index.d.ts documents them).
// Requests follow wasm/broker.go.

import { OP } from './wire.js';
import { bool, encCids, encQueues, int32, object, oneOf, string } from './validate.js';
import { typeError } from './errors.js';
import { encRoute } from './route.js';

const MODES = ['PULL', 'POP'];
const MODELS = ['CLUSTERING', 'BROADCASTING'];
const CLIENTS = ['push', 'pull', 'grpc'];
const PATHS = ['client', 'broker', 'proxy'];

function readQueues(d) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const out = new Array(n1 - 1);
  for (let i = 0; i < out.length; i++) {
    d.uv(); // always 0: every queue is written out (no base list)
    out[i] = { topic: d.str(), brokerName: d.str(), queueId: d.i32() };
  }
  return out;
}

function model(o) {
  return MODELS.indexOf(o.messageModel === undefined ? 'CLUSTERING' : oneOf(o.messageModel, 'messageModel', MODELS));
}

function strategyName(v) {
  if (v === null || v === undefined) return '';
  return string(v, 'strategyName');
}

/**
 * Defines the three methods on rmq (non-enumerable, like class methods);
 * topicOf resolves an interned Topic given as mqAll.
 */
export function defineBroker(rmq, rt, topicOf) {
  const methods = {
    queryAssignment(options) {
      const o = object(options, 'options');
      const enc = rt.request();
      enc.str(string(o.topic, 'topic'));
      enc.str(string(o.consumerGroup ?? '', 'consumerGroup'));
      enc.u8(model(o));
      enc.str(strategyName(o.strategyName));
      enc.bool(bool(o.serverLoadBalancerEnable, 'serverLoadBalancerEnable', true));
      enc.u8(MODES.indexOf(o.brokerDefaultMode === undefined ? 'PULL' : oneOf(o.brokerDefaultMode, 'brokerDefaultMode', MODES)));
      enc.i32(o.brokerDefaultPopShareQueueNum === undefined ? -1 : int32(o.brokerDefaultPopShareQueueNum, 'brokerDefaultPopShareQueueNum'));
      const cm = o.configuredMode ?? null;
      if (cm === null) enc.u8(0);
      else {
        object(cm, 'configuredMode');
        enc.u8(1 + MODES.indexOf(oneOf(cm.mode, 'configuredMode.mode', MODES)));
        enc.i32(cm.popShareQueueNum === undefined ? 0 : int32(cm.popShareQueueNum, 'configuredMode.popShareQueueNum'));
      }
      if (o.mqAll === undefined) throw typeError('mqAll', 'an array of queues, a Topic or null (no route)', undefined);
      if (o.cidAll === undefined) throw typeError('cidAll', 'an array of strings or null (unknown group)', undefined);
      encQueues(enc, o.mqAll, 'mqAll', { allowNull: true, topicOf });
      encCids(enc, o.cidAll, 'cidAll', true);
      const ids = o.clientIds === undefined ? o.cidAll ?? [] : o.clientIds;
      encCids(enc, ids, 'clientIds', false);
      const d = rt.call(OP.QUERY_ASSIGNMENT);
      const mode = MODES[d.u8()];
      const popShareQueueNum = d.i32();
      const n = d.uv();
      const results = {};
      for (let i = 0; i < n; i++) {
        const queues = readQueues(d);
        const reason = d.str();
        if (!Object.hasOwn(results, ids[i])) results[ids[i]] = { mode, queues, reason };
      }
      return { mode, popShareQueueNum, results };
    },

    proxyAssignment(options) {
      const o = object(options, 'options');
      const enc = rt.request();
      enc.str(string(o.topic, 'topic'));
      encRoute(enc, o.route, 'route');
      enc.bool(bool(o.orderly, 'orderly', false));
      return readQueues(rt.call(OP.PROXY_ASSIGNMENT));
    },

    allocationPath(options) {
      const o = options === undefined ? {} : object(options, 'options');
      const enc = rt.request();
      enc.u8(CLIENTS.indexOf(o.client === undefined ? 'push' : oneOf(o.client, 'client', CLIENTS)));
      enc.bool(bool(o.clientRebalance, 'clientRebalance', true));
      enc.bool(bool(o.orderly, 'orderly', false));
      enc.u8(model(o));
      enc.str(strategyName(o.strategyName === undefined ? 'AVG' : o.strategyName));
      const d = rt.call(OP.ALLOCATION_PATH);
      return { path: PATHS[d.u8()], noAssignment: d.bool(), reason: d.str() };
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(rmq, name, { value: fn, writable: false, enumerable: false, configurable: false });
  }
}
