// Node tests of the pure helpers added for issue 12: generated IPs, the
// permalink's generated-consumer rule, pasted-route cleaning, fault
// detection, the packed transfer form, and the plan export.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './harness.mjs';
import { defaults, encode, decode, generateConsumers, generatedIP, unusedID } from '../lib/state.js';
import { analyze, cleanPaste, duplicateIDs, roomlessNames, topicQueues, retryQueues } from '../lib/engine.js';
import { pack, unpack } from '../lib/pack.js';
import { exportPlan, toCSV } from '../lib/export.js';

const { load } = await import(pathToFileURL(join(ROOT, 'js', 'index.js')).href);
const rmq = await load({ analysis: true });
after(() => rmq.exit());

test('generated IPs stay four valid octets up to 100,000 and never repeat', () => {
  assert.deepEqual([1, 254, 255, 508, 509].map(generatedIP), ['192.168.1.1', '192.168.1.254', '192.168.2.1', '192.168.2.254', '192.168.3.1']);
  const seen = new Set();
  for (let i = 1; i <= 100000; i++) {
    const ip = generatedIP(i), o = ip.split('.').map(Number);
    assert.ok(o.length === 4 && o.every((x) => Number.isInteger(x) && x >= 0 && x <= 255), ip);
    assert.ok(!seen.has(ip), ip);
    seen.add(ip);
  }
  assert.equal(unusedID(generateConsumers(4)), '192.168.1.5@4005');
  assert.equal(unusedID(['192.168.1.2@4002', 'x@1']), '192.168.1.3@4003');
});

test('permalinks: generated consumers by their rule (rooms included), edits after them listed', () => {
  const s = defaults();
  s.rooms = ['hz', 'sh'];
  s.consumers = [...generateConsumers(1000, s.rooms), 'odd@1'];
  const link = encode(s);
  assert.ok(link.length < 200, `${link.length}`);
  assert.deepEqual(decode(link), { state: s });
  s.consumers[500] = 'edited@1'; // the rule covers the first 500, the rest is listed
  assert.deepEqual(decode(encode(s)).state.consumers, s.consumers);
  const b64 = (o) => '#s=' + Buffer.from(JSON.stringify(o)).toString('base64url');
  assert.match(decode(b64({ gen: -1 })).error, /gen must be an integer/);
  assert.match(decode(b64({ brokerz: 1 })).warning, /does not know \(brokerz\)/);
});

test('pasted routes: BOM and RocketMQLog lines removed, JSON kept', () => {
  assert.equal(cleanPaste('\uFEFFRocketMQLog:WARN a\r\nRocketMQLog:WARN b\r\n{"x":1}\r\n'), '{"x":1}');
  assert.equal(cleanPaste('  \n '), '');
  const st = { ...defaults(), source: 'route', route: '' };
  assert.throws(() => topicQueues(rmq, st), (e) => e.prompt === true && e.field === 'route' && /Paste the output/.test(e.message));
});

test('faults: duplicate IDs, NEARBY names without a room field', () => {
  assert.deepEqual(duplicateIDs(['a', 'b', 'a', 'a', 'c', 'c']), [{ id: 'a', count: 3 }, { id: 'c', count: 2 }]);
  assert.deepEqual(duplicateIDs(['a', 'b']), []);
  const st = defaults();
  st.strategy.name = 'MACHINE_ROOM_NEARBY';
  st.consumers = ['1.1.1.1@1', '1.1.1.2@2@hz'];
  const qs = topicQueues(rmq, st).subscribe;
  assert.deepEqual(roomlessNames(st, qs), { ids: ['1.1.1.1@1'], idCount: 1, brokers: [], brokerCount: 0 });
  st.strategy.name = 'AVG';
  assert.equal(roomlessNames(st, qs), null);
});

test('pack / unpack: the same result across postMessage, typed arrays transferred', () => {
  const st = { ...defaults(), retry: true };
  const res = analyze(rmq, st);
  const want = structuredClone(res);
  const transfer = pack(res);
  assert.ok(transfer.length >= 8 && transfer.every((b) => b instanceof ArrayBuffer));
  const got = unpack(structuredClone(res, { transfer }));
  assert.deepEqual(got, want);
  assert.deepEqual(retryQueues(st, topicQueues(rmq, st).subscribe).map((q) => q.brokerName + ':' + q.queueId), ['broker-a:0', 'broker-b:0', 'broker-c:0', 'broker-d:0']);
});

test('export: JSON plan per consumer, CONFIG lists as the client returns them, CSV quoting', () => {
  const st = defaults();
  st.consumers = ['b@2', 'a,1@1'];
  const p = exportPlan(rmq, st);
  assert.deepEqual(Object.keys(p.consumers), ['a,1@1', 'b@2']);
  assert.equal(p.consumers['a,1@1'].length + p.consumers['b@2'].length, 16);
  const csv = toCSV(p).split('\r\n');
  assert.equal(csv[1], '"a,1@1",TopicTest,broker-a,0');
  st.strategy.name = 'CONFIG';
  st.strategy.config = 'broker-a:0 broker-z:7';
  const c = exportPlan(rmq, st);
  assert.deepEqual(c.consumers['b@2'].map((q) => q.brokerName + ':' + q.queueId), ['broker-a:0', 'broker-z:7']);
  st.mode = 'broadcasting';
  assert.equal(exportPlan(rmq, st).consumers['b@2'].length, 16);
});
