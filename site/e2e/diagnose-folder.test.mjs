// Issue 24, Diagnose: the live doctor's saved folder (`rmqalloc doctor
// --save DIR`) dropped or chosen whole is diagnosed as `rmqalloc doctor
// DIR` does; a --watch folder (DIR/1, DIR/2, ...) or several folders are a
// series, shown as a timeline (the report's as `rmqalloc doctor DIR1 DIR2
// ...` prints it). Screenshots at 390 and 1366 px, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, mkdtempSync, cpSync, writeFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { suite, noTrouble, ready, ROOT, RESULTS, WAIT } from './harness.mjs';

const s = suite();
const REAL = join(ROOT, 'testdata', 'real');

/** What the CLI prints for these folders (run in REAL, so the names are the same). */
function cli(...args) {
  return cliIn(REAL, ...args);
}
function cliIn(cwd, ...args) {
  try {
    return execFileSync('node', [join(ROOT, 'js', 'bin', 'rmqalloc.js'), 'doctor', ...args], { cwd, encoding: 'utf8', env: { ...process.env, COLUMNS: '' } });
  } catch (e) {
    if (typeof e.stdout === 'string' && e.stdout) return e.stdout; // exit 1: problems found, report printed
    throw e;
  }
}

/** Every file under dir: { path (from dir's parent, '/'-separated), text, mtime }. */
function tree(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push({ path: relative(join(dir, '..'), p).split('\\').join('/'), text: readFileSync(p, 'utf8'), mtime: statSync(p).mtimeMs });
    }
  };
  walk(dir);
  return out;
}

async function open(width = 1366, scheme = 'light') {
  const context = await s.browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  s.contexts.push(context);
  const page = await context.newPage();
  const log = { errors: [], dialogs: [], foreign: [], requests: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push(e.message));
  page.on('request', (r) => { log.requests.push(r.url()); if (!r.url().startsWith(s.server.url)) log.foreign.push(r.url()); });
  await page.goto(s.server.url);
  await ready(page);
  await page.click('#tab-btn-diagnose');
  await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
  return { page, log };
}

const done = (page) => page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done'
  && document.querySelector('#dx-out .dx-verdict, #dx-out .error'), null, { timeout: WAIT });

/**
 * Drops the folders' files on the drop zone the way a browser hands a
 * dropped directory over: DataTransferItem.webkitGetAsEntry() entries,
 * their directory readers answering in batches of 2 (as real ones answer
 * in batches of 100).
 */
async function dropFolders(page, files) {
  await page.evaluate((files) => {
    const root = { children: new Map() };
    for (const f of files) {
      const parts = f.path.split('/');
      let d = root;
      for (const p of parts.slice(0, -1)) {
        if (!d.children.has(p)) d.children.set(p, { name: p, children: new Map() });
        d = d.children.get(p);
      }
      d.children.set(parts.at(-1), { name: parts.at(-1), file: new File([f.text], parts.at(-1), { lastModified: f.mtime }) });
    }
    const entry = (n) => (n.file
      ? { name: n.name, isFile: true, isDirectory: false, file: (ok) => ok(n.file) }
      : { name: n.name, isFile: false, isDirectory: true, createReader: () => {
        const all = [...n.children.values()].map(entry);
        return { readEntries: (ok) => ok(all.splice(0, 2)) };
      } });
    const ev = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(ev, 'dataTransfer', { value: { items: [...root.children.values()].map((n) => ({ kind: 'file', webkitGetAsEntry: () => entry(n) })), files: [] } });
    document.getElementById('dx-folder').dispatchEvent(ev);
  }, files);
}

