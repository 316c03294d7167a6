// What the CLI's commands share: reading input files ('-' is stdin), the
// usage error and the exit statuses.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Exit statuses: all ok, problems found, bad input, rmqalloc failed. */
export const EXIT = Object.freeze({ OK: 0, PROBLEMS: 1, BAD_INPUT: 2, FAILED: 3 });

/** A failure the user can fix: printed as one line, no stack, exit 2. */
export class UsageError extends Error {}

let stdinUsed = null;

/** The text of FILE for option flag ('-' reads stdin, once). */
export function readText(file, flag) {
  if (file === '-') {
    if (stdinUsed !== null) throw new UsageError(`${flag} -: stdin is already read by ${stdinUsed}`);
    stdinUsed = flag;
    return readFileSync(0, 'utf8');
  }
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}`);
  }
}

/**
 * The files of --status: a file is one client's text, named by its file
 * name; a directory gives every file in it (dot files skipped), in name
 * order, as `mqadmin consumerStatus` writes them (file name = client ID).
 */
export function statusFiles(paths) {
  const out = [];
  for (const p of paths) {
    if (p === '-') {
      out.push({ name: '', file: 'stdin', text: readText(p, '--status') });
      continue;
    }
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`--status ${p}: no such file or directory`);
    }
    if (!st.isDirectory()) {
      out.push({ name: basename(p), file: p, text: readText(p, '--status') });
      continue;
    }
    const before = out.length;
    const names = readdirSync(p).filter((n) => !n.startsWith('.')).sort();
    for (const n of names) {
      const f = join(p, n);
      if (statSync(f).isFile()) out.push({ name: n, file: f, text: readText(f, '--status') });
    }
    if (out.length === before) throw new UsageError(`--status ${p}: the directory has no files`);
  }
  return out;
}

/** Writes s to stdout and resolves once it is flushed (pipes included). */
export function write(s) {
  return new Promise((resolve) => {
    if (process.stdout.write(s)) resolve();
    else process.stdout.once('drain', resolve);
  });
}
