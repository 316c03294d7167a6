// rmq.analysis.compare and `rmqalloc plan --compare`: the strategy
// comparison the README publishes (alloc/analysis Compare).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from '../index.js';
import { JS_DIR } from './helpers.mjs';

const BIN = path.join(JS_DIR, 'bin', 'rmqalloc.js');
const env = { ...process.env, NODE_TEST_CONTEXT: '' };
const cli = (args) => spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: 60_000 });
const README = path.join(JS_DIR, '..', 'docs', 'compare.md'); // the published table

test('plan --compare --markdown prints the table of docs/compare.md (64 queues on 4 brokers, 8 consumers)', () => {
  const r = cli(['plan', '--compare', '--brokers', '4', '--queues', '16', '--consumers', '8', '--markdown']);
  assert.equal(r.status, 0, r.stderr);
  const readme = readFileSync(README, 'utf8');
  const begin = readme.indexOf('<!-- compare:begin');
  const block = readme.slice(readme.indexOf('\n', begin) + 1, readme.indexOf('<!-- compare:end -->'));
  assert.equal(r.stdout, block);
});

test('plan --compare: the JSON is rmq.analysis.compare, the text table its figures', async () => {
  const rmq = await load({ analysis: true });
  try {
    const want = rmq.analysis.compare({ queues: 16, brokers: 4, members: 3 });
    assert.deepEqual(want.changes, ['join', 'leave', 'restart', 'addBroker', 'double']);
    assert.equal(want.least[0], Math.floor(16 / 4), 'a join needs the newcomer share');
    const j = cli(['plan', '--compare', '--brokers', '4', '--consumers', '3', '--json']);
    assert.equal(j.status, 0, j.stderr);
    const { markdown, ...rest } = want;
    assert.deepEqual(JSON.parse(j.stdout), rest);
    assert.match(markdown, /^16 queues \(4 brokers × 4\), 3 members\n/);
    const t = cli(['plan', '--compare', '--brokers', '4', '--consumers', '3']);
    assert.equal(t.status, 0, t.stderr);
    // One table when it fits the 80 columns, else two: balance, then queues moved.
    for (const row of want.rows) {
      const lines = t.stdout.split('\n').filter((l) => l.startsWith(row.label + ' '));
      assert.ok(lines.length === 1 || lines.length === 2, row.label);
      const cells = (l) => l.slice(row.label.length).trim().split(/\s+/);
      const moved = [...row.changes.map((c) => String(c.moved)), String(row.dupQueueSeconds)];
      assert.deepEqual(cells(lines.at(-1)).slice(-moved.length), moved, row.label);
      assert.equal(cells(lines[0])[0], `${row.min}–${row.max}`);
    }
  } finally {
    await rmq.exit();
  }
});

test('analysis.compare: bad groups name the field; the core module says load({ analysis: true })', async () => {
  const rmq = await load({ analysis: true });
  try {
    assert.throws(() => rmq.analysis.compare({ queues: 15, brokers: 4, members: 3 }), /group\.queues: must be a positive multiple of group\.brokers \(4\), got 15/);
    assert.throws(() => rmq.analysis.compare({ queues: 16, brokers: 4, members: 0 }), /group\.members/);
    assert.throws(() => rmq.analysis.compare({ queues: 16, brokers: 4 }), /members/);
    assert.throws(() => rmq.analysis.compare({ queues: 16, brokers: 4, members: 3, extra: 1 }), /extra/);
  } finally {
    await rmq.exit();
  }
  const core = await load();
  try {
    assert.throws(() => core.analysis.compare({ queues: 16, brokers: 4, members: 3 }), (e) => e.code === 'ERR_UNSUPPORTED' && /load\(\{ analysis: true \}\)/.test(e.message));
  } finally {
    await core.exit();
  }
});

test('plan --compare: usage errors exit 2 with one line', () => {
  for (const [args, re] of [
    [['plan', '--compare', '--consumers', '3'], /--compare needs --brokers N/],
    [['plan', '--compare', '--brokers', 'a,b', '--consumers', '3'], /--compare needs --brokers N \(a count/],
    [['plan', '--compare', '--brokers', '2', '--consumers', 'x,y'], /--compare needs --consumers N/],
    [['plan', '--compare', '--brokers', '2', '--consumers', '3', '--strategy', 'AVG'], /--strategy does not go with --compare/],
    [['plan', '--compare', '--brokers', '2', '--consumers', '3', '--json', '--markdown'], /--json or --markdown, not both/],
    [['plan', '--compare', '--brokers', '2', '--consumers', '2000'], /--consumers 2000: want a whole number from 1 to 1024/],
    [['plan', '--brokers', '2', '--consumers', '3', '--markdown'], /--markdown is for --compare/],
  ]) {
    const r = cli(args);
    assert.equal(r.status, 2, args.join(' '));
    // With --json the error is a JSON object on stdout.
    const text = args.includes('--json') ? JSON.parse(r.stdout).error.message : r.stderr;
    assert.match(text, re);
    assert.equal(text.trim().split('\n').length, 1);
  }
});
