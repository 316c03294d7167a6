// Every public vector of every profile through the package in Node,
// compared as FORMAT.md says.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.js';
import { runCase, loadOptionsFor } from './conformance/cases.mjs';
import { diff } from './conformance/compare.mjs';
import { readJSONL, vectorFiles } from './helpers.mjs';

const files = vectorFiles();

test('there are vectors for all nine profiles', () => {
  const profiles = new Set(files.map((f) => f.profile));
  assert.deepEqual([...profiles].sort(), ['broker-5.3.3', 'broker-5.5.0', 'go-client-2.1.2', 'golang-5.1.4', 'golang-5.1.4-fixed', 'grpc-java', 'grpc-nodejs-1.0.8', 'java-4.9.3', 'java-5.3.3']);
});

for (const f of files) {
  test(`vectors ${f.profile}/${f.name}`, async () => {
    const rmq = await load(loadOptionsFor(f.profile));
    const cases = readJSONL(f.cases);
    const results = readJSONL(f.results);
    assert.equal(cases.length, results.length);
    assert.ok(cases.length > 0);
    const bad = [];
    cases.forEach((c, i) => {
      assert.equal(c.id, results[i].id);
      const d = diff(results[i], runCase(rmq, f.profile, c));
      if (d) bad.push(`${c.id}: ${d}`);
    });
    assert.deepEqual(bad.slice(0, 10), [], `${bad.length} of ${cases.length} cases differ`);
  });
}
