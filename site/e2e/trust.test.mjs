// Issue 12, "wrong or misleading": defaults and messages an operator can
// trust (what-if IDs, isolation, invalid numbers, IPs, rooms, duplicate
// IDs, pasted routes, damaged links).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, noTrouble, settle } from './harness.mjs';

const { open } = suite();
const consumersOf = async (page) => (await page.inputValue('#consumers')).split('\n').filter(Boolean);

test('what-if "add" proposes an unused ID after Generate / Add one, and flags an existing one with the why', async () => {
  const { page, log } = await open();
  await page.fill('#gen-count', '8');
  await page.click('#generate');
  await settle(page);
  let cs = await consumersOf(page);
  assert.equal(cs.length, 8);
  assert.ok(!cs.includes(await page.inputValue('#wi-add')), 'proposed what-if ID is already a consumer');
  await page.click('#add-consumer');
  await settle(page);
  cs = await consumersOf(page);
  assert.equal(cs.length, 9);
  assert.ok(!cs.includes(await page.inputValue('#wi-add')));
  await page.click('#tab-btn-whatif');
  await page.fill('#wi-add', '192.168.1.3@4003');
  await settle(page);
  assert.equal(await page.isVisible('#wi-add-note'), true);
  assert.match(await page.textContent('#wi-add-note'), /already a consumer/);
  const fault = await page.textContent('#whatif-out .fault');
  assert.match(fault, /Duplicate client ID fault after the change/);
  assert.match(fault, /192\.168\.1\.3@4003 \(2×\)/);
  assert.match(fault, /no owner/);
  // one click back to an unused ID
  await page.click('#wi-add-unused');
  await settle(page);
  assert.ok(!cs.includes(await page.inputValue('#wi-add')));
  assert.equal(await page.isVisible('#wi-add-note'), false);
  assert.equal(await page.$$eval('#whatif-out .fault', (f) => f.length), 0);
  noTrouble(log);
});

