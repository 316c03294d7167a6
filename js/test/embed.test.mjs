// rmqalloc/embed outside a browser: importing it defines and loads nothing;
// its attribute parsing and its views (over the real module in Node) on
// worked examples; and its size budget. The elements themselves are tested
// in Chromium by site/e2e/embed.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../index.js';
import {
  AttrError, allocationInput, rebalanceInput, producerInput, brokerNames, consumerIds, countOrList, flag, resolver, strategyOf, configList, parseRoute,
} from '../lib/embed/inputs.js';
import { allocationView, rebalanceView, producerView, ownerCells } from '../lib/embed/views.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const attrs = (o) => (name) => (name in o ? o[name] : null);

test('import under Node: no error, no globals, nothing defined or loaded', async () => {
  const before = new Set(Object.getOwnPropertyNames(globalThis));
  const embed = await import('../embed.js');
  assert.deepEqual(Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k)), []);
  assert.equal(embed.define(), false, 'no customElements registry: define() does nothing');
  assert.equal(typeof embed.RmqAllocation, 'function');
  // A registry given explicitly gets all four elements.
  const defined = new Map();
  const registry = { get: (n) => defined.get(n), define: (n, c) => defined.set(n, c) };
  assert.equal(embed.define(registry), true);
  assert.deepEqual([...defined.keys()], ['rmq-allocation', 'rmq-rebalance', 'rmq-producer', 'rmq-grid']);
});

// The budget is what a page downloads once a bundler or CDN has minified
// the files (as they do for any JS library); the files as they ship, with
// their comments, are printed beside it.
test('size: embed.js and the lib files only it imports are at most 15 KB minified and gzipped', async () => {
  const { transformSync } = await import('esbuild');
  const files = [join(HERE, '..', 'embed.js'), ...readdirSync(join(HERE, '..', 'lib', 'embed')).map((f) => join(HERE, '..', 'lib', 'embed', f))];
  const gz = (b) => gzipSync(b, { level: 9 }).length;
  const shipped = files.map((f) => gz(readFileSync(f)));
  const minified = files.map((f) => gz(transformSync(readFileSync(f, 'utf8'), { minify: true, format: 'esm', loader: 'js' }).code));
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  console.log(`# embed: ${sum(minified)} bytes minified + gzip -9 over ${files.length} files (${minified.join(' + ')}), budget 15360; as shipped, with comments: ${sum(shipped)}`);
  assert.ok(sum(minified) <= 15 * 1024, `${sum(minified)} bytes`);
});

test('inputs: counts, lists and generated names', () => {
  assert.deepEqual(brokerNames(3), ['broker-a', 'broker-b', 'broker-c']);
  assert.deepEqual(brokerNames(28).slice(25), ['broker-z', 'broker-aa', 'broker-ab']);
  assert.deepEqual(consumerIds(2), ['192.168.1.1@4001', '192.168.1.2@4002']);
  assert.deepEqual(consumerIds(1, 255), ['192.168.2.1@4255'], 'past .254 the third octet moves on');
  assert.equal(new Set(consumerIds(600)).size, 600);
  assert.deepEqual(countOrList('consumers', ' a, b ,,c ', consumerIds, 10), ['a', 'b', 'c']);
  assert.deepEqual(countOrList('consumers', '0', consumerIds, 10), []);
  assert.deepEqual(countOrList('consumers', '', consumerIds, 10), []);
  for (const [v, want] of [[null, true], ['', true], ['on', true], ['FALSE', false], ['off', false], ['0', false]]) assert.equal(flag('sort', v, true), want, String(v));
  assert.deepEqual(resolver(null), { sep: '@', brokerField: 0, consumerField: 2 });
  assert.deepEqual(resolver('sep=- consumer=1'), { sep: '-', brokerField: 0, consumerField: 1 });
  assert.deepEqual(configList('b:1-2,c:-1', 'T'), [{ topic: 'T', brokerName: 'b', queueId: 1 }, { topic: 'T', brokerName: 'b', queueId: 2 }, { topic: 'T', brokerName: 'c', queueId: -1 }]);
});

