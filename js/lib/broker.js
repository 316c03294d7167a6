// RocketMQ 5 server-side assignment (alloc/broker): rmq.queryAssignment,
// rmq.proxyAssignment and rmq.allocationPath (index.d.ts documents them).
// Requests follow wasm/broker.go; the full module serves them (the core
// one answers ERR_UNSUPPORTED). Like every call, each one reads the
// caller's values once and runs with its own encoder when nested.

import { BROKER_MODE, CONFIGURED, CONSUMER_KIND, MESSAGE_MODEL, OP, PATH } from './wire.js';
import * as ops from './ops.generated.js';
import { bool, checkKeys, encCids, encQueues, int32, object, oneOf, string } from './validate.js';
import { typeError } from './errors.js';
import { encRoute } from './route.js';

// The names of a generated table (wasm/broker.go) by their byte: PULL is
// BROKER_MODE.PULL, 'push' CONSUMER_KIND.PUSH.
function byByte(table, spell = (k) => k) {
  const out = [];
  for (const [k, v] of Object.entries(table)) out[v] = spell(k);
  return Object.freeze(out);
}
const lower = (k) => k.toLowerCase();
const MODES = byByte(BROKER_MODE);
const MODELS = byByte(MESSAGE_MODEL);
const CLIENTS = byByte(CONSUMER_KIND, lower);
const PATHS = byByte(PATH, lower);

const QUERY_KEYS = ['topic', 'consumerGroup', 'messageModel', 'strategyName', 'serverLoadBalancerEnable',
  'brokerDefaultMode', 'brokerDefaultPopShareQueueNum', 'configuredMode', 'mqAll', 'cidAll', 'clientIds'];
const CONFIGURED_KEYS = ['mode', 'popShareQueueNum'];
const PROXY_KEYS = ['topic', 'route', 'orderly'];
const PATH_KEYS = ['client', 'clientRebalance', 'orderly', 'messageModel', 'strategyName'];

function readQueues(d) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const out = new Array(n1 - 1);
  for (let i = 0; i < out.length; i++) {
    d.uv(); // always 0: every queue is written out (no base list)
    out[i] = Object.freeze({ topic: d.str(), brokerName: d.str(), queueId: d.i32() });
  }
  return out;
}

const model = (v) => MODELS.indexOf(v === undefined ? 'CLUSTERING' : oneOf(v, 'messageModel', MODELS));
const strategyName = (v) => (v === null || v === undefined ? '' : string(v, 'strategyName'));

/**
 * Defines the three methods on rmq (non-enumerable, like class methods);
 * topicOf resolves an interned Topic given as mqAll.
 */
export function defineBroker(rmq, rt, topicOf) {
  const methods = {
    queryAssignment(options) {
      const o = checkKeys(object(options, 'options'), QUERY_KEYS);
      const { topic, consumerGroup, messageModel, serverLoadBalancerEnable, brokerDefaultMode, brokerDefaultPopShareQueueNum, configuredMode, mqAll, cidAll, clientIds } = o;
      if (mqAll === undefined) throw typeError('mqAll', 'an array of queues, a Topic or null (no route)', undefined);
      if (cidAll === undefined) throw typeError('cidAll', 'an array of strings or null (unknown group)', undefined);
      const enc = rt.request();
      enc.str(string(topic, 'topic'));
      enc.str(string(consumerGroup ?? '', 'consumerGroup'));
      enc.u8(model(messageModel));
      enc.str(strategyName(o.strategyName));
      enc.bool(bool(serverLoadBalancerEnable, 'serverLoadBalancerEnable', true));
      enc.u8(MODES.indexOf(brokerDefaultMode === undefined ? 'PULL' : oneOf(brokerDefaultMode, 'brokerDefaultMode', MODES)));
      enc.i32(brokerDefaultPopShareQueueNum === undefined ? -1 : int32(brokerDefaultPopShareQueueNum, 'brokerDefaultPopShareQueueNum'));
      const cm = configuredMode ?? null;
      if (cm === null) enc.u8(CONFIGURED.NONE);
      else {
        const { mode, popShareQueueNum } = checkKeys(object(cm, 'configuredMode'), CONFIGURED_KEYS, 'configuredMode');
        enc.u8(CONFIGURED[oneOf(mode, 'configuredMode.mode', MODES)]);
        enc.i32(popShareQueueNum === undefined ? 0 : int32(popShareQueueNum, 'configuredMode.popShareQueueNum'));
      }
      encQueues(enc, mqAll, 'mqAll', { allowNull: true, topicOf });
      encCids(enc, cidAll, 'cidAll', true);
      const ids = clientIds === undefined ? cidAll ?? [] : clientIds;
      const kept = encCids(enc, ids, 'clientIds', false, true);
      const d = rt.call(OP.QUERY_ASSIGNMENT, enc);
      const m = MODES[d.u8()];
      const share = d.i32();
      const n = d.uv();
      const results = {};
      for (let i = 0; i < n; i++) {
        const queues = readQueues(d);
        const reason = d.str();
        const id = kept[i];
        if (!Object.hasOwn(results, id)) results[id] = { mode: m, queues, reason };
      }
      return { mode: m, popShareQueueNum: share, results };
    },

    proxyAssignment(options) {
      const { topic, route, orderly } = checkKeys(object(options, 'options'), PROXY_KEYS);
      const enc = rt.request();
      enc.str(string(topic, 'topic'));
      if (typeof route === 'string') {
        // The proxy's input is the route the proxy holds, not a paste: say how to get one.
        throw typeError('route', 'a route object: read the text mqadmin topicRoute prints with rmq.parse.topicRoute(text) first', route);
      }
      encRoute(enc, route, 'route');
      enc.bool(bool(orderly, 'orderly', false));
      return readQueues(rt.call(OP.PROXY_ASSIGNMENT, enc));
    },

    allocationPath(options) {
      const o = options === undefined ? {} : checkKeys(object(options, 'options'), PATH_KEYS);
      const { client, clientRebalance, orderly, messageModel } = o;
      const d = ops.allocationPath(rt, {
        client: CLIENTS.indexOf(client === undefined ? 'push' : oneOf(client, 'client', CLIENTS)),
        clientRebalance: bool(clientRebalance, 'clientRebalance', true),
        orderly: bool(orderly, 'orderly', false),
        messageModel: model(messageModel),
        strategyName: strategyName(o.strategyName === undefined ? 'AVG' : o.strategyName),
      });
      return { path: PATHS[d.path], noAssignment: d.noAssignment, reason: d.reason };
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(rmq, name, { value: rt.guard(fn), writable: false, enumerable: false, configurable: false });
  }
}
