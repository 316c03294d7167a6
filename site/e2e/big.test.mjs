// Issue 24: big groups can be browsed. At 20,000 queues × 1,000 consumers
// the Allocation tab filters by consumer, broker or queue, lists every
// consumer and queue in virtualised lists (only the rows in view exist),
// draws the matching queues once few enough, and the What-if tab
// highlights the moved ones. Owners are checked against the module itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite, noTrouble, ready, settle, ROOT, RESULTS, WAIT } from './harness.mjs';
import { generateConsumers } from '../lib/state.js';

const s = suite();
const link = (o) => '#s=' + Buffer.from(JSON.stringify(o)).toString('base64url');
const BIG = link({ brokers: 20, queuesPerBroker: 1000, gen: 1000 });

// The expected owners, from the package in Node (AVG, Java 4.9.3).
const { load } = await import(pathToFileURL(join(ROOT, 'js', 'index.js')).href);
const rmq = await load();
const brokers = Array.from({ length: 20 }, (_, i) => 'broker-' + String.fromCharCode(97 + i));
const queues = brokers.flatMap((b) => Array.from({ length: 1000 }, (_, q) => ({ topic: 'TopicTest', brokerName: b, queueId: q })));
const consumers = generateConsumers(1000);
const owner = new Map();
const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll: queues, consumers, sort: true });
for (const c of plan.members) for (const q of plan.of(c)) owner.set(q.brokerName + ':' + q.queueId, c);
const label = (cid) => 'C' + plan.members.indexOf(cid); // the page's chips: places in the sorted list
rmq.exit();

const rowsOf = (page, id) => page.$$eval(`#${id} .vrow:not(.vhead)`, (rs) => rs.map((r) => ({ cells: [...r.children].map((c) => c.textContent), moved: r.classList.contains('moved'), top: parseFloat(r.style.top) })));

async function open(hash, width = 1366, height = 900, scheme = 'light') {
  const context = await s.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  s.contexts.push(context);
  const page = await context.newPage();
  const log = { errors: [], dialogs: [], foreign: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push(e.message));
  await page.goto(s.server.url + hash);
  await ready(page);
  return { page, log };
}

test('20,000 × 1,000: every queue and consumer in virtualised lists, a few dozen rows in the page', async () => {
  const { page, log } = await open(BIG);
  assert.match(await page.textContent('#alloc-filter-count'), /^20,000 queues of 20,000, 1,000 consumers of 1,000\.$/);
  assert.match(await page.textContent('#alloc-grid-note'), /20,000 queues: too many to draw as cells/);
  let rows = await rowsOf(page, 'alloc-queues');
  assert.ok(rows.length > 5 && rows.length < 60, `${rows.length} rows in the page`);
  for (const r of rows) assert.equal(r.cells[2].replace(/^C\d+ /, ''), owner.get(r.cells[0] + ':' + r.cells[1]), r.cells.join(' '));
  // Scrolled to the very end: the last queue, its owner as the module says.
  await page.$eval('#alloc-queues', (b) => { b.scrollTop = b.scrollHeight; });
  await page.waitForFunction(() => [...document.querySelectorAll('#alloc-queues .vrow')].some((r) => r.textContent.startsWith('broker-t999')));
  rows = await rowsOf(page, 'alloc-queues');
  const last = rows.find((r) => r.cells[0] === 'broker-t' && r.cells[1] === '999');
  assert.equal(last.cells[2], label(owner.get('broker-t:999')) + ' ' + owner.get('broker-t:999'));
  assert.ok(rows.length < 60);
  // Scrolling is cheap: 40 jumps through the list, each one's rows built and laid out (printed, not asserted).
  const perJump = await page.$eval('#alloc-queues', async (b) => {
    const times = [];
    for (let k = 0; k < 40; k++) {
      const t0 = performance.now();
      b.scrollToRow((k * 487) % 20000);
      void b.querySelector('.vrow:last-child').getBoundingClientRect();
      times.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(r));
    }
    return times.sort((x, y) => x - y)[20];
  });
  console.log(`# perf: virtual list of 20,000 rows, median jump (rows built and laid out): ${perJump.toFixed(1)} ms`);
  const members = await rowsOf(page, 'alloc-members');
  assert.deepEqual(members.slice(0, 3).map((r) => r.cells[1]), plan.members.slice(0, 3));
  assert.equal(await page.$eval('#alloc-members', (b) => b.getAttribute('aria-rowcount')), '1001');
  noTrouble(log);
});