test('a saved folder chosen whole (webkitdirectory) is diagnosed as `rmqalloc doctor DIR` does', async () => {
  const { page, log } = await open();
  assert.equal(await page.getAttribute('#dx-folder-input', 'webkitdirectory'), '');
  await page.setInputFiles('#dx-folder-input', join(REAL, 'mixed-strategy'));
  await done(page);
  const want = JSON.parse(cli('--json', 'mixed-strategy'));
  assert.equal((await page.textContent('#dx-out .dx-verdict')).replace(/^[✓⚠] /, '').replace(/ ✓ verified.*$/, '').trim().slice(0, want.verdict.length), want.verdict);
  assert.equal((await page.textContent('#dx-report-text')).trimEnd(), cli('mixed-strategy').trimEnd(), 'the report text is the CLI\u2019s');
  // every queue's status as the CLI's
  const shown = await page.$$eval('#dx-out .dx-topic', (ts) => ts.map((t) => Object.fromEntries([...t.querySelectorAll('.dx-legend li')].map((li) => {
    const sw = li.querySelector('.dx-swatch');
    return [[...sw.classList].find((c) => c !== 'dx-swatch').slice(3), Number(sw.nextSibling.textContent.trim())];
  }))));
  // Queues nobody will consume (unassigned with a cause) are drawn as errors: the orphaned mark.
  for (const t of shown) if ('orphaned' in t) { t.unassigned = (t.unassigned ?? 0) + t.orphaned; delete t.orphaned; }
  const counts = want.topics.map((t) => {
    const c = {};
    for (const q of t.queues) c[q.status] = (c[q.status] ?? 0) + 1;
    return c;
  });
  assert.deepEqual(shown, counts, 'each topic\u2019s queues by status, as the CLI\u2019s');
  assert.match(await page.textContent('#dx-folder-note'), /Diagnosing the folder mixed-strategy \(1 route, 3 status files, captured 2026-/);
  // the boxes show the folder's texts
  assert.equal(await page.inputValue('#dx-connection'), readFileSync(join(REAL, 'mixed-strategy', 'connection.txt'), 'utf8'));
  // no timeline for one snapshot
  assert.equal(await page.$('#dx-timeline'), null);
  // editing a box diagnoses the folder with the edit: the folder stays
  await page.type('#dx-route', ' ');
  await page.waitForFunction(() => /With your edits/.test(document.getElementById('dx-folder-note').textContent));
  await page.waitForTimeout(400); // past the boxes' debounce
  await done(page);
  assert.equal((await page.textContent('#dx-report-text')).trimEnd(), cli('mixed-strategy').trimEnd(), 'a space changes nothing');
  noTrouble(log);
});

test('a --watch folder dropped whole (DIR/1, DIR/2, ...) is a series: the timeline, as `rmqalloc doctor DIR/1 DIR/2 ...` reports it', async () => {
  const dirs = readdirSync(join(REAL, 'queue-grow')).sort().map((d) => 'queue-grow/' + d);
  const want = JSON.parse(cli('--json', ...dirs)).timeline;
  const wantText = cli(...dirs).trimEnd();
  for (const width of [1366, 390]) {
    for (const scheme of ['light', 'dark']) {
      const { page, log } = await open(width, scheme);
      await dropFolders(page, tree(join(REAL, 'queue-grow')));
      await done(page);
      await page.waitForSelector('#dx-timeline');
      assert.match(await page.textContent('#dx-folder-note'), /Diagnosing 3 snapshots over time: queue-grow\/1-before, queue-grow\/2-just-after, queue-grow\/3-after-60s/);
      assert.equal((await page.textContent('#dx-timeline .dx-tl-verdict')).replace(/^[✓⚠] /, ''), want.verdict);
      assert.equal((await page.textContent('#dx-report-text')).trimEnd(), wantText, 'the report text is the CLI\u2019s');
      assert.match(await page.textContent('#dx-tl-rebalance'), new RegExp(`Rebalance: ${want.rebalance.state}`));
      assert.equal(await page.$$eval('#dx-tl-snapshots tbody tr', (r) => r.length), want.snapshots.length);
      // the queues that changed owner are the rows with a changed cell, at the snapshot that changed them
      const changed = want.queues.filter((q) => q.changes > 0);
      assert.ok(changed.length > 0);
      const rows = await page.$$eval('#dx-tl-queues tbody tr', (rs) => rs.map((r) => ({ q: r.dataset.queue, changed: [...r.querySelectorAll('td')].flatMap((td, k) => (td.classList.contains('dx-tl-changed') ? [k] : [])) })));
      for (const q of changed) {
        const row = rows.find((r) => r.q === `${q.brokerName}:${q.queueId}`);
        assert.ok(row, `${q.brokerName}:${q.queueId} listed`);
        assert.deepEqual(row.changed, q.owners.slice(1).map((o) => o.snapshot), `${q.brokerName}:${q.queueId} changes`);
      }
      for (const f of want.findings) assert.ok(await page.$(`#dx-timeline .dx-findings [data-code="${f.code}"]`), f.code);
      if (width === 390) {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        assert.equal(wide, false, 'no sideways scroll of the page at 390 px');
      }
      await page.locator('#dx-timeline').scrollIntoViewIfNeeded();
      const shot = join(RESULTS, `diagnose-timeline-${width}-${scheme}.png`);
      // On a phone the timeline itself (the page is long); on a desktop the screen scrolled to it.
      if (width === 390) await page.locator('#dx-timeline').screenshot({ path: shot });
      else await page.screenshot({ path: shot });
      noTrouble(log);
    }
  }
});

test('several folders dropped at once are a series; folders that are not saved outputs say what is missing, and a bad file is named', async () => {
  const { page, log } = await open();
  await dropFolders(page, [...tree(join(REAL, 'basic3')), ...tree(join(REAL, 'basic3-early'))]);
  await done(page);
  await page.waitForSelector('#dx-timeline');
  const want = JSON.parse(cli('--json', 'basic3-early', 'basic3')).timeline;
  // listed oldest first whatever the drop's order; the boxes hold the newest one's texts
  assert.match(await page.textContent('#dx-folder-note'), /over time: basic3-early, basic3 as/);
  assert.equal(await page.inputValue('#dx-progress'), readFileSync(join(REAL, 'basic3', 'progress.txt'), 'utf8'));
  assert.equal((await page.textContent('#dx-timeline .dx-tl-verdict')).replace(/^[✓⚠] /, ''), want.verdict);
  await page.screenshot({ path: join(RESULTS, 'diagnose-folder-1366-light.png') });

  // a folder without route.txt
  await dropFolders(page, tree(join(REAL, 'basic3', 'status')));
  await page.waitForSelector('#dx-out .dx-folder-error');
  assert.match(await page.textContent('#dx-out .dx-folder-error'), /^status: not a folder of saved mqadmin outputs \(no route\.txt/);

  // a damaged progress.txt: the error names the file
  const tmp = mkdtempSync(join(tmpdir(), 'rmqalloc-folder-'));
  try {
    cpSync(join(REAL, 'basic3'), join(tmp, 'broken'), { recursive: true });
    writeFileSync(join(tmp, 'broken', 'progress.txt'), '#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Client IP  #Diff  #LastTime\nT_BASIC  broker-a  x  1  1  127.0.0.1  0  2026-12-01 19:09:20\n');
    await page.setInputFiles('#dx-folder-input', join(tmp, 'broken'));
    await page.waitForSelector('#dx-out .dx-input-error');
    assert.match(await page.textContent('#dx-out .dx-input-error'), /Cannot read this: broken\/progress\.txt: /);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // Clear forgets the folder
  await page.click('#dx-clear');
  assert.equal(await page.isHidden('#dx-folder-note'), true);
  assert.equal(await page.inputValue('#dx-route'), '');
  noTrouble(log);
});

test('an offline group\u2019s folder (connection.err) and one with route.<TOPIC>.txt read as the CLI reads them', async () => {
  const { page, log } = await open();
  await page.setInputFiles('#dx-folder-input', join(REAL, 'offline-group'));
  await done(page);
  assert.equal((await page.textContent('#dx-report-text')).trimEnd(), cli('offline-group').trimEnd());
  const tmp = mkdtempSync(join(tmpdir(), 'rmqalloc-folder-'));
  try {
    cpSync(join(REAL, 'basic3'), join(tmp, 'two-topics'), { recursive: true });
    writeFileSync(join(tmp, 'two-topics', 'route.T_GROW.txt'), readFileSync(join(REAL, 'queue-grow', '3-after-60s', 'route.txt')));
    await page.setInputFiles('#dx-folder-input', join(tmp, 'two-topics'));
    await page.waitForFunction(() => /2 routes/.test(document.getElementById('dx-folder-note').textContent));
    await done(page);
    assert.equal((await page.textContent('#dx-report-text')).trimEnd(), cliIn(tmp, 'two-topics').trimEnd());
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  noTrouble(log);
});
