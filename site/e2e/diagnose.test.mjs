// End-to-end tests of the Diagnose tab (site/lib/diagnose.js): each worked
// example of testdata/cluster pasted into the boxes must show the statuses
// of its expected.json; bad pastes give a clear error and the tab keeps
// working; the Allocation tab takes mqadmin's own route text and the ID
// column of consumerConnection output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suite, noTrouble, settle, RESULTS, ROOT, WAIT } from './harness.mjs';
import { groupTexts } from '../../js/bench/doctor.mjs';

const CLUSTER = join(ROOT, 'testdata', 'cluster');
const { open } = suite();


/** The examples of testdata/cluster, with their status files in name order. */
function examples() {
  return readdirSync(CLUSTER, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => {
    const dir = join(CLUSTER, d.name);
    const rd = (f) => readFileSync(join(dir, f), 'utf8');
    const sd = join(dir, 'status');
    const status = existsSync(sd) ? readdirSync(sd).sort().map((n) => ({ name: n, text: readFileSync(join(sd, n), 'utf8') })) : [];
    return { name: d.name, route: rd('route.txt'), connection: rd('connection.txt'), progress: rd('progress.txt'), status, expected: JSON.parse(rd('expected.json')) };
  });
}

const EXAMPLES = examples();

/** Opens the Diagnose tab and waits until the tab has drawn. */
async function openDiagnose(page) {
  await page.click('#tab-btn-diagnose');
  await page.waitForSelector('#tab-diagnose:not([hidden]) #dx-route');
}

/** Fills the boxes as a user pastes, then waits for the diagnosis. */
async function paste(page, boxes) {
  await page.evaluate(() => { document.getElementById('tab-diagnose').dataset.state = 'pasting'; });
  // Generous: a 10 MB paste on a busy 2-core machine takes tens of seconds.
  for (const [key, text] of Object.entries(boxes)) await page.fill('#dx-' + key, text, { timeout: WAIT });
  await quiet(page);
}

/** Waits until the tab is done and stays so (no diagnosis pending). */
async function quiet(page) {
  for (;;) {
    await page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done', null, { timeout: WAIT });
    await page.waitForTimeout(400);
    if (await page.evaluate(() => document.getElementById('tab-diagnose').dataset.state === 'done')) return;
  }
}

/**
 * The cells of a topic's <rmq-grid> as { key: broker/queue, status (the
 * cell's mark), text (what it shows), title }.
 */
function cellsOf(page, topic) {
  return page.$$eval(`.dx-topic[data-topic="${topic}"] rmq-grid td`, (els) => els.map((el) => ({
    key: `${el.dataset.broker}/${el.dataset.queue}`, status: el.getAttribute('part').split(' ')[1],
    text: [...el.querySelectorAll('.q, .t, .s')].map((s) => s.textContent).join(' '), title: el.title,
  })));
}

test('the playground\'s example bundle is testdata/cluster, unchanged', () => {
  const bundle = JSON.parse(readFileSync(join(ROOT, 'site', 'examples', 'cluster.json'), 'utf8')).examples;
  assert.deepEqual(bundle.map((e) => e.name), EXAMPLES.map((e) => e.name));
  for (const ex of EXAMPLES) {
    const b = bundle.find((e) => e.name === ex.name);
    for (const k of ['route', 'connection', 'progress', 'status']) assert.deepEqual(b[k], ex[k], `${ex.name} ${k}`);
  }
});

