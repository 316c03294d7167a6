// One home for each concept (issue 22): what the Go side defines reaches
// the JS side through the generated tables or the module's meta, never as
// a hand copy. Each test here fails when a copy reappears or drifts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CLIENT, CLIENT_PROFILE, ERROR_CODE, SIMULATED_STRATEGIES, STRATEGY_NAMES } from '../lib/tables.generated.js';
import { PROFILES, STRATEGIES } from '../bin/io.js';
import { load } from '../index.js';
import { JS_DIR } from './helpers.mjs';

const ROOT = path.resolve(JS_DIR, '..');

/** Every .js file under dir (relative to the repository root), recursively. */
function jsFiles(dir) {
  const out = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p));
    else if (e.name.endsWith('.js') && !e.name.endsWith('.generated.js')) out.push(p);
  }
  return out;
}

test('index.d.ts ErrorCode lists exactly the generated ERROR_CODE values', () => {
  const dts = readFileSync(path.join(JS_DIR, 'index.d.ts'), 'utf8');
  const from = dts.indexOf('export type ErrorCode =');
  const union = dts.slice(from, dts.indexOf("';", from)) + "'";
  const got = [...union.matchAll(/\| '(ERR_[A-Z_]+)'/g)].map((m) => m[1]).sort();
  assert.deepEqual(got, Object.values(ERROR_CODE).sort());
});

test('every error code js/ and site/ name is one of ERROR_CODE', () => {
  // Node's own codes (util.parseArgs's), which the CLI reads, are not ours.
  const known = new Set([...Object.values(ERROR_CODE), 'ERR_PARSE_ARGS']);
  const unknown = [];
  for (const f of [...jsFiles('js/lib'), ...jsFiles('js/bin'), ...jsFiles('site/lib')]) {
    for (const m of readFileSync(path.join(ROOT, f), 'utf8').matchAll(/'(ERR_[A-Z_]+)'/g)) {
      if (!known.has(m[1])) unknown.push(`${f}: ${m[1]}`);
    }
  }
  assert.deepEqual(unknown, []);
});

test('the generated client and strategy tables are what the module says', async () => {
  const rmq = await load();
  // CLIENT_PROFILE (for the CLI, which loads no module) by client byte.
  const byByte = Object.keys(CLIENT).map((k) => CLIENT_PROFILE[k]);
  assert.deepEqual(rmq.clients.map((c) => c.profile), byByte);
  assert.deepEqual(rmq.clients, [
    { profile: 'java-4.9.3', versions: ['4.9.3'] },
    { profile: 'java-5.3.3', versions: ['5.3.3'] },
    { profile: 'go-client-2.1.2', versions: [] },
  ]);
  assert.deepEqual(rmq.strategies.map((s) => s.name), STRATEGY_NAMES);
  assert.deepEqual(PROFILES, byByte, 'js/bin/io.js PROFILES');
  assert.deepEqual(STRATEGIES, SIMULATED_STRATEGIES, 'js/bin/io.js STRATEGIES');
});

test('allocate names its clients as meta lists them', async () => {
  const rmq = await load();
  const mqAll = [{ topic: 'T', brokerName: 'b', queueId: 0 }, { topic: 'T', brokerName: 'b', queueId: 1 }];
  const one = (o) => rmq.allocate({ strategy: { name: 'AVG' }, currentCID: 'c', mqAll, cidAll: ['c', 'd'], sort: true, ...o });
  assert.deepEqual(one({ version: '5.5.1' }), one({ profile: 'java-5.3.3' }));
  assert.deepEqual(one({ profile: 'go-client-2.1.2' }), [mqAll[0]]);
  assert.throws(() => one({ profile: 'go' }), /profile must be one of 'java-4.9.3', 'java-5.3.3', 'go-client-2.1.2'/);
  assert.throws(() => one({ version: '4.9.3', profile: 'go-client-2.1.2' }), /contradicts/);
});

