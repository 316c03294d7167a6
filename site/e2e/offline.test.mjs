// Issue 24, serving: the server sends the modules and scripts gzipped (once
// compressed, then precompressed); the worker loads the core module for the
// tabs that need only it; the offline cache (sw.js) covers every page —
// embed.html included, never visited online.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { suite, ready, ROOT, WAIT } from './harness.mjs';

const s = suite();

/** GET path with Accept-Encoding; resolves { status, headers, body (raw bytes) }. */
function get(path, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = request(s.server.url + path.replace(/^\//, ''), { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('modules and scripts go out gzipped to a browser that takes it, plain otherwise', async () => {
  for (const path of ['/js/rmqalloc-full.wasm', '/js/rmqalloc-analysis.wasm', '/js/rmqalloc.wasm', '/app.js', '/lib/views.js', '/js/lib/api.js', '/style.css', '/index.html']) {
    const raw = readFileSync(join(ROOT, path.startsWith('/js/') ? '' : 'site', path));
    const gz = await get(path, 'gzip, deflate, br');
    assert.equal(gz.status, 200, path);
    assert.equal(gz.headers['content-encoding'], 'gzip', path);
    assert.equal(gz.headers.vary, 'Accept-Encoding', path);
    assert.ok(gunzipSync(gz.body).equals(raw), path + ': the same bytes');
    if (path.endsWith('.wasm')) {
      console.log(`# size: ${path} ${raw.length.toLocaleString('en-US')} bytes, ${gz.body.length.toLocaleString('en-US')} gzipped (${(100 * gz.body.length / raw.length).toFixed(0)} %)`);
      assert.ok(gz.body.length < raw.length * 0.4, `${path}: ${gz.body.length} of ${raw.length}`);
      assert.equal(gz.headers['content-type'], 'application/wasm');
    }
    const plain = await get(path, '');
    assert.equal(plain.headers['content-encoding'], undefined, path);
    assert.ok(plain.body.equals(raw), path);
  }
});

/** Site and package files a page can load (what the offline cache must hold). */
function runtimeFiles() {
  const walk = (dir) => readdirSync(dir).flatMap((n) => { const p = join(dir, n); return statSync(p).isDirectory() ? walk(p) : [p]; });
  const site = walk(join(ROOT, 'site')).map((p) => relative(join(ROOT, 'site'), p))
    .filter((p) => !/^(e2e|bench|serve|node_modules)\//.test(p) && !/^(package(-lock)?\.json|screenshot\.png|sw\.js|build\.mjs)$/.test(p));
  const js = ['index.js', 'embed.js', 'names.js', 'wasm_exec.js', 'rmqalloc.wasm', 'rmqalloc-analysis.wasm', 'rmqalloc-full.wasm',
    ...walk(join(ROOT, 'js', 'lib')).map((p) => relative(join(ROOT, 'js'), p)).filter((p) => p.endsWith('.js'))];
  return { site, js };
}

test('sw.js lists every file of site/ and every file of js/ a page loads', () => {
  const text = readFileSync(join(ROOT, 'site', 'sw.js'), 'utf8');
  const list = (name) => Function(`return ${new RegExp(`const ${name} = (\\[[^\\]]*\\]);`).exec(text)[1]}`)();
  const { site, js } = runtimeFiles();
  assert.deepEqual(site.filter((f) => !list('SITE').includes(f)), [], 'site/ files missing from sw.js');
  assert.deepEqual(js.filter((f) => !list('JS').includes(f)), [], 'js/ files missing from sw.js');
  assert.deepEqual(list('SITE').filter((f) => f !== './' && !site.includes(f)), [], 'sw.js lists site/ files that do not exist');
  assert.deepEqual(list('JS').filter((f) => !js.includes(f)), [], 'sw.js lists js/ files that do not exist');
});

test('offline after one visit to the playground: embed.html (never visited) and every tab work', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1366, height: 900 } });
  s.contexts.push(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(s.server.url);
  await ready(page);
  await page.waitForFunction(() => document.body.dataset.offline === 'ready', null, { timeout: WAIT });
  await context.setOffline(true);
  await page.goto(s.server.url + 'embed.html');
  await page.waitForFunction(() => [...document.querySelectorAll('rmq-allocation')].some((e) => e.state === 'ready'), null, { timeout: WAIT });
  assert.ok(await page.$$eval('rmq-allocation', (els) => els.length) > 0);
  await page.goto(s.server.url);
  await ready(page);
  for (const tab of ['whatif', 'compare', 'producer', 'explain', 'diagnose']) {
    await page.click('#tab-btn-' + tab);
    await page.waitForTimeout(200);
  }
  await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
  await page.selectOption('#dx-example', 'wrong-owner');
  await page.waitForSelector('.dx-verdict', { timeout: WAIT });
  await context.setOffline(false);
  assert.deepEqual(errors, []);
});

test('a page opened on the defaults fetches the analysis module once, compiled while its scripts load', async () => {
  const context = await s.browser.newContext({ serviceWorkers: 'block' });
  s.contexts.push(context);
  const page = await context.newPage();
  const wasm = [];
  context.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url().replace(/^.*\//, '')); });
  await page.goto(s.server.url);
  await ready(page);
  await page.waitForSelector('#alloc-out rmq-grid');
  await page.waitForTimeout(500);
  assert.deepEqual(wasm, ['rmqalloc-analysis.wasm']);
  assert.match(await page.textContent('#status'), /16 queues, 4 consumers/);
});

test('a page opened on the Producer or Explain tab loads the core module only', async () => {
  for (const tab of ['producer', 'explain']) {
    const context = await s.browser.newContext({ serviceWorkers: 'block' });
    s.contexts.push(context);
    const page = await context.newPage();
    const wasm = [];
    context.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url().replace(/^.*\//, '')); });
    await page.goto(s.server.url + '#s=' + Buffer.from(JSON.stringify({ tab })).toString('base64url'));
    if (tab === 'producer') await page.waitForSelector('#latency-out table', { timeout: WAIT });
    else await page.waitForFunction(() => /Example: /.test(document.getElementById('explain-out').textContent), null, { timeout: WAIT });
    await page.waitForTimeout(500);
    assert.deepEqual(wasm, ['rmqalloc.wasm'], tab);
    // Then the Allocation tab: the analysis module, once.
    await page.click('#tab-btn-alloc');
    await ready(page);
    await page.waitForSelector('#alloc-out rmq-grid');
    assert.deepEqual(wasm, ['rmqalloc.wasm', 'rmqalloc-analysis.wasm'], tab + ' then alloc');
  }
});
