// rmqalloc doctor --namesrv: the live read against a fake cluster that
// answers with the frames the real 4.9.3 kit sent (cluster/live/testdata/kit),
// its brokers' addresses rewritten to the fake ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/rmqalloc.js', import.meta.url));
const FRAMES = fileURLToPath(new URL('../../cluster/live/testdata/kit/frames/', import.meta.url));
const env = { ...process.env, NODE_TEST_CONTEXT: '' };

/**
 * The builds each test runs against: the npm CLI, and the Go binary
 * (cmd/rmqalloc, built here when go is on PATH): one command, one fake
 * cluster, the same answers.
 */
const BUILDS = [{ name: 'npm', file: process.execPath, pre: [BIN] }];
{
  const goBin = join(mkdtempSync(join(tmpdir(), 'rmqalloc-go-')), 'rmqalloc');
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const built = spawnSync('go', ['build', '-o', goBin, './cmd/rmqalloc'], { cwd: repo, encoding: 'utf8' });
  if (built.status === 0) BUILDS.push({ name: 'go', file: goBin, pre: [] });
  else process.stderr.write(`# live.test.mjs: the Go binary is not run (go build: ${built.error?.message ?? built.stderr})\n`);
}
let current = BUILDS[0];

/** A test run once per build. */
const both = (name, fn) => {
  for (const b of BUILDS) {
    test(`${name} [${b.name}]`, async () => {
      current = b;
      await fn();
    });
  }
};

const run = (args) => new Promise((resolve) => {
  const p = spawn(current.file, [...current.pre, ...args], { env });
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (b) => { stdout += b; });
  p.stderr.on('data', (b) => { stderr += b; });
  p.on('close', (status) => resolve({ status, stdout, stderr }));
});

/** A frame with its body's text replaced (lengths recomputed). */
function rebody(frame, edit) {
  const hl = frame.readUInt32BE(4) & 0xffffff;
  const body = Buffer.from(edit(frame.subarray(8 + hl).toString('utf8')));
  const out = Buffer.alloc(8 + hl + body.length);
  out.writeUInt32BE(4 + hl + body.length, 0);
  frame.copy(out, 4, 4, 8 + hl);
  body.copy(out, 8 + hl);
  return out;
}

/** A recorded answer re-addressed to the request (its header's opaque), as a server answers. */
function withOpaque(frame, opaque) {
  const hl = frame.readUInt32BE(4) & 0xffffff;
  const h = JSON.parse(frame.subarray(8, 8 + hl).toString('utf8'));
  h.opaque = opaque;
  const hb = Buffer.from(JSON.stringify(h));
  const body = frame.subarray(8 + hl);
  const out = Buffer.alloc(8 + hb.length + body.length);
  out.writeUInt32BE(4 + hb.length + body.length, 0);
  out.writeUInt32BE(hb.length | (frame.readUInt32BE(4) & 0xff000000), 4);
  hb.copy(out, 8);
  body.copy(out, 8 + hb.length);
  return out;
}

function header(buf) {
  const hl = buf.readUInt32BE(4) & 0xffffff;
  return JSON.parse(buf.subarray(8, 8 + hl).toString('utf8'));
}

/**
 * Listens on an ephemeral port; answer(header) is a frame (sent as the
 * answer to that request: its opaque), raw bytes ({ raw }: sent as they
 * are), or null (never answer).
 */
function server(answer) {
  const srv = createServer((sock) => {
    let buf = Buffer.alloc(0);
    sock.on('data', (b) => {
      buf = Buffer.concat([buf, b]);
      if (buf.length < 4 || buf.length < buf.readUInt32BE(0) + 4) return;
      const h = header(buf);
      const f = answer(h);
      if (f?.raw) sock.write(f.raw);
      else if (f) sock.end(withOpaque(f, h.opaque));
    });
    sock.on('error', () => {});
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(srv)));
}

const frame = (name) => readFileSync(join(FRAMES, `${name}.frame`));

/** The Go command on the same arguments (null where go is not installed). */
const runGo = (args) => new Promise((resolve) => {
  const go = BUILDS.find((b) => b.name === 'go');
  if (!go) return resolve(null);
  const p = spawn(go.file, args, { env });
  let stdout = '';
  p.stdout.on('data', (b) => { stdout += b; });
  p.on('error', () => resolve(null));
  p.on('close', (status) => resolve({ status, stdout }));
});

