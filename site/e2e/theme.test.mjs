// Issue 24: dark mode. The page follows the system's colour scheme, a
// header toggle overrides it (auto → light → dark, kept across reloads),
// the grids follow the page, and the main colour pairs meet WCAG AA
// (4.5:1 for text) in both schemes, computed here from the page's own styles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, noTrouble, ready, RESULTS } from './harness.mjs';

const s = suite();

async function openScheme(scheme, width = 1366, height = 900) {
  const context = await s.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  s.contexts.push(context);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(s.server.url);
  await ready(page);
  return { page, context, log: { errors, dialogs: [], foreign: [] } };
}

/** WCAG contrast of two computed rgb() colours (opaque). */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

// Text colour on background colour, as the page's variables name them.
const PAIRS = [
  ['--ink', '--bg'], ['--ink', '--panel'], ['--muted', '--panel'], ['--muted', '--bg'], ['--accent', '--panel'],
  ['--on-accent', '--accent-strong'], ['--ink', '--btn'], ['--ink', '--field'], ['--ink', '--th'], ['--muted', '--th'],
  ['--bad', '--panel'], ['--bad', '--bad-bg'], ['--warn', '--warn-bg'], ['--warn', '--panel'], ['--ok', '--ok-bg'],
  ['--ink', '--hl'], ['--ink', '--differ'], ['--ink', '--note-bg'], ['--ink', '--moved-row'], ['--ink', '--chip-bg'],
  ['--top-ink', '--top-bg'], ['--top-muted', '--top-bg'], ['--top-focus', '--top-bg'], ['--top-ink', '--top-btn'], ['--top-bad', '--top-bg'],
  ['--where-null', '--panel'], ['--warn-note-ink', '--warn-note-bg'],
  ['--dx-ink', '--dx-ok'], ['--dx-ink', '--dx-wrong'], ['--dx-ink', '--dx-unowned-a'], ['--dx-ink', '--dx-unowned-b'], ['--dx-ink', '--dx-double'],
  ['--dx-ink', '--dx-unexpected'], ['--muted', '--dx-unassigned'], ['--ink', '--dx-unknown'],
];

/** Every pair's computed colours in the page, plus the consumer chips' (ink on each hue). */
function colours(page) {
  return page.evaluate((pairs) => {
    const probe = document.createElement('div');
    document.querySelector('.results').append(probe);
    const out = pairs.map(([fg, bg]) => {
      probe.style.color = `var(${fg})`;
      probe.style.backgroundColor = `var(${bg})`;
      const cs = getComputedStyle(probe);
      return { pair: `${fg} on ${bg}`, fg: cs.color, bg: cs.backgroundColor };
    });
    probe.remove();
    for (const c of document.querySelectorAll('#alloc-out .member-list .chip')) {
      const cs = getComputedStyle(c);
      out.push({ pair: `chip ${c.textContent}`, fg: cs.color, bg: cs.backgroundColor });
    }
    // The grid's cells: queue id and owner label on the owner's colour.
    for (const td of [...document.querySelectorAll('#alloc-out rmq-grid')].flatMap((g) => [...g.shadowRoot.querySelectorAll('td')]).slice(0, 8)) {
      out.push({ pair: `cell ${td.dataset.broker}:${td.dataset.queue}`, fg: getComputedStyle(td.querySelector('.q')).color, bg: getComputedStyle(td).backgroundColor });
    }
    return out;
  }, PAIRS);
}

for (const scheme of ['light', 'dark']) {
  test(`${scheme}: every main text/background pair meets WCAG AA (4.5:1)`, async () => {
    const { page, log } = await openScheme(scheme);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), scheme);
    // 8 consumers: chips of 8 hues, both lightness steps.
    await page.fill('#cb-consumers', '8');
    await page.waitForFunction(() => /8 consumers/.test(document.getElementById('status').textContent));
    await ready(page);
    const list = await colours(page);
    assert.ok(list.filter((x) => x.pair.startsWith('chip')).length >= 8 && list.some((x) => x.pair.startsWith('cell')), 'chips and cells measured');
    const low = list.map((x) => ({ ...x, ratio: Math.round(contrast(x.fg, x.bg) * 100) / 100 })).filter((x) => x.ratio < 4.5);
    assert.deepEqual(low, [], `${scheme}: pairs under 4.5:1`);
    noTrouble(log);
  });
}

