// rmq.doctor([snapshot, ...]) and `rmqalloc doctor DIR1 DIR2 ...`: the
// doctor over time, on the real captures of testdata/timeline (basic3-early
// and basic3: one group 40 s and 2 min after start) and on series made from
// them by changing the consumerProgress offsets between snapshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from '../index.js';
import { createSeries, snapshotOfFolder } from '../bin/series.js';
import { JS_DIR, TESTDATA } from './helpers.mjs';

const TIMELINE = path.join(TESTDATA, 'timeline');
const EARLY = path.join(TIMELINE, 'basic3-early');
const LATE = path.join(TIMELINE, 'basic3');
const BIN = path.join(JS_DIR, 'bin', 'rmqalloc.js');
const env = { ...process.env, NODE_TEST_CONTEXT: '' };
const cli = (args) => spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: 60_000 });

const rmq = await load({ analysis: true });
test.after(() => rmq.exit());

/**
 * progress with T_BASIC broker-a/QID's offsets set: { qid: [broker, consumer] },
 * the columns kept at their widths.
 */
function withOffsets(progress, offsets) {
  let delta = 0; // what the rows' #Diff gain: the footer's Diff Total follows
  const lines = progress.split('\n').map((line) => {
    const m = /^(T_BASIC\s+broker-a\s+)(\d+)(\s+)/.exec(line);
    if (!m || !(m[2] in offsets)) return line;
    const [broker, consumer] = offsets[m[2]];
    const cols = line.slice(m[0].length).split(/(\s+)/); // broker, sp, consumer, sp, ip, sp, diff, sp, time...
    delta += broker - consumer - Number(cols[6]);
    const pad = (s, w) => s + ' '.repeat(Math.max(1, w - s.length));
    const width = (i) => cols[i].length + cols[i + 1].length;
    const out = [pad(String(broker), width(0)), pad(String(consumer), width(2)), cols[4] + cols[5], pad(String(broker - consumer), width(6))];
    return m[0] + out.join('') + cols.slice(8).join('');
  });
  return lines.map((line) => line.replace(/^Diff Total: (-?\d+)/, (_, n) => `Diff Total: ${Number(n) + delta}`)).join('\n');
}

test('rmq.doctor([early, late]): the real group settled, no owner change, lag OK; the last diagnosis kept', () => {
  const early = snapshotOfFolder(EARLY).snapshot;
  const late = snapshotOfFolder(LATE).snapshot;
  assert.equal(early.at, '2026-12-01T19:08:32.000Z');
  assert.equal(early.atSource, 'captured-at.txt');
  assert.deepEqual(early.status.map((s) => s.name), ['127.0.0.1@c1', '127.0.0.1@c2', '127.0.0.1@c3'], 'the newest status/<millis>/ run');
  const rep = rmq.doctor([late, early]);
  const tl = rep.timeline;
  assert.equal(rep.ok, true);
  assert.deepEqual(tl.snapshots.map((s) => [s.index, s.name, s.at]), [[0, EARLY, '2026-12-01T19:08:32Z'], [1, LATE, '2026-12-01T19:09:24Z']]);
  assert.equal(tl.verdict, 'Over 2 snapshots in 52s: lag OK on all 18 queues; assignment settled.');
  assert.equal(tl.rebalance.state, 'settled');
  assert.deepEqual(tl.lag, { OK: 18 });
  assert.deepEqual(tl.memberChanges, []);
  assert.equal(tl.queues.length, 18);
  assert.ok(tl.queues.every((q) => q.changes === 0 && q.owners.length === 1 && q.lag.samples.length === 2));
  const { name, at, atSource, ...texts } = late;
  const single = rmq.doctor(texts);
  assert.equal(single.timeline, undefined, 'one snapshot: no timeline');
  assert.deepEqual(rep.topics, single.topics);
  assert.ok(rep.text.startsWith(tl.verdict + '\n'));
  assert.ok(rep.text.endsWith(single.text), 'the last snapshot\'s text closes the report');
  assert.ok(JSON.stringify(rep).includes('"timeline":'));
  const j = rmq.doctor([early, late], { format: 'json' });
  assert.deepEqual(JSON.parse(j.json), JSON.parse(JSON.stringify(rep)));
  assert.equal(rmq.doctor([early, late], { format: 'text' }).text, rep.text);
});

