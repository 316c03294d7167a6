// The golden request bytes `go test ./wasm` decodes natively are what the
// real JS encoders write now (scripts/wire-golden.mjs, run by make generate).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { golden } from '../../scripts/wire-golden.mjs';

test('wasm/testdata/wire/golden.json is what the JS encoders write (run make generate when stale)', () => {
  const onDisk = readFileSync(new URL('../../wasm/testdata/wire/golden.json', import.meta.url), 'utf8');
  assert.equal(golden(), onDisk);
});
