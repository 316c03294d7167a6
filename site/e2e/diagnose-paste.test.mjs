// Issue 38, Diagnose reads what operators have: the status files pasted
// one after another with or without their names, consumerStatus -i output,
// consumerStatus's stdout, the box's own file picker (names kept); a 4.9.3
// text without a client ID is placed through the connection list and the
// queues it holds, else a field asks for its ID, never a dead end. Editing
// a box after loading a folder keeps the folder. Checked against the CLI's
// verdict for the real captures' folders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { suite, noTrouble, ready, ROOT, partlyFailed, WAIT } from './harness.mjs';

const s = suite();
const REAL = join(ROOT, 'testdata', 'real');
const FOLDERS = readdirSync(REAL).filter((d) => existsSync(join(REAL, d, 'route.txt')) && !partlyFailed(join(REAL, d)));

function cliVerdict(dir) {
  let out;
  try {
    out = execFileSync('node', [join(ROOT, 'js', 'bin', 'rmqalloc.js'), 'doctor', '--json', dir], { cwd: REAL, encoding: 'utf8' });
  } catch (e) {
    out = e.stdout; // exit 1: problems found, report printed
  }
  return JSON.parse(out).verdict;
}

const read = (dir, f) => (existsSync(join(REAL, dir, f)) ? readFileSync(join(REAL, dir, f), 'utf8') : '');

/** The status files of a folder: [{ name, path, text }], sorted by name. */
function statusFiles(dir) {
  const st = join(REAL, dir, 'status');
  if (!existsSync(st)) return [];
  const run = readdirSync(st).filter((d) => /^\d+$/.test(d)).sort().pop();
  if (!run) return [];
  return readdirSync(join(st, run)).sort().map((name) => ({ name, path: join(st, run, name), text: readFileSync(join(st, run, name), 'utf8') }));
}

async function open(width = 1366, scheme = 'light') {
  const context = await s.browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  s.contexts.push(context);
  const page = await context.newPage();
  const log = { errors: [], dialogs: [], foreign: [] };
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
  page.on('pageerror', (e) => log.errors.push(e.message));
  page.on('request', (r) => { if (!r.url().startsWith(s.server.url)) log.foreign.push(r.url()); });
  await page.goto(s.server.url);
  await ready(page);
  await page.click('#tab-btn-diagnose');
  await page.waitForFunction(() => document.querySelectorAll('#dx-example option').length > 1);
  return { page, log };
}

/** Waits for the diagnosis of what the boxes hold now (the report or an error). */
async function done(page) {
  await page.waitForTimeout(400); // past the boxes' 250 ms debounce
  await page.waitForFunction(() => document.getElementById('tab-diagnose').dataset.state === 'done'
    && document.querySelector('#dx-out .dx-verdict, #dx-out .error'), null, { timeout: WAIT });
}

/** The verdict's words (without its mark and the Verified button). */
const verdict = (page) => page.$eval('#dx-verdict', (v) => {
  const c = v.cloneNode(true);
  c.querySelectorAll('button, [aria-hidden=true]').forEach((b) => b.remove());
  return c.textContent.trim();
});

async function pasteFolder(page, dir, status) {
  await page.fill('#dx-route', read(dir, 'route.txt'));
  await page.fill('#dx-connection', read(dir, 'connection.txt') || read(dir, 'connection.err'));
  await page.fill('#dx-progress', read(dir, 'progress.txt'));
  await page.fill('#dx-status', status);
  await done(page);
}

test('status files pasted one after another without names give the folder\u2019s verdict (every real 4.9.3 folder)', async () => {
  const { page, log } = await open();
  for (const dir of FOLDERS) {
    await pasteFolder(page, dir, statusFiles(dir).map((f) => f.text).join('\n'));
    assert.equal(await page.$('#dx-out .error'), null, `${dir}: no error`);
    assert.equal(await verdict(page), cliVerdict(dir), dir);
    assert.equal(await page.$('.dx-left-out'), null, `${dir}: no text left out`);
  }
  noTrouble(log);
});