test('producer "isolate" blocks the broker at latency 0 (30,000 ms in 4.9.3, 10,000 ms in 5.3.3)', async () => {
  const { page, log } = await open();
  await page.click('#tab-btn-producer');
  await page.waitForSelector('#latency-out table');
  assert.equal(await page.inputValue('#lat-0'), '0'); // broker-a
  await page.check('#latency-in .lat:first-child input[type=checkbox]');
  await settle(page);
  await page.waitForFunction(() => /broker-a \(/.test(document.getElementById('latency-out').textContent));
  const first = await page.$$eval('#latency-out tbody tr:first-child td', (t) => t.map((x) => x.textContent));
  assert.match(first[1], /broker-a \(10 min\)/); // 30,000 ms → 600,000 ms
  assert.match(first[3], /broker-a \(10 s\)/); // 10,000 ms → 10,000 ms
  noTrouble(log);
});

test('invalid numbers: the error at the field, the old result greyed and marked out of date', async () => {
  const { page, log } = await open();
  const cases = [['#brokers', '-1', /“Brokers” must be an integer from 1 to 1000/], ['#brokers', '0', /“Brokers” must be/],
    ['#brokers', '2.5', /“Brokers” must be an integer/], ['#brokers', '1001', /from 1 to 1000/], ['#qpb', '70000', /“Queues per broker” must be an integer from 0 to 65536/]];
  for (const [sel, v, re] of cases) {
    await page.fill(sel, v);
    await settle(page);
    assert.equal(await page.getAttribute(sel, 'aria-invalid'), 'true', `${sel}=${v}`);
    assert.match(await page.textContent(sel + '-error'), re);
    assert.equal(await page.$eval('.results', (r) => r.classList.contains('stale')), true);
    assert.equal(await page.isVisible('#stale-note'), true);
    await page.fill(sel, '4');
  }
  await page.fill('#brokers', '3');
  await settle(page);
  assert.equal(await page.getAttribute('#brokers', 'aria-invalid'), null);
  assert.equal(await page.$$eval('.field-error:not([hidden]):not(:empty)', (e) => e.length), 0);
  assert.equal(await page.$eval('.results', (r) => r.classList.contains('stale')), false);
  assert.equal(await page.$$eval('#alloc-out rmq-grid td', (c) => c.length), 12);
  noTrouble(log);
});

test('more than 254 generated consumers keep valid, distinct IPv4 addresses', async () => {
  const { page, log } = await open();
  await page.fill('#gen-count', '600');
  await page.click('#generate');
  await settle(page);
  const cs = await consumersOf(page);
  assert.equal(cs.length, 600);
  assert.equal(new Set(cs).size, 600);
  for (const c of cs) {
    const ip = c.split('@')[0].split('.');
    assert.equal(ip.length, 4, c);
    assert.ok(ip.every((o) => /^\d+$/.test(o) && Number(o) <= 255), c);
  }
  assert.equal(cs[254], '192.168.2.1@4255');
  noTrouble(log);
});

test('MACHINE_ROOM_NEARBY on IDs without rooms: what to change, the right ID per consumer, a one-click fix', async () => {
  const { page, log } = await open();
  await page.selectOption('#strategy', 'MACHINE_ROOM_NEARBY');
  await settle(page);
  const note = await page.textContent('#roomless');
  assert.match(note, /Field 2 of @-split client IDs/);
  assert.deepEqual(await page.$$eval('#roomless .roomless-id', (e) => e.map((x) => x.textContent)),
    ['192.168.1.1@4001', '192.168.1.2@4002', '192.168.1.3@4003', '192.168.1.4@4004']);
  // each consumer's own line names that consumer, and says when the message quotes another ID
  const items = await page.$$eval('#alloc-out .error li', (l) => l.map((x) => x.textContent));
  assert.equal(items.length, 4);
  assert.match(items[1], /^192\.168\.1\.2@4002: .*thrown by 192\.168\.1\.2@4002’s own rebalance while it splits 192\.168\.1\.1@4001/);
  await page.click('#give-rooms');
  await settle(page);
  assert.equal(await page.$$eval('#roomless, #alloc-out .error', (e) => e.length), 0);
  const cs = await consumersOf(page);
  assert.ok(cs.every((c) => /@(hz|sh)$/.test(c)), cs.join());
  assert.equal(await page.$$eval('#alloc-out rmq-grid td.none', (c) => c.length), 0);
  noTrouble(log);
});

test('a duplicated client ID is flagged as the duplicate-client-ID fault', async () => {
  const { page, log } = await open();
  await page.fill('#consumers', 'a@1\na@1\nb@2');
  await settle(page);
  const fault = await page.textContent('#alloc-out .fault');
  assert.match(fault, /Duplicate client ID fault: a@1 \(2×\)/);
  assert.match(fault, /no owner/);
  assert.ok(await page.$$eval('#alloc-out rmq-grid td.none', (c) => c.length) > 0);
  noTrouble(log);
});

test('topicRoute paste: empty box → a prompt; a BOM and RocketMQLog:WARN lines are ignored', async () => {
  const { page, log } = await open();
  await page.check('#source-route');
  await settle(page);
  assert.match(await page.textContent('#alloc-out .prompt'), /Paste the output of mqadmin topicRoute/);
  assert.equal(await page.$$eval('#alloc-out .error', (e) => e.length), 0);
  const route = {
    queueDatas: [{ brokerName: 'broker-x', readQueueNums: 2, writeQueueNums: 2, perm: 6 }, { brokerName: 'broker-y', readQueueNums: 3, writeQueueNums: 3, perm: 6 }],
    brokerDatas: [{ brokerName: 'broker-x', brokerAddrs: { 0: '10.0.0.1:10911' } }, { brokerName: 'broker-y', brokerAddrs: { 0: '10.0.0.2:10911' } }],
  };
  await page.fill('#route', '\uFEFFRocketMQLog:WARN No appenders could be found for logger (io.netty.util.internal.PlatformDependent0).\r\n'
    + 'RocketMQLog:WARN Please initialize the logger system properly.\r\n' + JSON.stringify(route, null, 2));
  await settle(page);
  assert.equal(await page.$$eval('#alloc-out rmq-grid td', (c) => c.length), 5);
  noTrouble(log);
});

test('a hand-edited or corrupt #s= permalink says so', async () => {
  const b64 = (o) => '#s=' + Buffer.from(JSON.stringify(o)).toString('base64url');
  const edited = await open({ hash: b64({ brokers: 3, brokerz: 5, strategy: { nam: 'AVG' } }) });
  assert.equal(await edited.page.isVisible('#banner'), true);
  assert.match(await edited.page.textContent('#banner'), /restored in part: .*does not know \(brokerz, strategy\.nam\)/);
  assert.equal(await edited.page.inputValue('#brokers'), '3');
  const full = b64({ brokers: 3, strategy: { name: 'AVG_BY_CIRCLE' } });
  const cut = await open({ hash: full.slice(0, full.length - 7) });
  assert.match(await cut.page.textContent('#banner'), /could not be restored: the link is damaged/);
  assert.equal(await cut.page.inputValue('#brokers'), '4');
  noTrouble(edited.log);
  noTrouble(cut.log);
});