test('each testdata/cluster example pasted into the Diagnose tab shows expected.json\'s statuses and findings', async () => {
  const { page, log } = await open();
  await openDiagnose(page);
  for (const ex of EXAMPLES) {
    await paste(page, { route: ex.route, connection: ex.connection, progress: ex.progress, status: ex.status.map((s) => s.text).join('\n') });
    const want = ex.expected;
    const cells = await cellsOf(page, want.topic);
    if (!want.skipQueues) {
      assert.deepEqual(cells.map((c) => c.key), want.queues.map((q) => `${q.brokerName}/${q.queueId}`), `${ex.name}: one cell per queue, in order`);
      want.queues.forEach((q, i) => {
        const c = cells[i];
        // A queue nobody will consume is drawn as the error it is (mark orphaned), with its cause.
        if (c.status === 'orphaned') assert.ok(q.status === 'unassigned' && /\ncause: /.test(c.title), `${ex.name} ${c.key}: orphaned only with a cause`);
        else assert.equal(c.status, q.status, `${ex.name} ${c.key}`);
        // Not colour alone: the cell says its status in words, and its
        // tooltip names the expected and actual owners.
        const short = { ok: 'ok', 'wrong-owner': 'wrong', unowned: 'unowned', 'double-owned': 'double', 'unexpected-owner': 'unexpected', unassigned: 'unassigned', unknown: 'unknown' }[q.status];
        assert.match(c.text, new RegExp(`^q${q.queueId} ${short} \\S*\u2192\\S*$`), `${ex.name} ${c.key} text: ${c.text}`);
        assert.ok(c.title.includes(`expected: ${q.expected.join(', ') || 'nobody'}`), `${ex.name} ${c.key} title: ${c.title}`);
        const actual = q.actual === null ? 'unknown' : q.actual.join(', ') || 'nobody';
        assert.ok(c.title.includes(`actual: ${actual}`), `${ex.name} ${c.key} title: ${c.title}`);
      });
    } else {
      assert.ok(cells.length > 0, `${ex.name}: a grid`);
    }
    const codes = await page.$$eval('.dx-findings li', (els) => els.map((e) => e.dataset.code));
    for (const code of want.findings) assert.ok(codes.includes(code), `${ex.name}: finding ${code} shown (got ${codes.join(', ')})`);
    const verdict = await page.textContent('.dx-verdict');
    assert.ok(verdict.length > 10, `${ex.name}: a verdict`);
    if (want.ownerInfo) assert.ok(await page.$('.dx-bars .dx-bar'), `${ex.name}: a lag chart`);
  }
  noTrouble(log);
});

