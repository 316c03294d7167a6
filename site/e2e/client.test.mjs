// Node tests of the worker client (lib/client.js) with a scripted fake
// worker: superseded calls are never sent, and a long-running superseded
// call is cancelled by replacing the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { EngineClient } from '../lib/client.js';

/** A worker that answers only when told to. */
function fakeWorkers() {
  const made = [];
  class FakeWorker {
    constructor() { this.sent = []; this.terminated = false; made.push(this); }
    postMessage(m) { this.sent.push(m); }
    terminate() { this.terminated = true; }
    answer(id, result = id) { this.onmessage({ data: { id, result } }); }
  }
  return { FakeWorker, made };
}

test('calls superseded while one runs are never sent; only the newest follows', async () => {
  const { FakeWorker, made } = fakeWorkers();
  const c = new EngineClient('w.js', FakeWorker);
  const w = made[0];
  const a = c.call('analyze', { n: 1 }), b = c.call('analyze', { n: 2 }), d = c.call('analyze', { n: 3 });
  assert.deepEqual(w.sent.map((m) => m.state.n), [1]);
  assert.deepEqual(await b, { stale: true });
  w.answer(w.sent[0].id);
  assert.deepEqual(await a, { stale: true }); // answered, but no longer the latest
  assert.deepEqual(w.sent.map((m) => m.state.n), [1, 3]);
  w.answer(w.sent[1].id, 'three');
  assert.deepEqual(await d, { result: 'three' });
  // other ops are independent
  const e = c.call('compare', { n: 4 });
  assert.equal(w.sent.at(-1).op, 'compare');
  w.answer(w.sent.at(-1).id, 'cmp');
  assert.deepEqual(await e, { result: 'cmp' });
  assert.equal(c.restarts, 0);
});

test('a call superseded after running 1.5 s is cancelled: a new worker gets the latest call of every op', async () => {
  const { FakeWorker, made } = fakeWorkers();
  const c = new EngineClient('w.js', FakeWorker);
  const slow = c.call('analyze', { n: 1 });
  const other = c.call('examples', null);
  await sleep(1600);
  // still loading the module: a superseding call waits instead of restarting
  const loading = c.call('analyze', { n: 9 });
  assert.equal(made.length, 1);
  made[0].onmessage({ data: { ready: true } });
  await sleep(1600);
  const fresh = c.call('analyze', { n: 2 });
  assert.deepEqual(await slow, { stale: true });
  assert.deepEqual(await loading, { stale: true });
  assert.equal(made.length, 2);
  assert.equal(made[0].terminated, true);
  assert.deepEqual(made[1].sent.map((m) => [m.op, m.state && m.state.n]).sort(), [['analyze', 2], ['examples', null]]);
  for (const m of made[1].sent) made[1].answer(m.id, m.op);
  assert.deepEqual(await fresh, { result: 'analyze' });
  assert.deepEqual(await other, { result: 'examples' });
  assert.equal(c.restarts, 1);
});

test('a worker started early (worker-boot.js) is taken over, and an error it raised before then is reported', async () => {
  const { FakeWorker, made } = fakeWorkers();
  const early = new FakeWorker();
  const c = new EngineClient('w.js', FakeWorker, early);
  assert.equal(made.length, 1, 'no second worker');
  const a = c.call('analyze', { n: 1 });
  assert.deepEqual(early.sent.map((m) => m.state.n), [1]);
  early.answer(early.sent[0].id, 'one');
  assert.deepEqual(await a, { result: 'one' });

  const broken = new FakeWorker();
  broken.earlyError = 'SyntaxError: worker.js';
  const d = new EngineClient('w.js', FakeWorker, broken);
  assert.deepEqual(await d.call('analyze', {}), { error: { message: 'the worker failed: SyntaxError: worker.js' } });
});
