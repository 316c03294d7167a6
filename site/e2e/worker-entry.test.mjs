// The worker's small entry (worker.js): on a page opened on the defaults
// it asks for the full module before its engine (worker-engine.js), keeps
// every message that arrives before the engine is loaded and answers them
// in order, and a missing engine is reported, not waited for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, ready, WAIT } from './harness.mjs';

const s = suite();

async function fresh() {
  const context = await s.browser.newContext({ serviceWorkers: 'block' });
  s.contexts.push(context);
  return { context, page: await context.newPage() };
}

test('a page opened on the defaults requests the analysis module before the worker engine', async () => {
  const { context, page } = await fresh();
  const order = [];
  context.on('request', (r) => { const n = r.url().replace(/^.*\//, ''); if (/\.wasm$|^worker(-engine)?\.js/.test(n)) order.push(n); });
  await page.goto(s.server.url);
  await ready(page);
  assert.deepEqual(order.map((n) => n.replace(/#.*/, '')), ['worker.js', 'rmqalloc-analysis.wasm', 'worker-engine.js']);
});

test('messages sent before the engine has loaded are all answered, in the order sent', async () => {
  const { context, page } = await fresh();
  await page.goto(s.server.url + 'favicon.svg'); // same origin, no playground running
  // The engine arrives late: every message below is sent while only the
  // entry runs. Each waits for the same module, so they answer in the order
  // the engine was handed them.
  let release;
  const held = new Promise((r) => { release = r; });
  await context.route('**/dist/worker-engine.js', async (route) => { await held; await route.continue(); });
  const answers = page.evaluate((wait) => new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('not all answered: a message was lost')), wait);
    const w = new Worker('/dist/worker.js', { type: 'module' });
    const got = [];
    w.onmessage = (ev) => {
      if (!('id' in ev.data)) return; // { ready } while the module loads
      got.push([ev.data.id, ev.data.error ? 'error: ' + ev.data.error.message : Object.keys(ev.data.result).sort().join(',')]);
      if (got.length === 3) resolve(got);
    };
    w.postMessage({ id: 1, op: 'info', state: null });
    w.postMessage({ id: 2, op: 'examples', state: null });
    w.postMessage({ id: 3, op: 'info', state: null });
  }), WAIT);
  await page.waitForTimeout(300);
  release();
  const got = await answers;
  assert.deepEqual(got.map(([id]) => id), [1, 2, 3]);
  assert.match(got[0][1], /^build,profiles,strategies,version$/);
  assert.doesNotMatch(got[1][1], /^error/);
  assert.equal(got[2][1], got[0][1]);
});

test('an engine that cannot load is reported on the page, not waited for', async () => {
  const { context, page } = await fresh();
  await context.route('**/dist/worker-engine.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto(s.server.url);
  await page.waitForFunction(() => /worker/.test(document.getElementById('status').textContent), null, { timeout: WAIT });
  assert.match(await page.textContent('#status'), /⚠ .*worker-engine\.js/);
});
