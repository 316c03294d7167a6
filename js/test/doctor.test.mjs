// rmq.doctor, rmq.parse and `rmqalloc doctor` on the worked examples of
// testdata/cluster (each folder's expected.json is the diagnosis it must
// reach), and on bad input: a clear error naming the box and line, and a
// module that keeps working.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from '../index.js';
import { JS_DIR, TESTDATA } from './helpers.mjs';

const CLUSTER = path.join(TESTDATA, 'cluster');
const BIN = path.join(JS_DIR, 'bin', 'rmqalloc.js');
const env = { ...process.env, NODE_TEST_CONTEXT: '' };

/** Runs the CLI; { status, stdout, stderr }. */
export function cli(args, input) {
  return spawnSync(process.execPath, [BIN, ...args], { input, env, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 28 });
}

/** The examples: folder, file paths, texts and expected.json. */
function examples() {
  return readdirSync(CLUSTER, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => {
    const dir = path.join(CLUSTER, d.name);
    const file = (f) => path.join(dir, f);
    const statusDir = file('status');
    const status = existsSync(statusDir)
      ? Object.fromEntries(readdirSync(statusDir).sort().map((n) => [n, readFileSync(path.join(statusDir, n), 'utf8')]))
      : null;
    return {
      name: d.name,
      dir,
      statusDir: status ? statusDir : null,
      route: readFileSync(file('route.txt'), 'utf8'),
      connection: readFileSync(file('connection.txt'), 'utf8'),
      progress: readFileSync(file('progress.txt'), 'utf8'),
      status,
      expected: JSON.parse(readFileSync(file('expected.json'), 'utf8')),
    };
  });
}

const EXAMPLES = examples();

/** The report's queues in expected.json's shape (no cause). */
function queuesOf(report, topic) {
  const t = report.topics.find((x) => x.topic === topic);
  assert.ok(t, `the report has topic ${topic} (has ${report.topics.map((x) => x.topic).join(', ')})`);
  return t.queues.map(({ brokerName, queueId, expected, actual, status }) => ({ brokerName, queueId, expected, actual, status }));
}

/** Every finding code, the group's and each topic's. */
function codesOf(report) {
  return new Set([...report.findings, ...report.topics.flatMap((t) => t.findings ?? [])].map((f) => f.code));
}

/** Checks a report against an example's expected.json. */
function checkReport(report, ex) {
  const want = ex.expected;
  if (!want.skipQueues) assert.deepEqual(queuesOf(report, want.topic), want.queues, `${ex.name}: queues`);
  const codes = codesOf(report);
  for (const code of want.findings) assert.ok(codes.has(code), `${ex.name}: finding ${code} reported (got ${[...codes].join(', ') || 'none'})`);
  assert.equal(typeof report.verdict, 'string');
  assert.equal(typeof report.ok, 'boolean');
}

function cliArgs(ex) {
  const args = ['doctor', '--route', path.join(ex.dir, 'route.txt'), '--connection', path.join(ex.dir, 'connection.txt'), '--progress', path.join(ex.dir, 'progress.txt')];
  if (ex.statusDir) args.push('--status', ex.statusDir);
  return args;
}

test('the examples are there', () => {
  assert.ok(EXAMPLES.length >= 5, `${EXAMPLES.length} examples in ${CLUSTER}`);
});

for (const ex of EXAMPLES) {
  test(`rmqalloc doctor --json on ${ex.name} gives expected.json`, () => {
    const r = cli([...cliArgs(ex), '--json']);
    assert.equal(r.stderr, '', 'nothing on stderr');
    assert.ok([0, 1, 3].includes(r.status), `exit 0, 1 or 3, got ${r.status}`);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 1, 'one JSON object on one line');
    const report = JSON.parse(lines[0]);
    checkReport(report, ex);
    assert.equal(r.status, report.ok ? 0 : report.judged ? 1 : 3, 'exit status: 0 ok, 1 problems, 3 nothing to judge by');
  });

  test(`rmq.doctor on ${ex.name} gives expected.json, and the CLI's human report is report.text`, async () => {
    const rmq = await load({ analysis: true });
    const report = rmq.doctor({ route: ex.route, connection: ex.connection, progress: ex.progress, status: ex.status ?? undefined });
    checkReport(report, ex);
    assert.equal(typeof report.text, 'string');
    assert.ok(report.text.replace(/\s+/g, ' ').startsWith(report.verdict), 'the text starts with the verdict (wrapped)');
    assert.ok(!Object.keys(report).includes('text'), 'text is not enumerable');
    const human = cli(cliArgs(ex));
    assert.equal(human.stdout.trimEnd(), report.text.trimEnd());
    assert.equal(human.status, report.ok ? 0 : report.judged ? 1 : 3);
  });
}

