// harness.mjs — starts the Go static server (built into a temp dir) on a
// free 127.0.0.1 port and a headless Chromium, for the e2e tests.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS = join(ROOT, 'test-results');

/**
 * How long any wait for the page may take before the test fails (every
 * explicit wait, and Playwright's default for actions, waits and
 * navigation in every context). A bound, not a target: a wait returns as
 * soon as its state holds. Generous for a 2-core machine running two
 * `make test` side by side (a load of 20 once made one answer take 79 s);
 * docs/testing.md lists it.
 */
export const WAIT = 240_000;

const ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Builds and starts site/serve; resolves { url, stop }. */
export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-serve-'));
  const bin = join(dir, 'serve');
  execFileSync('go', ['build', '-o', bin, './site/serve'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, GOFLAGS: '-buildvcs=false' } });
  // E2E_ROOT serves another tree (e.g. one with a stub js/) while developing.
  const proc = spawn(bin, ['-addr', '127.0.0.1:0', '-root', process.env.E2E_ROOT || ROOT], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errText = '';
  proc.stderr.on('data', (d) => { errText += d; });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('server did not start: ' + errText)), WAIT);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) { clearTimeout(t); resolve(m[0]); }
    });
    proc.on('exit', (code) => { clearTimeout(t); reject(new Error(`server exited ${code}: ${errText}`)); });
  });
  return {
    url,
    stop() {
      proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium whose every new context waits up to WAIT by default. */
export async function startBrowser() {
  mkdirSync(RESULTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, headless: true });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (opts) => {
    const context = await newContext(opts);
    context.setDefaultTimeout(WAIT);
    return context;
  };
  return browser;
}

/**
 * A page that records console errors, page errors, dialogs and every
 * request that leaves the origin.
 */
export async function openPage(browser, base, { width = 1280, height = 900, hash = '' } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  return { ...(await openIn(context, base, hash)), context };
}

/**
 * The playground at base + hash in a new page of context, ready, with its
 * log: console errors, page errors, dialogs (dismissed), requests and
 * requests outside base.
 */
export async function openIn(context, base, hash = '') {
  const page = await context.newPage();
  const log = { errors: [], dialogs: [], foreign: [], requests: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push('pageerror: ' + e.message));
  page.on('dialog', (d) => { log.dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  page.on('request', (r) => {
    log.requests.push(r.url());
    if (!r.url().startsWith(base) && !r.url().startsWith('data:')) log.foreign.push(r.url());
  });
  await page.goto(base + hash);
  await ready(page);
  return { page, log };
}

/** Waits until the worker's latest analysis is rendered (within WAIT). */
export async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && !/computing/.test(document.getElementById('status').textContent), null, { timeout: WAIT });
}

/** Sets a form control's value the way a user does, then waits for the result. */
export async function setValue(page, selector, value) {
  await page.fill(selector, String(value));
  await settle(page);
}

export async function settle(page) {
  await page.waitForTimeout(200);
  await ready(page);
}

/**
 * The setup every browser test file shares: before its tests a server and
 * a browser; after them every context in contexts closed, both stopped.
 * open(opts) opens the playground (openPage) and tracks its context.
 */
export function suite() {
  const s = { server: null, browser: null, contexts: [] };
  before(async () => {
    s.server = await startServer();
    s.browser = await startBrowser();
  });
  after(async () => {
    for (const c of s.contexts) await c.close().catch(() => {});
    if (s.browser) await s.browser.close();
    if (s.server) s.server.stop();
  });
  s.open = async (opts) => {
    const p = await openPage(s.browser, s.server.url, opts);
    s.contexts.push(p.context);
    return p;
  };
  return s;
}

/** No console errors, no dialogs, no request leaving the origin. */
export function noTrouble(log) {
  assert.deepEqual(log.errors, [], 'console errors');
  assert.deepEqual(log.dialogs, [], 'dialogs');
  assert.deepEqual(log.foreign, [], 'requests leaving the origin');
}

// partlyFailed: a capture folder of a read the cluster partly failed (a
// non-empty mqadmin stderr beside its outputs). The doctor judges it with
// that stderr, which pasted status texts do not carry, so paste tests
// leave such captures to cluster/doctor's partial-read tests.
export function partlyFailed(dir) {
  return ['progress.err', 'connection.err', 'status/stderr.txt']
    .some((f) => existsSync(join(dir, f)) && readFileSync(join(dir, f), 'utf8').trim() !== '');
}
