// Issue 24, the Diagnose tab: Clear resets everything (boxes, file pickers,
// the example menu, the report) and the header shows no Allocation figures
// here; one likely cause per group of queues, said once; queues without
// owner information listed; a phone layout without sideways scrolling;
// Copy permalink says it leaves the outputs out, and the opt-in local-only
// share carries them in the fragment; the commands to copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite, noTrouble, ready, ROOT, RESULTS, WAIT } from './harness.mjs';

const s = suite();
const CLUSTER = join(ROOT, 'testdata', 'cluster');
const EXAMPLES = readdirSync(CLUSTER, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => {
  const dir = join(CLUSTER, d.name);
  const sd = join(dir, 'status');
  return {
    name: d.name, dir, expected: JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')),
    status: existsSync(sd) ? readdirSync(sd).sort().map((n) => join(sd, n)) : [],
  };
});

async function open(width = 1366, height = 900, hash = '', scheme = 'light') {
  const context = await s.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  s.contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.server.url });
  const page = await context.newPage();
  const log = { errors: [], dialogs: [], foreign: [], requests: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push(e.message));
  page.on('request', (r) => { log.requests.push(r.url()); if (!r.url().startsWith(s.server.url)) log.foreign.push(r.url()); });
  await page.goto(s.server.url + hash);
  await ready(page);
  return { page, log };
}

async function toDiagnose(page) {
  await page.click('#tab-btn-diagnose');
  await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
}

/** Chooses an example from the menu and waits for its report. */
async function example(page, name) {
  await page.evaluate(() => { document.getElementById('tab-diagnose').dataset.state = 'loading'; });
  await page.selectOption('#dx-example', name);
  await page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done' && document.querySelector('.dx-verdict'), null, { timeout: WAIT });
}

const selectedText = (page, sel) => page.$eval(sel, (s) => s.selectedOptions[0].textContent);

test('Clear resets the boxes, the file pickers, the example menu and the report; the header shows no Allocation figures here', async () => {
  const { page, log } = await open();
  assert.match(await page.textContent('#status'), /^16 queues, 4 consumers/);
  await toDiagnose(page);
  assert.equal(await page.textContent('#status'), '', 'no "16 queues, 4 consumers" on the Diagnose tab');
  assert.equal(await selectedText(page, '#dx-example'), '(your own paste)');
  const ex = EXAMPLES.find((e) => e.name === 'status-files-mixed-strategies');
  await page.setInputFiles('#dx-route-file', join(ex.dir, 'route.txt'));
  await page.setInputFiles('#dx-status-file', ex.status);
  assert.equal(await page.$eval('#dx-status-file', (f) => f.files.length), ex.status.length);
  await example(page, 'wrong-owner');
  assert.notEqual(await selectedText(page, '#dx-example'), '(your own paste)');
  // Editing a box makes it one's own paste.
  await page.fill('#dx-connection', (await page.inputValue('#dx-connection')) + '\n');
  assert.equal(await selectedText(page, '#dx-example'), '(your own paste)');
  await page.click('#dx-clear');
  for (const k of ['route', 'connection', 'progress', 'status']) {
    assert.equal(await page.inputValue('#dx-' + k), '', k);
    assert.equal(await page.$eval(`#dx-${k}-file`, (f) => f.files.length + ':' + f.value), '0:', k + ' file picker');
  }
  assert.equal(await selectedText(page, '#dx-example'), '(your own paste)');
  assert.equal(await page.$('.dx-verdict'), null);
  assert.equal(await page.textContent('#status'), '');
  await page.click('#tab-btn-alloc');
  assert.match(await page.textContent('#status'), /^16 queues, 4 consumers/, 'back on Allocation its figures return');
  noTrouble(log);
});

test('each cause is said once, above exactly the queues it explains; unknown owners are listed too', async () => {
  const { page, log } = await open();
  await toDiagnose(page);
  for (const ex of EXAMPLES) {
    await example(page, ex.name);
    for (const topic of await page.$$eval('.dx-topic', (t) => t.map((x) => x.dataset.topic))) {
      const sel = `.dx-topic[data-topic="${topic}"]`;
      // The cause of each cell (its tooltip), by queue.
      const causeOf = new Map(await page.$$eval(`${sel} rmq-grid td`, (tds) => tds.map((td) => [`${td.dataset.broker}/${td.dataset.queue}`, (/\ncause: (.*)$/.exec(td.title) || [])[1] || ''])));
      const groups = await page.$$eval(`${sel} .dx-cause`, (cs) => cs.map((c) => ({
        text: c.querySelector('.dx-cause-text').textContent.replace(/^Likely cause \(\d+ queues?\): /, ''),
        queues: [...c.querySelectorAll('tbody tr')].map((tr) => `${tr.cells[0].textContent}/${tr.cells[1].textContent}`),
      })));
      const texts = groups.map((g) => g.text);
      assert.equal(new Set(texts).size, texts.length, `${ex.name} ${topic}: a cause is said once`);
      for (const g of groups) {
        for (const q of g.queues) if (causeOf.has(q)) assert.equal(causeOf.get(q), g.text, `${ex.name} ${topic} ${q}`);
      }
    }
    const unknown = ex.expected.queues.filter((q) => q.status === 'unknown');
    if (unknown.length) {
      const t = `.dx-topic[data-topic="${ex.expected.topic}"]`;
      assert.match(await page.textContent(`${t} .dx-unknown-list summary`), new RegExp(`^${unknown.length} queues? whose owner is not known`));
      assert.deepEqual(await page.$$eval(`${t} .dx-unknown-table tbody tr`, (trs) => trs.map((tr) => `${tr.cells[0].textContent}/${tr.cells[1].textContent}`)),
        unknown.map((q) => `${q.brokerName}/${q.queueId}`).slice(0, 300), ex.name);
    }
  }
  noTrouble(log);
});

