// `rmqalloc` (js/bin/rmqalloc.js): help, plan, usage errors and exit
// statuses. The doctor command is tested in doctor.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { load } from '../index.js';
import { JS_DIR, TESTDATA } from './helpers.mjs';

const BIN = path.join(JS_DIR, 'bin', 'rmqalloc.js');
const env = { ...process.env, NODE_TEST_CONTEXT: '' };
const cli = (args, input) => spawnSync(process.execPath, [BIN, ...args], { input, env, encoding: 'utf8', timeout: 60_000 });
const ROUTE = path.join(TESTDATA, 'cluster', 'wrong-owner', 'route.txt');
const CONNECTION = path.join(TESTDATA, 'cluster', 'wrong-owner', 'connection.txt');

test('package.json registers bin/rmqalloc.js as the rmqalloc command and ships bin/', () => {
  const pkg = JSON.parse(readFileSync(path.join(JS_DIR, 'package.json'), 'utf8'));
  assert.deepEqual(pkg.bin, { rmqalloc: 'bin/rmqalloc.js' });
  assert.ok(pkg.files.includes('bin/'));
  assert.match(readFileSync(BIN, 'utf8'), /^#!\/usr\/bin\/env node\n/);
});

test('--help lists the commands and the mqadmin lines; each command has its own --help', () => {
  const r = cli(['--help']);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /rmqalloc doctor --namesrv HOST:PORT --group GROUP/);
  assert.match(r.stdout, /rmqalloc doctor --route FILE --connection FILE --progress FILE/);
  assert.match(r.stdout, /rmqalloc doctor FOLDER1 FOLDER2 \.\.\./);
  assert.match(r.stdout, /mqadmin consumerProgress -n NAMESRV -g GROUP -s true/);
  assert.match(r.stdout, /Strategies \(--strategy, any case\): AVG, AVG_BY_CIRCLE, CONSISTENT_HASH/);
  for (const cmd of ['doctor', 'plan']) {
    const h = cli([cmd, '--help']);
    assert.equal(h.status, 0);
    assert.match(h.stdout, new RegExp(`^Usage: rmqalloc ${cmd} `));
    assert.equal(cli(['help', cmd]).stdout, h.stdout);
  }
  const none = cli([]);
  assert.equal(none.status, 2, 'no command is a usage error');
  assert.match(none.stderr, /Usage:/);
});

test('the strategies --help lists are the ones doctor and plan accept, and no others', () => {
  const listed = /Strategies \(--strategy, any case\): ([A-Z_, ]+)\n/.exec(cli(['--help']).stdout)[1].split(', ');
  assert.deepEqual(listed, ['AVG', 'AVG_BY_CIRCLE', 'CONSISTENT_HASH']);
  const folder = path.join(TESTDATA, 'real', 'basic3');
  for (const s of listed) {
    assert.equal(cli(['doctor', folder, '--strategy', s]).status, 0, `doctor --strategy ${s}`);
    assert.equal(cli(['plan', '--brokers', '2', '--consumers', '3', '--strategy', s]).status, 0, `plan --strategy ${s}`);
  }
  assert.match(cli(['doctor', '--help']).stdout, /AVG, AVG_BY_CIRCLE or CONSISTENT_HASH\n\s+\(any case; default AVG\)/);
  for (const s of ['MACHINE_ROOM', 'CONFIG']) {
    const r = cli(['doctor', folder, '--strategy', s]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /the doctor simulates AVG, AVG_BY_CIRCLE, CONSISTENT_HASH\n$/);
  }
});

test('usage errors: exit 2, one line, no stack', () => {
  for (const [args, re] of [
    [['frobnicate'], /unknown command "frobnicate"/],
    [['plan', '--bogus'], /plan: unknown flag --bogus \(rmqalloc plan --help\)/],
    [['plan', '--brokers', '2'], /missing --consumers/],
    [['plan', '--brokers', 'x2', '--queues', 'many', '--consumers', '3'], /--queues many: want a whole number/],
    [['plan', '--brokers', '2', '--consumers', '3', '--strategy', 'NOPE'], /--strategy NOPE: plan knows AVG, AVG_BY_CIRCLE, CONSISTENT_HASH/],
    [['plan', '--route', ROUTE, '--brokers', '2', '--consumers', '3'], /--route or --brokers/],
    [['plan', '--route', '-', '--consumers', '3'], /^rmqalloc: stdin: line 1/],
  ]) {
    const r = cli(args, '{"queueDatas": [');
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, re);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.equal(r.stdout, '');
  }
});

