// What the CLI's commands share: reading input files ('-' is stdin), the
// usage error and the exit statuses.

import { readFileSync, readdirSync, statSync } from 'node:fs';
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

/** The text of FILE for option flag ('-' reads stdin, once). */
export function readText(file, flag) {
  if (file === '-') {
    if (stdinUsed !== null) throw new UsageError(`${flag} -: stdin is already read by ${stdinUsed}`);
    stdinUsed = flag;
    return decodeBytes(readFileSync(0));
  }
  try {
    return decodeBytes(readFileSync(file));
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}`);
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