test('format text / json: the same report, only that form, with ok and judged', async () => {
  const rmq = await load({ analysis: true });
  for (const ex of EXAMPLES) {
    const input = { route: ex.route, connection: ex.connection, progress: ex.progress, status: ex.status ?? undefined };
    const report = rmq.doctor(input);
    const asJSON = rmq.doctor(input, { format: 'json' });
    assert.deepEqual(JSON.parse(asJSON.json), report);
    assert.equal(asJSON.ok, report.ok);
    assert.equal(asJSON.judged, report.judged);
    assert.deepEqual(rmq.doctor(input, { format: 'text' }), { ok: report.ok, judged: report.judged, text: report.text });
    assert.deepEqual(rmq.doctor(input, { format: 'report' }), report);
  }
  assert.throws(() => rmq.doctor({ route: '' }, { format: 'xml' }), (e) => e instanceof RangeError && e.field === 'options.format');
});

test('status may be a text, texts, {name,text}[] or a name → text record, with the same diagnosis', async () => {
  const rmq = await load({ analysis: true });
  const ex = EXAMPLES.find((e) => e.status);
  const base = { route: [{ text: ex.route }], connection: ex.connection, progress: ex.progress };
  const names = Object.keys(ex.status);
  const byRecord = rmq.doctor({ ...base, status: ex.status });
  const byList = rmq.doctor({ ...base, status: names.map((name) => ({ name, text: ex.status[name] })) });
  assert.deepEqual(byList, byRecord);
  checkReport(byRecord, ex);
  // Without names: the client ID comes from the text's own properties.
  const unnamed = rmq.doctor({ ...base, status: names.map((n) => ex.status[n]) });
  checkReport(unnamed, ex);
  const one = rmq.doctor({ ...base, status: ex.status[names[0]] });
  assert.equal(typeof one.ok, 'boolean');
});

test('rmq.parse reads each format; routeToQueues reads the fastjson text like the parsed route', async () => {
  const rmq = await load({ analysis: true });
  const ex = EXAMPLES.find((e) => e.status);
  const route = rmq.parse.topicRoute(ex.route);
  assert.ok(route.queueDatas.length > 0 && route.brokerDatas.length > 0);
  assert.ok(route.brokerDatas.every((b) => typeof b.brokerAddrs['0'] === 'string'), 'integer keys of brokerAddrs read');
  const fromText = rmq.routeToQueues({ topic: ex.expected.topic, route: ex.route });
  assert.deepEqual(fromText, rmq.routeToQueues({ topic: ex.expected.topic, route }));
  const readable = route.queueDatas.filter((q) => q.perm & 4).reduce((n, q) => n + q.readQueueNums, 0);
  assert.equal(fromText.subscribe.length, readable);
  const conn = rmq.parse.consumerConnection(ex.connection);
  assert.ok(conn.clients.length > 0 && conn.clients.every((c) => c.clientId.includes('@')));
  const prog = rmq.parse.consumerProgress(ex.progress);
  assert.ok(prog.rows.length > 0);
  const st = rmq.parse.consumerStatus(Object.values(ex.status)[0]);
  assert.ok(st.queues.length > 0);
});

test('the core module says to load({ analysis: true }) for the doctor and routes as text, and stays usable', async () => {
  const rmq = await load();
  assert.equal(rmq.build, 'core');
  const ex = EXAMPLES[0];
  for (const call of [
    () => rmq.doctor({ route: ex.route }),
    () => rmq.parse.consumerProgress(ex.progress),
    () => rmq.parse.topicRoute(ex.route),
    () => rmq.routeToQueues({ topic: 'T', route: ex.route }),
  ]) {
    assert.throws(call, (e) => e.code === 'ERR_UNSUPPORTED' && /load\(\{ analysis: true \}\)/.test(e.message));
  }
  const route = { queueDatas: [{ brokerName: 'b', perm: 6, readQueueNums: 2, writeQueueNums: 2 }], brokerDatas: [{ brokerName: 'b', brokerAddrs: { 0: 'x:1' } }] };
  assert.equal(rmq.routeToQueues({ topic: 'T', route }).subscribe.length, 2, 'route objects work on the core module');
});

