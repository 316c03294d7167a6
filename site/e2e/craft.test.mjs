// Issue 24, "a playground that feels crafted": the control bar pinned above
// the result, explanations behind "why?", the smaller fixes (MACHINE_ROOM's
// words and badge, Compare's labels and negative excess, the Go client's
// strategy name, Copy permalink's confirmation, touch targets), "Verified
// against the real clients", and screenshots at 390 and 1366 px, light and
// dark, in test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, noTrouble, settle, RESULTS, openIn } from './harness.mjs';

const s = suite();

/** The playground in a context with the given size and colour scheme (clipboard allowed). */
async function openAt(width, height, scheme = 'light', hash = '') {
  const context = await s.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  s.contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.server.url });
  return openIn(context, s.server.url, hash);
}

const box = (page, sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width }; });

for (const [width, height] of [[1366, 768], [1280, 720], [390, 844]]) {
  test(`${width}×${height}: strategy, client and counts are on the first screen, above the result, and stay pinned while it scrolls`, async () => {
    const { page, log } = await openAt(width, height);
    for (const sel of ['#strategy', '#client', '#cb-brokers', '#cb-qpb', '#cb-consumers']) {
      const b = await box(page, sel);
      assert.ok(b.top >= 0 && b.bottom <= height, `${sel} at ${b.top}–${b.bottom} of ${height}`);
      assert.ok(b.left >= 0 && b.right <= width, `${sel} within the width`);
    }
    assert.ok((await box(page, '#strategy')).bottom <= (await box(page, '#alloc-out')).top, 'the bar is above the result');
    assert.ok((await box(page, '#alloc-out rmq-grid td')).top < height, 'the first cell is on the first screen too');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    const pinned = await box(page, '#strategy');
    assert.ok(pinned.top >= 0 && pinned.bottom <= 160, `pinned at ${pinned.top}`);
    // The bar drives the result.
    await page.selectOption('#strategy', 'AVG_BY_CIRCLE');
    await settle(page);
    assert.equal(await page.$$eval('#alloc-out rmq-grid td[data-broker="broker-a"]', (c) => c.map((e) => e.dataset.owners).join(' ')), '192.168.1.1@4001 192.168.1.2@4002 192.168.1.3@4003 192.168.1.4@4004');
    noTrouble(log);
  });
}

test('the bar\'s counts: brokers and queues follow the form both ways; the consumer count keeps the IDs typed', async () => {
  const { page, log } = await openAt(1366, 900);
  await page.fill('#cb-brokers', '3');
  await settle(page);
  assert.equal(await page.inputValue('#brokers'), '3');
  assert.match(await page.textContent('#status'), /^12 queues, 4 consumers/);
  await page.fill('#qpb', '2');
  await settle(page);
  assert.equal(await page.inputValue('#cb-qpb'), '2');
  await page.fill('#consumers', 'x@1\nb@2');
  await settle(page);
  assert.equal(await page.inputValue('#cb-consumers'), '2');
  await page.fill('#cb-consumers', '4');
  await settle(page);
  assert.deepEqual((await page.inputValue('#consumers')).split('\n'), ['x@1', 'b@2', '192.168.1.3@4003', '192.168.1.4@4004']);
  assert.match(await page.textContent('#status'), /^6 queues, 4 consumers/);
  await page.fill('#cb-consumers', '1');
  await settle(page);
  assert.equal(await page.inputValue('#consumers'), 'x@1');
  // A bad count is said at the bar's field.
  await page.fill('#cb-brokers', '0');
  await page.waitForSelector('#cb-brokers[aria-invalid=true]');
  assert.match(await page.textContent('#cb-brokers-error'), /“Brokers” must be an integer from 1/);
  await page.fill('#cb-brokers', '2');
  await settle(page);
  assert.equal(await page.$('[aria-invalid=true]'), null);
  // A pasted route: the counts come from it, the bar says so.
  await page.check('#source-route');
  await settle(page);
  assert.equal(await page.isDisabled('#cb-brokers'), true);
  assert.equal(await page.getAttribute('#cb-brokers', 'placeholder'), 'route');
  noTrouble(log);
});