test('inputs: strategies and their options', () => {
  const cases = [
    [{}, { name: 'AVG' }],
    [{ strategy: 'avg_by_circle' }, { name: 'AVG_BY_CIRCLE' }],
    [{ strategy: 'consistent-hash' }, { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }],
    [{ strategy: 'CONSISTENT_HASH', 'virtual-nodes': '-2' }, { name: 'CONSISTENT_HASH', virtualNodeCnt: -2 }],
    [{ strategy: 'MACHINE_ROOM', rooms: 'hz, sh' }, { name: 'MACHINE_ROOM', consumeridcs: ['hz', 'sh'] }],
    [{ strategy: 'MACHINE_ROOM_NEARBY', inner: 'consistent-hash', 'virtual-nodes': '3', resolver: 'sep=# broker=1' },
      { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'CONSISTENT_HASH', virtualNodeCnt: 3 }, resolver: { sep: '#', brokerField: 1, consumerField: 2 } }],
    [{ strategy: 'CONFIG', config: 'broker-a:3', topic: 'X' }, { name: 'CONFIG', messageQueueList: [{ topic: 'X', brokerName: 'broker-a', queueId: 3 }] }],
  ];
  for (const [a, want] of cases) assert.deepEqual(strategyOf(attrs(a)), want, JSON.stringify(a));
});

test('inputs: every bad attribute is an AttrError naming it', () => {
  const bad = [
    [() => allocationInput(attrs({ brokers: '0' }), {}), 'brokers="0": must be a whole number from 1 to 256'],
    [() => allocationInput(attrs({ brokers: '300' }), {}), 'brokers="300"'],
    [() => allocationInput(attrs({ 'queues-per-broker': '1.5' }), {}), 'queues-per-broker="1.5"'],
    [() => allocationInput(attrs({ consumers: ',' }), {}), 'consumers=",": must be a count or a comma list'],
    [() => allocationInput(attrs({ client: 'java' }), {}), 'client="java": must be one of java-4.9.3, java-5.3.3, go-client-2.1.2'],
    [() => allocationInput(attrs({ mode: 'x' }), {}), 'mode="x"'],
    [() => allocationInput(attrs({ strategy: 'RANDOM' }), {}), 'strategy="RANDOM"'],
    [() => allocationInput(attrs({ strategy: 'MACHINE_ROOM_NEARBY', inner: 'MACHINE_ROOM_NEARBY' }), {}), 'inner="MACHINE_ROOM_NEARBY": cannot nest'],
    [() => allocationInput(attrs({}), { queues: {} }), 'queues: the queues property must be an array'],
    [() => allocationInput(attrs({}), { route: '[' }), 'route: the topicRoute JSON does not parse'],
    // Neither JSON nor what mqadmin topicRoute prints: say what to do.
    [() => allocationInput(attrs({}), { route: '{"brokerDatas":[{"brokerAddrs":{0:"10.0.0.1:10911",}' }),
      'rmq.parse.topicRoute(text) of load({ analysis: true })'],
    [() => allocationInput(attrs({}), { route: { x: 1 } }), 'route: must be a topicRoute'],
    [() => rebalanceInput(attrs({ consumers: 'a', leave: 'b' }), {}), 'leave="b": b is not one of the consumers'],
    [() => rebalanceInput(attrs({ to: '2', leave: 'a' }), {}), 'give either from/to or join/leave'],
    [() => producerInput(attrs({ selector: 'message-group' }), {}), 'keys: is required with selector="message-group"'],
    [() => producerInput(attrs({ keys: 'a', 'key-type': 'long' }), {}), 'keys="a": must be whole numbers'],
    [() => producerInput(attrs({ keys: '9223372036854775808', 'key-type': 'long' }), {}), 'must be in int64 range'],
    [() => producerInput(attrs({ selector: 'round-robin', messages: '0' }), {}), 'messages="0"'],
  ];
  for (const [fn, msg] of bad) {
    assert.throws(fn, (e) => e instanceof AttrError && e.message.includes(msg), msg);
  }
});

test('views: the allocation is allocateAll\'s, owner for owner', async () => {
  const rmq = await load();
  for (const a of [
    { strategy: 'AVG', consumers: '10', brokers: '3' },
    { strategy: 'CONSISTENT_HASH', client: 'go-client-2.1.2', consumers: '4', 'queues-per-broker': '8' },
    { strategy: 'CONFIG', config: 'broker-a:0-1 broker-z:0', consumers: 'a, b' },
  ]) {
    const inp = allocationInput(attrs(a), {}, rmq);
    const v = allocationView(rmq, inp);
    const plan = rmq.allocateAll({ strategy: inp.strategy, mqAll: inp.queues, consumers: inp.consumers, sort: true, ...inp.client });
    const want = plan.queues.map((q) => plan.members.filter((m) => plan.of(m).some((x) => x.brokerName === q.brokerName && x.queueId === q.queueId)).join(','));
    assert.deepEqual(v.cells.map((c) => c.owners), want, JSON.stringify(a));
    assert.deepEqual(v.counts, plan.members.map((m) => plan.of(m).filter((x) => plan.queues.includes(x)).length));
    if (a.strategy === 'CONFIG') {
      assert.equal(v.extra, 2, 'broker-z:0 is given to both members but is not in the topic');
      assert.deepEqual(v.cells.map((c) => c.label), ['C0+1', 'C0+1', '—', '—', '—', '—', '—', '—']);
    }
  }
});