test('the full module reads route text; 10 MB of it is a clear error and the module answers the next call', async () => {
  const rmq = await load({ analysis: true });
  const ex = EXAMPLES[0];
  const route = rmq.parse.topicRoute(ex.route);
  assert.ok(route.queueDatas.length > 0);
  assert.ok(rmq.routeToQueues({ topic: 'T', route: ex.route }).subscribe.length > 0);
  for (const big of ['{"queueDatas":[' + '{"brokerName":"b","perm":6,"readQueueNums":1,"writeQueueNums":1},'.repeat(150_000), 'x'.repeat(10 << 20)]) {
    assert.throws(() => rmq.routeToQueues({ topic: 'T', route: big }), (e) => e.code === 'ERR_BAD_INPUT' && e.box === 'route' && e.line === 1);
    assert.ok(rmq.routeToQueues({ topic: 'T', route: ex.route }).subscribe.length > 0, 'still usable');
  }
});

// Bad input: each must be an ERR_BAD_INPUT naming the box (and the line
// when there is one), and the module must answer the next call.
const ex0 = EXAMPLES.find((e) => e.name === 'wrong-owner') ?? EXAMPLES[0];
const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)).toString('latin1');
const badInputs = [
  ['truncated route', { route: ex0.route.slice(0, Math.floor(ex0.route.length / 2)) }, 'route', true],
  ['truncated progress', { progress: ex0.progress.slice(0, Math.floor(ex0.progress.length / 3)) + '\npay_xxx   broker-a   ' }, 'progress', true],
  ['progress in the connection box', { connection: ex0.progress }, 'connection', true],
  ['connection in the progress box', { progress: ex0.connection }, 'progress', true],
  ['route in the progress box', { progress: ex0.route }, 'progress', true],
  ['binary junk as route', { route: junk }, 'route', true],
  ['binary junk as connection', { connection: junk }, 'connection', true],
  ['binary junk as status', { status: { 'x@1': junk } }, 'status[0]', false],
  ['10 MB of text as progress', { progress: 'x'.repeat(100) + '\n' + 'pay_xxx broker-a 0 1 2 3 '.repeat(400_000) }, 'progress', true],
  ['empty connection', { connection: '' }, 'connection', false],
];

for (const [name, patch, box, hasLine] of badInputs) {
  test(`bad input, ${name}: ERR_BAD_INPUT naming ${box}; the module stays usable`, async () => {
    const rmq = await load({ analysis: true });
    const input = { route: ex0.route, connection: ex0.connection, progress: ex0.progress, ...patch };
    assert.throws(() => rmq.doctor(input), (e) => {
      assert.equal(e.code, 'ERR_BAD_INPUT', e.message);
      assert.ok(e instanceof Error);
      assert.equal(e.box, box, e.message);
      assert.equal(e.field, box);
      assert.ok(e.message.startsWith(box), `message names the box: ${e.message}`);
      if (hasLine) {
        assert.ok(e.line >= 1, `a line: ${e.message}`);
        assert.match(e.message, new RegExp(`line ${e.line}\\b`));
      }
      assert.ok(e.message.length < 400, 'a short message');
      return true;
    });
    assert.ok(rmq.alive);
    checkReport(rmq.doctor({ route: ex0.route, connection: ex0.connection, progress: ex0.progress }), ex0);
  });
}

test('rmq.parse: bad text is ERR_BAD_INPUT with the format as box; wrong types are TypeErrors', async () => {
  const rmq = await load({ analysis: true });
  assert.throws(() => rmq.parse.topicRoute('{"queueDatas":[{"brokerName":'), (e) => e.code === 'ERR_BAD_INPUT' && e.box === 'route' && e.line === 1);
  assert.throws(() => rmq.parse.consumerProgress(junk), (e) => e.code === 'ERR_BAD_INPUT' && e.box === 'progress' && e.line >= 1);
  assert.throws(() => rmq.parse.consumerConnection(42), (e) => e instanceof TypeError && e.field === 'text');
  assert.throws(() => rmq.doctor({ route: 42 }), (e) => e instanceof TypeError && e.field === 'route');
  assert.throws(() => rmq.doctor({ status: [{ name: 'a', text: 1 }] }), (e) => e instanceof TypeError && e.field === 'status[0].text');
  assert.throws(() => rmq.routeToQueues({ topic: 'T', route: '{0:' }), (e) => e.code === 'ERR_BAD_INPUT' && e.box === 'route');
  assert.ok(rmq.parse.topicRoute(ex0.route).queueDatas.length > 0, 'still usable');
});