test('try an example, then a screenshot of the tab', async () => {
  const { page, log } = await open({ width: 1280, height: 1400 });
  await openDiagnose(page);
  await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
  await page.selectOption('#dx-example', 'wrong-owner');
  await page.evaluate(() => { document.getElementById('tab-diagnose').dataset.state = 'loading'; });
  await page.click('#dx-try');
  await quiet(page);
  assert.equal(await page.$$eval('.dx-topic[data-topic="pay_xxx"] rmq-grid td[part~="wrong-owner"]', (els) => els.length), 2);
  assert.match(await page.inputValue('#dx-route'), /"brokerAddrs":\{0:/, 'the raw fastjson text is in the box');
  // Every queue that is not ok has a likely cause, even when the outputs
  // show none (then: what to do next).
  // One cause, said once above the two queues it explains.
  const causes = await page.$$eval('.dx-topic[data-topic="pay_xxx"] .dx-cause', (els) => els.map((e) => ({ text: e.querySelector('.dx-cause-text').textContent, rows: e.querySelectorAll('tbody tr').length })));
  assert.equal(causes.length, 1);
  assert.equal(causes[0].rows, 2);
  assert.match(causes[0].text, /^Likely cause \(2 queues\): no cause shows in these outputs: run it again in 20 s/);
  // The retry topic's one queue is held by nobody: no candidate "fits".
  assert.match(await page.textContent('.dx-topic[data-topic="%RETRY%cg_orders"] .dx-fit summary'), /None reproduces any of its 1 queue\./);
  await page.screenshot({ path: join(RESULTS, 'diagnose.png'), fullPage: true });
  noTrouble(log);
});

test('a phone-wide screen: the example\'s report fits without horizontal scrolling', async () => {
  const { page, log } = await open({ width: 390, height: 850 });
  await openDiagnose(page);
  await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
  await page.selectOption('#dx-example', 'status-files-mixed-strategies');
  await page.evaluate(() => { document.getElementById('tab-diagnose').dataset.state = 'loading'; });
  await page.click('#dx-try');
  await quiet(page);
  assert.ok(await page.$('rmq-grid td[part~="double-owned"]'));
  const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
  assert.ok(sw <= cw, `scrollWidth ${sw} > clientWidth ${cw}`);
  await page.screenshot({ path: join(RESULTS, 'diagnose-390.png'), fullPage: true });
  noTrouble(log);
});

test('a big group (5,000 queues): only the brokers with a queue that is not ok are drawn', async () => {
  const { page, log } = await open();
  await openDiagnose(page);
  // 50 brokers × 100 queues, 100 consumers on AVG, two queues' owners swapped (broker-0000/1, broker-0049/98).
  const texts = groupTexts(50, 100, 100);
  await page.evaluate((t) => {
    document.getElementById('tab-diagnose').dataset.state = 'pasting';
    for (const [k, v] of Object.entries(t)) {
      const ta = document.getElementById('dx-' + k);
      ta.value = v;
      ta.dispatchEvent(new Event('input'));
    }
  }, texts);
  await quiet(page);
  const drawn = await page.$$eval('.dx-grid rmq-grid td', (els) => [...new Set(els.map((e) => e.dataset.broker))]);
  assert.deepEqual(drawn, ['broker-0000', 'broker-0049']);
  assert.equal(await page.$$eval('rmq-grid td[part~="wrong-owner"]', (els) => els.map((e) => `${e.dataset.broker}/${e.dataset.queue}`).join(' ')), 'broker-0000/1 broker-0049/98');
  assert.match(await page.textContent('.dx-grid'), /48 brokers with every queue ok are left out/);
  assert.equal(await page.$$eval('.dx-cause .dx-table tbody tr', (r) => r.length), 2);
  noTrouble(log);
});

test('files chosen for the boxes (the status files as consumerStatus writes them) give the same diagnosis', async () => {
  const { page, log } = await open();
  await openDiagnose(page);
  const name = 'status-files-mixed-strategies';
  const dir = join(CLUSTER, name);
  const want = EXAMPLES.find((e) => e.name === name).expected;
  await page.evaluate(() => { document.getElementById('tab-diagnose').dataset.state = 'pasting'; });
  for (const [box, file] of [['route', 'route.txt'], ['connection', 'connection.txt'], ['progress', 'progress.txt']]) {
    await page.setInputFiles(`#dx-${box}-file`, join(dir, file));
  }
  await page.setInputFiles('#dx-status-file', readdirSync(join(dir, 'status')).sort().map((n) => join(dir, 'status', n)));
  await quiet(page);
  assert.match(await page.inputValue('#dx-status'), /#Consumer Properties#[^]*#Consumer Properties#/, 'every status file in the box');
  const cells = await cellsOf(page, want.topic);
  // a queue nobody will consume is drawn as an error (orphaned)
  assert.deepEqual(cells.map((c) => (c.status === 'orphaned' ? 'unassigned' : c.status)), want.queues.map((q) => q.status));
  noTrouble(log);
});

test('bad pastes: an error naming the box and line, the box marked; the tab keeps working', async () => {
  const { page, log } = await open();
  await openDiagnose(page);
  const ex = EXAMPLES.find((e) => e.name === 'wrong-owner');
  const junk = Array.from({ length: 2000 }, (_, i) => String.fromCharCode((i * 7919 + 13) % 250 + 1)).join('');
  const cases = [
    [{ route: ex.route.slice(0, 200), connection: ex.connection, progress: ex.progress }, 'route', /^route: line \d+/],
    [{ route: ex.route, connection: ex.progress, progress: ex.progress }, 'connection', /^connection: line \d+/],
    [{ route: ex.route, connection: ex.connection, progress: junk }, 'progress', /^progress: line \d+/],
    [{ route: ex.route, connection: ex.connection, progress: ex.progress, status: '#Consumer Properties#\nclientIP : 1.2.3.4\n#Consumer Offset#\noops' }, 'status', /^status: /],
  ];
  for (const [boxes, box, re] of cases) {
    await paste(page, { status: '', ...boxes });
    const err = await page.waitForSelector('.dx-input-error');
    assert.equal(await err.getAttribute('data-box'), box);
    const text = (await err.textContent()).replace(/^Cannot read this: /, '');
    assert.match(text, re);
    assert.equal(await page.getAttribute('#dx-' + box, 'aria-invalid'), 'true');
    // Said at the box as well (the report area may be out of view).
    assert.match(await page.textContent(`#dx-${box}-error`), re);
    const line = Number(await err.getAttribute('data-line'));
    if (line > 0) {
      // "show line N" selects that line of the box.
      await page.click('.dx-input-error button');
      const sel = await page.$eval('#dx-' + box, (ta) => ta.value.slice(0, ta.selectionStart).split('\n').length);
      assert.equal(sel, line);
    }
  }
  // 10 MB in one box: an error, and the next paste works.
  await paste(page, { route: ex.route, connection: ex.connection, progress: 'x'.repeat(10 << 20) });
  assert.match(await page.textContent('.dx-input-error'), /progress: line 1/);
  await paste(page, { route: ex.route, connection: ex.connection, progress: ex.progress, status: '' });
  assert.equal(await page.$$eval('rmq-grid td[part~="wrong-owner"]', (els) => els.length), 2);
  assert.equal(await page.$('.dx-input-error'), null);
  assert.equal(await page.textContent('#dx-progress-error'), '', 'the box error goes with the error');
  noTrouble(log);
});

test('the not-ok table lists every queue the verdict counts, and none when owners are unknown', async () => {
  const { page, log } = await open();
  await openDiagnose(page);
  for (const ex of EXAMPLES.filter((e) => !e.expected.skipQueues)) {
    await paste(page, { route: ex.route, connection: ex.connection, progress: ex.progress, status: ex.status.map((s) => s.text).join('\n') });
    const topic = ex.expected.topic;
    const rows = await page.$$eval(`.dx-topic[data-topic="${topic}"] .dx-cause .dx-table tbody tr`, (trs) => trs.map((tr) => `${tr.cells[0].textContent}/${tr.cells[1].textContent}`));
    const want = ex.expected.queues.filter((q) => q.status !== 'ok' && q.status !== 'unknown').map((q) => `${q.brokerName}/${q.queueId}`);
    // Grouped by cause: the same queues, in topic order within each cause.
    assert.deepEqual([...rows].sort(), want.slice(0, 300).sort(), `${ex.name}: the not-ok rows`);
    if (ex.expected.ownerInfo === false) {
      assert.match(await page.textContent(`.dx-topic[data-topic="${topic}"]`), /Who holds each queue is not known/);
    }
  }
  noTrouble(log);
});

test('Allocation tab: mqadmin\'s route text works as pasted; consumerConnection output pastes as its ID column', async () => {
  const { page, log } = await open();
  const ex = EXAMPLES.find((e) => e.name === 'wrong-owner');
  await page.check('#source-route');
  await page.fill('#topic', 'pay_xxx');
  await page.fill('#route', ex.route);
  await settle(page);
  // readable queues: 16 + 8 + 4 + 8 (broker-c is read-only: consumers still read it)
  assert.equal(await page.$$eval('#alloc-out rmq-grid td', (c) => c.length), 36);
  assert.equal(await page.$('#alloc-out .error'), null);
  // A paste of the connection list into Client IDs keeps the ID column only.
  await page.fill('#consumers', '');
  await page.focus('#consumers');
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    document.getElementById('consumers').dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, ex.connection);
  await page.waitForFunction(() => document.getElementById('consumers').value.includes('@'));
  await settle(page);
  assert.equal(await page.inputValue('#consumers'), '10.0.1.37@17962\n10.0.3.215@51945');
  assert.match(await page.textContent('#alloc-out'), /10\.0\.3\.215@51945/);
  // Plain text pastes are left alone.
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.setData('text/plain', 'a@1');
    const ta = document.getElementById('consumers');
    ta.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  assert.equal(await page.inputValue('#consumers'), '10.0.1.37@17962\n10.0.3.215@51945', 'a synthetic plain paste inserts nothing by itself');
  noTrouble(log);
});
