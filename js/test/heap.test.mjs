// The JS heap and the module's memory stay flat over 10^5 calls (measured
// after GC in a child process started with --expose-gc).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('heap does not grow over 10^5 calls', () => {
  const child = fileURLToPath(new URL('./fixtures/heap-child.mjs', import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', child], { env: { ...process.env, RMQ_HEAP_CHILD: '1', NODE_TEST_CONTEXT: '' }, encoding: 'utf8', timeout: 240_000 });
  const points = JSON.parse(out);
  assert.equal(points.length, 6);
  // From the first checkpoint after warm-up (20,000 calls) to the last.
  const a = points[1];
  const b = points[points.length - 1];
  const mb = (x) => (x / 2 ** 20).toFixed(2);
  const growth = `heapUsed ${mb(a.heapUsed)} → ${mb(b.heapUsed)} MB, external ${mb(a.external)} → ${mb(b.external)} MB`;
  assert.ok(b.heapUsed - a.heapUsed < 2 * 2 ** 20, growth);
  // The module's linear memory is external; Go grows it only when its heap needs to.
  assert.ok(b.external - a.external < 8 * 2 ** 20, growth);
});