test('plan: brokers × queues and generated consumers, as allocateAll with sort computes it', async () => {
  const r = cli(['plan', '--brokers', '3', '--queues', '4', '--consumers', '5', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const got = JSON.parse(r.stdout);
  assert.equal(got.queues, 12);
  assert.equal(got.strategy, 'AVG');
  const rmq = await load();
  const mqAll = [];
  for (const b of ['broker-a', 'broker-b', 'broker-c']) for (let q = 0; q < 4; q++) mqAll.push({ topic: 'TopicTest', brokerName: b, queueId: q });
  const consumers = Object.keys(got.assignments);
  assert.equal(consumers.length, 5);
  const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, mqAll, consumers, sort: true });
  for (const c of consumers) assert.deepEqual(got.assignments[c], plan.of(c).map(({ brokerName, queueId }) => ({ brokerName, queueId })));
  // The human form: one line per consumer with its queue ranges.
  const human = cli(['plan', '--brokers', '3', '--queues', '4', '--consumers', '5']);
  assert.equal(human.status, 0);
  assert.match(human.stdout, /^TopicTest: 12 queues, 5 consumers, AVG on java-4.9.3\n/);
  assert.match(human.stdout, /192\.168\.1\.1@4001 +3 queues +broker-a 0-2\n/);
});

