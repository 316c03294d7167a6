// RocketMQ 5 server-side assignment (alloc/broker): rmq.queryAssignment,
// rmq.proxyAssignment and rmq.allocationPath (index.d.ts documents them).
// Their requests are declared in internal/wireschema (full.go); the full module serves them (the core
// one answers ERR_UNSUPPORTED). Like every call, each one reads the
// caller's values once and runs with its own encoder when nested.

import { BROKER_MODE, CONSUMER_KIND, MESSAGE_MODEL } from './wire.js';
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

const QUERY_KEYS = ['topic', 'consumerGroup', 'messageModel', 'strategyName', 'serverLoadBalancerEnable',
  'brokerDefaultMode', 'brokerDefaultPopShareQueueNum', 'configuredMode', 'mqAll', 'cidAll', 'clientIds'];
const CONFIGURED_KEYS = ['mode', 'popShareQueueNum'];
const PROXY_KEYS = ['topic', 'route', 'orderly'];
const PATH_KEYS = ['client', 'clientRebalance', 'orderly', 'messageModel', 'strategyName'];

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
      // Checked in wire order, then encoded (the lists as they are written).
      const req = {
        topic: string(topic, 'topic'),
        consumerGroup: string(consumerGroup ?? '', 'consumerGroup'),
        messageModel: model(messageModel),
        strategyName: strategyName(o.strategyName),
        serverLoadBalancerEnable: bool(serverLoadBalancerEnable, 'serverLoadBalancerEnable', true),
        brokerDefaultMode: MODES.indexOf(brokerDefaultMode === undefined ? 'PULL' : oneOf(brokerDefaultMode, 'brokerDefaultMode', MODES)),
        brokerDefaultPopShareQueueNum: brokerDefaultPopShareQueueNum === undefined ? -1 : int32(brokerDefaultPopShareQueueNum, 'brokerDefaultPopShareQueueNum'),
      };
      const cm = configuredMode ?? null;
      if (cm !== null) {
        const { mode, popShareQueueNum } = checkKeys(object(cm, 'configuredMode'), CONFIGURED_KEYS, 'configuredMode');
        req.configured = {
          mode: BROKER_MODE[oneOf(mode, 'configuredMode.mode', MODES)],
          popShareQueueNum: popShareQueueNum === undefined ? 0 : int32(popShareQueueNum, 'configuredMode.popShareQueueNum'),
        };
      }
      let kept;
      const ids = clientIds === undefined ? cidAll ?? [] : clientIds;
      const d = ops.queryAssignment(rt, {
        ...req,
        mqAll: (enc) => encQueues(enc, mqAll, 'mqAll', { allowNull: true, topicOf }),
        cidAll: (enc) => encCids(enc, cidAll, 'cidAll', true),
        clientIds: (enc) => {
          kept = encCids(enc, ids, 'clientIds', false, true);
        },
      });
      const m = d.mode; // a MessageRequestMode: the generated decoder names it
      const share = d.popShareQueueNum;
      const results = {};
      d.results.forEach(({ queues, reason }, i) => {
        const id = kept[i];
        if (!Object.hasOwn(results, id)) results[id] = { mode: m, queues, reason };
      });
      return { mode: m, popShareQueueNum: share, results };
    },

    proxyAssignment(options) {
      const { topic, route, orderly } = checkKeys(object(options, 'options'), PROXY_KEYS);
      const t = string(topic, 'topic');
      if (typeof route === 'string') {
        // The proxy's input is the route the proxy holds, not a paste: say how to get one.
        throw typeError('route', 'a route object: read the text mqadmin topicRoute prints with rmq.parse.topicRoute(text) first', route);
      }
      return ops.proxyAssignment(rt, {
        topic: t,
        route: (enc) => encRoute(enc, route, 'route'),
        orderly: bool(orderly, 'orderly', false),
      }).queues;
    },

    allocationPath(options) {
      const o = options === undefined ? {} : checkKeys(object(options, 'options'), PATH_KEYS);
      const { client, clientRebalance, orderly, messageModel } = o;
      // The decoded answer is the public AllocationPath (internal/wireschema).
      return ops.allocationPath(rt, {
        client: CLIENTS.indexOf(client === undefined ? 'push' : oneOf(client, 'client', CLIENTS)),
        clientRebalance: bool(clientRebalance, 'clientRebalance', true),
        orderly: bool(orderly, 'orderly', false),
        messageModel: model(messageModel),
        strategyName: strategyName(o.strategyName === undefined ? 'AVG' : o.strategyName),
      });
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(rmq, name, { value: rt.guard(fn), writable: false, enumerable: false, configurable: false });
  }
}
