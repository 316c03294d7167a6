// rmqalloc doctor --namesrv against fake clusters that misbehave: lying
// frame lengths, answers to other requests, huge routes, thousands of
// clients and brokers, silent clients, escape sequences in what servers
// send. The read must end (by a protocol error, a limit, or --timeout)
// with a documented exit status, and nothing a server sends reaches the
// terminal as a control sequence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeCluster as fake, rebuild, runCli as run } from './fake-cluster.mjs';

const DOCUMENTED = [0, 1, 2, 3, 4];

const doctor = (ns, ...more) => run(['doctor', '--namesrv', ns, '--group', 'G_LIVE', ...more]);

test('a lying frame length is a protocol error at once, not a buffer until the deadline', async () => {
  for (const length of [0x7fffffff, 64 * 1024 * 1024 + 1, 2]) {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(length, 0);
    const kit = await fake((name, _h, a) => (name === 'route-retry' ? { raw: head } : a));
    try {
      const r = await doctor(kit.ns, '--timeout', '30s');
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr, `rmqalloc: NameServer ${kit.ns} answered with something that is not a RocketMQ response (protocol error: frame length ${length} is not a RocketMQ frame (is this a RocketMQ port?))\n`);
      assert.ok(r.ms < 20000, `ended by the protocol error, not the 30 s deadline (${r.ms} ms)`);
    } finally {
      kit.close();
    }
  }
});

test('an answer to another request (wrong opaque) is refused', async () => {
  const liar = await fake((name, h, a) => (name === 'route-retry' ? { raw: rebuild(a, { opaque: h.opaque + 7 }) } : a));
  try {
    const r = await doctor(liar.ns);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /protocol error: the answer's opaque is \d+, the request's \d+: it answers another request/);
  } finally {
    liar.close();
  }
});

test('a route of 500000 queues per broker is refused by the limit, quickly', async () => {
  const kit = await fake((name, _h, a) => (name === 'route' ? rebuild(a, {}, (t) => t.replaceAll('QueueNums":8', 'QueueNums":500000')) : a));
  try {
    const r = await doctor(kit.ns, '--timeout', '20s');
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /is 500000, over the doctor's limit of 65536/);
  } finally {
    kit.close();
  }
});

test('3000 clients: calls share at most 64 connections and the run ends with a documented status', async () => {
  const clients = Array.from({ length: 3000 }, (_, i) => `{"clientAddr":"10.0.${i >> 8}.${i & 255}:4000","clientId":"10.0.${i >> 8}.${i & 255}@k${i}","language":"JAVA","version":399}`);
  const kit = await fake((name, _h, a) => (name === 'connection' ? rebuild(a, {}, (t) => t.replace(/"connectionSet":\[.*?\]/, `"connectionSet":[${clients.join(',')}]`)) : a));
  try {
    const r = await doctor(kit.ns, '--timeout', '60s');
    assert.ok(DOCUMENTED.includes(r.status), `status ${r.status}: ${r.stderr.slice(0, 300)}`);
    // the server sees a socket closed a moment after the client dropped it
    assert.ok(kit.stats.max <= 64 + 8, `at most 64 connections at once (+8 closing), saw ${kit.stats.max}`);
    assert.ok(kit.stats.max > 1, 'in parallel');
  } finally {
    kit.close();
  }
});

test('escape sequences in a client ID and a remark are shown escaped, never sent raw', async () => {
  const evil = '127.0.0.1@c9\u001b]0;pwned\u0007\u001b[2J';
  const kit = await fake((name, _h, a) => {
    if (name === 'connection') return rebuild(a, {}, (t) => t.replace('127.0.0.1@c2', evil.replaceAll('\u001b', '\\u001b').replaceAll('\u0007', '\\u0007')));
    if (name === 'running-none') return rebuild(a, { remark: 'not online \u001b[31mRED\u001b[0m' });
    return a;
  });
  try {
    const r = await doctor(kit.ns);
    assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, 'no control character reaches the terminal');
    assert.match(r.stdout + r.stderr, /\\x1b\]0;pwned\\a/, 'the sequence is shown escaped');
    // The client ID is not text a saved connection.txt may hold: refused, not judged.
    assert.equal(r.status, 2);
    assert.match(r.stderr, /connection\.txt: line 2: expected text, found binary data/);
  } finally {
    kit.close();
  }
});

test('a route of 5000 brokers is refused by the limit before any broker is dialed', async () => {
  const brokers = (self) => Array.from({ length: 5000 }, (_, i) => `{"brokerAddrs":{0:"${self}"},"brokerName":"broker-${i}","cluster":"C"}`).join(',');
  const kit = await fake((name, _h, a) => (name === 'route-retry'
    ? rebuild(a, {}, (t) => t.replace(/"brokerDatas":\[.*?\],"filterServerTable"/, `"brokerDatas":[${brokers(kit.ns)}],"filterServerTable"`))
    : a));
  try {
    const r = await doctor(kit.ns, '--timeout', '30s');
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /names 5000 brokers, over the doctor's limit of 1024/);
    assert.ok(kit.stats.max <= 2, `the name server's connection only, saw ${kit.stats.max} at once`);
  } finally {
    kit.close();
  }
});

test('brokers that never forward a running-info request: exit 3, nothing called unowned', async () => {
  const kit = await fake((name, _h, a) => (name.startsWith('running-') ? null : a));
  try {
    const r = await doctor(kit.ns, '--timeout', '3s');
    assert.equal(r.status, 3, r.stderr);
    assert.doesNotMatch(r.stdout, /UNOWNED|consumed by nobody/);
    assert.match(r.stderr, /did not answer/);
  } finally {
    kit.close();
  }
});