/** broker-a's or -b's TopicStatsTable for T_LIVE: its recorded consume stats' queues, broker offset as max. */
function topicStats(which) {
  const f = frame(`stats-${which}`);
  return rebody(f, (body) => {
    const rows = [...body.matchAll(/(\{"brokerName":"[^"]+","queueId":\d+,"topic":"T_LIVE"\}):\{"brokerOffset":(\d+),"consumerOffset":\d+,"lastTimestamp":(\d+)\}/g)];
    return `{"offsetTable":{${rows.map((m) => `${m[1]}:{"lastUpdateTimestamp":${m[3]},"maxOffset":${m[2]},"minOffset":0}`).join(',')}}}`;
  });
}

/** A fake kit: namesrv, broker-a, broker-b; overrides by frame name. */
async function fakeKit(override = {}) {
  const servers = {};
  const addr = (s) => `127.0.0.1:${s.address().port}`;
  const pick = (name) => (name in override ? override[name] : name.startsWith('topicstats-') ? topicStats(name.slice(-1)) : frame(name));
  servers.a = await server((h) => broker(h, 'a'));
  servers.b = await server((h) => broker(h, 'b'));
  const moveBrokers = (t) => t.replaceAll('127.0.0.1:10911', addr(servers.a)).replaceAll('127.0.0.1:10921', addr(servers.b));
  function broker(h, which) {
    if (h.code === 203) return pick('connection');
    if (h.code === 208) return pick(`stats-${which}`);
    if (h.code === 202) return pick(`topicstats-${which}`) ?? null;
    if (h.code === 307) {
      const name = `running-${h.extFields.clientId.replace('127.0.0.1@', '')}`;
      return readdirSync(FRAMES).includes(`${name}.frame`) ? pick(name) : frame('running-none');
    }
    return null;
  }
  servers.ns = await server((h) => {
    const name = { T_LIVE: 'route', '%RETRY%G_LIVE': 'route-retry' }[h.extFields.topic] ?? 'route-missing';
    const f = pick(name);
    return f && rebody(f, moveBrokers);
  });
  return { ns: addr(servers.ns), close: () => Object.values(servers).forEach((s) => s.close()) };
}

both('doctor --namesrv: the report is the one its saved folder gives; a client that does not answer is a warning', async () => {
  const kit = await fakeKit();
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-live-test-'));
  try {
    const live = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--json', '--save', dir]);
    assert.equal(live.status, 1, live.stderr + live.stdout); // mixed strategies in the recorded group
    assert.match(live.stderr, /warning: client 127\.0\.0\.1@c2 did not answer its running-info request .*its status file is left out/);
    const replay = await run(['doctor', dir, '--json']);
    assert.equal(replay.status, 1, replay.stderr);
    assert.equal(live.stdout, replay.stdout);
    const report = JSON.parse(live.stdout);
    assert.ok(report.topics.some((t) => t.topic === 'T_LIVE'));
    const saved = readdirSync(dir).sort();
    assert.deepEqual(saved, ['captured-at.txt', 'connection.txt', 'progress.txt', 'route.txt', 'status', 'topicStatus.txt']);
    const [stamp] = readdirSync(join(dir, 'status'));
    assert.deepEqual(readdirSync(join(dir, 'status', stamp)).sort(), ['127.0.0.1@c1', '127.0.0.1@c3']);
    const text = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE']);
    assert.match(text.stdout, /MIXED_STRATEGIES/);
  } finally {
    kit.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

both('doctor --namesrv: errors name the address', async () => {
  const kit = await fakeKit({ 'route-retry': frame('route-missing') });
  try {
    const unknown = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE']);
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stderr, `rmqalloc: unknown consumer group "G_LIVE": NameServer ${kit.ns} has no route for %RETRY%G_LIVE (a group that never ran a consumer has none)\n`);
  } finally {
    kit.close();
  }
  const silent = await fakeKit({ 'route-retry': null });
  try {
    const t0 = Date.now();
    const slow = await run(['doctor', '--namesrv', silent.ns, '--group', 'G_LIVE', '--timeout', '300ms']);
    assert.equal(slow.status, 3); // the cluster did not answer: nothing judged
    assert.equal(slow.stderr, `rmqalloc: NameServer ${silent.ns} did not answer in time (--timeout 300ms)\n`);
    assert.ok(Date.now() - t0 < 5000);
  } finally {
    silent.close();
  }
  const closed = await server(() => null);
  const port = closed.address().port;
  await new Promise((r) => closed.close(r));
  const down = await run(['doctor', '--namesrv', `127.0.0.1:${port}`, '--group', 'G_LIVE']);
  assert.equal(down.status, 3);
  assert.equal(down.stderr, `rmqalloc: NameServer 127.0.0.1:${port} is unreachable: connection refused\n`);
  const usage = await run(['doctor', '--namesrv', '127.0.0.1:1']);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--namesrv needs --group GROUP/);
  const stray = await run(['doctor', '--group', 'G']);
  assert.match(stray.stderr, /--group goes with --namesrv/);
});

both('doctor --namesrv: a broker that never answers costs its queues, not the read', async () => {
  const kit = await fakeKit({ 'stats-b': null });
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-live-test-'));
  try {
    const live = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--json', '--timeout', '1s', '--save', dir]);
    assert.equal(live.status, 1, live.stderr + live.stdout.slice(0, 400)); // mixed strategies in the recorded group
    assert.match(live.stderr, /did not give the consume stats of G_LIVE .*wait response on the channel <127\.0\.0\.1:\d+> timeout/);
    assert.match(readFileSync(join(dir, 'progress.err'), 'utf8'), /RemotingTimeoutException: wait response on the channel <127\.0\.0\.1:\d+> timeout/);
    assert.doesNotMatch(readFileSync(join(dir, 'progress.txt'), 'utf8'), /broker-b /);
    const report = JSON.parse(live.stdout);
    assert.ok(report.findings.some((f) => f.code === 'READ_FAILED' && /broker-b/.test(f.message)), live.stdout);
    const replay = await run(['doctor', dir, '--json']);
    assert.equal(replay.stdout, live.stdout);
    const go = await runGo(['doctor', dir, '--json']);
    if (go) assert.equal(go.stdout, live.stdout);
  } finally {
    kit.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

both('doctor --namesrv: a group with no consumer online (206) says so and saves connection.err', async () => {
  const kit = await fakeKit({ connection: frame('connection-offline') });
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-live-test-'));
  try {
    const r = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--save', dir]);
    assert.match(r.stderr, /has no consumer online/);
    assert.equal(readFileSync(join(dir, 'connection.txt'), 'utf8'), '');
    assert.match(readFileSync(join(dir, 'connection.err'), 'utf8'), /CODE: 206 {2}DESC: the consumer group\[G_NOPE\] not online BROKER: 127\.0\.0\.1:/);
    assert.match(readFileSync(join(dir, 'progress.txt'), 'utf8'), /^T_LIVE .* N\/A /m);
  } finally {
    kit.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

both('doctor --namesrv --watch: a snapshot every interval, then the report over time', async () => {
  const kit = await fakeKit();
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-watch-test-'));
  try {
    const w = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--watch', '200ms', '--count', '2', '--json', '--save', dir]);
    assert.equal(w.status, 1, w.stderr);
    assert.match(w.stderr, /snapshot 1 of 2 taken; the next in 200ms/);
    assert.match(w.stderr, /snapshot 2 of 2 taken\n/);
    assert.deepEqual(readdirSync(dir).sort(), ['1', '2']);
    const report = JSON.parse(w.stdout);
    assert.equal(report.timeline.snapshots.length, 2);
    const replay = await run(['doctor', join(dir, '1'), join(dir, '2'), '--json']);
    assert.equal(replay.stdout, w.stdout, 'the watch reports what its saved snapshots give');
    const bad = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--count', '2']);
    assert.match(bad.stderr, /--count goes with --watch/);
    const zero = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--watch', '1s', '--count', '0']);
    assert.match(zero.stderr, /--count 0: want a whole number of snapshots, 1 or more/);
  } finally {
    kit.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
