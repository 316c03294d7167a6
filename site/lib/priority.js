// priority.js — RocketMQ 5.4 priority messages (RIP-80) in the playground:
// the state of the Priority tab (defaults, checks, the message lines) and
// its computation (run in the worker, over a loaded rmqalloc): which queue
// the broker stores each message on (rmq.priorityQueue), per-queue counts.
// Pure: no DOM.
import { topicQueues } from './engine.js';

export const SELECTORS = ['roundRobin', 'hash'];
export const PATHS = ['file', 'kv'];
export const MESSAGES_MAX = 500; // lines
export const TOTAL_MAX = 100_000; // messages, counts included
const INT32_MIN = -2147483648, INT32_MAX = 2147483647;

/** The default priority state: a few messages over the default 4 × 4 topic. */
export function priorityDefaults() {
  return {
    messages: ['0', '1', '2', '3', '5*2', '7', '9 broker-a:0', '2 broker-b:3'],
    selector: 'roundRobin', // for lines that name no queue
    writeQueueNums: null, // null: each broker's write queues in the topic
    // The POP consumer's side (broker settings, the group's priority.factor, the requests):
    drainBroker: '', // '': the first broker holding messages
    asc: true, // BrokerConfig.priorityOrderAsc
    factor: 100, // the group attribute priority.factor (0: off)
    retryProbability: 20, // BrokerConfig.popFromRetryProbability
    retryProbabilityForPriority: 0, // BrokerConfig.popFromRetryProbabilityForPriority
    retryBacklog: 0, // messages waiting in the group's retry topic (one queue)
    maxMsgNums: 4, // messages per POP request
    path: 'file', // file: PopMessageProcessor; kv: popConsumerKVServiceEnable
    draws: [50], // file path: random.nextInt(100) of each request (the last repeats)
    requestCount: 0, // kv path: the group@topic request counter before the first request
  };
}

function bad(field, msg) { return Object.assign(new Error(`${field} ${msg}`), { field }); }

/**
 * One message line: "PRIORITY", "PRIORITY*COUNT", optionally followed by
 * the queue the producer sent to, "BROKER:QUEUE". Returns
 * { priority, count, queue: [broker, id] | null } or throws naming the line.
 */
export function parseMessage(line, n) {
  const m = /^(-?\d+)(?:\s*[*x×]\s*(\d+))?(?:\s+(\S+))?$/.exec(line.trim());
  const where = `line ${n}: "${line.trim().slice(0, 60)}"`;
  if (!m) throw bad('priority.messages', `${where} is not PRIORITY[*COUNT] [BROKER:QUEUE], e.g. 7, 3*5 or 7 broker-a:2`);
  const priority = Number(m[1]);
  if (!Number.isSafeInteger(priority) || priority < INT32_MIN || priority > INT32_MAX) throw bad('priority.messages', `${where}: the priority must be an int (Message.setPriority takes an int)`);
  const count = m[2] === undefined ? 1 : Number(m[2]);
  if (count < 1 || count > TOTAL_MAX) throw bad('priority.messages', `${where}: the count must be from 1 to ${TOTAL_MAX}`);
  let queue = null;
  if (m[3] !== undefined) {
    const q = /^(.+):(\d+)$/.exec(m[3]);
    if (!q || Number(q[2]) > INT32_MAX) throw bad('priority.messages', `${where}: "${m[3]}" is not BROKER:QUEUE (e.g. broker-a:2)`);
    queue = [q[1], Number(q[2])];
  }
  return { priority, count, queue };
}