test('filter by broker, by consumer, by queue: the lists and a grid of just those queues', async () => {
  const { page, log } = await open(BIG);
  await page.fill('#alloc-filter', 'broker-c');
  await page.waitForFunction(() => /^1,000 queues of 20,000, 50 consumers/.test(document.getElementById('alloc-filter-count').textContent));
  const cells = await page.$$eval('#alloc-big rmq-grid', (g) => g.flatMap((x) => [...x.shadowRoot.querySelectorAll('td')]).map((td) => `${td.dataset.broker}:${td.dataset.queue}=${td.dataset.owners}`));
  assert.equal(cells.length, 1000);
  for (const c of cells.slice(0, 50)) { const [k, o] = c.split('='); assert.equal(o, owner.get(k), c); }
  await page.screenshot({ path: join(RESULTS, 'big-filter-broker-1366-light.png') });
  // A consumer: its queues (20 of them: 20,000 / 1,000), and it alone in the consumer list.
  const cid = consumers[456];
  await page.fill('#alloc-filter', cid);
  await page.waitForFunction(() => /^20 queues of 20,000, 1 consumer of/.test(document.getElementById('alloc-filter-count').textContent));
  const qs = await rowsOf(page, 'alloc-queues');
  assert.deepEqual(qs.map((r) => r.cells[0] + ':' + r.cells[1]), [...owner].filter(([, o]) => o === cid).map(([k]) => k));
  assert.deepEqual((await rowsOf(page, 'alloc-members')).map((r) => r.cells[1]), [cid]);
  // A consumer by its label, a queue as broker:id.
  await page.fill('#alloc-filter', 'C7');
  await page.waitForFunction(() => document.querySelector('#alloc-members .vrow:not(.vhead) span')?.textContent === 'C7');
  assert.match(await page.textContent('#alloc-filter-count'), /^20 queues of 20,000, 1 consumer of/);
  assert.deepEqual((await rowsOf(page, 'alloc-members')).map((r) => r.cells[0]), ['C7']);
  await page.fill('#alloc-filter', 'broker-q:17');
  await page.waitForFunction(() => /^1 queue of/.test(document.getElementById('alloc-filter-count').textContent));
  assert.deepEqual((await rowsOf(page, 'alloc-queues')).map((r) => r.cells.join(' ')), [`broker-q 17 ${label(owner.get('broker-q:17'))} ${owner.get('broker-q:17')}`]);
  await page.fill('#alloc-filter', 'nothing-like-this');
  await page.waitForFunction(() => /^0 queues/.test(document.getElementById('alloc-filter-count').textContent));
  assert.match(await page.textContent('#alloc-big'), /No queue matches/);
  // The filter survives a recomputation.
  await page.fill('#alloc-filter', 'broker-b');
  await page.waitForFunction(() => /^1,000 queues/.test(document.getElementById('alloc-filter-count').textContent));
  await page.selectOption('#strategy', 'AVG_BY_CIRCLE');
  await settle(page);
  assert.equal(await page.inputValue('#alloc-filter'), 'broker-b');
  assert.match(await page.textContent('#alloc-filter-count'), /^1,000 queues of 20,000, 1,000 consumers/);
  noTrouble(log);
});

test('What-if at 20,000 × 1,000: moved queues highlighted, "moved only", owners before → after', async () => {
  const { page, log } = await open(link({ brokers: 20, queuesPerBroker: 1000, gen: 1000, whatIf: { add: '10.9.9.9@1' }, tab: 'whatif' }));
  await page.waitForSelector('#whatif-big', { timeout: WAIT });
  const moved = Number(await page.textContent('#moved-count'));
  assert.ok(moved > 0);
  await page.selectOption('#whatif-show', 'moved');
  await page.waitForFunction((n) => document.getElementById('whatif-filter-count').textContent.startsWith(n.toLocaleString('en-US') + ' queue'), moved);
  const rows = await rowsOf(page, 'whatif-queues');
  assert.ok(rows.length > 0 && rows.every((r) => r.moved), 'every listed row is highlighted as moved');
  for (const r of rows) {
    assert.equal(r.cells[2].replace(/^C\d+ /, ''), owner.get(r.cells[0] + ':' + r.cells[1]), 'before: ' + r.cells.join(' '));
    assert.notEqual(r.cells[2].replace(/^C\d+ /, ''), r.cells[3].replace(/^C\d+ /, ''), 'a moved queue changes owner');
  }
  // All queues: moved ones highlighted among the kept ones.
  await page.selectOption('#whatif-show', 'all');
  await page.fill('#whatif-filter', 'broker-t');
  await page.waitForFunction(() => /^1,000 queues/.test(document.getElementById('whatif-filter-count').textContent));
  const all = await rowsOf(page, 'whatif-queues');
  for (const r of all) assert.equal(r.moved, r.cells[2].replace(/^C\d+ /, '') !== r.cells[3].replace(/^C\d+ /, ''), r.cells.join(' '));
  // The drawn grid of those 1,000 queues outlines the same moved ones.
  const outlined = await page.$$eval('#whatif-big rmq-grid', (g) => g.flatMap((x) => [...x.shadowRoot.querySelectorAll('td')]).filter((td) => td.classList.contains('mv')).length);
  assert.ok(outlined > 0);
  assert.equal(await page.$eval('#member-changes', (b) => b.getAttribute('aria-rowcount')), '1002');
  await page.screenshot({ path: join(RESULTS, 'big-whatif-1366-light.png') });
  noTrouble(log);
});

test('phone, dark: the big group\'s filter and lists fit the width', async () => {
  const { page, log } = await open(BIG, 390, 844, 'dark');
  await page.fill('#alloc-filter', 'broker-d');
  await page.waitForFunction(() => /^1,000 queues/.test(document.getElementById('alloc-filter-count').textContent));
  await page.$eval('#alloc-big', (e) => e.scrollIntoView());
  const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  assert.ok(sw <= cw, `scrollWidth ${sw} > ${cw}`);
  // Every column inside its row, and the rows' remove buttons whole touch targets.
  const fit = await page.$$eval('#alloc-members .vrow:not(.vhead)', (rs) => rs.slice(0, 10).map((r) => {
    const row = r.getBoundingClientRect(), b = r.querySelector('button').getBoundingClientRect();
    return { inside: [...r.children].every((c) => c.getBoundingClientRect().right <= row.right + 0.5), button: Math.round(b.height), clipped: b.bottom > row.bottom + 0.5 || b.right > row.right + 0.5 };
  }));
  for (const f of fit) assert.deepEqual(f, { inside: true, button: 44, clipped: false });
  await page.screenshot({ path: join(RESULTS, 'big-filter-390-dark.png') });
  noTrouble(log);
});
