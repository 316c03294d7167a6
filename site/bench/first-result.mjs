// first-result.mjs — a benchmark, not a test: how soon a cold page shows
// its first result, how much it shifts, and Lighthouse's scores.
//
//   node bench/first-result.mjs [--runs N] [--before REF [--before-modules]] [--no-lighthouse]
//
// Cold: every run is a fresh browser context (no cache, no service
// worker). "First result" is the time from navigation start until the page
// sets document.body.dataset.ready = 'true' (its first result drawn), read
// inside the page (performance.now()). CLS sums the layout-shift entries
// without recent input, up to 2 s after the first result. Lighthouse
// (npm lighthouse, the system Chromium) gives performance, accessibility
// and best-practices scores, desktop and mobile. With --before REF the same
// figures are taken for git REF's site/ (on this tree's js/), in the same
// run, interleaved, and the ratios printed; with --before-modules REF's
// own js/ and wasm modules too (built here, ~1 minute), for a change that
// touches the Go side. The 1-minute
// load average is printed with every figure: on a busy machine they grow.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, cpSync, existsSync, statSync, readFileSync } from 'node:fs';
import { tmpdir, loadavg, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, ROOT } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i < 0 ? dflt : args[i + 1]; };
const RUNS = Number(opt('--runs', 5));
const BEFORE = opt('--before', null);
const BEFORE_MODULES = args.includes('--before-modules');
const LIGHTHOUSE = !args.includes('--no-lighthouse');
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWS = [{ name: 'desktop 1366x900', width: 1366, height: 900 }, { name: 'phone 390x844', width: 390, height: 844, mobile: true }];

/**
 * A tree holding git ref's site/ beside this tree's js/ (the package and
 * its built modules): the same package under both, so the figures compare
 * the sites (another ref's js/ may not speak to these modules). With
 * --before-modules, ref's whole tree with its own modules.
 */
function checkout(ref) {
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-before-'));
  if (BEFORE_MODULES) {
    // The whole tree of ref, its modules built as make builds them.
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`]);
    const mods = ['js/rmqalloc.wasm', 'js/rmqalloc-full.wasm', 'js/wasm_exec.js'];
    // The analysis module, where that ref has one.
    if (readFileSync(join(dir, 'Makefile'), 'utf8').includes('rmqalloc-analysis.wasm')) mods.push('js/rmqalloc-analysis.wasm');
    execFileSync('make', mods, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, GOFLAGS: '-buildvcs=false' } });
  } else {
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${ref}" site go.mod | tar -x -C "${dir}"`]);
    cpSync(join(ROOT, 'js'), join(dir, 'js'), { recursive: true, filter: (p) => !p.includes('node_modules') });
  }
  // Its own bundles, if that ref has a bundler.
  if (existsSync(join(dir, 'site', 'build.mjs'))) {
    cpSync(join(ROOT, 'site', 'node_modules'), join(dir, 'site', 'node_modules'), { recursive: true });
    execFileSync('node', ['build.mjs'], { cwd: join(dir, 'site') });
  }
  return dir;
}

/** Starts site/serve on root (harness's server, E2E_ROOT). */
async function serve(root) {
  const old = process.env.E2E_ROOT;
  process.env.E2E_ROOT = root;
  try { return await startServer(); } finally { if (old === undefined) delete process.env.E2E_ROOT; else process.env.E2E_ROOT = old; }
}

// Recorded inside the page from navigation start: the first result, the layout shifts, the LCP.
const PROBE = () => {
  const m = { ready: null, shifts: [], lcp: 0 };
  window.__bench = m;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) m.shifts.push([e.startTime, e.value]); }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  const watch = () => new MutationObserver(() => {
    if (m.ready === null && document.body.dataset.ready === 'true') m.ready = performance.now();
  }).observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
  if (document.body) watch(); else document.addEventListener('DOMContentLoaded', watch);
};

