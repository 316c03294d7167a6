// What the CLI's commands share: reading input files ('-' is stdin), the
// errors a person reads and the exit statuses (cmd/rmqalloc's errors.go
// and inputs.go say the same, tested against each other: testdata/cli).

import { closeSync, fstatSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PROFILES as PROFILE_NAMES, STRATEGIES as SIMULATED } from './spec.generated.js';

/**
 * Exit statuses: all ok, problems found (costing messages or duplicates),
 * bad input, nothing to judge by (the doctor had no owner information),
 * rmqalloc failed.
 */
export const EXIT = Object.freeze({ OK: 0, PROBLEMS: 1, BAD_INPUT: 2, NOT_JUDGED: 3, FAILED: 4 });

/** The strategies plan and the doctor simulate (doctor.SimulatedStrategies). */
export const STRATEGIES = SIMULATED;

/** The client profiles (--profile): java-4.9.3, java-5.3.3, go-client-2.1.2. */
export const PROFILES = PROFILE_NAMES;

/**
 * A failure the user reads: code (usage, input, cluster, unsupported,
 * failed), where (the file and line, or the flag as typed: what precedes
 * the message), the message, the file and line for --json, further lines
 * (rest) and the exit status.
 */
export class CliError extends Error {
  constructor({ code, where = '', msg, file = '', line = 0, rest = '', exit = EXIT.BAD_INPUT }) {
    super(where ? `${where}: ${msg}` : msg);
    Object.assign(this, { code, where, msg, file, line, rest, exit });
  }
}

/** A usage failure with its message as is (exit: the status, 2 unless said). */
export class UsageError extends CliError {
  constructor(message, exit = EXIT.BAD_INPUT) {
    super({ code: 'usage', msg: message, exit });
  }
}

export const usageErr = (msg, rest = '') => new CliError({ code: 'usage', msg, rest });

/** About a file or folder: its path first. */
export const inputErr = (file, msg) => new CliError({ code: 'input', where: file, file, msg });

/** About a place in a file: "FILE: line L, column C: msg". */
export function textErr(file, line, column, msg) {
  let where = file;
  if (line > 0) where += `: line ${line}${column > 0 ? `, column ${column}` : ''}`;
  return new CliError({ code: 'input', where, file, line, msg });
}

/**
 * e as printed: "rmqalloc: " and the text on stderr, or with --json
 * {"error":{"code","message","file","line"}} on stdout (file and line
 * null when unknown; the message without the place).
 */
