// load()/init(): once, retried after a failure, fresh after an exit, no
// globals left behind, every input form.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { load } from '../index.js';
import { TABLES_HASH, VERSION } from '../lib/tables.generated.js';
import { Rmq } from '../lib/api.js';
import { Decoder, Encoder } from '../lib/wire.js';

const WASM = new URL('../rmqalloc.wasm', import.meta.url);
const GLOBALS = ['Go', 'fs', '__rmqalloc_host__'];

test('load leaves no globals behind', async () => {
  await load();
  for (const g of GLOBALS) assert.equal(Object.prototype.hasOwnProperty.call(globalThis, g), false, g);
});

test('load returns one instance; concurrent loads share it', async () => {
  const [a, b] = await Promise.all([load(), load()]);
  assert.equal(a, b);
  assert.equal(await load(), a);
});

test('the first loads of both builds, at once in a fresh process, both succeed', () => {
  // wasm_exec.js is imported once for every build: a second concurrent first
  // load must wait for that import, not find Go already captured and removed.
  const script = "import { load } from './index.js';\n" +
    "const [a, b] = await Promise.all([load(), load({ analysis: true })]);\n" +
    "console.log(a.build, b.build);";
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('..', import.meta.url), encoding: 'utf8' });
  assert.equal(out.trim(), 'core full');
});

test('an exited module fails clearly and load starts a fresh one', async () => {
  const a = await load();
  const t = a.topic([{ topic: 'T', brokerName: 'b', queueId: 0 }]);
  await a.exit();
  assert.equal(a.alive, false);
  assert.throws(() => a.strategyName({ name: 'AVG' }), { code: 'ERR_MODULE_EXITED', message: /has exited/ });
  assert.throws(() => a.allocateAll({ strategy: { name: 'AVG' }, topic: t, consumers: ['c'] }), { code: 'ERR_MODULE_EXITED' });
  t.dispose(); // harmless after exit
  await a.exit(); // idempotent
  const b = await load();
  assert.notEqual(a, b);
  assert.equal(b.strategyName({ name: 'AVG' }), 'AVG');
  for (const g of GLOBALS) assert.equal(Object.prototype.hasOwnProperty.call(globalThis, g), false, g);
});

test('a failed load rejects with ERR_LOAD_FAILED and can be retried', async () => {
  const current = await load();
  await current.exit();
  await assert.rejects(load({ wasmURL: '/nonexistent/rmqalloc.wasm' }), { code: 'ERR_LOAD_FAILED' });
  await assert.rejects(load({ bytes: new Uint8Array([0, 97, 115, 109, 9, 9]) }), { code: 'ERR_LOAD_FAILED' });
  await assert.rejects(load({ wasmURL: 5 }), { name: 'TypeError', field: 'options.wasmURL' });
  const rmq = await load({ wasmURL: WASM });
  assert.ok(rmq.alive);
});

test('bytes and wasmModule inputs work', async () => {
  const bytes = readFileSync(WASM);
  let rmq = await load();
  await rmq.exit();
  rmq = await load({ bytes });
  assert.equal(rmq.strategyName({ name: 'AVG_BY_CIRCLE' }), 'AVG_BY_CIRCLE');
  await rmq.exit();
  rmq = await load({ wasmModule: await WebAssembly.compile(bytes) });
  assert.equal(rmq.strategyName({ name: 'AVG' }), 'AVG');
});

test('a module built from another wire schema is refused, then load works again', async () => {
  // The module carries its schema hash as string data: change one character.
  const bytes = new Uint8Array(readFileSync(WASM));
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(TABLES_HASH);
  assert.ok(at > 0, 'the hash is in the module');
  bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
  const current = await load();
  await current.exit();
  await assert.rejects(load({ bytes }), { code: 'ERR_LOAD_FAILED', message: new RegExp(`wire schema [0-9a-f]{16}, this package is ${VERSION} with wire schema ${TABLES_HASH}; they cannot talk`) });
  for (const g of GLOBALS) assert.equal(Object.prototype.hasOwnProperty.call(globalThis, g), false, g);
  assert.ok((await load()).alive);
});

test('the handshake is compared before the rest of meta is read, which another version may lay out otherwise', () => {
  // version, schema hash, then what this version cannot read (a cut varint).
  const bytes = new Uint8Array([5, ...Buffer.from('9.9.9'), 16, ...Buffer.from('0123456789abcdef'), 0xff]);
  const rt = { request: () => new Encoder(16), call: () => new Decoder(bytes) };
  assert.throws(() => new Rmq(rt), { code: 'ERR_LOAD_FAILED', message: /module is version 9\.9\.9 with wire schema 0123456789abcdef, this package is/ });
});

const FULL = new URL('../rmqalloc-full.wasm', import.meta.url);

test('each build has its own instance: load() the core, load({ analysis: true }) the full', async () => {
  const [core, full, core2, full2] = await Promise.all([load(), load({ analysis: true }), load({ analysis: false }), load({ analysis: true })]);
  assert.equal(core.build, 'core');
  assert.equal(full.build, 'full');
  assert.notEqual(core, full);
  assert.equal(core2, core, 'analysis: false is the core build');
  assert.equal(full2, full, 'concurrent full loads share it');
  assert.equal(await load({ analysis: true }), full);
  // Exiting one build leaves the other alone; the next load of it is fresh.
  await full.exit();
  assert.ok(core.alive);
  assert.equal(await load(), core);
  const full3 = await load({ analysis: true, wasmURL: FULL });
  assert.notEqual(full3, full);
  assert.equal(full3.analysis.plan({ strategy: { name: 'AVG' }, queues: [{ topic: 'T', brokerName: 'b', queueId: 0 }], members: ['c'] }).shares[0][0], 0);
  for (const g of GLOBALS) assert.equal(Object.prototype.hasOwnProperty.call(globalThis, g), false, g);
});

