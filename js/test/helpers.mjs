// Shared by the tests: the package, the vectors, small fixtures.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const JS_DIR = fileURLToPath(new URL('..', import.meta.url));
export const TESTDATA = path.resolve(JS_DIR, '..', 'testdata');

/** Every profile folder with its case and result files. */
export function vectorFiles() {
  const out = [];
  for (const profile of readdirSync(TESTDATA).sort()) {
    const dir = path.join(TESTDATA, profile);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.cases.jsonl')).sort()) {
      out.push({ profile, name: f.replace('.cases.jsonl', ''), cases: path.join(dir, f), results: path.join(dir, f.replace('.cases.', '.results.')) });
    }
  }
  return out;
}

export function readJSONL(file) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}

/** n queues over brokers b0..b(k-1), ids by broker. */
export function queues(n, brokers = 2, topic = 'T') {
  return Array.from({ length: n }, (_, i) => ({ topic, brokerName: `broker-${i % brokers}`, queueId: Math.floor(i / brokers) }));
}

export function cids(n) {
  return Array.from({ length: n }, (_, i) => `10.0.0.${i}@${1000 + i}`);
}
