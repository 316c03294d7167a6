// priority.js — RocketMQ 5.4 priority messages (RIP-80) in the playground:
// the state of the Priority tab (defaults, checks, the message lines) and
// its computation (run in the worker, over a loaded rmqalloc): which queue
// the broker stores each message on (rmq.priorityQueue), per-queue counts.
// Pure: no DOM.
import { topicQueues } from './engine.js';

export const SELECTORS = ['roundRobin', 'hash'];
export const MESSAGES_MAX = 500; // lines
export const TOTAL_MAX = 100_000; // messages, counts included
const INT32_MIN = -2147483648, INT32_MAX = 2147483647;

/** The default priority state: a few messages over the default 4 × 4 topic. */
export function priorityDefaults() {
  return {
    messages: ['0', '1', '2', '3', '5*2', '7', '9 broker-a:0', '2 broker-b:3'],
    selector: 'roundRobin', // for lines that name no queue
    writeQueueNums: null, // null: each broker's write queues in the topic
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
  return { messages: messages.map((m) => m.trim()), selector, writeQueueNums: wqn };
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
  let mqs;
  try { mqs = topicQueues(rmq, st).publish; } catch (e) { return { ...out, error: { ...err(e), ...(e && e.prompt ? { prompt: true } : {}) } }; }
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
  return out;
}