test('a queue whose offset stays while its lag grows and others advance: STALL, its owner is stuck', () => {
  const base = snapshotOfFolder(LATE).snapshot;
  // broker-a/0 (held by 127.0.0.1@c1) stays at 18 with lag 10, 30, 60;
  // broker-a/6 (127.0.0.1@c2) advances and keeps up.
  const steps = [[[28, 18], [19, 19]], [[48, 18], [40, 40]], [[78, 18], [60, 60]]];
  const snaps = steps.map(([q0, q6], i) => ({
    ...base,
    name: `s${i}`,
    at: new Date(Date.UTC(2026, 11, 1, 10, 0, 30 * i)),
    progress: withOffsets(base.progress, { 0: q0, 6: q6 }),
  }));
  const rep = rmq.doctor(snaps);
  const tl = rep.timeline;
  const q0 = tl.queues.find((q) => q.topic === 'T_BASIC' && q.brokerName === 'broker-a' && q.queueId === 0);
  assert.equal(q0.lag.status, 'STALL');
  assert.deepEqual(q0.lag.samples.map((s) => [s.consumerOffset, s.lag]), [[18, 10], [18, 30], [18, 60]]);
  assert.deepEqual(tl.lag, { OK: 17, STALL: 1 });
  assert.deepEqual(tl.findings.map((f) => [f.code, f.level, f.clients]), [['CONSUMER_STUCK', 'error', ['127.0.0.1@c1']]]);
  assert.equal(rep.ok, false);
  assert.match(rep.text, /STALL {2}T_BASIC broker-a\/0: offset 18 → 18, lag 10 → 60, owner 127\.0\.0\.1@c1/);
  for (const line of rep.timeline && rep.text.split('\nLast snapshot')[0].split('\n')) assert.ok(line.length <= 80, line);

  // Nothing moves anywhere: the group stopped.
  const stopped = steps.map(([q0], i) => ({ ...snaps[i], progress: withOffsets(base.progress, { 0: q0 }) }));
  const st = rmq.doctor(stopped).timeline;
  assert.equal(st.queues.find((q) => q.queueId === 0 && q.topic === 'T_BASIC' && q.brokerName === 'broker-a').lag.status, 'STOP');
  assert.deepEqual(st.findings.map((f) => f.code), ['CONSUMPTION_STOPPED']);
});

test('createSeries: snapshots as they come (the watch loop), a report after each', () => {
  const series = createSeries(rmq, { format: 'json' });
  series.push(snapshotOfFolder(EARLY).snapshot);
  let tl = JSON.parse(series.report().json).timeline;
  assert.equal(tl.snapshots.length, 1);
  assert.equal(tl.rebalance.state, 'unknown');
  series.push(snapshotOfFolder(LATE).snapshot);
  tl = JSON.parse(series.report().json).timeline;
  assert.equal(series.size, 2);
  assert.equal(tl.snapshots.length, 2);
  assert.equal(tl.rebalance.state, 'settled');
});

test('rmq.doctor([...]) errors name the snapshot and field', () => {
  const late = snapshotOfFolder(LATE).snapshot;
  const throwsLike = (input, want) => assert.throws(() => rmq.doctor(input), (e) => {
    for (const [k, v] of Object.entries(want)) assert.equal(e[k], v, `${k}: ${e.message}`);
    return true;
  });
  throwsLike([], { name: 'RangeError', code: 'ERR_INVALID_ARGUMENT', field: 'input' });
  throwsLike([{ ...late, at: undefined }], { name: 'TypeError', field: 'input[0].at' });
  throwsLike([{ ...late, at: 'not a time' }], { name: 'RangeError', field: 'input[0].at' });
  throwsLike([late, { ...late, bogus: 1 }], { name: 'TypeError', field: 'input[1].bogus' });
  throwsLike([late, { ...late, progress: 7 }], { name: 'TypeError', field: 'input[1].progress' });
  throwsLike([late, { ...late, at: 0, progress: 'x' }], { code: 'ERR_BAD_INPUT', box: 'snapshot[1].progress', line: 1 });
  assert.equal(rmq.doctor([late]).timeline.snapshots.length, 1, 'the module still works');
});

