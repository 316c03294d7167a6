// `rmqalloc doctor DIR1 DIR2 ...`: several saved snapshots of one group,
// diagnosed over time (rmq.doctor([...]), cluster/doctor DiagnoseSeries);
// cmd/rmqalloc/series.go is the Go binary's.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, Reader, inputErr, isFile, terminalWidth, textErr, usageErr, write } from './io.js';
import { checkFolder, inputOf, judgeOptions, placeError, snapshotOf } from './doctor.js';

/**
 * The most bytes the npm CLI reads for one series (every folder's files
 * together): cluster/doctor's MaxInputTotal, what one snapshot may hold,
 * at which the CLI peaks near 0.9 GB (BenchmarkProcessMemory).
 */
export const MAX_SERIES_BYTES = 128 * 1024 * 1024;

const CAPTURE_TIME = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d(\.\d+)?)?([Zz]|[+-]\d\d:\d\d)?$/;

/**
 * captured-at.txt's first line as an ISO time (ms): RFC 3339, the zone UTC
 * when it has none; null when it is no such time.
 */
export function parseCaptureTime(s) {
  const m = CAPTURE_TIME.exec(s);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ':00'}${(m[5] ?? 'Z').toUpperCase()}`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/**
 * One folder of a series: its texts as doctor FOLDER reads them, and its
 * time: captured-at.txt's first line, else the newest file's mtime (said
 * in the report).
 */
export function snapshotOfFolder(dir, strategy = '', profile = '', r = new Reader(), stuckAfter = '') {
  checkFolder(dir, 'rmqalloc doctor FOLDER1 FOLDER2 ...');
  const a = { positionals: [dir], has: () => false, str: () => '', all: () => [] };
  const files = snapshotOf(r, a);
  files.capturedAt = '';
  files.capturedAtFile = '';
  const snapshot = { name: dir, ...inputOf(files, strategy, profile, stuckAfter) };
  delete snapshot.capturedAt;
  const at = join(dir, 'captured-at.txt');
  let text = null;
  // bounded and decoded (UTF-16 and BOMs) as the outputs; none: the files' mtime
  if (isFile(at)) text = r.read(at, '').text;
  if (text !== null) {
    const first = text.split('\n')[0].trim();
    const t = parseCaptureTime(first);
    if (t === null) throw textErr(at, 1, 0, `expected the capture time (e.g. 2026-12-01T19:08:32Z), got ${JSON.stringify(first)}`);
    snapshot.at = t;
    snapshot.atSource = 'captured-at.txt';
  } else {
    const paths = [files.connection.file, ...files.routes.map((x) => x.file), ...(files.progress ? [files.progress.file] : []), ...files.status.map((s) => s.file)];
    let newest = 0;
    for (const p of paths) {
      try {
        newest = Math.max(newest, Math.floor(statSync(p).mtimeMs));
      } catch {
        // gone since read
      }
    }
    snapshot.at = new Date(newest).toISOString();
    snapshot.atSource = 'mtime';
  }
  return { files, snapshot };
}

/**
 * A series of snapshots of one group on the full module rmq: push adds one
 * (in time order, as a watch takes them; folders may come in any order,
 * the module sorts them by time), report diagnoses all so far:
 * { ok, text } or { ok, json } (format 'text' | 'json').
 */
export function createSeries(rmq, { strategy, profile, format = 'text' } = {}) {
  const snaps = [];
  return {
    get size() {
      return snaps.length;
    },
    push(snapshot) {
      snaps.push({ ...snapshot, ...(strategy === undefined ? {} : { strategy }), ...(profile === undefined ? {} : { profile }) });
    },
    report() {
      return rmq.doctor(snaps, format === 'json' ? { format } : { format, width: terminalWidth() });
    },
  };
}

/** Which snapshot and box an ERR_BAD_INPUT error of a series is about. */
export function seriesBox(e) {
  const m = /^snapshot\[(\d+)\]\.(.*)$/.exec(e?.box ?? '');
  return m ? { index: Number(m[1]), box: m[2] } : null;
}

/** A series' input error, placed in the file it is about. */
function seriesInputError(e, read) {
  if (e?.code !== 'ERR_BAD_INPUT') return e;
  const sb = seriesBox(e);
  if (!sb || !read[sb.index]) return new CliError({ code: 'input', msg: e.message });
  const { files, snapshot } = read[sb.index];
  let msg = e.message.startsWith(e.box) ? e.message.slice(e.box.length).replace(/^:( line \d+(, column \d+)?:)?\s*/, '') : e.message;
  msg = msg.replace(` (snapshot ${JSON.stringify(snapshot.name)})`, '');
  if (sb.box === 'at') return inputErr(snapshot.name, msg);
  return placeError(files, sb.box, e.line ?? 0, e.column ?? 0, msg);
}

/**
 * `rmqalloc doctor DIR1 DIR2 ...`: every folder a snapshot, diagnosed as a
 * series; prints the report (text or --json) and resolves to the exit
 * status (0 all ok, 1 problems found).
 */
export async function doctorSeriesCommand(load, a, dirs) {
  for (const k of ['route', 'connection', 'progress', 'status', 'captured-at']) {
    if (a.has(k)) throw usageErr(`--${k} is one snapshot's: with several folders, each folder holds its own (rmqalloc doctor --help)`);
  }
  const { strategy, profile, stuckAfter } = judgeOptions(a);
  // The module takes a series in one call, so every folder's texts are
  // held together: bounded as one snapshot's are (MAX_SERIES_BYTES).
  const r = new Reader({ totalLimit: MAX_SERIES_BYTES });
  const read = dirs.map((d) => snapshotOfFolder(d, strategy, profile, r, stuckAfter));
  const rmq = await load();
  const series = createSeries(rmq, { format: a.has('json') ? 'json' : 'text' });
  for (const x of read) series.push(x.snapshot);
  let out;
  try {
    out = series.report();
  } catch (e) {
    throw seriesInputError(e, read);
  }
  const s = a.has('json') ? out.json : out.text;
  await write(s.endsWith('\n') ? s : s + '\n');
  return out.ok ? 0 : 1;
}
