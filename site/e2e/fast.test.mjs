// Issue 12, "fast, offline, small screens": measured timings (printed),
// permalink length, offline reload, a phone's first screen, accessibility.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, ready, WAIT } from './harness.mjs';

const s = suite();

/** A page whose long tasks (PerformanceObserver 'longtask') are recorded from the start. */
async function openMeasured(hash = '', viewport = { width: 1366, height: 800 }) {
  const context = await s.browser.newContext({ viewport });
  s.contexts.push(context);
  await context.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push(Math.round(e.duration)); })
      .observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(s.server.url + hash);
  await ready(page);
  return { page, context, errors };
}

const link = (o) => '#s=' + Buffer.from(JSON.stringify(o)).toString('base64url');
const BIG = link({ brokers: 20, queuesPerBroker: 1000, gen: 1000 });

/** Types one character at the end of the consumer list; ms from the input event to the rendered result. */
async function keystroke(page, ch) {
  await page.evaluate(() => {
    window.__longtasks.length = 0;
    document.getElementById('consumers').addEventListener('input', () => { window.__inputAt = performance.now(); }, { once: true });
  });
  await page.keyboard.type(ch);
  await page.waitForFunction(() => window.__inputAt && Number(document.body.dataset.renderedAt) > window.__inputAt
    && !/computing/.test(document.getElementById('status').textContent), null, { timeout: WAIT });
  return page.evaluate(() => ({ ms: Math.round(Number(document.body.dataset.renderedAt) - window.__inputAt), longest: Math.max(0, ...window.__longtasks) }));
}

// Its time to first result is printed here and judged against the 1 s goal
// by the benchmark (`node site/bench/keystroke.mjs`), not by a timed test:
// here the defaults' first result is drawn, with a real time, and no error.
test('first result of the defaults drawn after load, its time printed', async () => {
  const { page, errors } = await openMeasured();
  const first = Number(await page.evaluate(() => document.body.dataset.renderedAt));
  console.log(`# perf: first result ${first} ms after navigation start (defaults)`);
  assert.ok(Number.isFinite(first) && first > 0, `renderedAt ${first}`);
  assert.match(await page.textContent('#status'), /queues, \d+ consumers/);
  assert.deepEqual(errors, []);
});

// Its keystroke → result latency is a benchmark, not a timed test:
// `node site/bench/keystroke.mjs` (issue 24). Here: the typing reaches both tabs.
test('20,000 queues × 1,000 consumers: a keystroke in the client IDs reaches the Allocation and the What-if result', async () => {
  const { page, errors } = await openMeasured(BIG);
  assert.match(await page.textContent('#status'), /^20000 queues, 1000 consumers/);
  await page.focus('#consumers');
  await page.keyboard.press('Control+End');
  await keystroke(page, '1');
  assert.ok(await page.$$eval('#alloc-members .vrow', (r) => r.length) > 1, 'the consumer list is drawn');
  await page.fill('#alloc-filter', '192.168.4.238@50001');
  // Generous bounds: on a loaded 2-core machine a 20,000 × 1,000 result can
  // take tens of seconds; what is checked is that it arrives (the latency is
  // site/bench/keystroke.mjs's).
  await page.waitForFunction(() => /1 consumer of 1,000/.test(document.getElementById('alloc-filter-count').textContent), null, { timeout: WAIT });
  await page.click('#tab-btn-whatif');
  await page.waitForSelector('#moved-count', { timeout: WAIT });
  await page.focus('#consumers');
  await page.keyboard.press('Control+End');
  await keystroke(page, '6');
  await page.waitForSelector('#moved-count', { timeout: WAIT });
  // the typed characters reached the result: the what-if's consumer list has the edited ID
  assert.ok(await page.$$eval('#wi-remove option', (o) => o.some((x) => x.value === '192.168.4.238@500016')));
  assert.deepEqual(errors, []);
});

test('a permalink to 1,000 generated consumers stays under 2,000 characters and restores them', async () => {
  const { page, errors } = await openMeasured();
  await page.fill('#gen-count', '1000');
  await page.click('#generate');
  await page.waitForFunction(() => /1000 consumers/.test(document.getElementById('status').textContent));
  const url = page.url();
  console.log(`# perf: permalink for 1000 consumers: ${url.length} characters`);
  assert.ok(url.length < 2000, `${url.length} characters`);
  const again = await openMeasured(url.slice(url.indexOf('#')));
  assert.equal((await again.page.inputValue('#consumers')).split('\n').length, 1000);
  assert.equal(await again.page.inputValue('#consumers'), await page.inputValue('#consumers'));
  assert.deepEqual(errors, []);
});

test('works offline after the first visit, reload included', async () => {
  const { page, context, errors } = await openMeasured();
  await page.waitForFunction(() => document.body.dataset.offline === 'ready', null, { timeout: WAIT });
  assert.ok(await page.evaluate(async () => {
    const c = await caches.open((await caches.keys())[0]);
    return !!(await c.match('/js/rmqalloc-full.wasm')) && !!(await c.match(new URL('worker.js', location.href).href));
  }));
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.equal(await page.$$eval('#alloc-out rmq-grid td', (c) => c.length), 16);
  assert.match(await page.textContent('#status'), /16 queues, 4 consumers/);
  await context.setOffline(false);
  assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)), []);
});

