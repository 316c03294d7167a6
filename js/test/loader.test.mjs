// load()/init(): once, retried after a failure, fresh after an exit, no
// globals left behind, every input form.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load } from '../index.js';

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
