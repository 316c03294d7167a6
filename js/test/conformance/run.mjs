#!/usr/bin/env node
// make conformance-js PROFILE=p: cases (JSON Lines) on stdin → results on
// stdout, through the public rmqalloc package API, like `make conformance`.

import { createInterface } from 'node:readline';
import { load } from '../../index.js';
import { runCase, PROFILE_OPS, loadOptionsFor } from './cases.mjs';

// `node --test test/` runs every .mjs under test/ as a test file: this one
// is a command, not a test.
if (process.env.NODE_TEST_CONTEXT) process.exit(0);

const args = process.argv.slice(2);
const at = args.indexOf('--profile');
const profile = at >= 0 ? args[at + 1] : 'java-4.9.3';
if (!PROFILE_OPS[profile]) {
  process.stderr.write(`unknown profile ${JSON.stringify(profile)} (supported: ${Object.keys(PROFILE_OPS).join(', ')})\n`);
  process.exit(2);
}

// A reader that stops early (| head) is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });
const rmq = await load(loadOptionsFor(profile));
const out = [];
let lineNo = 0;
for await (const raw of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  lineNo++;
  const line = raw.trim();
  if (line === '') continue;
  let c;
  try {
    c = JSON.parse(line);
    out.push(JSON.stringify(runCase(rmq, profile, c)));
  } catch (e) {
    process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
    process.stderr.write(`line ${lineNo}${c?.id ? ` (${c.id})` : ''}: ${e?.message ?? e}\n`);
    process.exit(1);
  }
  if (out.length >= 256) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
await rmq.exit();