test('phone (390×844): the result on the first screen, wide tables scroll with a cue, the strategy select not cut off', async () => {
  const { page, errors } = await openMeasured('', { width: 390, height: 844 });
  const top = await page.$eval('#alloc-out rmq-grid td', (c) => c.getBoundingClientRect().top);
  assert.ok(top < 844, `first grid cell at ${top} px`);
  assert.ok(await page.$eval('.results', (r) => r.getBoundingClientRect().top) < await page.$eval('#inputs', (f) => f.getBoundingClientRect().top));
  for (const v of ['AVG', 'MACHINE_ROOM_NEARBY', 'CONSISTENT_HASH']) {
    await page.selectOption('#strategy', v);
    const fit = await page.$eval('#strategy', (s) => {
      const cs = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const text = ctx.measureText(s.selectedOptions[0].textContent).width;
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; // the arrow
      const r = s.getBoundingClientRect();
      return { text, room, inside: r.left >= 0 && r.right <= innerWidth };
    });
    assert.ok(fit.inside && fit.text <= fit.room, `${v}: ${JSON.stringify(fit)}`);
  }
  await page.selectOption('#strategy', 'AVG');
  await page.click('#tab-btn-compare');
  await page.waitForSelector('#compare-table');
  const cue = await page.$eval('#compare-table', (t) => {
    const w = t.closest('.table-wrap');
    return { scrolls: w.scrollWidth > w.clientWidth, marked: w.classList.contains('scrollable'), text: getComputedStyle(w, '::before').content };
  });
  assert.ok(cue.scrolls && cue.marked, JSON.stringify(cue));
  assert.match(cue.text, /scroll sideways/);
  await page.click('#tab-btn-alloc');
  await page.screenshot({ path: new URL('../../test-results/playground-phone-390x844.png', import.meta.url).pathname });
  assert.deepEqual(errors, []);
});

/** WCAG contrast ratio of two CSS colors, computed in the page. */
const CONTRAST = `(a, b) => {
  const rgb = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return m.slice(0, 3); };
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}`;

test('accessibility: Generate and isolate names, focus ring ≥ 3:1, queue ids ≥ 4.5:1', async () => {
  const { page, errors } = await openMeasured();
  assert.equal(await page.getByRole('button', { name: 'Generate', exact: true }).count(), 1);
  await page.click('#tab-btn-producer');
  await page.waitForSelector('#latency-out table');
  const names = await page.$$eval('#latency-in input[type=checkbox]', (cs) => cs.map((c) => c.getAttribute('aria-label') || c.labels[0].textContent.trim()));
  assert.deepEqual(names, ['Isolate broker-a', 'Isolate broker-b', 'Isolate broker-c', 'Isolate broker-d']);
  await page.click('#tab-btn-alloc');
  // focus rings, against what is behind them
  for (const sel of ['#topic', '#copy-link', '#tab-btn-alloc', '#generate']) {
    await page.focus(sel);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ratio = await page.$eval(sel, (el, fn) => {
      const contrast = eval(fn);
      const cs = getComputedStyle(el);
      let p = el.parentElement, bg = 'rgb(255, 255, 255)';
      while (p) { const c = getComputedStyle(p).backgroundColor; if (c !== 'rgba(0, 0, 0, 0)') { bg = c; break; } p = p.parentElement; }
      return cs.outlineStyle === 'none' ? 0 : contrast(cs.outlineColor, bg);
    }, CONTRAST);
    assert.ok(ratio >= 3, `${sel}: focus ring contrast ${ratio.toFixed(2)}`);
  }
  await page.fill('#gen-count', '24');
  await page.click('#generate');
  await page.waitForFunction(() => /24 consumers/.test(document.getElementById('status').textContent));
  const worst = await page.$$eval('#alloc-out rmq-grid td .q', (els, fn) => {
    const contrast = eval(fn);
    return Math.min(...els.map((q) => contrast(getComputedStyle(q).color, getComputedStyle(q.parentElement).backgroundColor)));
  }, CONTRAST);
  assert.ok(worst >= 4.5, `queue id contrast ${worst.toFixed(2)}`);
  assert.deepEqual(errors, []);
});

test('axe-core: no serious or critical violations on any tab', async () => {
  const context = await s.browser.newContext({ viewport: { width: 1366, height: 800 }, bypassCSP: true });
  s.contexts.push(context);
  const page = await context.newPage();
  await page.goto(s.server.url);
  await ready(page);
  await page.addScriptTag({ path: new URL('../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
  const found = [];
  for (const tab of ['alloc', 'whatif', 'compare', 'problems', 'producer', 'explain']) {
    await page.click('#tab-btn-' + tab);
    await page.waitForTimeout(300);
    await ready(page);
    if (tab === 'compare') await page.waitForSelector('#compare-table');
    if (tab === 'producer') await page.waitForSelector('#latency-out table');
    if (tab === 'problems') await page.waitForSelector('#pb-sub-out .grid');
    const v = await page.evaluate(async () => (await window.axe.run(document)).violations
      .filter((x) => x.impact === 'serious' || x.impact === 'critical')
      .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
    for (const x of v) found.push(tab + ': ' + x);
  }
  assert.deepEqual(found, []);
});