/** Checks a priority state from a URL or the form; throws naming the field. */
export function validatePriority(p) {
  const d = priorityDefaults();
  if (p === null || typeof p !== 'object' || Array.isArray(p)) throw bad('priority', 'must be an object');
  const messages = p.messages ?? d.messages, selector = p.selector ?? d.selector;
  const wqn = p.writeQueueNums === undefined ? d.writeQueueNums : p.writeQueueNums;
  if (!Array.isArray(messages)) throw bad('priority.messages', 'must be a list');
  if (messages.length > MESSAGES_MAX) throw bad('priority.messages', `has more than ${MESSAGES_MAX} lines`);
  let total = 0;
  messages.forEach((m, i) => {
    if (typeof m !== 'string' || m.length > 1000) throw bad('priority.messages', `line ${i + 1} must be a string of at most 1000 characters`);
    total += parseMessage(m, i + 1).count;
  });
  if (total > TOTAL_MAX) throw bad('priority.messages', `hold ${total} messages: at most ${TOTAL_MAX}`);
  if (!SELECTORS.includes(selector)) throw bad('priority.selector', `must be one of ${SELECTORS.join(', ')}`);
  if (wqn !== null && (!Number.isInteger(wqn) || wqn < 1 || wqn > 65536)) throw bad('priority.writeQueueNums', 'must be empty (the topic\u2019s) or an integer from 1 to 65536');
  const int = (k, lo, hi) => {
    const v = p[k] ?? d[k];
    if (!Number.isInteger(v) || v < lo || v > hi) throw bad('priority.' + k, `must be an integer from ${lo} to ${hi}`);
    return v;
  };
  const drainBroker = p.drainBroker ?? d.drainBroker;
  if (typeof drainBroker !== 'string' || drainBroker.length > 1000) throw bad('priority.drainBroker', 'must be a broker name');
  const asc = p.asc ?? d.asc;
  if (typeof asc !== 'boolean') throw bad('priority.asc', 'must be true or false');
  const path = p.path ?? d.path;
  if (!PATHS.includes(path)) throw bad('priority.path', `must be one of ${PATHS.join(', ')}`);
  const draws = p.draws ?? d.draws;
  if (!Array.isArray(draws) || draws.length < 1 || draws.length > 200) throw bad('priority.draws', 'must be a list of 1 to 200 numbers');
  draws.forEach((x) => { if (!Number.isInteger(x) || x < 0 || x > 99) throw bad('priority.draws', `must be random.nextInt(100) values, 0 to 99: ${JSON.stringify(x).slice(0, 20)} is not one`); });
  return {
    messages: messages.map((m) => m.trim()), selector, writeQueueNums: wqn, drainBroker, asc,
    factor: int('factor', 0, 100), retryProbability: int('retryProbability', 0, 100), retryProbabilityForPriority: int('retryProbabilityForPriority', 0, 100),
    retryBacklog: int('retryBacklog', 0, TOTAL_MAX), maxMsgNums: int('maxMsgNums', 1, 1000), path, draws, requestCount: int('requestCount', 0, 2 ** 52),
  };
}

const err = (e) => ({ message: String(e && e.message || e), code: e && e.code || null, javaClass: e && e.javaClass || null });
const ROWS_MAX = 200;

/**
 * The Priority tab's result for state st:
 * { topic, brokers: [[name, writeQueueNums]], selector, client,
 *   rows: [{ line, n, priority, times, sent: [b, q], stored: [b, q], error }]
 *     (the first ROWS_MAX rows; the messages of a COUNT line that go the
 *     same way are one row, times of them),
 *   counts: { broker: [messages per queue] }, total, stored, failed, error }.
 * The producer's queue for a line that names none: the Java producer's
 * round robin (selectOneMessageQueue, one send per message, in order) or
 * SelectMessageQueueByHash with the priority as its Integer arg.
 */
export function priorityView(rmq, st) {
  const p = st.priority;
  const out = { topic: st.topic, selector: p.selector, client: st.client, rows: [], counts: {}, total: 0, stored: 0, failed: 0 };
  let mqs, subscribe;
  try { ({ publish: mqs, subscribe } = topicQueues(rmq, st)); } catch (e) { return { ...out, error: { ...err(e), ...(e && e.prompt ? { prompt: true } : {}) } }; }
  // Each broker's writeQueueNums: its write queues in the publish list
  // (the route's writeQueueNums; the quick form's queues per broker).
  const wq = new Map();
  for (const q of mqs) wq.set(q.brokerName, (wq.get(q.brokerName) ?? 0) + 1);
  out.brokers = [...wq].map(([b, n]) => [b, p.writeQueueNums ?? n]);
  const wqn = new Map(out.brokers);
  for (const [b, n] of out.brokers) out.counts[b] = new Array(Math.min(n, 65536)).fill(0);
  if (!mqs.length) return { ...out, error: { message: `the topic ${st.topic} has no write queues: a producer cannot send (No route info of this topic)`, code: null, javaClass: null } };
  const version = st.client === '4.9.3' ? '4.9.3' : '5.3.3';
  const prod = p.selector === 'roundRobin' ? rmq.producer({ mqs, version, latencyFaultTolerance: false, startIndex: 0 }) : null;
  try {
    p.messages.forEach((line, i) => {
      const m = parseMessage(line, i + 1);
      for (let k = 0; k < m.count; k++) {
        const row = { line, n: i + 1, priority: m.priority, times: 1 };
        try {
          let sent;
          if (m.queue) {
            const [b, id] = m.queue;
            if (!wq.has(b)) throw new Error(`line ${i + 1}: ${b} is not a broker the topic ${st.topic} can be written on (${[...wq.keys()].slice(0, 8).join(', ')})`);
            if (id >= wq.get(b)) throw new Error(`line ${i + 1}: ${b} has ${wq.get(b)} write queue${wq.get(b) === 1 ? '' : 's'}: a producer cannot send to queue ${id}`);
            sent = { topic: st.topic, brokerName: b, queueId: id };
          } else if (prod) sent = prod.select(null);
          else sent = rmq.select({ selector: 'hash', mqs, arg: { type: 'int', value: m.priority } });
          row.sent = [sent.brokerName, sent.queueId];
          const got = rmq.priorityQueue({ queue: sent, priority: m.priority, writeQueueNums: wqn.get(sent.brokerName) });
          row.stored = [got.brokerName, got.queueId];
          out.counts[got.brokerName][got.queueId]++;
          out.stored++;
        } catch (e) {
          row.error = err(e);
          out.failed++;
        }
        out.total++;
        const prev = out.rows.at(-1);
        const key = (r) => JSON.stringify([r.n, r.sent, r.stored, r.error]);
        const same = k > 0 && prev && key(prev) === key(row);
        if (same) prev.times++;
        else if (out.rows.length < ROWS_MAX) out.rows.push(row);
        else out.more = true;
      }
    });
  } finally { if (prod) prod.dispose(); }
  out.readQueues = {};
  for (const q of subscribe) out.readQueues[q.brokerName] = (out.readQueues[q.brokerName] ?? 0) + 1;
  return out;
}

