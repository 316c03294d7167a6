// wire-golden.mjs [--check]: encodes the golden requests of the declared
// operations (wasm/testdata/wire/requests.json, written by make generate's
// gentables) with the real JS encoders (js/lib/ops.generated.js over
// js/lib/wire.js's Encoder) into wasm/testdata/wire/golden.json, which
// `go test ./wasm` decodes natively: a layout that drifts between Go and JS
// fails there without a browser. --check only compares (exit 1 when stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Encoder } from '../js/lib/wire.js';
import { REQUEST_ENCODERS } from '../js/lib/ops.generated.js';

const dir = new URL('../wasm/testdata/wire/', import.meta.url);
const { schema, customs, records, requests } = JSON.parse(readFileSync(new URL('requests.json', dir), 'utf8'));
const utf8 = new TextEncoder();

/** The JS value of a requests.json value v of declared type t. */
function value(t, v) {
  if (t.startsWith('[]')) return v.map((e) => value(t.slice(2), e));
  if (t.startsWith('?')) return value(t.slice(1), v);
  if (t.startsWith('rec:')) return Object.fromEntries(records[t.slice(4)].map((f) => [f.name, value(f.type, v[f.name])]));
  // A custom JS encodes from a value (its sample) or through the caller's function.
  // Its bytes go in as they are; the new strings they hold count in the table.
  if (t.startsWith('custom:')) {
    const c = customs[t.slice(7)];
    if (c.encode) return v;
    return (enc) => {
      enc.tail(Buffer.from(v, 'hex'));
      enc.nstr += c.strs ?? 0;
    };
  }
  if (t === 'i64') return BigInt(v);
  if (t === 'raw' || t === 'bytes') return utf8.encode(v);
  return v;
}

/** Each custom value's golden bytes and JS value (requests.json). */
export function customSamples() {
  return customs;
}

/** The golden file's text for the current encoders. */
export function golden() {
  const out = { schema, requests: {} };
  for (const r of requests) {
    const enc = REQUEST_ENCODERS[r.name];
    if (enc === undefined) throw new Error(`no JS encoder for ${r.name}: run make generate`);
    const req = {};
    for (const f of r.fields) req[f.name] = value(f.type, f.value);
    const e = enc(new Encoder(16), req);
    out.requests[r.name] = Buffer.from(e.buf.subarray(0, e.pos)).toString('hex');
  }
  return JSON.stringify(out, null, 2) + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = new URL('golden.json', dir);
  const text = golden();
  if (process.argv.includes('--check')) {
    let old = '';
    try { old = readFileSync(path, 'utf8'); } catch { /* missing: stale */ }
    if (old !== text) {
      console.error('wasm/testdata/wire/golden.json is stale: run make generate');
      process.exit(1);
    }
  } else {
    writeFileSync(path, text);
  }
}
