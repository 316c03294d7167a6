// verified.json (the "Verified against the real clients" dialog) says what
// the repository holds: its vector counts are testdata/'s, its cluster
// samples are testdata/cluster's, and its test layers' paths exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';

const V = JSON.parse(readFileSync(join(ROOT, 'site', 'verified.json'), 'utf8'));
const lines = (f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).length;

test('every profile folder of testdata/ is listed, with the number of cases of each file', () => {
  // A profile folder holds vectors (*.cases.jsonl); cluster/, real*/,
  // timeline/ and live/ hold mqadmin outputs and drivers.
  const folders = readdirSync(join(ROOT, 'testdata')).filter((f) => statSync(join(ROOT, 'testdata', f)).isDirectory()
    && readdirSync(join(ROOT, 'testdata', f)).some((x) => x.endsWith('.cases.jsonl'))).sort();
  assert.deepEqual(V.profiles.map((p) => p.folder.replace(/^testdata\//, '')).sort(), folders);
  for (const p of V.profiles) {
    const dir = join(ROOT, p.folder);
    const want = {};
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.cases.jsonl')).sort()) {
      const op = f.slice(0, -'.cases.jsonl'.length);
      want[op] = lines(join(dir, f));
      assert.equal(lines(join(dir, op + '.results.jsonl')), want[op], `${p.folder}/${op}: as many results as cases`);
    }
    assert.deepEqual(p.vectors, want, p.folder);
  }
});

test('the cluster samples are testdata/cluster\'s folders, and each layer\'s path exists', () => {
  const dir = join(ROOT, 'testdata', 'cluster');
  assert.deepEqual(V.cluster.examples, readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory()).sort());
  for (const l of V.layers) if (l.path) assert.ok(existsSync(join(ROOT, l.path)), l.path);
  assert.equal(V.layers.filter((l) => l.live).length, 1, 'the real-cluster layer is named');
});
