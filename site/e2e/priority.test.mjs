// The Priority tab (RocketMQ 5.4 priority messages, RIP-80): the queue the
// broker stores each message on, min(priority, writeQueueNums - 1) of the
// broker it was sent to, and the messages per queue; field errors; the
// permalink; screenshots at 390 and 1366 px, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, noTrouble, ready, RESULTS, openIn, WAIT } from './harness.mjs';

const s = suite();

const link = (o) => '#s=' + Buffer.from(JSON.stringify(o)).toString('base64url');

/** The playground in a context of this size and scheme, with the same checks as openPage. */
async function openAt(hash = '', width = 1366, height = 900, scheme = 'light') {
  const context = await s.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  s.contexts.push(context);
  return openIn(context, s.server.url, hash);
}

/** Waits for the Priority tab's answer to the latest state. */
async function priorityReady(page) {
  await page.waitForTimeout(150);
  await ready(page);
  await page.waitForFunction(() => document.getElementById('priority-out').dataset.ready === 'true', null, { timeout: WAIT });
}

async function openPriority(state = {}, ...rest) {
  const p = await openAt(link({ tab: 'priority', ...state }), ...rest);
  await priorityReady(p.page);
  return p;
}

/** The message table: [line, priority, broker, "queue sent → queue stored"] per row. */
const rows = (page) => page.$$eval('#pr-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
/** Messages stored on broker's queue, from the counts table. */
const count = (page, broker, q) => page.$eval(`#pr-counts td[data-broker="${broker}"][data-queue="${q}"]`, (td) => Number(td.textContent));
const counts = (page, broker) => page.$$eval(`#pr-counts td[data-broker="${broker}"]`, (tds) => tds.map((td) => Number(td.textContent)));

async function typeMessages(page, text) {
  await page.fill('#pr-messages', text);
  await priorityReady(page);
}

test('priority 7 sent to broker-a queue 1 of a 4-queue topic is stored on queue 3; priority 2 on queue 2', async () => {
  const { page, log } = await openPriority();
  assert.equal(await page.isVisible('#tab-priority'), true);
  await typeMessages(page, '7 broker-a:1\n2 broker-b:0\n0 broker-b:3');
  assert.deepEqual(await rows(page), [
    ['1', '7', 'broker-a', 'queue 1 → queue 3'],
    ['2', '2', 'broker-b', 'queue 0 → queue 2'],
    ['3', '0', 'broker-b', 'queue 3 → queue 0'],
  ]);
  assert.deepEqual(await counts(page, 'broker-a'), [0, 0, 0, 1]);
  assert.deepEqual(await counts(page, 'broker-b'), [1, 0, 1, 0]);
  assert.deepEqual(await counts(page, 'broker-d'), [0, 0, 0, 0]);
  assert.match(await page.textContent('#pr-summary'), /^3 messages: 3 stored · topic TopicTest · writeQueueNums 4 on every broker/);
  // The last queue holds every priority from 3 up.
  assert.deepEqual(await page.$$eval('#pr-counts tbody .pr-prio', (tds) => tds.map((t) => t.textContent)), ['priority 0', 'priority 1', 'priority 2', 'priority ≥ 3']);
  noTrouble(log);
});

test('round robin: each message goes to the producer\'s next queue\'s broker, on the queue of its priority', async () => {
  // Java 4.9.3's round robin from index 0: broker-a:1, a:2, a:3, b:0, b:1, ...
  const { page, log } = await openPriority();
  await typeMessages(page, '9*4\n1*2');
  const r = await rows(page);
  assert.deepEqual(r.map((x) => [x[2], x[3]]), [
    ['broker-a', 'queue 1 → queue 3'], ['broker-a', 'queue 2 → queue 3'],
    ['broker-a', 'queue 3 (kept)'], ['broker-b', 'queue 0 → queue 3'],
    ['broker-b', 'queue 1 (kept)'], ['broker-b', 'queue 2 → queue 1'],
  ]);
  assert.deepEqual(await counts(page, 'broker-a'), [0, 0, 0, 3]);
  assert.deepEqual(await counts(page, 'broker-b'), [0, 2, 0, 1]);
  // The hash selector with the priority as its arg: Integer 9's hash 9 % 16 = queue 9 = broker-c:1.
  await page.selectOption('#pr-selector', 'hash');
  await priorityReady(page);
  const h = await rows(page);
  assert.deepEqual(h[0].slice(1), ['9 ×4', 'broker-c', 'queue 1 → queue 3']);
  assert.deepEqual(h[1].slice(1), ['1 ×2', 'broker-a', 'queue 1 (kept)']);
  assert.equal(await count(page, 'broker-c', 3), 4);
  noTrouble(log);
});

test('writeQueueNums 8: priority 7 keeps its own queue, 20 shares the last; the field is in the link', async () => {
  const { page, log } = await openPriority();
  await typeMessages(page, '7 broker-a:1\n20 broker-a:0');
  await page.fill('#pr-wqn', '8');
  await priorityReady(page);
  assert.deepEqual((await rows(page)).map((x) => x[3]), ['queue 1 → queue 7', 'queue 0 → queue 7']);
  assert.equal((await counts(page, 'broker-a')).length, 8);
  assert.equal(await count(page, 'broker-a', 7), 2);
  assert.match(await page.textContent('#pr-summary'), /writeQueueNums 8 on every broker/);
  // Restored from the permalink.
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await priorityReady(page);
  assert.equal(await page.inputValue('#pr-wqn'), '8');
  assert.equal(await page.inputValue('#pr-messages'), '7 broker-a:1\n20 broker-a:0');
  assert.equal(await page.getAttribute('#tab-btn-priority', 'aria-selected'), 'true');
  assert.equal(await count(page, 'broker-a', 7), 2);
  noTrouble(log);
});

test('errors name the field: a bad line, writeQueueNums 0, a negative priority, a broker the topic lacks', async () => {
  const { page, log } = await openPriority();
  await page.fill('#pr-messages', '3\nhigh');
  await page.waitForSelector('#pr-messages-error');
  assert.match(await page.textContent('#pr-messages-error'), /^“Messages, one per line” line 2: "high" is not PRIORITY\[\*COUNT\] \[BROKER:QUEUE\]/);
  assert.equal(await page.getAttribute('#pr-messages', 'aria-invalid'), 'true');
  assert.match(await page.textContent('#stale-note'), /Fix “Messages, one per line”/);
  // the field stays usable and the note's link goes to it
  await page.click('#stale-fix');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'pr-messages');
  await page.fill('#pr-messages', '3 broker-a');
  await page.waitForFunction(() => /"broker-a" is not BROKER:QUEUE/.test(document.getElementById('pr-messages-error')?.textContent));
  await typeMessages(page, '3 broker-a:1');
  assert.equal(await page.$('#pr-messages-error'), null, 'fixed: no error');
  await page.fill('#pr-wqn', '0');
  await page.waitForSelector('#pr-wqn-error');
  assert.match(await page.textContent('#pr-wqn-error'), /^“writeQueueNums” must be empty .* or an integer from 1 to 65536/);
  await page.fill('#pr-wqn', '');
  await typeMessages(page, '-1 broker-a:0\n3 broker-z:1\n3 broker-a:9\n5 broker-c:2');
  const r = await rows(page);
  assert.deepEqual(r[0].slice(2), ['broker-a', 'queue 0: IllegalArgumentException priority: The priority must be greater than or equal to 0']);
  assert.match(r[1][3], /^line 2: broker-z is not a broker the topic TopicTest can be written on/);
  assert.match(r[2][3], /^line 3: broker-a has 4 write queues: a producer cannot send to queue 9/);
  assert.deepEqual(r[3].slice(2), ['broker-c', 'queue 2 → queue 3']);
  assert.equal(await page.$$eval('#pr-table tr.pr-failed', (t) => t.length), 3);
  assert.match(await page.textContent('#pr-summary'), /^4 messages: 1 stored, 3 refused/);
  noTrouble(log);
});

