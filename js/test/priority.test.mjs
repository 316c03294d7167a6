// rmq.priorityDecide, rmq.priorityOrder and rmq.priorityDrain (RIP-80's
// consumer side, alloc/priority) on the worked examples of its docs, the
// same ones wasm/priority_test.go checks on the Go handlers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.js';

const rmq = await load({ analysis: true });

test('priorityDecide: the file path draws randomQ, the KV path counts requests', () => {
  assert.deepEqual(rmq.priorityDecide({ randomQ: 37 }), { priorityMode: true, retryFirst: false, retryAfter: true, offset: 0 },
    'defaults, factor 100: priority mode, offset 0, retries after');
  assert.deepEqual(rmq.priorityDecide({ randomQ: 37, priorityFactor: 30 }), { priorityMode: false, retryFirst: false, retryAfter: true, offset: 37 },
    '37 ≥ 30: normal mode at offset 37; 37 ≥ 20: retries after');
  assert.deepEqual(rmq.priorityDecide({ randomQ: 5, priorityTopic: false }), { priorityMode: false, retryFirst: true, retryAfter: false, offset: 5 },
    'not a priority topic, 5 < 20: retry topic first');
  assert.deepEqual(rmq.priorityDecide({ randomQ: 5, order: true }), { priorityMode: false, retryFirst: false, retryAfter: false, offset: 5 },
    'FIFO: never priority mode, never retry');
  assert.deepEqual(rmq.priorityDecide({ path: 'kv', requestCount: 150, priorityFactor: 30 }), { priorityMode: false, retryFirst: true, retryAfter: false, offset: 150 },
    '150 % 100 = 50 ≥ 30; every 100/20 = 5th request reads retry first');
  assert.deepEqual(rmq.priorityDecide({ path: 'kv', requestCount: 3_000_000_000 }).offset, 0, 'priority mode: offset 0');
});

test('priorityDecide: errors name the field', () => {
  assert.throws(() => rmq.priorityDecide({ randomQ: 100 }), { code: 'ERR_INVALID_ARGUMENT', field: 'randomQ', javaClass: 'IllegalArgumentException' });
  assert.throws(() => rmq.priorityDecide({ path: 'kv', requestCount: -1 }), { field: 'requestCount' });
  assert.throws(() => rmq.priorityDecide({ randomQ: 1, priorityFactor: 101 }), { field: 'priorityFactor', message: /priority\.factor must be in \[0, 100\]/ });
  assert.throws(() => rmq.priorityDecide({ requestCount: 1 }), { field: 'requestCount', message: /give randomQ/ });
  assert.throws(() => rmq.priorityDecide({}), { field: 'randomQ' });
  assert.throws(() => rmq.priorityDecide({ randomQ: 1, path: 'pop' }), { field: 'path' });
  assert.throws(() => rmq.priorityDecide({ randomq: 1 }), { field: 'randomq', message: /did you mean randomQ/ });
});

test('priorityOrder: visit i is queue (base + offset) % n, from the last queue down with priorityOrderAsc', () => {
  assert.deepEqual(rmq.priorityOrder({ readQueueNums: 8 }), [7, 6, 5, 4, 3, 2, 1, 0]);
  assert.deepEqual(rmq.priorityOrder({ readQueueNums: 8, offset: 3 }), [2, 1, 0, 7, 6, 5, 4, 3]);
  assert.deepEqual(rmq.priorityOrder({ readQueueNums: 8, offset: 3, priorityOrderAsc: false }), [3, 4, 5, 6, 7, 0, 1, 2]);
  assert.deepEqual(rmq.priorityOrder({ readQueueNums: 3, offset: 1000, path: 'kv' }), [0, 2, 1], 'the KV path takes any count');
  assert.throws(() => rmq.priorityOrder({ readQueueNums: 8, offset: 100 }), { field: 'offset', message: /\[0, 100\) on the file path/ });
  assert.throws(() => rmq.priorityOrder({ readQueueNums: 0 }), { field: 'readQueueNums' });
  assert.throws(() => rmq.priorityOrder({ readQueueNums: 1.5 }), { field: 'readQueueNums', code: 'ERR_INVALID_ARGUMENT' });
});

test('priorityDrain: a batch fills from the highest-priority queue down', () => {
  const topic = [2, 2, 2, 2, 2, 2, 2, 2];
  const decision = rmq.priorityDecide({ randomQ: 37 });
  assert.deepEqual(rmq.priorityDrain({ decision, topic, maxMsgNums: 5 }),
    [{ retry: false, queueId: 7, count: 2 }, { retry: false, queueId: 6, count: 2 }, { retry: false, queueId: 5, count: 1 }]);
  const first = rmq.priorityDecide({ randomQ: 5, priorityTopic: false });
  assert.deepEqual(rmq.priorityDrain({ decision: first, topic, retry: [0, 3], maxMsgNums: 5 }),
    [{ retry: true, queueId: 1, count: 3 }, { retry: false, queueId: 4, count: 2 }],
    'offset 5: retry queue (1+5)%2 = 0 is empty, queue 5%2 = 1 gives 3; then the topic from (7+5)%8 = 4');
  assert.deepEqual(rmq.priorityDrain({ decision, topic: [0, 1], retry: [4], maxMsgNums: 3 }),
    [{ retry: false, queueId: 1, count: 1 }, { retry: true, queueId: 0, count: 2 }], 'the retry topic after the queues');
  assert.deepEqual(rmq.priorityDrain({ decision, topic: [0, 0], retry: null, maxMsgNums: 3 }), [], 'nothing waiting');
  const reads = rmq.priorityDrain({ decision, topic, maxMsgNums: 1 });
  assert.ok(Object.isFrozen(reads[0]));
});

test('priorityDrain: errors name the field', () => {
  const decision = { priorityMode: true, retryAfter: true, offset: 0 };
  assert.throws(() => rmq.priorityDrain({ decision, topic: [1, -1], maxMsgNums: 5 }), { field: 'topic', message: /queue 1 is negative/ });
  assert.throws(() => rmq.priorityDrain({ decision, topic: [1, 0.5], maxMsgNums: 5 }), { field: 'topic[1]' });
  assert.throws(() => rmq.priorityDrain({ decision, topic: [1], retry: 'x', maxMsgNums: 5 }), { field: 'retry' });
  assert.throws(() => rmq.priorityDrain({ decision, topic: [1], maxMsgNums: 0 }), { field: 'maxMsgNums' });
  assert.throws(() => rmq.priorityDrain({ decision: { ...decision, offset: -1 }, topic: [1], maxMsgNums: 1 }), { field: 'offset' });
  assert.throws(() => rmq.priorityDrain({ decision: { ...decision, mode: 1 }, topic: [1], maxMsgNums: 1 }), { field: 'decision.mode' });
  assert.throws(() => rmq.priorityDrain({ topic: [1], maxMsgNums: 1 }), { field: 'decision' });
});

test('priority*: the core module refuses, saying how to get them', async () => {
  const core = await load();
  for (const call of [() => core.priorityOrder({ readQueueNums: 8 }), () => core.priorityDecide({ randomQ: 1 }),
    () => core.priorityDrain({ decision: {}, topic: [1], maxMsgNums: 1 })]) {
    assert.throws(call, { code: 'ERR_UNSUPPORTED', message: /load\(\{ analysis: true \}\)/ });
  }
});