/**
 * The POP consumer's side of the Priority tab (the full module: rmq.priorityDrain):
 * { drain } (drainView of priorityView's placement), { drain: null } when
 * the module lacks it or nothing is placed, { error } when the placement fails.
 */
export function priorityDrainView(rmq, st) {
  if (typeof rmq.priorityDrain !== 'function') return { drain: null };
  const placed = priorityView(rmq, st);
  if (placed.error) return { drain: null };
  try { return { drain: drainView(rmq, st, placed.counts, new Map(Object.entries(placed.readQueues))) }; } catch (e) { return { drain: { error: err(e) } }; }
}

// The module's POP-side calls (alloc/priority through the JS package).
const decideOf = (rmq, p, draw) => rmq.priorityDecide({
  path: p.path, popFromRetryProbability: p.retryProbability, popFromRetryProbabilityForPriority: p.retryProbabilityForPriority,
  priorityTopic: true, order: false, priorityFactor: p.factor, [p.path === 'kv' ? 'requestCount' : 'randomQ']: draw,
});
const orderOf = (rmq, p, readQueueNums, offset) => rmq.priorityOrder({ readQueueNums, priorityOrderAsc: p.asc, offset, path: p.path });
const drainOf = (rmq, p, decision, topic, retry) => rmq.priorityDrain({ decision, topic, retry, maxMsgNums: p.maxMsgNums, priorityOrderAsc: p.asc, path: p.path });

const REQUESTS_MAX = 200;

/**
 * How POP requests of one consumer drain the chosen broker's queues of
 * the placed messages (counts: priorityView's per-queue counts), one
 * all-queue request after another until nothing is left (at most
 * REQUESTS_MAX): { broker, readQueueNums, unread, order: { priority, normal },
 *   requests: [{ draw, priorityMode, retryFirst, retryAfter, offset, reads: [{ retry, queueId, count }], left }], left }.
 */
export function drainView(rmq, st, counts, readQueues) {
  const p = st.priority;
  const brokers = Object.keys(counts);
  const broker = brokers.includes(p.drainBroker) ? p.drainBroker : brokers.find((b) => counts[b].some((c) => c > 0)) ?? brokers[0];
  if (broker === undefined) return null;
  const rqn = Math.max(1, p.writeQueueNums ?? readQueues.get(broker) ?? counts[broker].length);
  const topic = Array.from({ length: rqn }, (_, i) => counts[broker][i] ?? 0);
  const unread = counts[broker].slice(rqn).reduce((a, c) => a + c, 0);
  const retry = p.retryBacklog > 0 ? [p.retryBacklog] : null;
  const out = { broker, brokers, path: p.path, readQueueNums: rqn, unread, requests: [] };
  out.order = { priority: orderOf(rmq, p, rqn, 0) };
  const left = () => topic.reduce((a, c) => a + c, 0) + (retry ? retry[0] : 0);
  for (let k = 0; k < REQUESTS_MAX && left() > 0; k++) {
    const draw = p.path === 'file' ? p.draws[Math.min(k, p.draws.length - 1)] : p.requestCount + k;
    const d = decideOf(rmq, p, draw);
    const reads = drainOf(rmq, p, d, topic, retry);
    for (const r of reads) {
      if (r.retry) retry[0] -= r.count;
      else topic[r.queueId] -= r.count;
    }
    out.requests.push({ draw, priorityMode: d.priorityMode, retryFirst: d.retryFirst, retryAfter: d.retryAfter, offset: d.offset, reads, left: left() });
    if (!reads.length) break;
  }
  out.left = left();
  return out;
}
