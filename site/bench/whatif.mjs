#!/usr/bin/env node
// What-if at a big topic, in the playground's worker, before and after
// issue 12's diff by position: `node site/bench/whatif.mjs [brokers
// queuesPerBroker consumers]` (default 1000 × 2000 = 2M queues, 10,000
// consumers: a few minutes on a busy machine, so not an e2e test).
//
// In a module worker of the served page (whatif-worker.js) it times, on the same input:
//   json      — the old path: rmq.analysis.diff's JSON answer, fromPlan × 2;
//   positions — engine.change (diff by position);
// each followed by pack and the postMessage to the page (until the page has
// it). Then, after, the page end to end: open with the What-if tab, first
// rendered result.
import { startServer, startBrowser } from '../e2e/harness.mjs';

const [brokers, perBroker, consumers] = process.argv.slice(2).map(Number);
const size = { brokers: brokers || 1000, queuesPerBroker: perBroker || 2000, gen: consumers || 10000 };


const server = await startServer();
const browser = await startBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(server.url + 'favicon.svg');
  const out = await page.evaluate(async ({ size }) => {
    const w = new Worker('/bench/whatif-worker.js', { type: 'module' });
    const next = () => new Promise((resolve, reject) => { w.onmessage = (e) => resolve(e.data); w.onerror = (e) => reject(new Error('worker: ' + e.message)); w.onmessageerror = () => reject(new Error('messageerror')); });
    await next();
    const rows = {};
    for (const path of ['positions', 'json']) {
      const t0 = performance.now();
      w.postMessage({ size, path });
      const m = await next();
      const got = performance.timeOrigin + performance.now();
      rows[path] = { total: Math.round(performance.now() - t0), computed: Math.round(m.computed), toPage: Math.round(got - m.sentAt), moved: m.moved, q: m.q };
    }
    w.terminate();
    return rows;
  }, { size });
  const label = `${out.json.q} queues × ${size.gen} consumers (+1 joins; ${out.json.moved} move)`;
  console.log(`What-if in the worker, ${label}:`);
  for (const [k, r] of Object.entries(out)) console.log(`  ${k.padEnd(10)} ${String(r.total).padStart(7)} ms (compute ${r.computed} ms, to the page ${r.toPage} ms)`);
  console.log(`  positions / json: ${(out.positions.total / out.json.total).toFixed(2)}×`);

  const hash = '#s=' + Buffer.from(JSON.stringify({ ...size, tab: 'whatif' })).toString('base64url');
  const p2 = await (await browser.newContext()).newPage();
  await p2.goto(server.url + hash);
  await p2.waitForFunction(() => document.body.dataset.ready === 'true' && !/computing/.test(document.getElementById('status').textContent) && document.querySelector('#moved-count'), null, { timeout: 600000 });
  console.log(`page, What-if tab open, first result: ${await p2.evaluate(() => document.body.dataset.renderedAt)} ms after navigation start`);
} finally {
  await browser.close();
  server.stop();
}
