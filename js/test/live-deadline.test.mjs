// rmqalloc doctor --namesrv: --timeout bounds the read and the diagnosis
// together (docs/doctor-limits.md), in the npm CLI as in the Go binary.
// A WebAssembly call cannot be interrupted on its own thread: the
// diagnosis runs in a worker thread that is stopped at the deadline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeCluster, rebuild, runCli } from './fake-cluster.mjs';

const doctor = (ns, ...more) => runCli(['doctor', '--namesrv', ns, '--group', 'G_LIVE', ...more]);

// 64000 queues on broker-b (under the per-topic limit of 65536): the
// read is a handful of small frames, the diagnosis takes tens of CPU
// seconds in the npm CLI. The consume stats name only broker-a (8 queues,
// as the route says), so the files agree: a group with no offsets on
// broker-b yet.
const bigB = (t) => t.replace('"brokerName":"broker-b","perm":6,"readQueueNums":8,"topicSysFlag":0,"writeQueueNums":8',
  '"brokerName":"broker-b","perm":6,"readQueueNums":64000,"topicSysFlag":0,"writeQueueNums":64000');
const big = (name, _h, a) => (name === 'route' ? rebuild(a, {}, bigB) : a);

test('--timeout bounds the diagnosis too: stopped at the deadline with exit 2, the reason said', async () => {
  const kit = await fakeCluster(big);
  try {
    // 5 s: ample for the read on a busy machine, far too little for the diagnosis.
    const r = await doctor(kit.ns, '--timeout', '5s');
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /\nrmqalloc: the diagnosis did not finish within --timeout 5s \(the read included; at least 1s after the read\)\n$/);
    // Generous (a loaded machine): the run ends at the deadline, not after the diagnosis.
    assert.ok(r.ms < 30000, `ended ${r.ms} ms after the start`);
  } finally {
    kit.close();
  }
});

test('within --timeout the bounded diagnosis prints the report `doctor FOLDER` gives for the saved folder', async () => {
  const kit = await fakeCluster();
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-deadline-'));
  try {
    const r = await doctor(kit.ns, '--timeout', '30s', '--json', '--save', dir);
    assert.ok([0, 1, 3].includes(r.status), r.stderr);
    const rep = JSON.parse(r.stdout);
    // The fake's members c2 and c3 do not answer: 10 of its 17 queues are unknown.
    assert.deepEqual([rep.queues, rep.unknown], [17, 10]);
    const again = await runCli(['doctor', dir, '--json']);
    assert.equal(again.status, r.status);
    assert.deepEqual(JSON.parse(again.stdout), rep);
  } finally {
    kit.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
