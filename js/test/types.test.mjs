// The type declarations a TypeScript user compiles against: a quick check
// of what breaks them most easily — every top-level declaration at brace
// depth 0 (a missing `}` nests the rest of the file inside an interface:
// TS1131 for users). tsc.test.mjs runs the compiler itself on them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JS_DIR } from './helpers.mjs';

/** Source without comments and string literals (their braces do not count). */
function code(src) {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, (c) => c.replace(/[^\n]/g, ' '));
}

for (const file of ['index.d.ts', 'embed.d.ts', 'names.d.ts']) {
  test(`${file}: braces balance and every export is at the top level`, () => {
    const lines = code(readFileSync(path.join(JS_DIR, file), 'utf8')).split('\n');
    let depth = 0;
    lines.forEach((line, i) => {
      if (/^\s*export\s/.test(line)) assert.equal(depth, 0, `${file}:${i + 1}: "${line.trim()}" is nested ${depth} deep (a missing "}" above)`);
      for (const ch of line) {
        if (ch === '{' || ch === '(' || ch === '[') depth++;
        else if (ch === '}' || ch === ')' || ch === ']') depth--;
        assert.ok(depth >= 0, `${file}:${i + 1}: unbalanced closing bracket`);
      }
    });
    assert.equal(depth, 0, `${file}: unclosed bracket at the end`);
  });
}
