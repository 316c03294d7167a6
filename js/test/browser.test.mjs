// The package in headless Chromium (playwright-core, /usr/bin/chromium):
// served by a tiny local HTTP server, it loads in a page and in a module
// Web Worker and runs every public vector of every profile (core module),
// then loads the full module beside it and runs an analysis.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { JS_DIR, vectorFiles } from './helpers.mjs';

const ROOT = path.resolve(JS_DIR, '..');
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.jsonl': 'text/plain; charset=utf-8', '.html': 'text/html; charset=utf-8' };
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Runs in the page or the worker: every vector file, compared per FORMAT.md.
const RUNNER = `
import { load } from '/js/index.js';
import { runCase, FULL_MODULE_PROFILES } from '/js/test/conformance/cases.mjs';
import { diff } from '/js/test/conformance/compare.mjs';
export async function runAll(files) {
  const rmq = await load();
  // The full module beside the core one: its own instance, with analysis
  // and the broker-side assignment.
  const full = await load({ analysis: true });
  const out = { files: [], globals: ['Go', 'fs', 'process', '__rmqalloc_host__'].filter((g) => Object.prototype.hasOwnProperty.call(globalThis, g)) };
  for (const f of files) {
    const lines = async (u) => (await (await fetch(u)).text()).split('\\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    const [cases, results] = await Promise.all([lines(f.cases), lines(f.results)]);
    let bad = [];
    const m = FULL_MODULE_PROFILES.has(f.profile) ? full : rmq;
    cases.forEach((c, i) => { const d = diff(results[i], runCase(m, f.profile, c)); if (d) bad.push(c.id + ': ' + d); });
    out.files.push({ name: f.profile + '/' + f.name, cases: cases.length, bad: bad.slice(0, 5), nbad: bad.length });
  }
  const plan = (members) => ({ strategy: { name: 'AVG' }, queues: [0, 1, 2, 3].map((i) => ({ topic: 'T', brokerName: 'b', queueId: i })), members });
  let coreErr = null;
  try { rmq.analysis.diff({ from: plan(['a']), to: plan(['a', 'b']) }); } catch (e) { coreErr = e.code; }
  out.builds = { core: rmq.build, full: full.build, coreAnalysis: coreErr, moved: full.analysis.diff({ from: plan(['a']), to: plan(['a', 'b']) }).diff.moved };
  out.globals = ['Go', 'fs', 'process', '__rmqalloc_host__'].filter((g) => Object.prototype.hasOwnProperty.call(globalThis, g));
  return out;
}`;
const WORKER = `import { runAll } from '/__runner.mjs';
onmessage = async (e) => { try { postMessage(await runAll(e.data)); } catch (err) { postMessage({ error: String(err && err.stack || err) }); } };`;
const PAGE = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>rmqalloc</title>';

let server;
let base;
let browser;

before(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const send = (type, body) => { res.writeHead(200, { 'content-type': type }); res.end(body); };
    if (url.pathname === '/') return send(TYPES['.html'], PAGE);
    if (url.pathname === '/__runner.mjs') return send(TYPES['.mjs'], RUNNER);
    if (url.pathname === '/__worker.mjs') return send(TYPES['.mjs'], WORKER);
    const file = path.join(ROOT, path.normalize(decodeURIComponent(url.pathname)));
    if (!file.startsWith(ROOT + path.sep)) { res.writeHead(403); return res.end(); }
    try {
      send(TYPES[path.extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const files = vectorFiles().map((f) => ({
  profile: f.profile,
  name: f.name,
  cases: '/' + path.relative(ROOT, f.cases),
  results: '/' + path.relative(ROOT, f.results),
}));

function check(out) {
  assert.equal(out.error, undefined, out.error);
  assert.deepEqual(out.globals, [], 'globals left behind');
  // AVG over 4 queues, a then a and b: queues 2 and 3 move to b.
  assert.deepEqual(out.builds, { core: 'core', full: 'full', coreAnalysis: 'ERR_UNSUPPORTED', moved: 2 });
  assert.equal(out.files.length, files.length);
  for (const f of out.files) {
    assert.ok(f.cases > 0, f.name);
    assert.deepEqual(f.bad, [], `${f.name}: ${f.nbad} of ${f.cases} differ`);
  }
}

test('every vector in a Chromium page', { timeout: 240_000 }, async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + '/');
  const out = await page.evaluate(async (fs) => (await import('/__runner.mjs')).runAll(fs), files);
  check(out);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every vector in a Chromium module Web Worker', { timeout: 240_000 }, async () => {
  const page = await browser.newPage();
  await page.goto(base + '/');
  const out = await page.evaluate((fs) => new Promise((resolve) => {
    const w = new Worker('/__worker.mjs', { type: 'module' });
    w.onmessage = (e) => resolve(e.data);
    w.onerror = (e) => resolve({ error: e.message || 'worker error' });
    w.postMessage(fs);
  }), files);
  check(out);
  await page.close();
});
