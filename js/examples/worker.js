// A module worker that answers allocation requests with rmqalloc
// (examples/worker.html). Module workers have no import maps: the package is
// imported by its path.
import { load } from '../index.browser.js';

const ready = load();

onmessage = async (e) => {
  try {
    const rmq = await ready;
    const { queues, consumers } = e.data;
    const mqAll = Array.from({ length: queues }, (_, i) => ({ topic: 'T', brokerName: `broker-${i % 2}`, queueId: i >> 1 }));
    const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll, consumers, sort: true });
    postMessage(Object.fromEntries(plan.members.map((m) => [m, plan.of(m).map((q) => `${q.brokerName}/${q.queueId}`)])));
  } catch (err) {
    postMessage({ error: `${err.code ?? ''} ${err.message}` });
  }
};