test('phone: no sideways scroll, compact queue rows, three or more grid cells a row', async () => {
  for (const scheme of ['light', 'dark']) {
    const { page, log } = await open(390, 844, '', scheme);
    await toDiagnose(page);
    await example(page, 'status-files-mixed-strategies');
    const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
    assert.ok(sw <= cw, `scrollWidth ${sw} > ${cw}`);
    assert.equal(await page.$$eval('.dx-table, .dx-unknown-table', (ts) => ts.filter((t) => t.closest('.table-wrap').scrollWidth > t.closest('.table-wrap').clientWidth + 1).length), 0, 'no table scrolls sideways');
    const heights = await page.$$eval('.dx-table tbody tr', (trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    assert.ok(heights.length && Math.max(...heights) <= 80, `row heights ${heights.map(Math.round).join(', ')}`);
    const perRow = await page.$eval('.dx-grid rmq-grid', (g) => {
      const tds = [...g.shadowRoot.querySelectorAll('tr')[0].querySelectorAll('td')];
      return new Set(tds.map((t) => Math.round(t.getBoundingClientRect().top))).size ? tds.filter((t) => Math.round(t.getBoundingClientRect().top) === Math.round(tds[0].getBoundingClientRect().top)).length : 0;
    });
    assert.ok(perRow >= 3, `${perRow} cells a row`);
    await page.$eval('.dx-cause', (e) => e.scrollIntoView());
    await page.screenshot({ path: join(RESULTS, `diagnose-causes-390-${scheme}.png`) });
    noTrouble(log);
  }
  const { page } = await open(1366, 900);
  await toDiagnose(page);
  await example(page, 'status-files-mixed-strategies');
  await page.$eval('.dx-cause', (e) => e.scrollIntoView());
  await page.screenshot({ path: join(RESULTS, 'diagnose-causes-1366-light.png') });
});

test('Copy permalink leaves the outputs out and says so; the local-only share carries them in the fragment, never in a request', async () => {
  const { page, log } = await open();
  await toDiagnose(page);
  await example(page, 'wrong-owner');
  assert.match(await page.textContent('#dx-link-note'), /Copy permalink leaves the pasted outputs out/);
  await page.click('#copy-link');
  await page.waitForFunction(() => /without the pasted outputs/.test(document.getElementById('copy-note').textContent));
  const plain = await page.evaluate(() => navigator.clipboard.readText());
  assert.doesNotMatch(plain, /#dx=/);
  await page.click('#dx-share');
  await page.waitForSelector('#dx-share-url');
  assert.match(await page.textContent('.dx-share'), /contains your cluster’s names.*never sends to any server/);
  const url = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(url, await page.inputValue('#dx-share-url'));
  assert.match(url, /#dx=[A-Za-z0-9_-]+$/);
  const verdict = await page.textContent('.dx-verdict');
  const boxes = {};
  for (const k of ['route', 'connection', 'progress', 'status']) boxes[k] = await page.inputValue('#dx-' + k);
  // Opened elsewhere: the same boxes and the same verdict; no request carries the fragment.
  const other = await open(1366, 900, url.slice(url.indexOf('#')));
  await other.page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done' && document.querySelector('.dx-verdict'), null, { timeout: WAIT });
  for (const k of Object.keys(boxes)) assert.equal(await other.page.inputValue('#dx-' + k), boxes[k], k);
  assert.equal(await other.page.textContent('.dx-verdict'), verdict);
  assert.equal(other.log.requests.filter((u) => u.includes('dx=') || u.includes('pay_xxx')).length, 0);
  // A damaged share says so.
  const bad = await open(1366, 900, '#dx=AAAA');
  await bad.page.waitForSelector('#dx-out .error');
  assert.match(await bad.page.textContent('#dx-out .error'), /the shared link is damaged/);
  noTrouble(log);
  noTrouble(other.log);
});

test('"Copy these commands": the three mqadmin lines and rmqalloc doctor', async () => {
  const { page, log } = await open();
  await toDiagnose(page);
  await page.click('#dx-commands summary');
  const text = await page.textContent('#dx-commands-text');
  assert.deepEqual(text.split('\n'), [
    'mqadmin topicRoute -n HOST:PORT -t TOPIC > route.txt',
    'mqadmin consumerConnection -n HOST:PORT -g GROUP > connection.txt',
    'mqadmin consumerProgress -n HOST:PORT -g GROUP -s true > progress.txt',
    'npx rmqalloc doctor --namesrv HOST:PORT --group GROUP']);
  await page.click('#dx-copy-commands');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
  noTrouble(log);
});
