// rmqalloc doctor --namesrv: --timeout bounds the read and the diagnosis
// together (docs/doctor-limits.md), in the npm CLI as in the Go binary.
// A WebAssembly call cannot be interrupted on its own thread: the
// diagnosis runs in a worker thread that is stopped at the deadline.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeCluster, runCli } from './fake-cluster.mjs';

const doctor = (ns, ...more) => runCli(['doctor', '--namesrv', ns, '--group', 'G_LIVE', ...more]);

// The judge worker swapped for one that calls the module for ever
// (fixtures/endless-judge.mjs): only the deadline can end the run,
// whatever the machine's speed.
const ENDLESS = ['--import', fileURLToPath(new URL('./fixtures/endless-judge.mjs', import.meta.url))];

test('--timeout bounds the diagnosis too: stopped at the deadline with exit 2, the reason said', { timeout: 180000 }, async () => {
  const kit = await fakeCluster();
  try {
    // 5 s: ample for the read on a busy machine; the diagnosis never ends.
    const r = await runCli(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--timeout', '5s'], ENDLESS, { killAfterMs: 120000 });
    // Exit 2 and this line come only from a worker stopped before it
    // answered; one never stopped is killed after a generous 120 s (a
    // loaded machine: 5 s, the module's start and the read) and fails here.
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /\nrmqalloc: the diagnosis did not finish within --timeout 5s \(the read included; at least 1s after the read\)\n$/);
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