test('load({ analysis: true }) of the core module fails clearly and can be retried', async () => {
  const full = await load({ analysis: true });
  await full.exit();
  await assert.rejects(load({ analysis: true, wasmURL: WASM }), { code: 'ERR_LOAD_FAILED', field: 'options.analysis', message: /got the core module/ });
  await assert.rejects(load({ analysis: 'yes' }), { name: 'TypeError', field: 'options.analysis' });
  const again = await load({ analysis: true, bytes: readFileSync(FULL) });
  assert.equal(again.build, 'full');
  // The full module loaded as the core slot still reports what it is.
  const core = await load();
  await core.exit();
  const asCore = await load({ bytes: readFileSync(FULL) });
  assert.equal(asCore.build, 'full');
  await asCore.exit();
});

const ANALYSIS = new URL('../rmqalloc-analysis.wasm', import.meta.url);

test('load({ analysis: true, doctor: false }) is the analysis module: rmq.analysis and route texts, no doctor', async () => {
  const [a, a2, full] = await Promise.all([load({ analysis: true, doctor: false }), load({ analysis: true, doctor: false }), load({ analysis: true })]);
  assert.equal(a.build, 'analysis');
  assert.equal(a2, a, 'one instance per build');
  assert.notEqual(a, full);
  assert.equal(await load({ analysis: true, doctor: true }), full, 'doctor: true is the full build');
  // The analysis answers as the full module's.
  const input = { strategy: { name: 'AVG_BY_CIRCLE' }, queues: [0, 1, 2, 3, 4].map((i) => ({ topic: 'T', brokerName: 'b', queueId: i })), members: ['c1', 'c2'] };
  assert.deepEqual(a.analysis.plan(input).shares, full.analysis.plan(input).shares);
  assert.deepEqual(a.analysis.plan(input).shares, [[0, 2, 4], [1, 3]]);
  // mqadmin's route text is read by both.
  const text = '{"brokerDatas":[{"brokerAddrs":{0:"127.0.0.1:10911"},"brokerName":"b","cluster":"C"}],"queueDatas":[{"brokerName":"b","perm":6,"readQueueNums":2,"topicSysFlag":0,"writeQueueNums":2}]}';
  assert.deepEqual(a.routeToQueues({ topic: 'T', route: text }), full.routeToQueues({ topic: 'T', route: text }));
  assert.equal(a.routeToQueues({ topic: 'T', route: text }).subscribe.length, 2);
  // A cut route is the input's error, with its line and column, in both.
  for (const m of [a, full]) {
    assert.throws(() => m.routeToQueues({ topic: 'T', route: '{\n\t"queueDatas":[' }), { code: 'ERR_BAD_INPUT', field: 'route', line: 2, column: 16 }, m.build);
  }
  // The doctor is refused, and the instance stays usable.
  assert.throws(() => a.doctor({ connection: '', progress: '' }), { code: 'ERR_UNSUPPORTED', message: /full module .*load\(\{ analysis: true \}\)/ });
  assert.throws(() => a.parse.consumerConnection('x'), { code: 'ERR_UNSUPPORTED' });
  assert.equal(a.analysis.plan(input).shares.length, 2);
  await a.exit();
  const again = await load({ analysis: true, doctor: false, wasmURL: ANALYSIS });
  assert.notEqual(again, a);
  assert.equal(again.build, 'analysis');
  await again.exit();
});

test('doctor: false needs analysis: true, and the analysis module only', async () => {
  await assert.rejects(load({ doctor: false }), { name: 'TypeError', field: 'options.doctor', message: /unless analysis is true/ });
  await assert.rejects(load({ analysis: true, doctor: 'no' }), { name: 'TypeError', field: 'options.doctor' });
  await assert.rejects(load({ analysis: true, doctor: false, wasmURL: FULL }), { code: 'ERR_LOAD_FAILED', field: 'options.doctor', message: /got the full module \(rmqalloc-full\.wasm\); pass rmqalloc-analysis\.wasm/ });
  await (await load({ analysis: true })).exit(); // else the running full instance answers
  await assert.rejects(load({ analysis: true, wasmURL: ANALYSIS }), { code: 'ERR_LOAD_FAILED', field: 'options.analysis', message: /got the analysis module/ });
});

test('in Node, wasmURL may be an http(s) URL string or URL object (fetched)', async () => {
  const { createServer } = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  const hits = [];
  const server = createServer(async (req, res) => {
    hits.push(req.url);
    res.writeHead(200, { 'content-type': req.url.includes('plain') ? 'application/octet-stream' : 'application/wasm' });
    res.end(await readFile(new URL('../rmqalloc.wasm', import.meta.url)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${server.address().port}`;
    for (const wasmURL of [`${base}/rmqalloc.wasm`, new URL(`${base}/plain/rmqalloc.wasm`)]) {
      await (await load()).exit();
      const rmq = await load({ wasmURL });
      assert.equal(rmq.build, 'core');
      assert.deepEqual(rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'a', mqAll: [{ topic: 'T', brokerName: 'b', queueId: 0 }], cidAll: ['a'] }), [{ topic: 'T', brokerName: 'b', queueId: 0 }]);
    }
    assert.deepEqual(hits, ['/rmqalloc.wasm', '/plain/rmqalloc.wasm']);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