export function errorOutput(e, asJSON) {
  // The message may quote a file's line or a server's answer: shown, not obeyed.
  if (!asJSON) return { stderr: `rmqalloc: ${safeText(e.message)}\n${e.rest ? safeText(e.rest.replace(/\n+$/, '')) + '\n' : ''}` };
  let message = e.file ? e.msg : e.message;
  if (e.rest) message += '\n' + e.rest.replace(/\n+$/, '');
  return { stdout: JSON.stringify({ error: { code: e.code, message, file: e.file || null, line: e.line > 0 ? e.line : null } }) + '\n' };
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

/**
 * The largest input file the doctor takes (cluster/doctor MaxInputBytes,
 * docs/doctor-limits.md): a larger one is refused by its size, unread.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** The error for a file of size bytes ('more than N' when read from a pipe). */
const tooBig = (label, file, size) => new CliError({ code: 'input', where: label, file, msg: `${size} bytes, over the doctor's limit of ${MAX_INPUT_BYTES} bytes for one file (docs/doctor-limits.md): not the output of one mqadmin command` });

/**
 * The read buffer every file shares: a fresh zeroed MiB per file cost
 * 16 s of the 23 s a folder of 10,000 status files took to read.
 */
let chunk;

/** Reads fd to its end, refusing more than MAX_INPUT_BYTES. */
function readBounded(fd, label, file) {
  const parts = [];
  let total = 0;
  chunk ??= Buffer.allocUnsafe(1 << 20);
  const buf = chunk;
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
    if (total > MAX_INPUT_BYTES) throw tooBig(label, file, `more than ${MAX_INPUT_BYTES}`);
    parts.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(parts, total);
}

/**
 * Whether file has text: a non-blank character in its first 64 KiB, or
 * more bytes than that (read later, and refused if over the size limit;
 * never read whole here).
 */
export function hasText(file) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(64 * 1024);
    const n = readSync(fd, head, 0, head.length, 0);
    return decodeBytes(head.subarray(0, n)).trim() !== '' || fstatSync(fd).size > n;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** 'a, b or c': a list of names in a help text. */
export function orList(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * The text of a file's bytes: UTF-8, or UTF-16 with its BOM (PowerShell's
 * `>` writes UTF-16LE), decoded.
 */
export function decodeBytes(b) {
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  return b.toString('utf8');
}

export const exists = (p) => {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
};

export const isDir = (p) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

export const isFile = (p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** Reads the files of one command line; stdin once. */
export class Reader {
  /**
   * totalLimit: the most bytes all files read by this reader may hold
   * together (0: no bound beyond each file's); a file that takes the
   * total over it is refused, naming the limit.
   */
  constructor({ totalLimit = 0 } = {}) {
    this.stdinUsed = '';
    this.totalLimit = totalLimit;
    this.total = 0;
  }

  /** Counts the bytes b read from file against totalLimit; returns b. */
  counted(label, file, b) {
    this.total += b.length;
    if (this.totalLimit > 0 && this.total > this.totalLimit) {
      throw new CliError({ code: 'input', where: label, file, msg: `the files read so far hold more than ${this.totalLimit} bytes together, over the npm CLI's limit for a series (docs/doctor-limits.md): give fewer folders, or use the Go binary, which holds one folder at a time` });
    }
    return b;
  }

  /**
   * { file, text, from } of file, given for flag ('' when it is a folder's
   * file: errors then name the path only). '-' is stdin, once.
   */
  read(file, flag) {
    const label = flag ? `${flag} ${file}` : file;
    if (file === '-') {
      if (this.stdinUsed) throw usageErr(`${flag} -: stdin is already read by ${this.stdinUsed}`);
      this.stdinUsed = flag;
      return { file: 'stdin', text: decodeBytes(this.counted(label, 'stdin', readBounded(0, label, 'stdin'))), from: 0 };
    }
    let fd;
    try {
      fd = openSync(file, 'r');
      if (fstatSync(fd).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      const size = fstatSync(fd).size;
      if (size > MAX_INPUT_BYTES) throw tooBig(label, file, size);
      return { file, text: decodeBytes(this.counted(label, file, readBounded(fd, label, file))), from: 0 };
    } catch (e) {
      if (e instanceof CliError) throw e;
      const msg = e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : `cannot be read: ${e.message}`;
      throw new CliError({ code: 'input', where: label, file, msg });
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /**
   * --status paths (flag '--status') or a folder's status directory (flag
   * ''): a file is one client's text named by its file name (or several
   * clients', split); a directory gives each file in it, dot files
   * skipped, in name order.
   */
  statusFiles(paths, flag) {
    const out = [];
    for (const p of paths) {
      if (p === '-') {
        out.push(...clientTexts('', this.read(p, flag)));
        continue;
      }
      let st;
      try {
        st = statSync(p);
      } catch {
        throw usageErr(`${flag} ${p}: no such file or folder`);
      }
      if (!st.isDirectory()) {
        out.push(...clientTexts(basename(p), this.read(p, flag)));
        continue;
      }
      const before = out.length;
      const names = readdirSync(p).sort();
      for (const n of names) {
        const f = join(p, n);
        if (n.startsWith('.') || !isFile(f)) continue;
        out.push(...clientTexts(n, this.read(f, '')));
      }
      if (out.length === before) throw flag ? usageErr(`${flag} ${p}: the folder has no files`) : inputErr(p, 'the folder has no files');
    }
    return out;
  }
}

const STATUS_HEADER = /^\uFEFF?[ \t]*#Consumer Properties#[ \t]*\r?$/;

/**
 * A status text holding several clients' texts one after another (`cat
 * status/*`) split at each "#Consumer Properties#" line; the parts have
 * no name (each says its client in clientIP and instanceName).
 */
function clientTexts(name, s) {
  const lines = s.text.split('\n');
  const starts = [];
  lines.forEach((l, i) => { if (STATUS_HEADER.test(l)) starts.push(i); });
  if (starts.length < 2) return [{ name, ...s }];
  starts[0] = 0; // lines before the first header go with the first text
  return starts.map((from, k) => ({ name: '', file: s.file, from, text: lines.slice(from, starts[k + 1] ?? lines.length).join('\n') }));
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
