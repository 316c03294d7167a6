// Issue 38, the workspace: a bad value never locks its own field (only the
// old result greys; the note links to the field, in the words on screen);
// the grid's highlight follows the keyboard, Enter/Space pin it; one-line
// header and one row of tabs that never move between tabs, at 1366 and
// 390 px; results first in the Tab order after a skip link; the Verified
// dialog opens at its top; axe-core finds nothing, of any impact, on any
// tab at 390 and 1366 px in both themes. No timing asserted here: the
// first result's time is site/bench/first-result.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, ready, settle, noTrouble, RESULTS, WAIT } from './harness.mjs';

const s = suite();
const TABS = ['alloc', 'whatif', 'compare', 'problems', 'producer', 'priority', 'explain', 'diagnose'];

async function open(width, height, scheme = 'light', extra = {}) {
  const context = await s.browser.newContext({ viewport: { width, height }, colorScheme: scheme, ...extra });
  s.contexts.push(context);
  const page = await context.newPage();
  const log = { errors: [], dialogs: [], foreign: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push(e.message));
  page.on('request', (r) => { if (!r.url().startsWith(s.server.url)) log.foreign.push(r.url()); });
  await page.goto(s.server.url);
  await ready(page);
  return { page, log };
}

async function showTab(page, tab) {
  await page.click('#tab-btn-' + tab);
  await page.waitForTimeout(300);
  await ready(page);
  if (tab === 'compare') await page.waitForSelector('#compare-table', { timeout: WAIT });
  if (tab === 'producer') await page.waitForSelector('#latency-out table', { timeout: WAIT });
  if (tab === 'diagnose') await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
}

test('a bad What-if value: its field stays usable, only the old result greys, the note names the label and links to it', async () => {
  const { page, log } = await open(390, 844);
  await showTab(page, 'whatif');
  await page.fill('#wi-brokers', '99999');
  await settle(page);
  assert.equal(await page.getAttribute('#wi-brokers', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#wi-brokers-error'), /^“Brokers” must be an integer from 1 to 1000/);
  assert.match(await page.textContent('#stale-note'), /Fix “Brokers”/);
  const look = (sel) => page.$eval(sel, (e) => { let o = 1; for (let x = e; x; x = x.parentElement) o *= Number(getComputedStyle(x).opacity); return { o, pe: getComputedStyle(e).pointerEvents }; });
  assert.deepEqual(await look('#wi-brokers'), { o: 1, pe: 'auto' }, 'the field is not greyed');
  assert.ok((await look('#whatif-out')).o < 1, 'the old result is');
  await page.click('#stale-fix');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'wi-brokers');
  await page.click('#tab-btn-alloc');
  await page.click('#tab-btn-whatif');
  await page.click('#wi-brokers', { clickCount: 3 }); // a tap on the bad field focuses it
  assert.equal(await page.evaluate(() => document.activeElement.id), 'wi-brokers');
  await page.keyboard.type('6');
  await settle(page);
  assert.equal(await page.$eval('.results', (r) => r.classList.contains('stale')), false);
  noTrouble(log);
});

test('keyboard in a grid: the highlight follows the focused cell; Enter pins it, Space unpins', async () => {
  const { page, log } = await open(1366, 900);
  const lit = () => page.$eval('#alloc-out rmq-grid', (g) => [...g.shadowRoot.querySelectorAll('td.hl')].map((t) => t.dataset.owners));
  await page.$eval('#alloc-out rmq-grid', (g) => g.shadowRoot.querySelector('td[tabindex="0"]').focus());
  await page.keyboard.press('ArrowDown'); // broker-b: C1's row
  const first = await lit();
  assert.ok(first.length > 0 && new Set(first).size === 1, `one owner lit: ${first}`);
  await page.keyboard.press('ArrowDown');
  const second = await lit();
  assert.notDeepEqual(second, first, 'the highlight moved with the focus');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await lit(), second, 'pinned: stays on the chosen owner');
  await page.keyboard.press(' ');
  assert.notDeepEqual(await lit(), second, 'Space on another owner pins that one');
  noTrouble(log);
});

test('phone: a skip link first, then the results before the form in the Tab order; the Verified dialog opens at its top', async () => {
  const { page, log } = await open(390, 844);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'results');
  // From the top, the selected tab comes before any field of the form
  const order = await page.evaluate(() => {
    const all = [...document.querySelectorAll('button, input, select, textarea, [tabindex="0"], a[href]')].filter((e) => !e.disabled && e.tabIndex >= 0 && e.offsetParent !== null);
    return { tab: all.indexOf(document.querySelector('[role=tab][aria-selected=true]')), form: all.findIndex((e) => e.closest('#inputs')) };
  });
  assert.ok(order.tab >= 0 && order.tab < order.form, `tab at ${order.tab}, first form field at ${order.form}`);
  await page.evaluate(() => { document.querySelector('#verified-link').click(); });
  await page.waitForSelector('#verified[open]');
  await page.$eval('#verified', (d) => { d.scrollTop = 300; d.close(); });
  await page.click('#verified-link');
  await page.waitForSelector('#verified[open]');
  assert.equal(await page.$eval('#verified', (d) => d.scrollTop), 0);
  noTrouble(log);
});