test('long explanations are behind "why?" links, closed until asked', async () => {
  const { page, log } = await openAt(1366, 900);
  for (const sel of ['#quick-hint', '#cb-consumers-why', '#sort-why']) {
    assert.equal(await page.$eval(sel, (d) => d.open), false, sel);
    await page.click(sel + ' > summary');
    assert.equal(await page.$eval(sel, (d) => d.open), true, sel);
    assert.ok(await page.isVisible(sel + ' p'), sel);
  }
  noTrouble(log);
});

test('the strategy hint names the chosen client\'s own strategy (Java class or Go function)', async () => {
  const { page, log } = await openAt(1366, 900);
  await page.selectOption('#strategy', 'CONSISTENT_HASH');
  await settle(page);
  assert.equal(await page.textContent('#strategy-class'), 'CONSISTENT_HASH — Java: AllocateMessageQueueConsistentHash');
  await page.selectOption('#client', 'go');
  await settle(page);
  assert.equal(await page.textContent('#strategy-class'), 'CONSISTENT_HASH — Go: consumer.AllocateByConsistentHash(virtualNodeCnt)');
  assert.doesNotMatch(await page.textContent('#strategy-class'), /Java/);
  noTrouble(log);
});

test('MACHINE_ROOM: with no rooms every queue is "none" and the page says why; with rooms its badge counts consumeridcs', async () => {
  const { page, log } = await openAt(1366, 900);
  await page.selectOption('#strategy', 'MACHINE_ROOM');
  await settle(page);
  assert.equal(await page.$$eval('#alloc-out .qtable td:nth-child(3)', (t) => t.filter((x) => x.textContent === 'none').length), 16);
  assert.match(await page.textContent('#machine-room-note'), /No queue has an owner: MACHINE_ROOM gives a consumer only the queues of brokers named room@broker whose room is in its consumer rooms/);
  // Rooms on both sides: every owned queue is in a consumer room, so the badge is 100 % and not a warning.
  await page.fill('#rooms', 'hz, sh');
  await page.fill('#idcs', 'hz');
  await settle(page);
  assert.equal(await page.$('#machine-room-note'), null);
  const badge = await page.$$eval('#alloc-out .stat', (st) => st.map((x) => ({ t: x.querySelector('dt').textContent, v: x.querySelector('dd').textContent, warn: x.classList.contains('warn') }))
    .find((x) => /room/.test(x.t)));
  assert.deepEqual(badge, { t: 'owned queues in the consumer rooms', v: '100 %', warn: false });
  // The sh brokers' queues have no owner: that is MACHINE_ROOM, said by "queues with no owner", not by the room badge.
  assert.match(await page.textContent('#alloc-out .stats'), /queues with no owner\s*8/);
  noTrouble(log);
});

test('Compare: a negative excess is said in words, and the grids say what they show', async () => {
  const { page, log } = await openAt(1366, 900);
  await page.click('#tab-btn-compare');
  await page.waitForSelector('#compare-table');
  const ch = await page.$$eval('#compare-table tbody tr', (trs) => trs.map((tr) => [tr.cells[0].textContent, tr.cells[5].textContent]).find(([l]) => /^CONSISTENT_HASH/.test(l)));
  assert.equal(ch[1], '−3 (fewer: stays unbalanced)');
  assert.equal(await page.textContent('#compare-grids-title'), 'Owners now, before the what-if change, strategy by strategy');
  assert.deepEqual(await page.$$eval('#compare-grids figcaption', (f) => f.filter((x) => x.parentElement.classList.contains('mini')).map((x) => x.textContent)),
    ['AVG — before the change', 'AVG_BY_CIRCLE — before the change', 'CONSISTENT_HASH (10 virtual nodes) — before the change']);
  noTrouble(log);
});