test('rmqalloc doctor, bad input: exit 2, one line naming the option, file and line, no stack', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-cli-'));
  try {
    const cut = path.join(dir, 'progress-cut.txt');
    writeFileSync(cut, ex0.progress.slice(0, Math.floor(ex0.progress.length / 3)) + '\npay_xxx   broker-a   ');
    const base = ['doctor', '--route', path.join(ex0.dir, 'route.txt'), '--connection', path.join(ex0.dir, 'connection.txt')];
    const r = cli([...base, '--progress', cut]);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, new RegExp(`^rmqalloc: ${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line \\d+`));
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');

    const swapped = cli([...base.slice(0, 3), '--connection', path.join(ex0.dir, 'progress.txt'), '--progress', path.join(ex0.dir, 'progress.txt')]);
    assert.equal(swapped.status, 2);
    assert.match(swapped.stderr, /^rmqalloc: \/.*progress\.txt: line \d+/);

    const junkFile = path.join(dir, 'junk.bin');
    writeFileSync(junkFile, Buffer.from(Array.from({ length: 65536 }, (_, i) => (i * 2654435761) >>> 24)));
    const bin = cli([...base, '--progress', junkFile]);
    assert.equal(bin.status, 2, bin.stderr);
    assert.match(bin.stderr, /^rmqalloc: \/.*junk\.bin: line \d+/);
    assert.equal(bin.stderr.trim().split('\n').length, 1, 'one line');

    const missing = cli([...base, '--progress', path.join(dir, 'nope.txt')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--progress .*nope\.txt: no such file/);

    const noArgs = cli(['doctor', '--route', path.join(ex0.dir, 'route.txt')]);
    assert.equal(noArgs.status, 2);
    assert.match(noArgs.stderr, /doctor: missing --connection, --progress/);

    const twice = cli(['doctor', '--route', path.join(ex0.dir, 'route.txt'), '--route', path.join(ex0.dir, 'route.txt'), '--connection', path.join(ex0.dir, 'connection.txt'), '--progress', path.join(ex0.dir, 'progress.txt')]);
    assert.equal(twice.status, 2);
    assert.match(twice.stderr, /^rmqalloc: \/.*route\.txt: cannot tell which topic .*--route TOPIC=FILE/);
    // TOPIC=FILE names the topic of a route.
    const named = cli(['doctor', '--route', `${ex0.expected.topic}=${path.join(ex0.dir, 'route.txt')}`, '--connection', path.join(ex0.dir, 'connection.txt'), '--progress', path.join(ex0.dir, 'progress.txt'), '--json']);
    assert.ok(named.status === 0 || named.status === 1, named.stderr);
    checkReport(JSON.parse(named.stdout), ex0);
    const wrongName = cli(['doctor', '--route', `nope=${path.join(ex0.dir, 'route.txt')}`, '--connection', path.join(ex0.dir, 'connection.txt'), '--progress', path.join(ex0.dir, 'progress.txt'), '--json']);
    assert.notEqual(wrongName.status, 0, 'a route named for another topic is not a clean bill of health');

    const stdin = cli([...base, '--progress', '-', '--json'], ex0.progress);
    assert.ok(stdin.status === 0 || stdin.status === 1, stdin.stderr);
    checkReport(JSON.parse(stdin.stdout), ex0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('mangled pastes (cut, flipped, swapped lines): a report or ERR_BAD_INPUT, never another error; the module lives', async () => {
  const rmq = await load({ analysis: true });
  let seed = 42;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const mangle = (s) => {
    switch (rnd(4)) {
      case 0: return s.slice(0, rnd(s.length + 1));
      case 1: {
        const a = [...s];
        for (let k = rnd(8) + 1; k > 0; k--) a[rnd(a.length)] = String.fromCharCode(rnd(128));
        return a.join('');
      }
      case 2: {
        const lines = s.split('\n');
        const i = rnd(lines.length);
        const j = rnd(lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        return lines.join('\n');
      }
      default: return s.replace(/\t/g, '    ').replace(/\n/g, '\r\n');
    }
  };
  const counts = { report: 0, bad: 0 };
  for (let i = 0; i < 150; i++) {
    const ex = EXAMPLES[i % EXAMPLES.length];
    const input = { route: ex.route, connection: ex.connection, progress: ex.progress, status: ex.status ?? undefined };
    const box = ['route', 'connection', 'progress'][rnd(3)];
    input[box] = mangle(input[box]);
    try {
      const r = rmq.doctor(input, { format: 'json' });
      assert.equal(typeof JSON.parse(r.json).ok, 'boolean');
      counts.report++;
    } catch (e) {
      assert.equal(e.code, 'ERR_BAD_INPUT', `${ex.name} ${box}: ${e.code} ${e.message}`);
      assert.equal(e.box, box, e.message);
      counts.bad++;
    }
  }
  assert.ok(rmq.alive);
  assert.ok(counts.report > 0 && counts.bad > 0, JSON.stringify(counts));
});

test('a getter that calls rmq.* while the doctor reads its input leaves the call intact', async () => {
  const rmq = await load({ analysis: true });
  const ex = EXAMPLES[0];
  const plain = { route: ex.route, connection: ex.connection, progress: ex.progress };
  const nested = {
    route: ex.route,
    connection: ex.connection,
    get progress() {
      rmq.allocate({ strategy: { name: 'AVG' }, consumerGroup: 'g', currentCID: 'c', mqAll: [{ topic: 'T', brokerName: 'b', queueId: 0 }], cidAll: ['c'] });
      return ex.progress;
    },
  };
  assert.equal(JSON.stringify(rmq.doctor(nested)), JSON.stringify(rmq.doctor(plain)));
});

// What a real cluster printed (testdata/real*, capture.sh's folders): the
// CLI reads each folder as saved (status/<millis>/, connection.err,
// progress-c.txt) and exits with the verdict its situation calls for.
const REAL = {
  'real/basic3': [0, []],
  'real/basic3-early': [0, []],
  'real/dup-clientid': [1, ['DUPLICATE_CLIENT_ID', 'DOUBLE_OWNED', 'ORPHANED']],
  'real/mixed-language': [0, ['MIXED_LANGUAGES']],
  'real/mixed-strategy': [1, ['MIXED_STRATEGIES', 'DOUBLE_OWNED']],
  'real/offline-group': [1, ['GROUP_OFFLINE']],
  'real/queue-grow/1-before': [0, []],
  'real/queue-grow/2-just-after': [0, ['ROUTE_VIEW_DIFFERS']],
  'real/queue-grow/3-after-60s': [0, []],
  'real5/b493-basic3-c533': [0, []],
  'real5/b533-basic3-c493': [0, []],
  'real5/b533-basic3-c533': [0, []],
  'real5/b533-dup-c533': [1, ['DUPLICATE_CLIENT_ID', 'DOUBLE_OWNED', 'ORPHANED']],
  'real5/b533-mixed-c533': [1, ['MIXED_STRATEGIES', 'DOUBLE_OWNED']],
  'real5/b533-room-c533': [1, ['MACHINE_ROOM', 'ORPHANED']],
};
for (const [dir, [exit, codes]] of Object.entries(REAL)) {
  test(`rmqalloc doctor ${dir}: exit ${exit}${codes.length ? ', ' + codes.join(', ') : ''}`, () => {
    const r = cli(['doctor', path.join(TESTDATA, dir), '--json']);
    assert.equal(r.stderr, '');
    const report = JSON.parse(r.stdout);
    assert.equal(r.status, exit, report.verdict);
    const got = codesOf(report);
    for (const c of codes) assert.ok(got.has(c), `${c} reported (got ${[...got].join(', ')})`);
  });
}

test('rmqalloc doctor: no owner information is exit 3; an empty progress file with the 351 error beside it says what to run', () => {
  const d = path.join(TESTDATA, 'real', 'basic3');
  const r = cli(['doctor', '--route', path.join(d, 'route.txt'), '--connection', path.join(d, 'connection.txt'), '--progress', path.join(d, 'progress-nos.txt')]);
  assert.equal(r.status, 3, r.stdout);
  assert.match(r.stdout, /NO_OWNER_INFO/);
  const b = path.join(TESTDATA, 'real5', 'b493-basic3-c533');
  const p = cli(['doctor', '--route', path.join(b, 'route.txt'), '--connection', path.join(b, 'connection.txt'), '--progress', path.join(b, 'progress.txt')]);
  assert.equal(p.stderr, '');
  assert.match(p.stdout.replace(/\s+/g, ' '), /PROGRESS_UNSUPPORTED.*mqadmin consumerProgress -g G_B5 -t T_B5 -c DefaultCluster -s true/);
});


test('rmqalloc doctor FOLDER: a damaged file is exit 2, one line naming it; a UTF-16 file is read', () => {
  const mixed = EXAMPLES.find((e) => e.name === 'status-files-mixed-strategies');
  const wrong = EXAMPLES.find((e) => e.name === 'wrong-owner');
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-damaged-'));
  const folder = (ex, name, edit) => {
    const d = path.join(dir, name);
    cpSync(ex.dir, d, { recursive: true });
    edit(d);
    return d;
  };
  try {
    const whole = cli(['doctor', wrong.dir, '--json']);
    for (const [d, re] of [
      [folder(mixed, 'half-status', (d) => {
        const f = path.join(d, 'status', '10.0.0.80@54696');
        const t = readFileSync(f, 'utf8');
        writeFileSync(f, t.slice(0, t.length >> 1));
      }), /^rmqalloc: \/.*status\/10\.0\.0\.80@54696: line \d+/],
      [folder(wrong, 'rows-deleted', (d) => {
        const f = path.join(d, 'progress.txt');
        const ls = readFileSync(f, 'utf8').split('\n');
        ls.splice(9, 5); // sed -i '10,14d'
        writeFileSync(f, ls.join('\n'));
      }), /^rmqalloc: \/.*progress\.txt: line 10: .*lines are missing/],
      [folder(wrong, 'footer-cut', (d) => {
        const f = path.join(d, 'progress.txt');
        writeFileSync(f, readFileSync(f, 'utf8').replace(/\d\n$/, '\n'));
      }), /^rmqalloc: \/.*progress\.txt: line \d+, column \d+: Diff Total is \d+ but the 37 rows' #Diff add up to 85200/],
    ]) {
      const r = cli(['doctor', d]);
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, re);
      assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
    }
    // PowerShell's `>`: UTF-16LE with a BOM.
    const u16 = folder(wrong, 'utf16', (d) => {
      for (const f of ['route.txt', 'connection.txt', 'progress.txt']) {
        const p = path.join(d, f);
        writeFileSync(p, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(readFileSync(p, 'utf8'), 'utf16le')]));
      }
    });
    const r = cli(['doctor', u16, '--json']);
    assert.equal(r.status, whole.status, r.stderr);
    assert.equal(r.stdout, whole.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('rmqalloc doctor: the text fits COLUMNS; --progress is optional with --status; --help shows FOLDER and the strategies', () => {
  const ex = EXAMPLES.find((e) => e.name === 'status-files-mixed-strategies');
  for (const cols of ['80', '100']) {
    const r = spawnSync(process.execPath, [BIN, 'doctor', ex.dir], { env: { ...env, COLUMNS: cols }, encoding: 'utf8' });
    assert.equal(r.status, 1, r.stderr);
    for (const l of r.stdout.split('\n')) assert.ok(l.length <= Number(cols) || !/\s\S/.test(l.trim()) || Math.max(...l.split(/\s+/).map((w) => w.length)) > 15, `${cols}: ${l}`);
  }
  const noProgress = cli(['doctor', '--route', path.join(ex.dir, 'route.txt'), '--connection', path.join(ex.dir, 'connection.txt'), '--status', ex.statusDir, '--json']);
  assert.equal(noProgress.status, 1, noProgress.stderr);
  checkReport(JSON.parse(noProgress.stdout), ex);
  const help = cli(['doctor', '--help']).stdout;
  assert.match(help, /rmqalloc doctor FOLDER/);
  assert.match(help, /AVG, AVG_BY_CIRCLE or CONSISTENT_HASH/);
  assert.match(cli(['--help']).stdout, /rmqalloc doctor FOLDER/);
});