test('plan: a route text and the ID column of consumerConnection output', async () => {
  const r = cli(['plan', '--route', ROUTE, '--topic', 'pay_xxx', '--consumers', '@' + CONNECTION, '--strategy', 'CONSISTENT_HASH', '--profile', 'go-client-2.1.2', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const got = JSON.parse(r.stdout);
  const rmq = await load({ analysis: true }); // routes as text: the full module
  const mqAll = rmq.routeToQueues({ topic: 'pay_xxx', route: readFileSync(ROUTE, 'utf8') }).subscribe;
  assert.equal(got.queues, mqAll.length);
  const consumers = ['10.0.1.37@17962', '10.0.3.215@51945'];
  assert.deepEqual(Object.keys(got.assignments).sort(), consumers);
  const plan = rmq.allocateAll({ strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }, profile: 'go-client-2.1.2', mqAll, consumers, sort: true });
  for (const c of consumers) assert.deepEqual(got.assignments[c], plan.of(c).map(({ brokerName, queueId }) => ({ brokerName, queueId })));
});

test('plan --route: the topic from TOPIC=FILE, --topic or route.TOPIC.txt; unnamed, AVG still answers and CONSISTENT_HASH refuses', async (t) => {
  const { mkdtempSync, copyFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-plan-'));
  t.after(() => rmSync(dir, { recursive: true }));
  const named = path.join(dir, 'route.pay_xxx.txt');
  copyFileSync(ROUTE, named);
  const args = ['--consumers', '@' + CONNECTION, '--strategy', 'CONSISTENT_HASH', '--json'];
  const byFlag = cli(['plan', '--route', ROUTE, '--topic', 'pay_xxx', ...args]);
  assert.equal(byFlag.status, 0, byFlag.stderr);
  const byArg = cli(['plan', '--route', 'pay_xxx=' + ROUTE, ...args]);
  const byName = cli(['plan', '--route', named, ...args]);
  assert.equal(JSON.parse(byFlag.stdout).topic, 'pay_xxx');
  assert.equal(byArg.stdout, byFlag.stdout);
  assert.equal(byName.stdout, byFlag.stdout);
  // The topic is in CONSISTENT_HASH's keys: another name, another plan.
  const other = cli(['plan', '--route', 'other=' + ROUTE, ...args]);
  assert.notDeepEqual(JSON.parse(other.stdout).assignments, JSON.parse(byFlag.stdout).assignments);
  const unnamed = cli(['plan', '--route', ROUTE, ...args]);
  assert.equal(unnamed.status, 2);
  // With --json the error is JSON on stdout.
  assert.equal(unnamed.stderr, '');
  const { error } = JSON.parse(unnamed.stdout);
  assert.equal(error.code, 'usage');
  assert.match(error.message, /^--route .*route\.txt: mqadmin topicRoute does not print the topic's name, and CONSISTENT_HASH hashes it .*: give --route TOPIC=.*route\.txt or --topic TOPIC$/);
  // AVG: the name changes nothing; the output names the file, JSON says null.
  const avg = cli(['plan', '--route', ROUTE, '--consumers', '3', '--json']);
  assert.equal(avg.status, 0, avg.stderr);
  const avgNamed = cli(['plan', '--route', 'pay_xxx=' + ROUTE, '--consumers', '3', '--json']);
  assert.equal(JSON.parse(avg.stdout).topic, null);
  assert.deepEqual(JSON.parse(avg.stdout).assignments, JSON.parse(avgNamed.stdout).assignments);
  assert.match(cli(['plan', '--route', ROUTE, '--consumers', '3']).stdout, /^route\.txt \(topic not named: --route TOPIC=FILE\): \d+ queues, 3 consumers,\s+AVG\s+on\s+java-4\.9\.3\n/);
  assert.doesNotMatch(cli(['plan', '--route', ROUTE, '--consumers', '3']).stdout, /TopicTest/);
  const both = cli(['plan', '--route', 'a=' + ROUTE, '--topic', 'b', '--consumers', '3']);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /names topic a but --topic says b/);
});

test('bad input a newcomer gives: exit 2, one line naming the option and file, no stack', async (t) => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-bin-'));
  const empty = path.join(dir, 'empty.txt');
  writeFileSync(empty, '\n  \n');
  const junk = path.join(dir, 'junk.bin');
  writeFileSync(junk, Buffer.from([0x00, 0xff, 0xfe, 0x41, 0x0a, 0xc3, 0x28, 0x00, 0x0a]));
  const PROGRESS = path.join(TESTDATA, 'cluster', 'wrong-owner', 'progress.txt');
  for (const [args, re] of [
    // An empty progress file is a failed mqadmin run, not "no owner information".
    [['doctor', '--route', ROUTE, '--connection', CONNECTION, '--progress', empty], /^rmqalloc: \/.*empty\.txt: it is empty \(expected the output of mqadmin consumerProgress/],
    [['doctor', '--route', empty, '--connection', CONNECTION, '--progress', PROGRESS], /^rmqalloc: \/.*empty\.txt: it is empty \(expected the output of mqadmin topicRoute/],
    [['doctor', '--route', ROUTE, '--connection', empty, '--progress', PROGRESS], /^rmqalloc: \/.*empty\.txt: it is empty \(expected the output of mqadmin consumerConnection/],
    [['plan', '--route', empty, '--consumers', '3'], /^rmqalloc: \/.*empty\.txt: it is empty/],
    [['doctor', '--route', ROUTE, '--connection', PROGRESS, '--progress', PROGRESS], /^rmqalloc: \/.*progress\.txt: line 1: .*this looks like consumerProgress output \(wrong file\?\)\n$/],
    [['plan', '--route', CONNECTION, '--consumers', '3'], /^rmqalloc: \/.*connection\.txt: line 1, column 1: expected '\{' .*: a route is the JSON that mqadmin topicRoute -t TOPIC prints; this looks like consumerConnection output \(wrong file\?\)\n$/],
    [['doctor', '--route', ROUTE, '--route', ROUTE, '--connection', CONNECTION, '--progress', PROGRESS], /^rmqalloc: \/.*route\.txt: cannot tell which topic this route is for: give it as --route TOPIC=FILE\n$/],
    [['plan', '--brokers', '0', '--consumers', '3'], /^rmqalloc: --brokers 0: want a whole number from 1 to/],
    [['plan', '--brokers', '2', '--queues', '0', '--consumers', '3'], /^rmqalloc: --queues 0: want a whole number from 1 to/],
    [['plan', '--brokers', '2', '--consumers', '@' + junk], /^rmqalloc: \/.*junk\.bin: line 1: not text/],
    [['plan', '--brokers', '2', '--consumers', '@' + empty], /^rmqalloc: --consumers @.*empty\.txt: no client IDs/],
    [['plan', '--brokers', '2', '--consumers', '3', '--strategy', 'CONSISTENT_HASH', '--vnodes', '-1'], /^rmqalloc: --vnodes -1: want a whole number from 0 to 10000\n$/],
  ]) {
    const r = cli(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, re);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
  t.after(async () => (await import('node:fs')).rmSync(dir, { recursive: true }));
});

test('doctor --status FILE with several clients\' texts in one file reads each, as the status files one by one', async (t) => {
  const { mkdtempSync, writeFileSync, readdirSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const ex = path.join(TESTDATA, 'cluster', 'status-files-mixed-strategies');
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-status-'));
  t.after(() => rmSync(dir, { recursive: true }));
  const all = path.join(dir, 'all.txt');
  writeFileSync(all, readdirSync(path.join(ex, 'status')).sort().map((n) => readFileSync(path.join(ex, 'status', n), 'utf8')).join('\n'));
  const args = ['doctor', '--route', path.join(ex, 'route.txt'), '--connection', path.join(ex, 'connection.txt'), '--progress', path.join(ex, 'progress.txt'), '--json'];
  const one = cli([...args, '--status', all]);
  const dirRun = cli([...args, '--status', path.join(ex, 'status')]);
  assert.equal(one.status, 1, one.stderr);
  assert.deepEqual(JSON.parse(one.stdout).topics, JSON.parse(dirRun.stdout).topics);
});

test('doctor FOLDER: a folder of saved outputs gives the report the explicit options give; anything else is exit 2', () => {
  const root = path.join(TESTDATA, 'cluster');
  const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  assert.ok(folders.length >= 5);
  for (const name of folders) {
    const dir = path.join(root, name);
    const args = ['--route', path.join(dir, 'route.txt'), '--connection', path.join(dir, 'connection.txt'), '--progress', path.join(dir, 'progress.txt')];
    if (existsSync(path.join(dir, 'status'))) args.push('--status', path.join(dir, 'status'));
    const byFolder = cli(['doctor', dir, '--json']);
    const byOptions = cli(['doctor', ...args, '--json']);
    assert.equal(byFolder.status, byOptions.status, `${name}: ${byFolder.stderr}`);
    assert.deepEqual(JSON.parse(byFolder.stdout), JSON.parse(byOptions.stdout), name);
  }
  for (const [arg, re] of [
    [path.join(root, 'README.md'), /README\.md: not a folder/],
    [root, /not a folder of saved mqadmin outputs \(it has no route\.txt, connection\.txt, progress\.txt\)/],
    [path.join(root, 'nope'), /nope: no such folder/],
  ]) {
    const r = cli(['doctor', arg]);
    assert.equal(r.status, 2, arg);
    assert.match(r.stderr, re);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
  }
});
