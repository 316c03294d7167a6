// Issue 12, "show what matters": read-only queues, client profiles next to
// the grid, the producer following the client, highlighting a consumer,
// Compare's grids and absences, the retry topic, exporting the plan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { suite, noTrouble, settle } from './harness.mjs';

const { open } = suite();

test('read-only (perm 4) queues are marked in the grid, and a consumer owning only such queues', async () => {
  const { page, log } = await open();
  await page.check('#source-route');
  await page.fill('#route', JSON.stringify({
    queueDatas: [{ brokerName: 'broker-x', readQueueNums: 2, writeQueueNums: 2, perm: 6 }, { brokerName: 'broker-y', readQueueNums: 3, writeQueueNums: 3, perm: 4 }],
    brokerDatas: [{ brokerName: 'broker-x', brokerAddrs: { 0: '10.0.0.1:10911' } }, { brokerName: 'broker-y', brokerAddrs: { 0: '10.0.0.2:10911' } }],
  }));
  await page.fill('#consumers', 'a@1\nb@2');
  await settle(page);
  // AVG over x0 x1 y0 | y1 y2: b@2 owns only read-only queues
  assert.deepEqual(await page.$$eval('#alloc-out rmq-grid td[part~=ro]', (c) => c.map((e) => e.dataset.broker + ':' + e.dataset.queue)), ['broker-y:0', 'broker-y:1', 'broker-y:2']);
  assert.match(await page.getAttribute('#alloc-out rmq-grid td[part~=ro]', 'title'), /read-only/);
  assert.equal(await page.$$eval('.member-list li[data-member="b@2"] .ro-only', (e) => e.length), 1);
  assert.equal(await page.$$eval('.member-list li[data-member="a@1"] .ro-only', (e) => e.length), 0);
  assert.match(await page.textContent('#ro-note'), /3 queues are read-only.*1 consumer owns only such queues/);
  noTrouble(log);
});

test('the client profile is said next to the grid, and the Producer tab follows the Client selector', async () => {
  const { page, log } = await open();
  assert.match(await page.textContent('#alloc-out #profile-note'), /4\.9\.3 and 5\.3\.3 allocate AVG identically/);
  await page.selectOption('#client', 'go');
  await page.selectOption('#strategy', 'CONSISTENT_HASH');
  await settle(page);
  assert.match(await page.textContent('#alloc-out #profile-note'), /Go client 2\.1\.2.*CRC-32/);
  await page.click('#tab-btn-producer');
  await page.waitForSelector('#rr-out table');
  assert.match(await page.textContent('#producer-client-note'), /Go 2\.1\.2.*not modelled/);
  await page.selectOption('#client', '5.3.3');
  await settle(page);
  await page.waitForFunction(() => /5\.3\.3 \(selected\)/.test(document.querySelector('#rr-out th:nth-child(2)')?.textContent));
  assert.match(await page.textContent('#latency-out th:nth-child(2)'), /^5\.3\.3 \(selected\)/);
  assert.match(await page.textContent('#producer-client-note'), /Java 5\.3\.3/);
  noTrouble(log);
});

test('hovering or clicking a consumer highlights its queues in every grid', async () => {
  const { page, log } = await open();
  const cid = '192.168.1.2@4002';
  await page.hover(`#alloc-out .member-list li[data-member="${cid}"]`);
  assert.deepEqual(await page.$$eval('#alloc-out rmq-grid td.hl', (c) => c.map((e) => e.dataset.owners)), [cid, cid, cid, cid]);
  assert.equal(await page.$eval('.results', (r) => r.classList.contains('highlighting')), true);
  await page.click(`#alloc-out .member-list li[data-member="${cid}"] code`);
  await page.click('#tab-btn-whatif');
  await page.waitForSelector('#whatif-out rmq-grid td');
  const lit = await page.$$eval('#whatif-out rmq-grid td.hl', (c) => c.map((e) => e.dataset.owners));
  assert.ok(lit.length >= 4 && lit.every((o) => o === cid), lit.join());
  noTrouble(log);
});

test('Compare draws a small grid per strategy and says why CONFIG / MACHINE_ROOM / NEARBY are absent', async () => {
  const { page, log } = await open();
  await page.click('#tab-btn-compare');
  await page.waitForSelector('#compare-grids');
  assert.deepEqual(await page.$$eval('#compare-grids .mini', (m) => m.map((x) => x.querySelector('rmq-grid').shadowRoot.querySelectorAll('td').length)), [16, 16, 16]);
  const absent = await page.textContent('#compare-absent');
  assert.match(absent, /MACHINE_ROOM is not compared: they need rooms/);
  assert.match(absent, /MACHINE_ROOM_NEARBY is not compared/);
  assert.match(absent, /CONFIG is not compared: it ignores the consumers/);
  noTrouble(log);
});

test('the %RETRY%group topic: one queue per broker, allocated by the same strategy', async () => {
  const { page, log } = await open();
  await page.check('#retry');
  await settle(page);
  assert.match(await page.textContent('#retry-out h3'), /%RETRY%please_rename_unique_group_name \(4 queues: one per broker/);
  // AVG: 4 queues over 4 consumers, one each
  assert.deepEqual(await page.$$eval('#retry-out rmq-grid td', (c) => c.map((e) => e.dataset.broker + ':' + e.dataset.queue + '→' + e.dataset.owners)),
    ['broker-a:0→192.168.1.1@4001', 'broker-b:0→192.168.1.2@4002', 'broker-c:0→192.168.1.3@4003', 'broker-d:0→192.168.1.4@4004']);
  noTrouble(log);
});

test('export the plan as JSON and CSV', async () => {
  const { page, log } = await open();
  const [dj] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const plan = JSON.parse(readFileSync(await dj.path(), 'utf8'));
  assert.equal(plan.strategy, 'AVG');
  assert.equal(plan.client, 'java-4.9.3');
  assert.deepEqual(Object.keys(plan.consumers), ['192.168.1.1@4001', '192.168.1.2@4002', '192.168.1.3@4003', '192.168.1.4@4004']);
  assert.deepEqual(plan.consumers['192.168.1.2@4002'], [0, 1, 2, 3].map((q) => ({ topic: 'TopicTest', brokerName: 'broker-b', queueId: q })));
  const [dc] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  const csv = readFileSync(await dc.path(), 'utf8').trim().split('\r\n');
  assert.equal(csv[0], 'consumer,topic,brokerName,queueId');
  assert.equal(csv.length, 17);
  assert.equal(csv[5], '192.168.1.2@4002,TopicTest,broker-b,0');
  noTrouble(log);
});
