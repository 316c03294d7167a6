// The npm CLI's safety, as cmd/rmqalloc/safety_test.go's for the Go
// binary: a file over the doctor's limit refused by its size, and error
// text escaped on a terminal.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, MAX_INPUT_BYTES, Reader, errorOutput, safeText } from '../bin/io.js';
import { MAX_SERIES_BYTES } from '../bin/series.js';

const BIN = fileURLToPath(new URL('../bin/rmqalloc.js', import.meta.url));
const BASIC3 = fileURLToPath(new URL('../../testdata/real/basic3/', import.meta.url));

test('a file over the doctor\'s limit is refused by its size, naming it', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-big-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['route.txt', 'connection.txt']) copyFileSync(join(BASIC3, f), join(dir, f));
  const big = join(dir, 'progress.txt');
  writeFileSync(big, '');
  truncateSync(big, MAX_INPUT_BYTES + 1); // sparse: no 64 MiB written
  const want = `${MAX_INPUT_BYTES + 1} bytes, over the doctor's limit of ${MAX_INPUT_BYTES}`;

  let r = spawnSync(process.execPath, [BIN, 'doctor', dir], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.ok(r.stderr.startsWith(`rmqalloc: ${big}: ${want}`), r.stderr);

  r = spawnSync(process.execPath, [BIN, 'doctor', '--json', '--route', join(dir, 'route.txt'), '--connection', join(dir, 'connection.txt'), '--progress', big], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  const { error } = JSON.parse(r.stdout);
  assert.equal(error.code, 'input');
  assert.equal(error.file, big);
  assert.ok(error.message.startsWith(want), error.message);
});

test('error text quoting a server is escaped on a terminal, as internal/termsafe', () => {
  const e = new CliError({ code: 'cluster', msg: 'the broker said \x1b]0;owned\x07\x1b[2J\u009b' });
  assert.equal(errorOutput(e, false).stderr, 'rmqalloc: the broker said \\x1b]0;owned\\a\\x1b[2J\\u009b\n');
  const json = errorOutput(e, true).stdout;
  assert.ok(!json.includes('\x1b'));
  assert.equal(JSON.parse(json).error.message, e.msg);
  assert.equal(safeText('tab\tand\nnewline stay'), 'tab\tand\nnewline stay');
});

test('a series is bounded as one snapshot: the folder over 128 MiB in all is refused, naming its file', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'rmqalloc-series-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const dirs = [];
  for (const n of ['1', '2', '3']) {
    const dir = join(root, n);
    mkdirSync(dir);
    for (const f of ['route.txt', 'connection.txt']) copyFileSync(join(BASIC3, f), join(dir, f));
    writeFileSync(join(dir, 'progress.txt'), '');
    truncateSync(join(dir, 'progress.txt'), 50 * 1024 * 1024); // sparse
    dirs.push(dir);
  }
  const r = spawnSync(process.execPath, [BIN, 'doctor', ...dirs], { encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.ok(r.stderr.startsWith(`rmqalloc: ${join(dirs[2], 'progress.txt')}: the files read so far hold more than ${MAX_SERIES_BYTES} bytes together`), r.stderr);
});

test('Reader: totalLimit counts every file read', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-total-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'a'), 'x'.repeat(6));
  writeFileSync(join(dir, 'b'), 'y'.repeat(5));
  const r = new Reader({ totalLimit: 10 });
  assert.equal(r.read(join(dir, 'a'), '').text, 'xxxxxx');
  assert.throws(() => r.read(join(dir, 'b'), ''), (e) => e instanceof CliError && e.file === join(dir, 'b') && /more than 10 bytes together/.test(e.msg));
  assert.equal(new Reader().read(join(dir, 'b'), '').text, 'yyyyy', 'no limit by default');
});
