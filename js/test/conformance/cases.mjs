// One conformance case through the public rmqalloc API → its result object,
// per the vectors' FORMAT.md. Shared by run.mjs (make conformance-js), the
// Node tests and the browser test, so it imports nothing platform-specific.

/** Profiles and the ops each answers (as the native runner). */
export const PROFILE_OPS = {
  'java-4.9.3': ['allocate', 'selectHash', 'selectRoundRobin', 'selectLatency', 'routeToQueues'],
  'java-5.3.3': ['allocate', 'selectHash', 'selectRoundRobin', 'selectLatency', 'routeToQueues'],
  'grpc-java': ['selectMessageGroup'],
  'grpc-nodejs-1.0.8': ['selectMessageGroup'],
  'go-client-2.1.2': ['allocate', 'goRouteToPublish', 'goSelect'],
  'golang-5.1.4': ['takeMessageQueues'],
  'golang-5.1.4-fixed': ['takeMessageQueues'],
  'broker-5.3.3': ['queryAssignment'],
  'broker-5.5.0': ['consistentHash', 'liteTopicQueue'],
};

/**
 * Profiles whose ops only the full module serves (RocketMQ 5 server-side
 * assignment, the Go producers; go-client-2.1.2's allocate runs there
 * too): load them with load(loadOptionsFor(profile)).
 */
export const FULL_MODULE_PROFILES = new Set(['broker-5.3.3', 'go-client-2.1.2', 'golang-5.1.4', 'golang-5.1.4-fixed']);

/** The load() options a profile's cases need. */
export const loadOptionsFor = (profile) => (FULL_MODULE_PROFILES.has(profile) ? { analysis: true } : {});

const queue = ([topic, brokerName, queueId]) => ({ topic, brokerName, queueId });
const wire = (q) => [q.topic, q.brokerName, q.queueId];
const wireList = (qs) => (qs === null ? null : qs.map(wire));
const queues = (l) => (l == null ? l : l.map(queue));

/** {error, message} of a thrown error; JS-side errors keep their code. */
function errorOf(e) {
  if (e && typeof e === 'object' && 'code' in e) {
    return { error: e.code === 'ERR_PANIC' ? 'panic' : (e.javaClass ?? `JS:${e.code}`), message: e.message };
  }
  throw e;
}

function spec(s) {
  if (s == null) return s;
  const out = { ...s };
  if (s.messageQueueList != null) out.messageQueueList = queues(s.messageQueueList);
  if (s.inner != null) out.inner = spec(s.inner);
  return out;
}

/**
 * A Go string cannot be null: like the native runner, a null inside cidAll
 * becomes a placeholder ID no other cid of the case equals (it fills a slot
 * and matches no currentCID), for the Java profiles; "" for the Go client.
 */
function cidsOf(cidAll, current, goClient) {
  if (cidAll === null) return { cids: null, hasNull: false };
  const taken = new Set([...cidAll, ...current].filter((c) => c !== null));
  let ph = '\u0000null';
  while (taken.has(ph)) ph += '\u0000';
  let hasNull = false;
  const cids = cidAll.map((c) => {
    if (c !== null) return c;
    hasNull = true;
    return goClient ? '' : ph;
  });
  return { cids, hasNull };
}

function allocate(rmq, profile, c) {
  const goClient = profile === 'go-client-2.1.2';
  const client = { profile };
  const strategy = spec(c.strategy);
  const out = { id: c.id };
  if (!goClient) {
    try {
      out.name = rmq.strategyName(strategy, client);
    } catch (e) {
      return { id: c.id, ...errorOf(e) };
    }
  }
  const mqAll = c.mqAll === null ? null : queues(c.mqAll);
  const { cids, hasNull } = cidsOf(c.cidAll, c.currentCIDs, goClient);
  if (c.sortFirst && hasNull && !goClient) {
    return { id: c.id, error: 'NullPointerException', message: 'null in cidAll while sorting' };
  }
  // The Go client has no nulls: a null list is an empty one.
  const mq = goClient && mqAll === null ? [] : mqAll;
  const ca = goClient && cids === null ? [] : cids;
  out.results = {};
  for (const cid of c.currentCIDs) {
    const key = cid === null ? '<null>' : cid;
    if (key in out.results) continue;
    try {
      const qs = rmq.allocate({ ...client, strategy, consumerGroup: c.group, currentCID: cid, mqAll: mq, cidAll: ca, sort: c.sortFirst });
      out.results[key] = { queues: wireList(qs) };
    } catch (e) {
      out.results[key] = errorOf(e);
    }
  }
  return out;
}

