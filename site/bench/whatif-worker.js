// whatif-worker.js — the worker side of whatif.mjs (see there).
import { load } from '/js/index.js';
import * as E from '/lib/engine.js';
import * as S from '/lib/state.js';
import { pack } from '/lib/pack.js';

const rmq = await load({ analysis: true, wasmURL: '/js/rmqalloc-full.wasm' });
self.onmessage = (ev) => {
  const { size, path } = ev.data;
  const st = S.validate({ ...S.defaults(), brokers: size.brokers, queuesPerBroker: size.queuesPerBroker, consumers: S.generateConsumers(size.gen), tab: 'whatif' });
  const t = E.topicQueues(rmq, st), w = E.whatIfInput(st), t2 = E.topicQueues(rmq, st, w.overrides);
  const spec = E.strategySpec(st.strategy, st.topic);
  const from = { queues: t.subscribe, consumers: st.consumers, spec, client: st.client, mode: st.mode, rooms: null, notWritable: null };
  const to = { ...from, queues: t2.subscribe, consumers: w.consumers };
  const t0 = performance.now();
  let res;
  if (path === 'json') {
    const r = rmq.analysis.diff({ from: E.planInput(from), to: E.planInput(to) });
    res = { before: E.fromPlan(r.from, from), after: E.fromPlan(r.to, to), diff: r.diff };
  } else {
    res = E.change(rmq, from, to);
  }
  const computed = performance.now() - t0;
  const transfer = pack(res);
  postMessage({ res, computed, sentAt: performance.timeOrigin + performance.now(), moved: res.diff.moved, q: t.subscribe.length }, transfer);
};
postMessage({ ready: true });