async function coldRun(browser, url, view) {
  const context = await browser.newContext({ viewport: { width: view.width, height: view.height }, isMobile: !!view.mobile, hasTouch: !!view.mobile, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const load = loadavg()[0];
    await page.goto(url);
    await page.waitForFunction(() => window.__bench && window.__bench.ready !== null, null, { timeout: 120000, polling: 50 });
    await page.waitForTimeout(2000);
    const m = await page.evaluate(() => window.__bench);
    const cls = m.shifts.filter(([t]) => t <= m.ready + 2000).reduce((a, [, v]) => a + v, 0);
    const shown = await page.evaluate(() => document.getElementById('status').textContent);
    return { ready: m.ready, cls, lcp: m.lcp, load, shown };
  } finally {
    await context.close();
  }
}

function lighthouse(url, mobile) {
  const bin = join(ROOT, 'site', 'node_modules', '.bin', 'lighthouse');
  const out = execFileSync(bin, [url, '--output=json', '--quiet', '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=${FLAGS.join(' ')}`, ...(mobile ? [] : ['--preset=desktop'])],
  { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 1 << 28, encoding: 'utf8' });
  const r = JSON.parse(out);
  const a = (id) => r.audits[id]?.numericValue;
  return {
    performance: Math.round(r.categories.performance.score * 100), accessibility: Math.round(r.categories.accessibility.score * 100),
    bestPractices: Math.round(r.categories['best-practices'].score * 100), lcp: a('largest-contentful-paint'), tbt: a('total-blocking-time'), cls: a('cumulative-layout-shift'),
  };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

const trees = [{ name: 'this tree', root: ROOT }];
if (BEFORE) trees.unshift({ name: `before (${BEFORE})`, root: checkout(BEFORE) });
const servers = [];
for (const t of trees) { t.server = await serve(t.root); servers.push(t.server); }
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
const results = new Map(trees.map((t) => [t.name, Object.fromEntries(VIEWS.map((v) => [v.name, []]))]));
console.log(`# ${RUNS} cold runs per page and width, interleaved; ${availableParallelism()} cores`);
for (const t of trees) for (const m of ['rmqalloc-analysis.wasm', 'rmqalloc-full.wasm']) if (existsSync(join(t.root, 'js', m))) console.log(`# ${t.name}: ${m} ${statSync(join(t.root, 'js', m)).size.toLocaleString('en-US')} bytes`);
try {
  for (let i = 0; i < RUNS; i++) {
    for (const view of VIEWS) {
      for (const t of trees) {
        const r = await coldRun(browser, t.server.url, view);
        results.get(t.name)[view.name].push(r);
        console.log(`${t.name.padEnd(22)} ${view.name.padEnd(17)} run ${i + 1}: first result ${Math.round(r.ready)} ms, CLS ${r.cls.toFixed(3)}, LCP ${Math.round(r.lcp)} ms, load ${r.load.toFixed(1)}; the page says "${r.shown}"`);
      }
    }
  }
} finally {
  await browser.close();
}
console.log('\n# Cold first result (median of runs; from navigation start)');
for (const view of VIEWS) {
  const row = trees.map((t) => {
    const rs = results.get(t.name)[view.name];
    return { name: t.name, ready: median(rs.map((r) => r.ready)), cls: Math.max(...rs.map((r) => r.cls)), load: median(rs.map((r) => r.load)) };
  });
  for (const r of row) console.log(`${view.name.padEnd(17)} ${r.name.padEnd(22)} first result ${Math.round(r.ready)} ms (median), worst CLS ${r.cls.toFixed(3)}, load ${r.load.toFixed(1)}`);
  if (row.length === 2) console.log(`${view.name.padEnd(17)} after/before: first result ${(row[1].ready / row[0].ready).toFixed(2)}x`);
}
if (LIGHTHOUSE) {
  console.log('\n# Lighthouse (one run each, system Chromium)');
  for (const mobile of [false, true]) {
    for (const t of trees) {
      const load = loadavg()[0];
      const r = lighthouse(t.server.url, mobile);
      console.log(`${(mobile ? 'mobile' : 'desktop').padEnd(8)} ${t.name.padEnd(22)} performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}; LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}; load ${load.toFixed(1)}`);
    }
  }
}
for (const s of servers) s.stop();
for (const t of trees) if (t.root !== ROOT) rmSync(t.root, { recursive: true, force: true });