test('views: a rebalance moves what analysis.diff says moves', async () => {
  const rmq = await load();
  const full = await load({ analysis: true });
  for (const a of [
    { strategy: 'AVG', from: '3', to: '4' },
    { strategy: 'CONSISTENT_HASH', consumers: '5', leave: '192.168.1.2@4002', brokers: '4' },
    { strategy: 'AVG_BY_CIRCLE', consumers: 'a, b', join: 'c, d', client: 'java-5.3.3' },
  ]) {
    const inp = rebalanceInput(attrs(a), {}, rmq);
    const v = rebalanceView(rmq, inp);
    const s = { ...inp.strategy, ...inp.client };
    const { diff } = full.analysis.diff({ from: { strategy: s, queues: inp.queues, members: inp.before, sort: true }, to: { strategy: s, queues: inp.queues, members: inp.after, sort: true } });
    assert.equal(v.moved, diff.moved, JSON.stringify(a));
    assert.deepEqual(v.after.cells.flatMap((c, i) => (c.moved ? [i] : [])), diff.movedQueues);
    assert.equal(v.before.cells.filter((c) => c.moved).length, diff.moved);
  }
});

test('views: producers pick the queue select / producer pick', async () => {
  const rmq = await load();
  const inp = producerInput(attrs({ selector: 'round-robin', messages: '5', 'start-index': '-1', client: 'java-4.9.3' }), {}, rmq);
  const p = rmq.producer({ mqs: inp.queues, version: '4.9.3', startIndex: -1 });
  const want = inp.keys.map(() => p.select(null));
  p.dispose();
  assert.deepEqual(producerView(rmq, inp).where, want);
  const h = producerInput(attrs({ keys: '3, -7', 'key-type': 'int', 'queues-per-broker': '5' }), {}, rmq);
  assert.deepEqual(producerView(rmq, h).where, [3, -7].map((arg) => rmq.select({ selector: 'hash', mqs: h.queues, arg })));
});

test('ownerCells: the playground\'s shape (first owner + owner count, palette, moved)', () => {
  const cells = ownerCells({ members: ['a', 'b'], owners: Int32Array.from([1, -1, 0]), nown: Int32Array.from([1, 0, 2]), moved: [2], palette: [5, 7] });
  assert.deepEqual(cells.map((c) => [c.colour, c.label, c.moved, c.many]), [[7, 'C7', false, false], [-1, '—', false, false], [5, 'C5+1', true, true]]);
  assert.equal(cells[2].text, 'C5 a and 1 more');
});

test('el.route takes the text mqadmin topicRoute prints (fastjson keys, log lines), as the full module reads it', async () => {
  const full = await load({ analysis: true });
  const cluster = join(HERE, '..', '..', 'testdata', 'cluster');
  const texts = readdirSync(cluster, { withFileTypes: true }).filter((d) => d.isDirectory())
    .map((d) => readFileSync(join(cluster, d.name, 'route.txt'), 'utf8'));
  assert.ok(texts.some((t) => /\{\s*0\s*:/.test(t)), 'the samples have unquoted integer keys');
  const logged = 'RocketMQLog:WARN No appenders could be found for logger (io.netty.util.internal.PlatformDependent0).\r\n' +
    'RocketMQLog:WARN Please initialize the logger system properly.\r\n\uFEFF' + texts[0].replace(/\n/g, '\r\n');
  for (const text of [...texts, logged]) {
    const want = full.routeToQueues({ topic: 'T', route: text });
    const rt = parseRoute(text);
    assert.equal(typeof rt, 'object');
    const rmq = await load();
    assert.deepEqual(rmq.routeToQueues({ topic: 'T', route: rt }), want);
  }
  // A string value that looks like a key is left alone.
  assert.equal(parseRoute('{"queueDatas":[],"brokerDatas":[{"brokerName":"a,1:b","brokerAddrs":{0:"x"}}]}').brokerDatas[0].brokerName, 'a,1:b');
});
