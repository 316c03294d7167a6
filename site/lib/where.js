// where.js — "where the allocation runs" (RocketMQ 5): the consumer itself,
// the broker (QUERY_ASSIGNMENT, PULL or POP with queue sharing) or the gRPC
// proxy. State defaults and checks (used by state.js) and the computation
// (run in the worker, over a loaded rmqalloc). Pure: no DOM.
import { topicQueues } from './engine.js';

export const WHERE = ['client', 'broker-pull', 'broker-pop', 'proxy'];

/** The default where-state: the client rebalances itself. */
export function whereDefaults() {
  return { at: 'client', popShare: 1, fifo: false };
}

/** Checks a where-state from a URL or the form; throws naming the field. */
export function validateWhere(w) {
  const d = whereDefaults();
  if (w === null || typeof w !== 'object' || Array.isArray(w)) throw new Error('where must be an object');
  const at = w.at ?? d.at, popShare = w.popShare ?? d.popShare, fifo = w.fifo ?? d.fifo;
  if (!WHERE.includes(at)) throw new Error(`where.at must be one of ${WHERE.join(', ')}`);
  if (!Number.isInteger(popShare) || popShare < -1 || popShare > 100000) throw new Error('where.popShare must be an integer from -1 to 100000');
  if (typeof fifo !== 'boolean') throw new Error('where.fifo must be true or false');
  return { at, popShare, fifo };
}

/** The getName() the consumer sends the broker for the state's strategy. */
function strategyName(s) {
  return s.name === 'MACHINE_ROOM_NEARBY' ? `MACHINE_ROOM_NEARBY-${s.inner}` : s.name;
}

/** A route for the quick form: every broker readable and writable, with a master. */
function quickRoute(queues) {
  const counts = new Map();
  for (const q of queues) counts.set(q.brokerName, (counts.get(q.brokerName) ?? 0) + 1);
  const brokers = [...counts];
  return {
    queueDatas: brokers.map(([b, n]) => ({ brokerName: b, readQueueNums: n, writeQueueNums: n, perm: 6 })),
    brokerDatas: brokers.map(([b], i) => ({ brokerName: b, brokerAddrs: { 0: `10.0.${i >> 8}.${i & 255}:10911` } })),
  };
}

function routeOf(st, queues) {
  if (st.source !== 'route') return quickRoute(queues);
  let r = JSON.parse(st.route);
  if (r && typeof r === 'object' && r.queueDatas === undefined && r.data) r = r.data;
  return r;
}

const q2 = (q) => [q.brokerName, q.queueId];
const err = (e) => ({ message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null });

/**
 * What each consumer is assigned where st.where.at says. Result:
 * { at, path: {path, reason, noAssignment}, mode, popShare,
 *   brokers: [[name, queue count]], rows: [{ cid, queues: [[b, id]] | null, reason }],
 *   readers: { min, max } (consumers per queue, -1 counting for all of a broker), error }.
 */
export function whereView(rmq, st) {
  const w = st.where;
  const model = st.mode === 'broadcasting' ? 'BROADCASTING' : 'CLUSTERING';
  const settings = w.at === 'proxy' ? { client: 'grpc' } : { client: 'push', clientRebalance: w.at === 'client', messageModel: model, strategyName: strategyName(st.strategy) };
  const out = { at: w.at, popShare: w.popShare, path: rmq.allocationPath(settings) };
  if (w.at === 'client') return out;
  // clientRebalance and QUERY_ASSIGNMENT came with the Java client 5.0.
  if (w.at !== 'proxy' && st.client !== '5.3.3') {
    out.note = `The selected client (${st.client === 'go' ? 'rocketmq-client-go 2.1.2' : 'Java 4.9.3'}) has no clientRebalance switch and always rebalances itself; this is what a Java 5 client with clientRebalance=false gets.`;
  }
  let queues;
  try { queues = topicQueues(rmq, st).subscribe; } catch (e) { return { ...out, error: err(e) }; }
  const counts = new Map();
  for (const q of queues) counts.set(q.brokerName, (counts.get(q.brokerName) ?? 0) + 1);
  out.brokers = [...counts];
  const ids = [...new Set(st.consumers)];
  try {
    if (w.at === 'proxy') {
      const got = rmq.proxyAssignment({ topic: st.topic, route: routeOf(st, queues), orderly: w.fifo }).map(q2);
      out.mode = w.fifo ? 'FIFO' : 'POP';
      out.rows = ids.map((cid) => ({ cid, queues: got, reason: 'the proxy gives every consumer the same list' }));
    } else {
      const r = rmq.queryAssignment({
        topic: st.topic, consumerGroup: st.group, messageModel: model, strategyName: strategyName(st.strategy),
        configuredMode: w.at === 'broker-pop' ? { mode: 'POP', popShareQueueNum: w.popShare } : null,
        mqAll: queues, cidAll: st.consumers, clientIds: ids,
      });
      out.mode = r.mode;
      out.rows = ids.map((cid) => {
        const a = r.results[cid];
        return { cid, queues: a.queues && a.queues.map(q2), reason: a.reason };
      });
    }
  } catch (e) { return { ...out, error: err(e) }; }
  out.readers = readers(out.rows, counts);
  return out;
}

/** Fewest and most consumers reading one queue (queue -1: all of its broker). */
function readers(rows, counts) {
  const n = new Map();
  for (const [b, c] of counts) for (let i = 0; i < c; i++) n.set(b + '\u0000' + i, 0);
  for (const r of rows) {
    if (!r.queues) continue;
    const seen = new Set();
    for (const [b, id] of r.queues) {
      const keys = id === -1 ? [...Array(counts.get(b) ?? 0).keys()].map((i) => b + '\u0000' + i) : [b + '\u0000' + id];
      for (const k of keys) if (!seen.has(k) && n.has(k)) { seen.add(k); n.set(k, n.get(k) + 1); }
    }
  }
  const v = [...n.values()];
  return v.length ? { min: Math.min(...v), max: Math.max(...v) } : { min: 0, max: 0 };
}
