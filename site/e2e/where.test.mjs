// "Where the allocation runs" (RocketMQ 5 server-side assignment) in the
// playground: the broker's PULL and POP answers and the gRPC proxy's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, noTrouble, settle, RESULTS, WAIT } from './harness.mjs';

const { open } = suite();

/** Waits for the where-view of the latest state. */
async function whereReady(page) {
  await settle(page);
  await page.waitForFunction(() => document.getElementById('where-out').dataset.ready === 'true', null, { timeout: WAIT });
}

async function choose(page, at, share) {
  await page.selectOption('#where', at);
  if (share !== undefined) await page.fill('#pop-share', String(share));
  await whereReady(page);
}

/** The where table as { clientId: assigned text }. */
async function rows(page) {
  const r = await page.$$eval('#where-out tbody tr', (trs) => trs.map((tr) => [tr.cells[0].querySelector('code').textContent, tr.cells[1].textContent]));
  return Object.fromEntries(r);
}


// Defaults: brokers a..d × 4 queues, consumers 192.168.1.1..4, AVG. AVG
// gives consumer k the whole broker k; POP with share 1 adds the next one's.
test('broker POP with popShareQueueNum 1: own queues plus the next consumer\'s', async () => {
  const { page, log } = await open();
  assert.equal(await page.isVisible('#where-out'), false, 'client-side: no extra view');
  await choose(page, 'broker-pop', 1);
  assert.equal(await page.isVisible('#pop-share'), true);
  assert.match(await page.textContent('#where-out h2'), /broker .*POP/);
  assert.deepEqual(await rows(page), {
    '192.168.1.1@4001': 'broker-a · 0 1 2 3broker-b · 0 1 2 3',
    '192.168.1.2@4002': 'broker-b · 0 1 2 3broker-c · 0 1 2 3',
    '192.168.1.3@4003': 'broker-c · 0 1 2 3broker-d · 0 1 2 3',
    '192.168.1.4@4004': 'broker-a · 0 1 2 3broker-d · 0 1 2 3',
  });
  assert.match(await page.textContent('#where-out .where-summary'), /Mode POP · popShareQueueNum 1 · each queue is read by 2 consumers/);
  await page.locator('#where-out').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(RESULTS, 'where-pop-share.png'), fullPage: false });
  noTrouble(log);
});

test('POP sharing with everybody: queue -1, "all queues of the broker"', async () => {
  const { page, log } = await open();
  for (const share of [3, 0]) { // 3 >= 4 consumers - 1; 0 <= 0
    await choose(page, 'broker-pop', share);
    const r = await rows(page);
    assert.equal(Object.keys(r).length, 4);
    for (const text of Object.values(r)) {
      assert.equal(text, ['a', 'b', 'c', 'd'].map((b) => `broker-${b} · all queues of the broker (4)`).join(''));
    }
    assert.match(await page.textContent('#where-out .where-summary'), /read by 4 consumers/);
  }
  noTrouble(log);
});

test('broker PULL: AVG as the client computes it; CONSISTENT_HASH gets nothing', async () => {
  const { page, log } = await open();
  await choose(page, 'broker-pull');
  assert.equal((await rows(page))['192.168.1.3@4003'], 'broker-c · 0 1 2 3');
  assert.match(await page.textContent('#where-out .warn-note'), /Java 4\.9\.3\) has no clientRebalance/, 'the default client predates it');
  await page.selectOption('#client', '5.3.3');
  await whereReady(page);
  assert.equal(await page.$$eval('#where-out .warn-note', (n) => n.length), 0, 'Java 5.3.3: no note');
  await page.selectOption('#strategy', 'CONSISTENT_HASH');
  await whereReady(page);
  assert.equal((await rows(page))['192.168.1.1@4001'], 'no assignment — keeps what it had');
  assert.match(await page.textContent('#where-out .warn-note'), /only AVG and AVG_BY_CIRCLE/);
  noTrouble(log);
});

test('gRPC proxy: every consumer gets every broker; FIFO lists the queues', async () => {
  const { page, log } = await open();
  await choose(page, 'proxy');
  const all = ['a', 'b', 'c', 'd'].map((b) => `broker-${b} · all queues of the broker (4)`).join('');
  assert.deepEqual(new Set(Object.values(await rows(page))), new Set([all]));
  assert.match(await page.textContent('#where-out p.hint'), /proxy/);
  await page.check('#proxy-fifo');
  await whereReady(page);
  assert.equal((await rows(page))['192.168.1.2@4002'], ['a', 'b', 'c', 'd'].map((b) => `broker-${b} · 0 1 2 3`).join(''));
  noTrouble(log);
});

test('the choice survives a permalink reload', async () => {
  const { page, log } = await open();
  await choose(page, 'broker-pop', 2);
  const url = page.url();
  assert.match(url, /#s=/);
  await page.goto('about:blank');
  await page.goto(url);
  await whereReady(page);
  assert.equal(await page.inputValue('#where'), 'broker-pop');
  assert.equal(await page.inputValue('#pop-share'), '2');
  assert.match(await page.textContent('#where-out .where-summary'), /popShareQueueNum 2 · each queue is read by 3 consumers/);
  noTrouble(log);
});