for (const [width, height] of [[1366, 900], [390, 844]]) {
  test(`${width} px: a one-line header, one row of tabs at one place on every tab; the first result on the first screen`, async () => {
    const { page, log } = await open(width, height);
    const m = await page.evaluate(() => ({
      header: document.querySelector('header.top').getBoundingClientRect().height,
      h1: document.querySelector('header h1').getBoundingClientRect().height,
      tabRows: new Set([...document.querySelectorAll('[role=tab]')].map((t) => Math.round(t.getBoundingClientRect().top))).size,
      grid: document.querySelector('#alloc-out rmq-grid').getBoundingClientRect().top,
    }));
    assert.ok(m.header < m.h1 * 2.6, `one line: header ${m.header} px, h1 ${m.h1} px`);
    assert.equal(m.tabRows, 1, 'tabs on one row');
    assert.ok(m.grid < height, `first grid at y ${m.grid}`);
    if (width < 800) {
      // the row shows that it scrolls: a fade at its end while more tabs are off to the right
      assert.ok(await page.$eval('[role=tablist]', (t) => t.scrollWidth > t.clientWidth && getComputedStyle(t).maskImage !== 'none'));
    }
    const tops = [];
    for (const tab of TABS) {
      await showTab(page, tab);
      tops.push(await page.$eval('[role=tablist]', (t) => Math.round(t.getBoundingClientRect().top + scrollY)));
      assert.equal(await page.$eval(`#tab-btn-${tab}`, (b) => { const r = b.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; }), true, `${tab}: its tab shown whole`);
    }
    assert.equal(new Set(tops).size, 1, `the tabs stay at one place: ${tops}`);
    // the bar holds the current tab's own fields
    await showTab(page, 'priority');
    assert.equal(await page.isVisible('#strategy'), false, 'Priority: no consumer strategy in the bar');
    for (const id of ['#cb-pr-selector', '#cb-pr-wqn']) assert.equal(await page.isVisible(id), true, `Priority: ${id} in the bar`);
    assert.equal(await page.isVisible('#cb-p-key'), false, 'Priority: no producer key in the bar');
    await showTab(page, 'producer');
    assert.equal(await page.isVisible('#cb-consumers'), false, 'Producer: no consumer count in the bar');
    assert.equal(await page.isVisible('#client'), true);
    for (const id of ['#cb-p-key', '#cb-p-sends']) assert.equal(await page.isVisible(id), true, `Producer: ${id} in the bar`);
    assert.equal(await page.isVisible('#cb-pr-wqn'), false, 'Producer: no priority field in the bar');
    await showTab(page, 'alloc');
    assert.equal(await page.isVisible('#cb-p-key'), false, 'Allocation: no producer key in the bar');
    noTrouble(log);
  });
}

test('axe-core: no violation of any impact on any tab, at 390 and 1366 px, light and dark', async () => {
  const found = [];
  for (const [width, height] of [[1366, 900], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const { page } = await open(width, height, scheme, { bypassCSP: true });
      await page.addScriptTag({ path: new URL('../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
      for (const tab of TABS) {
        await showTab(page, tab);
        if (tab === 'diagnose') {
          await page.selectOption('#dx-example', 'status-files-mixed-strategies');
          await page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done' && document.querySelector('#dx-verdict'));
        }
        const v = await page.evaluate(async () => (await window.axe.run(document)).violations
          .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
        for (const x of v) found.push(`${width} ${scheme} ${tab}: ${x}`);
        if (tab === 'alloc' || tab === 'diagnose') await page.screenshot({ path: join(RESULTS, `workspace-${tab}-${width}-${scheme}.png`) });
      }
    }
  }
  assert.deepEqual(found, []);
});

test('the bar\'s Producer and Priority fields are the tab\'s own: typed in either, both follow and the result changes', async () => {
  const { page, log } = await open(1366, 900);
  await showTab(page, 'producer');
  await page.waitForFunction(() => document.getElementById('hash-out').textContent.includes('queue'));
  await page.fill('#p-key', 'order-1');
  await page.waitForFunction(() => document.getElementById('cb-p-key').value === 'order-1');
  const before = await page.textContent('#hash-out');
  await page.fill('#cb-p-key', 'another-key-7');
  await page.waitForFunction(() => document.getElementById('p-key').value === 'another-key-7');
  await page.waitForFunction((b) => document.getElementById('hash-out').textContent !== b, before);
  // a bad value typed in the bar is said at the bar's field, in the words on screen
  await page.fill('#cb-p-sends', '0');
  await page.waitForSelector('#cb-p-sends[aria-invalid=true]');
  assert.match(await page.textContent('#cb-p-sends-error'), /“Sends”/);
  await page.fill('#cb-p-sends', '5');
  await page.waitForFunction(() => document.getElementById('p-sends').value === '5' && !document.querySelector('#cb-p-sends[aria-invalid]'));
  await showTab(page, 'priority');
  await page.selectOption('#cb-pr-selector', 'hash');
  assert.equal(await page.inputValue('#pr-selector'), 'hash');
  await page.fill('#pr-wqn', '3');
  await page.waitForFunction(() => document.getElementById('cb-pr-wqn').value === '3');
  noTrouble(log);
});