test('rmqalloc doctor DIR1 DIR2: text and --json, exit 0 when all is well', () => {
  const r = cli(['doctor', LATE, EARLY]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^Over 2 snapshots in 52s: lag OK on all 18 queues; assignment settled\.\n {2}#1 {2}2026-12-01 19:08:32Z {2}\S*basic3-early\n/);
  assert.match(r.stdout, /\nLast snapshot, #2 \(\S*basic3\)\s+at\s+2026-12-01\s+19:09:24Z:\nOK: all 18 queues/);
  const j = cli(['doctor', EARLY, LATE, '--json']);
  assert.equal(j.status, 0, j.stderr);
  assert.equal(JSON.parse(j.stdout).timeline.snapshots.length, 2);
  // One folder of the real layout (status/<millis>/): no timeline.
  const one = cli(['doctor', LATE]);
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^OK: all 18 queues/);
});

test('rmqalloc doctor DIR on a --watch --save folder (DIR/1, DIR/2, ...) reads its series', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-watchdir-'));
  try {
    // numbered, not named: 10 after 2
    cpSync(EARLY, path.join(dir, '2'), { recursive: true });
    cpSync(LATE, path.join(dir, '10'), { recursive: true });
    const r = cli(['doctor', dir]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Over 2 snapshots in 52s/);
    assert.match(r.stdout, new RegExp(`#2 {2}2026-12-01 19:09:24Z {2}${dir.replaceAll('\\', '\\\\')}/10\n`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('rmqalloc doctor DIR1 DIR2 DIR3: a stuck consumer exits 1; no captured-at.txt: the mtime, said', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'rmqalloc-series-'));
  try {
    const base = readFileSync(path.join(LATE, 'progress.txt'), 'utf8');
    const dirs = [[[28, 18], [19, 19]], [[48, 18], [40, 40]], [[78, 18], [60, 60]]].map(([q0, q6], i) => {
      const d = path.join(tmp, `s${i}`);
      cpSync(LATE, d, { recursive: true });
      writeFileSync(path.join(d, 'progress.txt'), withOffsets(base, { 0: q0, 6: q6 }));
      writeFileSync(path.join(d, 'captured-at.txt'), `2026-12-01T10:0${i}:00Z\n`);
      return d;
    });
    const r = cli(['doctor', ...dirs]);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /\[error\] CONSUMER_STUCK: 127\.0\.0\.1@c1 consumed nothing on queue T_BASIC\s+broker-a\/0/);

    unlinkSync(path.join(dirs[2], 'captured-at.txt'));
    const m = cli(['doctor', ...dirs]);
    assert.match(m.stdout, /s2 {2}\(time: files' mtime\)/);
    assert.match(m.stdout, /\[info\] SNAPSHOT_TIME_GUESSED/);

    writeFileSync(path.join(dirs[1], 'progress.txt'), 'no table here\n');
    const bad = cli(['doctor', ...dirs]);
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr.split('\n')[0].startsWith(`rmqalloc: ${path.join(dirs[1], 'progress.txt')}: line 1: `), true, bad.stderr);
    writeFileSync(path.join(dirs[1], 'captured-at.txt'), 'sometime\n');
    const badTime = cli(['doctor', ...dirs]);
    assert.equal(badTime.status, 2);
    assert.match(badTime.stderr, /captured-at\.txt: line 1: expected the capture time/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const perFile = cli(['doctor', EARLY, LATE, '--progress', path.join(LATE, 'progress.txt')]);
  assert.equal(perFile.status, 2);
  assert.match(perFile.stderr, /--progress is one snapshot's: with several folders/);
});

test('snapshotOfFolder reads a folder as doctor FOLDER does: route.TOPIC.txt for a further topic, status/ in place of progress.txt', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmq-series-'));
  try {
    cpSync(EARLY, dir, { recursive: true });
    const route = readFileSync(path.join(dir, 'route.txt'), 'utf8');
    writeFileSync(path.join(dir, 'route.T_EXTRA.txt'), route);
    unlinkSync(path.join(dir, 'progress.txt'));
    const { snapshot } = snapshotOfFolder(dir);
    assert.deepEqual(snapshot.route.map((r) => r.topic), ['', 'T_EXTRA']);
    assert.equal(snapshot.route[1].text, route);
    assert.equal(snapshot.progress, '');
    assert.equal(snapshot.status.length, 3);
    // The CLI over such folders answers as the single-folder doctor does.
    const one = cli(['doctor', dir]);
    const two = cli(['doctor', dir, dir]);
    assert.equal(one.status, two.status, two.stderr);
    assert.match(two.stdout, /Over 2 snapshots/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
