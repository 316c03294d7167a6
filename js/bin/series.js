// `rmqalloc doctor DIR1 DIR2 ...`: several saved snapshots of one group,
// diagnosed over time (rmq.doctor([...]), cluster/doctor DiagnoseSeries).
//
// The series is a function that takes snapshots as they come
// (createSeries → push / report), so that a live source plugs in as it is:
// the intended `rmqalloc doctor --namesrv ADDR -g GROUP --watch INTERVAL
// [--count N]` reads one live snapshot per INTERVAL (the live cluster
// reader builds it: { name, at, atSource, route, connection, progress,
// status }), pushes it and prints series.report() each time, N times.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, readText, statusFiles, terminalWidth } from './io.js';

/**
 * The status texts of a folder: mqadmin consumerStatus -g GROUP writes
 * them to <millis>/<clientId> under the directory it runs in, so when
 * status/ holds such timestamp directories the newest one is the run;
 * else status/ itself (one file per client). null: no status/.
 */
export function statusDirOf(dir) {
  const status = join(dir, 'status');
  let entries;
  try {
    entries = readdirSync(status, { withFileTypes: true });
  } catch {
    return null;
  }
  const runs = entries.filter((e) => e.isDirectory() && /^\d+$/.test(e.name)).map((e) => e.name);
  // stdout.txt and stderr.txt are what mqadmin printed, not client files.
  if (runs.length === 0) return entries.some((e) => !e.name.startsWith('.') && !/^std(out|err)\.txt$/.test(e.name)) ? status : null;
  runs.sort((a, b) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0));
  return join(status, runs[runs.length - 1]);
}

/** The first of files in dir that has text, else the first that exists. */
export function firstWithText(dir, files) {
  const there = files.map((f) => join(dir, f)).filter((f) => existsSync(f));
  return there.find((f) => readFileSync(f, 'utf8').trim() !== '') ?? there[0];
}

/** The newest modification time of files (ms), for a folder with no captured-at.txt. */
function newestMtime(paths) {
  let t = 0;
  for (const p of paths) t = Math.max(t, statSync(p).mtimeMs);
  return t;
}

const CMD = { route: 'topicRoute -t TOPIC', connection: 'consumerConnection -g GROUP', progress: 'consumerProgress -g GROUP -s true' };

/**
 * What the commands printed on stderr beside their output in dir: the
 * brokers a read could not see (progress.err, when the progress read is
 * another file) and the members that did not answer (status/stderr.txt).
 * The doctor marks the queues they hide unknown.
 */
export function stderrOf(dir, progressFile) {
  const read = (f) => (existsSync(f) && statSync(f).isFile() ? readText(f, `${dir}:`) : '');
  const pe = join(dir, 'progress.err');
  return { progressErr: progressFile === pe ? '' : read(pe), statusErr: read(join(dir, 'status', 'stderr.txt')), topicStatus: topicStatusOf(dir) };
}

/**
 * The folder's topicStatus outputs: topicStatus.txt (capture.sh's
 * topicstatus.txt) for route.txt's topic, topicStatus.TOPIC.txt for
 * route.TOPIC.txt's.
 */
export function topicStatusOf(dir) {
  const out = [];
  const first = ['topicStatus.txt', 'topicstatus.txt'].map((f) => join(dir, f)).find((f) => existsSync(f));
  if (first) out.push({ topic: '', text: readText(first, `${dir}:`) });
  for (const f of readdirSync(dir).filter((n) => /^topicStatus\..+\.txt$/.test(n)).sort()) {
    out.push({ topic: f.slice('topicStatus.'.length, -'.txt'.length), text: readText(join(dir, f), `${dir}:`) });
  }
  return out;
}

/**
 * One saved snapshot: the folder's route.txt, connection.txt,
 * progress.txt, status files (statusDirOf) and its time: the first line of
 * captured-at.txt, else the newest file's mtime (said in the report). It
 * also keeps which file each text came from, for error messages.
 */
