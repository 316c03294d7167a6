// The type declarations and the READMEs' code, checked by the TypeScript
// compiler itself (a dev dependency for this test alone): index.d.ts and
// embed.d.ts with lib ["es2022"] and @types/node only (no DOM lib),
// skipLibCheck false, --strict; and every ```js / ```ts block of README.md
// and js/README.md, extracted to a file as written, compiled against them
// (as TypeScript, as a TS user pastes them, and as checked JavaScript). A
// README that drifts from the types fails here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JS_DIR } from './helpers.mjs';

const TSC = path.join(JS_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
const READMES = [path.join(JS_DIR, '..', 'README.md'), path.join(JS_DIR, '..', 'docs', 'js.md'), path.join(JS_DIR, 'README.md')];

/**
 * Names a block uses from an earlier block of its README (the READMEs say
 * "continuing the first example"), declared with their types as globals
 * for the blocks that do not define them.
 */
const CONTEXT = {
  rmq: "import('rmqalloc').Rmq",
  full: "import('rmqalloc').Rmq",
  queues: "import('rmqalloc').MessageQueue[]",
  publishQueues: "import('rmqalloc').MessageQueue[]",
  route: "import('rmqalloc').TopicRouteData",
  consumers: 'string[]',
  before: 'string[]',
  after: 'string[]',
  input: "import('rmqalloc').DoctorInput",
  input2: "import('rmqalloc').DoctorInput",
};

/** Blocks for other tools (a VitePress theme, a bundler's `?url` import): not this package's API. */
const FOREIGN = /from 'vitepress|\?url'/;

/** The ```js and ```ts blocks of a Markdown file, with the line each starts on. */
export function codeBlocks(md) {
  const out = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^```(js|ts|mjs|javascript|typescript)\s*$/.exec(lines[i]);
    if (!m) continue;
    const start = i + 1;
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1])) i++;
    out.push({ lang: m[1], line: start + 1, code: lines.slice(start, i + 1).join('\n') });
    i++;
  }
  return out;
}

/** CONTEXT as globals (a block's own declarations shadow them). */
function contextFile(dir) {
  const f = path.join(dir, 'context.d.ts');
  const decls = Object.entries(CONTEXT).map(([name, type]) => `  const ${name}: ${type};`);
  writeFileSync(f, `export {};\ndeclare global {\n${decls.join('\n')}\n}\n`);
  return f;
}

function tsc(dir, files, extra = {}) {
  const config = {
    compilerOptions: {
      target: 'es2022',
      lib: ['es2022'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      types: ['node'],
      typeRoots: [path.join(JS_DIR, 'node_modules', '@types')],
      paths: { rmqalloc: [path.join(JS_DIR, 'index.d.ts')], 'rmqalloc/embed': [path.join(JS_DIR, 'embed.d.ts')], 'rmqalloc/names': [path.join(JS_DIR, 'names.d.ts')] },
      ...extra,
    },
    files,
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2));
  return spawnSync(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { encoding: 'utf8', timeout: 120_000 });
}

test('the TypeScript compiler is installed (npm ci in js/: typescript and @types/node are dev dependencies)', () => {
  assert.ok(existsSync(TSC), `${TSC} missing: run npm ci in js/`);
  const pkg = JSON.parse(readFileSync(path.join(JS_DIR, 'package.json'), 'utf8'));
  assert.ok(pkg.devDependencies.typescript && pkg.devDependencies['@types/node']);
});

test('index.d.ts, embed.d.ts and names.d.ts compile with lib es2022 and @types/node, no DOM lib, skipLibCheck false, --strict', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-tsc-'));
  t.after(() => rmSync(dir, { recursive: true }));
  const r = tsc(dir, [path.join(JS_DIR, 'index.d.ts'), path.join(JS_DIR, 'embed.d.ts'), path.join(JS_DIR, 'names.d.ts')]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  // A program that imports only the main entry gets no DOM types from it.
  writeFileSync(path.join(dir, 'main.mts'), "import { load } from 'rmqalloc';\nconst rmq = await load();\nrmq.topic([]);\n// @ts-expect-error no DOM lib: document is not declared\ndocument.title;\n");
  const main = tsc(dir, [path.join(dir, 'main.mts')]);
  assert.equal(main.status, 0, main.stdout + main.stderr);
});

test('with lib dom, wasmModule is exactly WebAssembly.Module and bytes takes a BufferSource', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-tsc-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(path.join(dir, 'dom.mts'), [
    "import { load, type CompiledWasmModule } from 'rmqalloc';",
    'declare const m: WebAssembly.Module;',
    'declare const b: BufferSource;',
    'await load({ wasmModule: m, bytes: b });',
    'type Same = [CompiledWasmModule] extends [WebAssembly.Module] ? ([WebAssembly.Module] extends [CompiledWasmModule] ? true : false) : false;',
    'export const same: Same = true;',
    '',
  ].join('\n'));
  const r = tsc(dir, [path.join(dir, 'dom.mts')], { lib: ['es2022', 'dom'] });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('a broken declaration is caught: the check can fail', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-tsc-'));
  t.after(() => rmSync(dir, { recursive: true }));
  writeFileSync(path.join(dir, 'use.mts'), "import { load } from 'rmqalloc';\nconst rmq = await load();\nrmq.allocate({ strategy: { name: 'AVG' }, currentCID: 1, mqAll: [], cidAll: [] });\n");
  const r = tsc(dir, [path.join(dir, 'use.mts')]);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /use\.mts\(3,\d+\): error TS2322/);
});

for (const readme of READMES) {
  const name = path.relative(path.join(JS_DIR, '..'), readme);
  test(`${name}: every JS/TS block type-checks as written under --strict (as .mts and as checked .mjs)`, (t) => {
    const blocks = codeBlocks(readFileSync(readme, 'utf8'));
    assert.ok(blocks.length >= 1, `${name}: no code blocks found (the extraction is broken)`);
    const dir = mkdtempSync(path.join(tmpdir(), 'rmqalloc-tsc-'));
    t.after(() => rmSync(dir, { recursive: true }));
    const files = [contextFile(dir)];
    for (const b of blocks) {
      if (FOREIGN.test(b.code)) {
        t.diagnostic(`${name}:${b.line}: not checked (code for another tool: ${FOREIGN.exec(b.code)[0]})`);
        continue;
      }
      // A module of its own (export {}), its lines numbered as in the README.
      for (const ext of b.lang.startsWith('t') ? ['mts'] : ['mts', 'mjs']) {
        const f = path.join(dir, `line${b.line}.${ext}`);
        writeFileSync(f, `${b.code}\nexport {};\n`);
        files.push(f);
      }
    }
    const r = tsc(dir, files, { allowJs: true, checkJs: true });
    const errors = r.stdout.split('\n').filter(Boolean).map((l) => l.replace(/^.*?(line(\d+)\.m[tj]s)\((\d+),(\d+)\)/, (_, f, start, ln, col) => `${name}:${Number(start) + Number(ln) - 1}:${col} (${f})`));
    assert.equal(r.status, 0, `${name}: README code that does not type-check:\n${errors.join('\n')}${r.stderr}`);
  });
}