function selectHash(rmq, c) {
  try {
    return { id: c.id, queue: wire(rmq.select({ selector: 'hash', mqs: queues(c.mqs), arg: c.arg })) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

function select(rmq, profile, c, latency) {
  const version = profile.slice('java-'.length);
  let now = 0;
  const opts = { mqs: queues(c.mqs), version, latencyFaultTolerance: latency, startIndex: c.startIndex ?? 0, clock: () => now };
  if (latency) {
    opts.worstStartIndex = c.worstStartIndex ?? 0;
    if (c.queueDatas != null) opts.queueDatas = c.queueDatas;
    if (c.resetValues != null) opts.resetValues = c.resetValues;
  }
  const p = rmq.producer(opts);
  const out = { id: c.id, queues: [] };
  try {
    for (const s of c.steps) {
      if (latency) now = s.at;
      if (s.do === 'update') {
        p.update(s.broker, s.latency, s.isolation, { reachable: s.reachable ?? true });
      } else {
        out.queues.push(wire(p.select({ lastBrokerName: s.lastBrokerName ?? null, resetIndex: s.resetIndex ?? false })));
      }
    }
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  } finally {
    p.dispose();
  }
  return out;
}

function route(rmq, c) {
  try {
    const { publish, subscribe } = rmq.routeToQueues({ topic: c.topic, route: c.route });
    return { id: c.id, publish: wireList(publish), subscribe: wireList(subscribe) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

function messageGroup(rmq, profile, c) {
  try {
    return { id: c.id, queue: wire(rmq.select({ selector: 'messageGroup', mqs: queues(c.mqs), messageGroup: c.messageGroup, profile })) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

/** The broker's answer to every client ID of the case (FORMAT.md). */
function queryAssignment(rmq, c) {
  const r = rmq.queryAssignment({
    topic: c.topic, consumerGroup: c.group, messageModel: c.messageModel, strategyName: c.strategyName,
    serverLoadBalancerEnable: c.serverLoadBalancerEnable, brokerDefaultMode: c.brokerDefaultMode,
    brokerDefaultPopShareQueueNum: c.brokerDefaultPopShareQueueNum, configuredMode: c.configuredMode,
    mqAll: queues(c.mqAll), cidAll: c.cidAll, clientIds: c.clientIds,
  });
  const results = {};
  for (const [id, a] of Object.entries(r.results)) results[id] = { mode: a.mode, queues: wireList(a.queues) };
  return { id: c.id, results };
}

/** Guava's consistentHash over 1..maxBuckets and the extra counts (FORMAT.md, broker-5.5.0). */
function consistentHash(rmq, c) {
  try {
    const out = { id: c.id, buckets: [] };
    for (let n = 1; n <= c.maxBuckets; n++) out.buckets.push(rmq.consistentHash(c.input, n));
    if (c.also) out.also = c.also.map((n) => rmq.consistentHash(c.input, n));
    return out;
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

function liteTopicQueue(rmq, c) {
  try {
    return { id: c.id, queue: wire(rmq.select({ selector: 'liteTopic', mqs: queues(c.writeQueues), liteTopic: c.liteTopic })) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

/** rocketmq-client-go v2.1.2's publish list (FORMAT.md, go-client-2.1.2 producer). */
function goRouteToPublish(rmq, c) {
  try {
    return { id: c.id, publish: wireList(rmq.goPublishQueues({ topic: c.topic, route: c.route })) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

/** Its QueueSelectors over the case's sends. */
function goSelect(rmq, c) {
  const steps = c.steps.map((st) => ({ ...st, mqs: queues(st.mqs), queue: st.queue == null ? st.queue : queue(st.queue) }));
  try {
    const got = rmq.goSelect({ selector: c.selector, mqs: queues(c.mqs), seed: c.seed, startIndex: c.startIndex, steps });
    return { id: c.id, queues: got.map((q) => (q === null ? null : wire(q))) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

/** The Go gRPC client's TakeMessageQueues (FORMAT.md, golang-5.1.4[-fixed]). */
function takeMessageQueues(rmq, profile, c) {
  const client = profile === 'golang-5.1.4' ? 'go-5.1.4' : 'go-fixed';
  try {
    const { steps } = rmq.takeMessageQueues({ client, mqs: queues(c.mqs), endpoints: c.endpoints, startIndex: c.startIndex, steps: c.steps });
    return { id: c.id, steps: steps.map(wireList) };
  } catch (e) {
    return { id: c.id, ...errorOf(e) };
  }
}

/** The result object of case c (parsed JSON) under profile. */
export function runCase(rmq, profile, c) {
  const ops = PROFILE_OPS[profile];
  if (!ops) throw new Error(`unknown profile ${JSON.stringify(profile)} (supported: ${Object.keys(PROFILE_OPS).join(', ')})`);
  if (!ops.includes(c.op)) throw new Error(`profile ${profile} has no op ${JSON.stringify(c.op)} (it has: ${ops.join(', ')})`);
  switch (c.op) {
    case 'allocate':
      return allocate(rmq, profile, c);
    case 'selectHash':
      return selectHash(rmq, c);
    case 'goRouteToPublish':
      return goRouteToPublish(rmq, c);
    case 'goSelect':
      return goSelect(rmq, c);
    case 'takeMessageQueues':
      return takeMessageQueues(rmq, profile, c);
    case 'consistentHash':
      return consistentHash(rmq, c);
    case 'liteTopicQueue':
      return liteTopicQueue(rmq, c);
    case 'selectRoundRobin':
      return select(rmq, profile, c, false);
    case 'selectLatency':
      return select(rmq, profile, c, true);
    case 'routeToQueues':
      return route(rmq, c);
    case 'selectMessageGroup':
      return messageGroup(rmq, profile, c);
    case 'queryAssignment':
      return queryAssignment(rmq, c);
  }
  throw new Error(`unknown op ${c.op}`);
}
