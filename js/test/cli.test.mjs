// `make conformance-js`: test/conformance/run.mjs reads cases on stdin and
// writes one result line per case, like the native runner.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diff } from './conformance/compare.mjs';
import { vectorFiles } from './helpers.mjs';

const RUN = fileURLToPath(new URL('./conformance/run.mjs', import.meta.url));
const env = { ...process.env, NODE_TEST_CONTEXT: '' };
const run = (args, input) => spawnSync(process.execPath, [RUN, ...args], { input, env, encoding: 'utf8', timeout: 120_000 });

test('run.mjs answers every case of a profile, line for line', () => {
  for (const f of vectorFiles().filter((v) => v.profile === 'grpc-nodejs-1.0.8' || v.profile === 'java-5.3.3')) {
    const r = run(['--profile', f.profile], readFileSync(f.cases));
    assert.equal(r.status, 0, r.stderr);
    const got = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const want = readFileSync(f.results, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(got.length, want.length, f.name);
    want.forEach((w, i) => assert.equal(diff(w, got[i]), '', `${f.profile} ${w.id}`));
  }
});

test('run.mjs: blank lines are skipped; unknown profile, bad JSON and foreign ops fail clearly', () => {
  const line = '{"id":"x","op":"selectMessageGroup","mqs":[["T","b",0]],"messageGroup":"g"}';
  const ok = run(['--profile', 'grpc-java'], `\n${line}\n\n`);
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(JSON.parse(ok.stdout), { id: 'x', queue: ['T', 'b', 0] });
  const unknown = run(['--profile', 'nope'], line);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown profile "nope"/);
  const bad = run(['--profile', 'grpc-java'], `${line}\n{oops\n`);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /^line 2/);
  const foreign = run(['--profile', 'go-client-2.1.2'], line);
  assert.equal(foreign.status, 1);
  assert.match(foreign.stderr, /has no op "selectMessageGroup"/);
});
