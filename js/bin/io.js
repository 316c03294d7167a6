// What the CLI's commands share: reading input files ('-' is stdin), the
// usage error and the exit statuses.

import { closeSync, fstatSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CLIENT, CLIENT_PROFILE, SIMULATED_STRATEGIES } from '../lib/tables.generated.js';

/**
 * Exit statuses: all ok, problems found (costing messages or duplicates),
 * bad input, nothing to judge by (the doctor had no owner information),
 * rmqalloc failed.
 */
export const EXIT = Object.freeze({ OK: 0, PROBLEMS: 1, BAD_INPUT: 2, NOT_JUDGED: 3, FAILED: 4 });

/** The strategies plan and the doctor simulate (doctor.SimulatedStrategies, generated). */
export const STRATEGIES = SIMULATED_STRATEGIES;

/** The client profiles (--profile), by client byte: java-4.9.3, java-5.3.3, go-client-2.1.2. */
export const PROFILES = Object.freeze(Object.keys(CLIENT).map((k) => CLIENT_PROFILE[k]));

/** 'a, b or c': a list of names in a help text. */
export function orList(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** A failure the user can fix: printed as one line, no stack, exit 2. */
export class UsageError extends Error {
  /** exit: the status to end with (EXIT.BAD_INPUT unless said). */
  constructor(message, exit = 2) {
    super(message);
    this.exit = exit;
  }
}

let stdinUsed = null;

/**
 * The text of a file's bytes: UTF-8, or UTF-16 with its BOM (PowerShell's
 * `>` writes UTF-16LE), decoded.
 */
export function decodeBytes(b) {
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  return b.toString('utf8');
}

/**
 * The largest input file the doctor takes (cluster/doctor MaxInputBytes,
 * docs/doctor-limits.md): a larger one is refused by its size, unread.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The error for a file of size bytes ('more than N' when read from a pipe). */
const tooBig = (flag, file, size) => new UsageError(`${flag} ${file}: ${size} bytes, over the doctor's limit of ${MAX_INPUT_BYTES} bytes for one file (docs/doctor-limits.md): not the output of one mqadmin command`);

/** Reads fd to its end, refusing more than MAX_INPUT_BYTES. */
function readBounded(fd, flag, file) {
  const parts = [];
  let total = 0;
  const buf = Buffer.alloc(1 << 20);
  for (;;) {
    let n;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      if (e.code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > MAX_INPUT_BYTES) throw tooBig(flag, file, `more than ${MAX_INPUT_BYTES}`);
    parts.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(parts, total);
}

/** The text of FILE for option flag ('-' reads stdin, once). */
export function readText(file, flag) {
  if (file === '-') {
    if (stdinUsed !== null) throw new UsageError(`${flag} -: stdin is already read by ${stdinUsed}`);
    stdinUsed = flag;
    return decodeBytes(readBounded(0, flag, '-'));
  }
  let fd;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    if (size > MAX_INPUT_BYTES) throw tooBig(flag, file, size);
    return decodeBytes(readBounded(fd, flag, file));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${flag} ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const STATUS_HEADER = /^\uFEFF?[ \t]*#Consumer Properties#[ \t]*\r?$/;

/**
 * One entry per client of a --status text: a file with several clients'
 * texts one after another (`cat status/*`) is split at each
 * "#Consumer Properties#" line; the parts have no name (each says its
 * client in its clientIP and instanceName properties).
 */
function clientTexts(name, file, text) {
  const lines = text.split('\n');
  const starts = [];
  lines.forEach((l, i) => { if (STATUS_HEADER.test(l)) starts.push(i); });
  if (starts.length < 2) return [{ name, file, text }];
  starts[0] = 0; // lines before the first header go with the first text
  return starts.map((s, k) => ({
    name: '',
    file: `${file} (client text ${k + 1} of ${starts.length}, from line ${s + 1})`,
    text: lines.slice(s, starts[k + 1] ?? lines.length).join('\n'),
  }));
}

/**
 * The files of --status: a file is one client's text, named by its file
 * name (or several clients' texts, split); a directory gives every file in
 * it (dot files skipped), in name order, as `mqadmin consumerStatus` writes
 * them (file name = client ID).
 */
export function statusFiles(paths) {
  const out = [];
  for (const p of paths) {
    if (p === '-') {
      out.push(...clientTexts('', 'stdin', readText(p, '--status')));
      continue;
    }
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`--status ${p}: no such file or directory`);
    }
    if (!st.isDirectory()) {
      out.push(...clientTexts(basename(p), p, readText(p, '--status')));
      continue;
    }
    const before = out.length;
    const names = readdirSync(p).filter((n) => !n.startsWith('.')).sort();
    for (const n of names) {
      const f = join(p, n);
      if (statSync(f).isFile()) out.push(...clientTexts(n, f, readText(f, '--status')));
    }
    if (out.length === before) throw new UsageError(`--status ${p}: the directory has no files`);
  }
  return out;
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const NAMED = { 7: '\\a', 8: '\\b', 11: '\\v', 12: '\\f', 13: '\\r' };

/**
 * s safe to print on a terminal (internal/termsafe's Escape): every control
 * character but newline and tab (C0, DEL, C1) written as an escape, so a
 * client ID or a server's remark carrying escape sequences is shown, not
 * obeyed. The module's report text is escaped already; this is for the
 * CLI's own lines (errors, warnings).
 */
export function safeText(s) {
  return String(s).replace(CONTROL, (c) => {
    const n = c.charCodeAt(0);
    return NAMED[n] ?? (n < 0x80 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`);
  });
}

/** Writes s to stdout and resolves once it is flushed (pipes included). */
export function write(s) {
  return new Promise((resolve) => {
    if (process.stdout.write(s)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

/** The columns the text is fitted in: COLUMNS, else the terminal's, else 80. */
export function terminalWidth() {
  const env = Number.parseInt(process.env.COLUMNS ?? '', 10);
  if (env > 0) return env;
  return process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : 80;
}