test('Copy permalink confirms beside the button, and the next computation does not hide it', async () => {
  const { page, log } = await openAt(1366, 900);
  await page.click('#copy-link');
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('copy-note').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
  await page.fill('#cb-qpb', '3');
  await settle(page);
  assert.match(await page.textContent('#copy-note'), /Link copied/);
  assert.match(await page.textContent('#status'), /^12 queues/);
  // The note sits next to the button.
  const b = await box(page, '#copy-link'), n = await box(page, '#copy-note');
  assert.ok(Math.abs(n.top - b.top) < 40 && n.left >= b.right - 1, JSON.stringify({ b, n }));
  noTrouble(log);
});

test('phone: buttons, fields, tabs and radios are touch targets of 44 px or more', async () => {
  const { page, log } = await openAt(390, 844);
  const small = await page.$$eval('button, select, input[type=text], input[type=number], [role=tab], .radios label, label.check, input[type=radio]', (els) => els
    .filter((e) => e.offsetParent !== null && !e.closest('[hidden]'))
    .map((e) => { const r = (e.type === 'radio' ? e.closest('label') : e).getBoundingClientRect(); return { e: e.id || e.textContent.trim().slice(0, 30) || e.tagName, h: Math.round(r.height) }; })
    .filter((x) => x.h < 44));
  assert.deepEqual(small, []);
  noTrouble(log);
});

test('"Verified against the real clients": one click from the header or a result to the profiles and vector counts', async () => {
  const { page, log } = await openAt(1366, 900);
  await page.click('#alloc-out h2 .verified-open');
  await page.waitForSelector('#verified[open] #verified-profiles');
  const rows = await page.$$eval('#verified-profiles tbody tr', (trs) => trs.map((tr) => tr.cells[0].textContent));
  assert.ok(rows.includes('testdata/java-4.9.3 (the client selected)'), rows.join(' | '));
  assert.match(await page.textContent('#verified'), /Cluster samples: testdata\/cluster holds 5 consumer groups/);
  assert.match(await page.textContent('#verified-layers'), /make test-live: a real RocketMQ 4\.9\.3 cluster.*\(the real-cluster layer\)/);
  await page.click('#verified-close');
  await page.waitForFunction(() => !document.getElementById('verified').open);
  await page.selectOption('#client', 'go');
  await settle(page);
  await page.click('#verified-link');
  await page.waitForSelector('#verified[open]');
  assert.match(await page.textContent('#verified-profiles'), /testdata\/go-client-2\.1\.2 \(the client selected\)/);
  await page.click('#verified-close');
  // Every tab's result has its own ✓ link.
  for (const [tab, sel] of [['whatif', '#moved-summary .verified-open'], ['compare', '#compare-out .verified-open'], ['producer', '#producer-note .verified-open']]) {
    await page.click('#tab-btn-' + tab);
    await page.waitForSelector(sel);
    await page.click(sel);
    await page.waitForSelector('#verified[open] #verified-profiles');
    await page.click('#verified-close');
  }
  noTrouble(log);
});

test('screenshots at 390 and 1366 px, light and dark (test-results/)', async () => {
  for (const [w, hgt] of [[390, 844], [1366, 900]]) {
    for (const scheme of ['light', 'dark']) {
      const { page, log } = await openAt(w, hgt, scheme);
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(RESULTS, `craft-alloc-${w}-${scheme}.png`) });
      await page.click('#tab-btn-whatif');
      await page.waitForSelector('#moved-count');
      await settle(page);
      await page.screenshot({ path: join(RESULTS, `craft-whatif-${w}-${scheme}.png`) });
      await page.click('#tab-btn-compare');
      await page.waitForSelector('#compare-grids');
      await page.screenshot({ path: join(RESULTS, `craft-compare-${w}-${scheme}.png`), fullPage: true });
      noTrouble(log);
    }
  }
});