test('a pasted route: only writable brokers, each with its writeQueueNums', async () => {
  const route = {
    queueDatas: [
      { brokerName: 'broker-a', readQueueNums: 4, writeQueueNums: 4, perm: 6, topicSysFlag: 0 },
      { brokerName: 'broker-b', readQueueNums: 8, writeQueueNums: 2, perm: 6, topicSysFlag: 0 },
      { brokerName: 'broker-c', readQueueNums: 8, writeQueueNums: 8, perm: 4, topicSysFlag: 0 },
    ],
    brokerDatas: ['a', 'b', 'c'].map((x, i) => ({ cluster: 'DefaultCluster', brokerName: 'broker-' + x, brokerAddrs: { 0: `10.0.0.${i + 1}:10911` } })),
  };
  const { page, log } = await openPriority({ source: 'route', route: JSON.stringify(route), priority: { messages: ['6 broker-a:0', '6 broker-b:0', '1 broker-b:1', '2 broker-c:0'] } });
  const r = await rows(page);
  assert.deepEqual(r.slice(0, 3).map((x) => x.slice(2).join(' ')), ['broker-a queue 0 → queue 3', 'broker-b queue 0 → queue 1', 'broker-b queue 1 (kept)']);
  assert.match(r[3][3], /broker-c is not a broker the topic TopicTest can be written on \(broker-a, broker-b\)/, 'read-only broker-c');
  assert.match(await page.textContent('#pr-summary'), /writeQueueNums 4 \/ 2 by broker/);
  assert.deepEqual(await counts(page, 'broker-b'), [0, 2]);
  assert.equal(await page.textContent('#pr-counts tbody tr:nth-child(2) .pr-prio'), 'priority 1; ≥ 1 on broker-b');
  assert.equal(await page.$$eval('#pr-counts thead th', (th) => th.length), 3, 'Queue, broker-a, broker-b');
  assert.equal(await page.textContent('#pr-counts td[data-broker="broker-a"][data-queue="3"]'), '1');
  assert.equal(await page.$$eval('#pr-counts tbody tr:nth-child(3) td.pr-none', (t) => t.length), 1, 'broker-b has no queue 2');
  noTrouble(log);
});