test('consumerStatus -i output, and its stdout followed by the files, give the folder\u2019s verdict', async () => {
  const { page, log } = await open();
  for (const dir of ['basic3', 'dup-clientid', 'mixed-language']) {
    const files = readdirSync(join(REAL, dir, 'status-i')).sort();
    await pasteFolder(page, dir, files.map((f) => read(dir, 'status-i/' + f)).join('\n'));
    assert.equal(await verdict(page), cliVerdict(dir), dir + ' -i');
    // each text placed by the queues it holds: its field says which client it was read as
    const ids = await page.$$eval('#dx-status-ids input', (is) => is.map((i) => i.value).sort());
    assert.deepEqual(ids, [...new Set(files.map((f) => f.replace(/\.txt$/, '')))].sort(), dir + ': the IDs read');
    await pasteFolder(page, dir, read(dir, 'status/stdout.txt') + statusFiles(dir).map((f) => f.text).join('\n'));
    assert.equal(await verdict(page), cliVerdict(dir), dir + ' stdout + files');
  }
  // the stdout alone: diagnosed without status, and the box says where the texts are
  await pasteFolder(page, 'basic3', read('basic3', 'status/stdout.txt'));
  assert.equal(await page.$('#dx-out .error'), null);
  assert.match(await page.textContent('#dx-status-ids'), /list of 3 clients\. What each holds is in the files it wrote \(.*127\.0\.0\.1@c2/);
  noTrouble(log);
});

test('files chosen with the status box\u2019s picker keep their names; a text nobody\u2019s share explains asks for its client ID', async () => {
  const { page, log } = await open(390);
  const dir = 'mixed-strategy';
  await pasteFolder(page, dir, '');
  await page.setInputFiles('#dx-status-file', statusFiles(dir).map((f) => f.path));
  await done(page);
  assert.equal(await verdict(page), cliVerdict(dir));
  for (const f of statusFiles(dir)) assert.match(await page.inputValue('#dx-status'), new RegExp(`^==> ${f.name.replace(/[.@]/g, '\\$&')} <==$`, 'm'));
  // m1 runs AVG_BY_CIRCLE: alone and unnamed, its queues are no member's AVG share, so its ID is asked
  const m1 = statusFiles(dir).find((f) => f.name.endsWith('@m1'));
  await page.fill('#dx-status', m1.text);
  await done(page);
  await page.waitForSelector('#dx-status-id-0[aria-invalid=true]');
  assert.match(await page.textContent('.dx-left-out'), /1 client text of the Client status box is left out/);
  await page.click('.dx-left-out button');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'dx-status-id-0', 'the link goes to the field');
  await page.fill('#dx-status-id-0', '127.0.0.1@m1');
  await page.press('#dx-status-id-0', 'Enter');
  await page.waitForFunction(() => !document.querySelector('.dx-left-out') && document.getElementById('tab-diagnose').dataset.state === 'done');
  assert.equal(await page.inputValue('#dx-status-id-0'), '127.0.0.1@m1');
  assert.equal(await page.getAttribute('#dx-status-id-0', 'aria-invalid'), null);
  noTrouble(log);
});

test('editing a box after loading a folder diagnoses the folder with the edit; the page moves to the verdict', async () => {
  const { page, log } = await open(390);
  await page.setInputFiles('#dx-folder-input', join(REAL, 'dup-clientid'));
  await done(page);
  const want = cliVerdict('dup-clientid');
  assert.equal(await verdict(page), want);
  const top = await page.$eval('#dx-verdict', (v) => v.getBoundingClientRect().top);
  assert.ok(top >= 0 && top < 900 / 2, `the verdict is on screen at the top (top ${top})`);
  await page.type('#dx-progress', ' ');
  await done(page);
  assert.equal(await page.$('#dx-out .error'), null, 'no error after a space');
  assert.equal(await verdict(page), want);
  assert.match(await page.textContent('#dx-folder-note'), /Diagnosing the folder dup-clientid .*With your edits/);
  noTrouble(log);
});

test('an offline group\u2019s queues and queues nobody will consume are errors with the report\u2019s cause; the table has the offsets', async () => {
  const { page, log } = await open();
  await page.setInputFiles('#dx-folder-input', join(REAL, 'offline-group'));
  await done(page);
  assert.ok(await page.$$eval('#dx-out .dx-legend .dx-orphaned', (l) => l.length) > 0, 'offline queues drawn as errors');
  assert.equal(await page.$('#dx-out .dx-legend .dx-unassigned'), null);
  const causes = await page.$$eval('#dx-out .dx-cause-text', (ps) => ps.map((p) => p.textContent));
  assert.ok(causes.length > 0 && causes.every((c) => /none consumed: no member is online/.test(c)), causes.join(' | '));
  // the Dashboard's columns, with the progress's offsets
  const heads = await page.$$eval('#dx-out .dx-table:first-of-type thead th', (t) => t.map((x) => x.textContent));
  assert.deepEqual(heads.slice(0, 7), ['Broker', 'Queue', 'Status', 'Held by', 'Broker offset', 'Consumer offset', 'Diff']);
  const row = await page.$$eval('#dx-out .dx-topic[data-topic="T_DUP"] .dx-cause .dx-table tbody tr', (rs) => rs.map((r) => [...r.cells].map((c) => c.textContent)));
  const prog = read('offline-group', 'progress.txt').split('\n').filter((l) => l.startsWith('T_DUP '))
    .map((l) => l.trim().split(/\s+/)).find((c) => c[1] === row[0][0] && c[2] === row[0][1]);
  assert.deepEqual(row[0].slice(4, 7), [prog[3], prog[4], prog[6]].map((n) => Number(n).toLocaleString('en-US')), 'offsets as consumerProgress printed them');
  noTrouble(log);
});
