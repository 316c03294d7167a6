// export.js — the plan as files an operator can keep or diff: JSON and CSV.
//
// JSON shape (one object):
//   { "topic": "TopicTest", "group": "...", "strategy": "AVG", "client": "java-4.9.3",
//     "mode": "clustering",
//     "consumers": { "<client ID>": [ { "topic", "brokerName", "queueId" }, ... ], ... },
//     "errors":    { "<client ID>": { "javaClass", "message" } } }
// Consumers are in the order the strategy sees them (sorted as Java
// strings); each list is that consumer's queues in the strategy's order. A
// consumer whose own call throws has an empty list and an "errors" entry.
// Broadcasting: every consumer lists every queue.
//
// CSV: a header "consumer,topic,brokerName,queueId", then one row per
// consumer and queue (a consumer with no queue: one row with the queue
// fields empty). Fields with a comma, quote or line break are quoted.
import { topicQueues, strategySpec, planInput, roomsOf, PROFILE_OF } from './engine.js';


/** The plan of st as the export object above. */
export function exportPlan(rmq, st) {
  const queues = topicQueues(rmq, st).subscribe;
  const spec = strategySpec(st.strategy, st.topic);
  const p = rmq.analysis.plan(planInput({ queues, consumers: st.consumers, spec, client: st.client, mode: st.mode, rooms: roomsOf(st) }));
  const q = (x) => ({ topic: x.topic, brokerName: x.brokerName, queueId: x.queueId });
  const all = p.queues.map(q);
  const consumers = {}, errors = {};
  p.members.forEach((m, i) => { consumers[m] = st.mode === 'broadcasting' ? all : p.shares[i].map((k) => all[k]); });
  for (const e of p.errors || []) errors[p.members[e.member]] = { javaClass: e.javaClass || null, message: e.message };
  if (st.mode !== 'broadcasting' && spec.name === 'CONFIG') {
    // CONFIG hands out its list as is, queues the topic lacks included.
    for (const m of p.members) if (!errors[m]) consumers[m] = spec.messageQueueList.map(q);
  }
  return { topic: st.topic, group: st.group, strategy: st.strategy.name, client: PROFILE_OF[st.client], mode: st.mode, consumers, errors };
}

const cell = (v) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
};

/** The export object as CSV text. */
export function toCSV(plan) {
  const rows = ['consumer,topic,brokerName,queueId'];
  for (const [m, qs] of Object.entries(plan.consumers)) {
    if (!qs.length) rows.push(cell(m) + ',,,');
    for (const x of qs) rows.push([m, x.topic, x.brokerName, x.queueId].map(cell).join(','));
  }
  return rows.join('\r\n') + '\r\n';
}

/** Both files' texts, computed in the worker. */
export function exportFiles(rmq, st) {
  const plan = exportPlan(rmq, st);
  return { json: JSON.stringify(plan, null, 2) + '\n', csv: toCSV(plan) };
}