export function snapshotOfFolder(dir) {
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`${dir}: no such folder`);
  }
  if (!isDir) throw new UsageError(`${dir}: not a folder (rmqalloc doctor DIR1 DIR2 ... takes folders holding route.txt, connection.txt and progress.txt or status/)`);
  const at = (f) => join(dir, f);
  const sd = statusDirOf(dir);
  // As doctor FOLDER: status/ stands in for progress.txt.
  const need = ['route.txt', 'connection.txt', ...(sd ? [] : ['progress.txt'])];
  const missing = need.filter((f) => {
    try {
      return !statSync(at(f)).isFile();
    } catch {
      return true;
    }
  });
  if (missing.length) throw new UsageError(`${dir}: not a folder of saved mqadmin outputs (it has no ${missing.join(', ')})`);
  // As for one folder (doctor.js folderOptions): a failed command's .err
  // when its output is empty, the per-topic progress of a 5.x mqadmin.
  const pick = { route: ['route.txt'], connection: ['connection.txt', 'connection.err'], progress: ['progress.txt', 'progress-c.txt', 'progress.err'] };
  const file = (k) => {
    const f = firstWithText(dir, pick[k]);
    return { file: f, text: readText(f, `${dir}:`) };
  };
  // route.TOPIC.txt: a further topic's route, named by its file (doctor FOLDER's layout).
  const more = readdirSync(dir).filter((f) => /^route\..+\.txt$/.test(f)).sort()
    .map((f) => ({ topic: f.slice('route.'.length, -'.txt'.length), file: at(f), text: readText(at(f), `${dir}:`) }));
  const progress = pick.progress.some((f) => existsSync(at(f))) ? file('progress') : { file: at('progress.txt'), text: '' };
  const files = { route: [{ topic: '', ...file('route') }, ...more], connection: file('connection'), progress };
  for (const r of files.route) {
    if (r.text.trim() === '') throw new UsageError(`${r.file}: it is empty (expected the output of mqadmin ${CMD.route})`);
  }
  for (const k of ['connection', ...(sd ? [] : ['progress'])]) {
    if (files[k].text.trim() === '') throw new UsageError(`${files[k].file}: it is empty (expected the output of mqadmin ${CMD[k]})`);
  }
  files.status = sd ? statusFiles([sd]) : [];
  let time;
  let atSource;
  let capturedAt = null;
  try {
    capturedAt = readFileSync(at('captured-at.txt'), 'utf8');
  } catch {
    // no captured-at.txt: the files' mtime
  }
  if (capturedAt !== null) {
    const first = capturedAt.split('\n')[0].trim();
    // captured-at.txt is UTC: a time without a zone is read as UTC, not local.
    const bare = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(first);
    const ms = Date.parse(bare ? first.replace(' ', 'T') + 'Z' : first);
    if (first === '' || !Number.isFinite(ms)) throw new UsageError(`${at('captured-at.txt')}: line 1: expected the capture time (e.g. 2026-12-01T19:08:32Z), got ${JSON.stringify(first)}`);
    time = new Date(ms).toISOString();
    atSource = 'captured-at.txt';
  } else {
    const read = [...files.route.map((r) => r.file), files.connection.file, ...(files.progress.text ? [files.progress.file] : []), ...files.status.map((s) => s.file.replace(/ \(client text .*$/, ''))];
    time = new Date(newestMtime(read)).toISOString();
    atSource = 'mtime';
  }
  return {
    snapshot: {
      name: dir,
      at: time,
      atSource,
      route: files.route.map((r) => ({ topic: r.topic, text: r.text })),
      connection: files.connection.text,
      progress: files.progress.text,
      status: files.status.map((s) => ({ name: s.name, text: s.text })),
      ...stderrOf(dir, files.progress.file),
    },
    files,
  };
}

/**
 * A series of snapshots of one group on the full module rmq: push adds one
 * (in time order, as a watch takes them; folders may come in any order,
 * the module sorts them by time), report diagnoses all so far:
 * { ok, text } or { ok, json } (format 'text' | 'json'). badInput turns
 * the module's ERR_BAD_INPUT into (snapshot index, box) for messages.
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

/** The file a series' input error is about, as "FILE: message". */
function seriesMessage(e, read) {
  const sb = seriesBox(e);
  if (!sb || !read[sb.index]) return e.message;
  const { files, snapshot } = read[sb.index];
  let msg = e.message.startsWith(e.box) ? e.message.slice(e.box.length).replace(/^:?\s*/, '') : e.message;
  msg = msg.replace(` (snapshot ${JSON.stringify(snapshot.name)})`, '').replace('(wrong box?)', '(wrong file?)');
  const m = /^(route|status)(?:\[(\d+)\])?$/.exec(sb.box);
  let src = files[sb.box]?.file;
  if (m) src = files[m[1]][Number(m[2] ?? 0)]?.file;
  if (sb.box === 'strategy' || sb.box === 'profile') src = `--${sb.box}`;
  return `${src ?? `${snapshot.name} (${sb.box})`}: ${msg}`;
}

/**
 * `rmqalloc doctor DIR1 DIR2 ...`: every folder a snapshot, diagnosed as a
 * series; prints the report (text or --json) and resolves to the exit
 * status (0 all ok, 1 problems found).
 */
export async function doctorSeriesCommand(load, dirs, o, write) {
  const perFile = ['route', 'connection', 'progress', 'status'].filter((k) => o[k] !== undefined);
  if (perFile.length) throw new UsageError(`--${perFile[0]} is one snapshot's file: with several folders, each folder holds its own (rmqalloc doctor --help)`);
  const read = dirs.map(snapshotOfFolder);
  const rmq = await load();
  const series = createSeries(rmq, { strategy: o.strategy, profile: o.profile, format: o.json ? 'json' : 'text' });
  for (const r of read) series.push(r.snapshot);
  let out;
  try {
    out = series.report();
  } catch (e) {
    if (e?.code === 'ERR_BAD_INPUT') throw new UsageError(seriesMessage(e, read));
    if (e?.code === 'ERR_INVALID_ARGUMENT' && /^input\[\d+\]\.(strategy|profile)$/.test(e.field ?? '')) throw new UsageError(e.message.replace(/^input\[\d+\]\./, '--'));
    throw e;
  }
  const s = o.json ? out.json : out.text;
  await write(s.endsWith('\n') ? s : s + '\n');
  return out.ok ? 0 : 1;
}
