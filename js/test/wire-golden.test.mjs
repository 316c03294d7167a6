// The golden request bytes `go test ./wasm` decodes natively are what the
// real JS encoders write now (scripts/wire-golden.mjs, run by make generate).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { golden, customSamples } from '../../scripts/wire-golden.mjs';
import { CUSTOMS } from '../lib/ops.generated.js';
import { Encoder, Decoder } from '../lib/wire.js';

test('wasm/testdata/wire/golden.json is what the JS encoders write (run make generate when stale)', () => {
  const onDisk = readFileSync(new URL('../../wasm/testdata/wire/golden.json', import.meta.url), 'utf8');
  assert.equal(golden(), onDisk);
});

// The same golden bytes `go test ./wasm` checks GoRead and GoWrite on
// (TestCustomValuesMatchTheirGoldenBytes): JSDecode reads them as the
// sample value and JSEncode writes that value as them.
test('every custom value with a JS side reads and writes its golden bytes', () => {
  const samples = customSamples();
  for (const [name, c] of Object.entries(samples)) {
    if (!c.encode && !c.decode) continue;
    const js = CUSTOMS[name];
    assert.ok(js, `CUSTOMS has ${name}`);
    const bytes = Buffer.from(c.hex, 'hex');
    if (c.decode) {
      const d = new Decoder(new Uint8Array(bytes));
      assert.deepEqual(JSON.parse(JSON.stringify(js.decode(d, undefined))), c.js, `${name}: the golden bytes decoded`);
      assert.equal(d.p, bytes.length, `${name}: the decoder reads them all`);
    }
    if (c.encode) {
      const e = new Encoder(16);
      js.encode(e, c.js);
      assert.equal(Buffer.from(e.buf.subarray(0, e.pos)).toString('hex'), c.hex, `${name}: the golden value encoded`);
    }
  }
  for (const name of Object.keys(CUSTOMS)) assert.ok(samples[name], `${name} has a golden sample`);
});