test('dark system: the page, its grids and the Diagnose statuses are dark; axe finds no contrast violation on any tab', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1366, height: 900 }, colorScheme: 'dark', bypassCSP: true });
  s.contexts.push(context);
  const page = await context.newPage();
  await page.goto(s.server.url);
  await ready(page);
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.ok(contrast(bg, 'rgb(0, 0, 0)') < 2, `body background ${bg}`);
  assert.deepEqual(await page.$$eval('rmq-grid', (g) => [...new Set(g.map((x) => x.getAttribute('scheme')))]), ['dark']);
  const cell = await page.$eval('#alloc-out rmq-grid', (g) => getComputedStyle(g.shadowRoot.querySelector('td')).backgroundColor);
  assert.ok(contrast(cell, 'rgb(0, 0, 0)') < 3, `a grid cell is dark: ${cell}`);
  await page.addScriptTag({ path: new URL('../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
  const found = [];
  for (const tab of ['alloc', 'whatif', 'compare', 'problems', 'producer', 'explain', 'diagnose']) {
    await page.click('#tab-btn-' + tab);
    await page.waitForTimeout(300);
    await ready(page);
    if (tab === 'compare') await page.waitForSelector('#compare-table');
    if (tab === 'producer') await page.waitForSelector('#latency-out table');
    if (tab === 'diagnose') {
      await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
      await page.selectOption('#dx-example', 'status-files-mixed-strategies');
      await page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done' && document.querySelector('.dx-cause'));
      await page.screenshot({ path: join(RESULTS, 'theme-diagnose-1366-dark.png') });
    }
    const v = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['color-contrast'] })).violations
      .map((x) => `${x.id}: ${x.nodes.slice(0, 3).map((n) => n.target.join(' ') + ' ' + (n.any[0]?.message || '')).join(' | ')}`));
    for (const x of v) found.push(tab + ': ' + x);
  }
  assert.deepEqual(found, []);
});

test('the toggle: auto → light → dark, over the system, kept across a reload, grids included', async () => {
  const { page, log } = await openScheme('dark');
  assert.equal(await page.textContent('#theme'), 'Theme: auto');
  assert.match(await page.getAttribute('#theme', 'aria-label'), /^Theme: auto \(follows the system: dark\)/);
  await page.click('#theme');
  assert.equal(await page.textContent('#theme'), 'Theme: light');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'light');
  assert.deepEqual(await page.$$eval('rmq-grid', (g) => [...new Set(g.map((x) => x.getAttribute('scheme')))]), ['light']);
  const light = await page.$eval('#alloc-out rmq-grid', (g) => getComputedStyle(g.shadowRoot.querySelector('td')).backgroundColor);
  assert.ok(contrast(light, 'rgb(255, 255, 255)') < 2, `light cell ${light}`);
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent('#theme'), 'Theme: light', 'kept across a reload');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'light');
  await page.click('#theme');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'dark');
  // Dark on a light system too: the grid's own dark values come from the page (style.css).
  await page.emulateMedia({ colorScheme: 'light' });
  const dark = await page.$eval('#alloc-out rmq-grid', (g) => getComputedStyle(g.shadowRoot.querySelector('td')).backgroundColor);
  assert.ok(contrast(dark, 'rgb(0, 0, 0)') < 3, `dark cell on a light system ${dark}`);
  // New grids (the What-if tab) come in the chosen scheme.
  await page.click('#tab-btn-whatif');
  await page.waitForSelector('#moved-count');
  assert.deepEqual(await page.$$eval('rmq-grid', (g) => [...new Set(g.map((x) => x.getAttribute('scheme')))]), ['dark']);
  await page.click('#theme');
  assert.equal(await page.textContent('#theme'), 'Theme: auto');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'light', 'auto follows the (now light) system');
  noTrouble(log);
});

test('the scheme is set before the page\'s modules run (no light flash on a dark system)', async () => {
  const context = await s.browser.newContext({ colorScheme: 'dark' });
  s.contexts.push(context);
  // readyState "interactive": the document is parsed, deferred and module scripts have not run yet.
  await context.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.__schemeAtParse = document.documentElement.dataset.scheme + '/' + !!document.querySelector('rmq-grid');
    });
  });
  const page = await context.newPage();
  await page.goto(s.server.url);
  await ready(page);
  assert.equal(await page.evaluate(() => window.__schemeAtParse), 'dark/false');
});