test('the lists the embed elements and the playground offer are the module\'s', async () => {
  const rmq = await load();
  const embed = await import('../lib/embed/inputs.js');
  const site = await import('../../site/lib/state.js');
  // Orders of their own (what a menu shows first), the names the module's.
  assert.deepEqual([...embed.STRATEGIES].sort(), [...STRATEGY_NAMES].sort(), 'js/lib/embed/inputs.js STRATEGIES');
  assert.deepEqual([...site.STRATEGIES].sort(), [...STRATEGY_NAMES].sort(), 'site/lib/state.js STRATEGIES');
  for (const s of site.INNER) assert.ok(STRATEGY_NAMES.includes(s), `site/lib/state.js INNER: ${s}`);
  // The embed's clients: each profile, a Java one named by its meta version.
  assert.deepEqual(Object.keys(embed.CLIENTS), rmq.clients.map((c) => c.profile));
  rmq.clients.forEach((c) => {
    const o = embed.CLIENTS[c.profile];
    assert.deepEqual(o, c.versions.length ? { version: c.versions[0] } : { profile: c.profile }, c.profile);
  });
});

/** The string literals of index.d.ts's `export type NAME = ... ;`. */
function unionOf(name) {
  const dts = readFileSync(path.join(JS_DIR, 'index.d.ts'), 'utf8');
  const from = dts.indexOf(`export type ${name} =`);
  assert.ok(from >= 0, name);
  return [...dts.slice(from, dts.indexOf(';', from)).matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

test('index.d.ts names the strategies, clients and profiles the module has', async () => {
  const rmq = await load();
  assert.deepEqual(unionOf('StrategyName').sort(), [...STRATEGY_NAMES].sort(), 'StrategyName');
  assert.deepEqual(unionOf('AllocateProfile').sort(), Object.values(CLIENT_PROFILE).sort(), 'AllocateProfile');
  assert.deepEqual(unionOf('Profile').sort(), rmq.profiles.map((p) => p.name).sort(), 'Profile');
});

test('rmqalloc/names is the module\'s own: its strategies, simulated strategies and client profiles', async () => {
  const rmq = await load();
  const names = await import('../names.js');
  assert.deepEqual([...names.strategies], [...STRATEGY_NAMES]);
  assert.deepEqual([...names.simulatedStrategies], [...SIMULATED_STRATEGIES]);
  assert.deepEqual(Object.keys(names.clientProfiles), Object.keys(CLIENT), 'in the clients\' order');
  assert.deepEqual(Object.values(names.clientProfiles).sort(), rmq.clients.map((c) => c.profile).sort());
  assert.equal(names.profileLabel(names.clientProfiles.GO), 'Go client 2.1.2');
});

/** The files package.json "exports" offers (every target, any condition), as paths in js/. */
function exportedFiles() {
  const pkg = JSON.parse(readFileSync(path.join(JS_DIR, 'package.json'), 'utf8'));
  const out = new Set();
  const walk = (v) => {
    if (typeof v === 'string') out.add(path.normalize(v));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg.exports);
  return out;
}

test('site/ uses the package through its public exports only (issue 39)', () => {
  const exported = exportedFiles();
  const files = [...jsFiles('site/lib'), ...readdirSync(path.join(ROOT, 'site')).filter((f) => f.endsWith('.js')).map((f) => path.join('site', f))];
  const inner = [];
  for (const f of files) {
    const src = readFileSync(path.join(ROOT, f), 'utf8');
    for (const m of src.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g)) {
      // '/js/x' as the server serves the package, '../../js/x' relative to site/lib (the tests run it in Node).
      const at = m[1].match(/^(?:\/|(?:\.\.\/)+)js\/(.+)$/);
      if (at && !exported.has(path.normalize(at[1]))) inner.push(`${f}: ${m[1]}`);
    }
  }
  assert.ok(files.length > 10, `found the site's files: ${files.length}`);
  assert.deepEqual(inner, [], 'imports of js/ files that package.json "exports" does not offer');
});