/** Waits for the POP side (the full module's rmq.priorityDrain) of the latest state. */
async function drainReady(page) {
  await priorityReady(page);
  await page.waitForFunction(() => document.getElementById('pr-drain-out').dataset.ready === 'true', null, { timeout: WAIT });
}

/** The drain table: [request, reads, left, mode, draw] per row. */
const requests = (page) => page.$$eval('#pr-drain-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
const reads = async (page) => (await requests(page)).map((r) => r[1]);

// broker-a's queues hold [0, 1, 1, 3] (priorities 1, 2, 3 ×3); batches of 2.
const DRAIN = { priority: { messages: ['1 broker-a:0', '3*3 broker-a:0', '2 broker-a:0'], maxMsgNums: 2 } };

test('POP drain: priority mode takes the highest-priority queue first; priorityOrderAsc off, from queue 0', async () => {
  const { page, log } = await openPriority(DRAIN);
  await drainReady(page);
  assert.equal(await page.isVisible('#pr-drain'), true);
  assert.match(await page.textContent('#pr-order'), /broker-a’s queues 3 → 2 → 1 → 0 \(readQueueNums 4\)/);
  assert.deepEqual(await requests(page), [
    ['1', 'queue 3 ×2', '3', 'priority · retry after', '50'],
    ['2', 'queue 3 ×1, queue 2 ×1', '1', 'priority · retry after', '50'],
    ['3', 'queue 1 ×1', '0', 'priority · retry after', '50'],
  ]);
  assert.match(await page.textContent('#pr-drain-summary'), /^3 requests take all 5 messages of broker-a/);
  await page.uncheck('#pr-asc');
  await drainReady(page);
  assert.match(await page.textContent('#pr-order'), /0 → 1 → 2 → 3/);
  assert.deepEqual(await reads(page), ['queue 1 ×1, queue 2 ×1', 'queue 3 ×2', 'queue 3 ×1']);
  noTrouble(log);
});

test('POP drain: priority.factor 0 turns priority mode off (offset = the draw); the retry topic first at popFromRetryProbabilityForPriority 100', async () => {
  const { page, log } = await openPriority(DRAIN);
  await drainReady(page);
  // Normal mode, randomQ 50: visit i is queue (3 - i + 50) % 4: 1 0 3 2.
  await page.fill('#pr-factor', '0');
  await drainReady(page);
  const r = await requests(page);
  assert.equal(r[0][3], 'normal, offset 50 · retry after');
  assert.deepEqual(r.map((x) => x[1]), ['queue 1 ×1, queue 3 ×1', 'queue 3 ×2', 'queue 2 ×1']);
  // Draws per request: 10 (< factor 30: priority mode), then 90 (normal, offset 90: 1 0 3 2 again, 93 % 4 = 1).
  await page.fill('#pr-factor', '30');
  await page.fill('#pr-draws', '10, 90');
  await drainReady(page);
  assert.deepEqual((await requests(page)).map((x) => [x[4], x[3]]), [['10', 'priority · retry after'], ['90', 'normal, offset 90 · retry after'], ['90', 'normal, offset 90 · retry after']]);
  // Three retries waiting, read first by every priority-mode request.
  await page.fill('#pr-factor', '100');
  await page.fill('#pr-draws', '50');
  await page.fill('#pr-retry', '3');
  await page.fill('#pr-rpp', '100');
  await drainReady(page);
  const t = await requests(page);
  assert.deepEqual(t.map((x) => x[1]), ['retry queue 0 ×2', 'retry queue 0 ×1, queue 3 ×1', 'queue 3 ×2', 'queue 2 ×1, queue 1 ×1']);
  assert.equal(t[0][3], 'priority · retry first');
  // A bad draw names its field.
  await page.fill('#pr-draws', '50, 100');
  await page.waitForSelector('#pr-draws-error');
  assert.match(await page.textContent('#pr-draws-error'), /^“random.nextInt\(100\) of each request” must be random\.nextInt\(100\) values, 0 to 99: 100 is not one/);
  noTrouble(log);
});

test('screenshots at 390 and 1366 px, light and dark; nothing wider than the phone', async () => {
  for (const [w, hgt] of [[390, 844], [1366, 900]]) {
    for (const scheme of ['light', 'dark']) {
      const { page, log } = await openPriority({ priority: { messages: ['0', '1', '2', '3', '5*2', '7', '9 broker-a:0', '2 broker-b:3', '-1'], drainBroker: 'broker-b', maxMsgNums: 2, retryBacklog: 2, retryProbabilityForPriority: 50, draws: [10, 70] } }, w, hgt, scheme);
      if (w === 390) {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        assert.equal(wide, false, `no sideways scroll of the page at 390 px (${scheme})`);
      }
      await drainReady(page);
      await page.locator('#tab-priority').screenshot({ path: join(RESULTS, `priority-${w}-${scheme}.png`) });
      await page.locator('#pr-drain').screenshot({ path: join(RESULTS, `priority-drain-${w}-${scheme}.png`) });
      noTrouble(log);
    }
  }
});
