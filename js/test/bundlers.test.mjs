// The package as bundlers see it (package.json "exports", browser entry):
// an app that imports 'rmqalloc' is bundled by esbuild (--bundle
// --platform=browser) and by Vite, each with no configuration, then run in
// headless Chromium. The .wasm is found as each bundler handles
// new URL('./rmqalloc.wasm', import.meta.url): Vite emits it as an asset;
// with esbuild it is copied beside the bundle, as the README says.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, copyFileSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JS_DIR } from './helpers.mjs';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TYPES = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.wasm': 'application/wasm' };

// The app: no top-level await (older bundler targets), one call per build.
const APP = `import { load } from 'rmqalloc';
const mqs = [0, 1, 2, 3].map((i) => ({ topic: 'T', brokerName: 'b', queueId: i }));
globalThis.__out = (async () => {
  const rmq = await load();
  const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: mqs, consumers: ['a', 'b'] });
  const full = await load({ analysis: true });
  const diff = full.analysis.diff({ from: { strategy: { name: 'AVG' }, queues: mqs, members: ['a'] }, to: { strategy: { name: 'AVG' }, queues: mqs, members: ['a', 'b'] } });
  return { b: plan.of('b').map((q) => q.queueId), build: rmq.build, full: full.build, moved: diff.diff.moved };
})().catch((e) => ({ error: String(e && e.stack || e) }));
`;
const HTML = (src) => `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="${src}"></script>`;

let work;
let browser;

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rmqalloc-bundle-'));
  mkdirSync(path.join(work, 'node_modules'));
  symlinkSync(JS_DIR, path.join(work, 'node_modules', 'rmqalloc'), 'dir');
  writeFileSync(path.join(work, 'main.js'), APP);
  writeFileSync(path.join(work, 'index.html'), HTML('/main.js'));
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
});

after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Serves dir, runs the page, returns the app's answer and what was fetched. */
async function runIn(dir, page0 = '/', done = () => globalThis.__out !== undefined, answer = () => globalThis.__out) {
  const fetched = [];
  const server = createServer((req, res) => {
    const p = new URL(req.url, 'http://x').pathname;
    fetched.push(p);
    const file = p === '/' ? 'index.html' : path.normalize(decodeURIComponent(p));
    try {
      const body = readFileSync(path.join(dir, file));
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${server.address().port}${page0}`);
    await page.waitForFunction(done, null, { timeout: 60_000 });
    const out = await page.evaluate(answer);
    await page.close();
    return { out, errors, fetched };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

function check({ out, errors, fetched }) {
  assert.equal(out.error, undefined, out.error);
  assert.deepEqual(out, { b: [2, 3], build: 'core', full: 'full', moved: 2 });
  assert.deepEqual(errors, []);
  const wasm = fetched.filter((p) => p.endsWith('.wasm'));
  assert.equal(wasm.length, 2, `each module fetched once: ${wasm}`);
}

test('esbuild --bundle --platform=browser, no config: bundles and runs in Chromium', { timeout: 120_000 }, async () => {
  const esbuild = await import('esbuild');
  const out = path.join(work, 'esbuild');
  const r = await esbuild.build({ entryPoints: [path.join(work, 'main.js')], bundle: true, platform: 'browser', format: 'esm', outdir: out, absWorkingDir: work, logLevel: 'silent' });
  assert.deepEqual(r.errors, []);
  const bundle = readFileSync(path.join(out, 'main.js'), 'utf8');
  assert.doesNotMatch(bundle, /["']node:/, 'no node: import in a browser bundle');
  for (const f of ['rmqalloc.wasm', 'rmqalloc-analysis.wasm', 'rmqalloc-full.wasm']) copyFileSync(path.join(JS_DIR, f), path.join(out, f));
  writeFileSync(path.join(out, 'index.html'), HTML('/main.js'));
  check(await runIn(out));
});

test('vite build, no config: bundles, emits the .wasm, runs in Chromium', { timeout: 180_000 }, async () => {
  const { build } = await import('vite');
  const out = path.join(work, 'dist');
  await build({ root: work, configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
  const emitted = readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.wasm'));
  // One asset per build: core, analysis, full.
  assert.deepEqual(emitted.map((f) => f.replace(/-[\w-]{8}\.wasm$/, '.wasm')).sort(), ['rmqalloc-analysis.wasm', 'rmqalloc-full.wasm', 'rmqalloc.wasm'], `wasm assets: ${emitted}`);
  check(await runIn(out));
});

test('the examples: a page with an import map, and a module worker, no bundler', { timeout: 120_000 }, async () => {
  const text = () => document.getElementById('out').textContent;
  const ready = () => !/…/.test(document.getElementById('out').textContent);
  const page = await runIn(JS_DIR, '/examples/browser.html', ready, text);
  assert.deepEqual(page.errors, []);
  assert.equal(page.out, '192.168.1.10@4242: broker-a/0 broker-a/1 broker-a/2\n192.168.1.11@4242: broker-a/3 broker-b/0 broker-b/1\n192.168.1.9@4242: broker-b/2 broker-b/3');
  const worker = await runIn(JS_DIR, '/examples/worker.html', ready, text);
  assert.deepEqual(JSON.parse(worker.out), { c0: ['broker-0/0', 'broker-0/1', 'broker-0/2'], c1: ['broker-0/3', 'broker-1/0', 'broker-1/1'], c2: ['broker-1/2', 'broker-1/3'] });
});

test('a failed load() in a page leaves no pageerror (no unobserved rejection)', { timeout: 60_000 }, async () => {
  const failing = async () => {
    const m = await import('/index.browser.js');
    let code;
    try {
      await m.load({ bytes: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]) });
    } catch (e) {
      code = e.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return code;
  };
  // worker.html loads nothing in the page itself: the failed load is the first.
  const r = await runIn(JS_DIR, '/examples/worker.html', () => true, failing);
  assert.equal(r.out, 'ERR_LOAD_FAILED');
  assert.deepEqual(r.errors, []);
});
