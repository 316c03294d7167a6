// `rmqalloc doctor`: the tools' output files in, the diagnosis out (the
// module's Report.Text(), or the report as JSON with --json). The Go
// binary's cmd/rmqalloc/doctor.go does the same, case for case
// (testdata/cli/cases.json).

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError, EXIT, Reader, exists, hasText, inputErr, isDir, isFile, safeText, terminalWidth, textErr, usageErr, write } from './io.js';
import { parseFlags } from './flags.js';
import { COMMAND_HELP, DOCTOR_WAYS, STRATEGY_NAMES } from './spec.generated.js';
import { readLive } from './live.js';
import { startJudge } from './bounded.js';
import { secureFrom } from './credentials.js';
import { doctorSeriesCommand } from './series.js';

export const DOCTOR_HELP = COMMAND_HELP.doctor;

/** The flags that go with --namesrv (the table's live group, from --group on). */
const LIVE_FLAGS = ['group', 'topic', 'timeout', 'save', 'watch', 'count', 'credentials', 'tls', 'tls-ca', 'tls-insecure'];

/**
 * The snapshot folders of a --watch --save DIR folder (DIR/1, DIR/2, ...,
 * each with route.txt), in their number's order; [] when dir is not one.
 */
export function watchFolders(dir) {
  try {
    if (!statSync(dir).isDirectory() || existsSync(join(dir, 'route.txt'))) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && /^[1-9][0-9]*$/.test(e.name) && existsSync(join(dir, e.name, 'route.txt')))
      .map((e) => e.name).sort((a, b) => Number(a) - Number(b)).map((n) => join(dir, n));
  } catch {
    return [];
  }
}

/** --strategy in any case (the names are upper case), --profile in any case, --stuck-after as typed. */
export function judgeOptions(a) {
  const s = a.str('strategy');
  const strategy = STRATEGY_NAMES.find((n) => n.toLowerCase() === s.toLowerCase()) ?? s;
  return { strategy, profile: a.str('profile').toLowerCase(), stuckAfter: a.str('stuck-after') };
}

/**
 * The status files of a folder: the newest status/<millis>/ (what mqadmin
 * consumerStatus -g GROUP writes), else status/ itself when it holds a
 * file other than stdout.txt/stderr.txt; '' when none.
 */
export function statusDirOf(dir) {
  const status = join(dir, 'status');
  let entries;
  try {
    entries = readdirSync(status, { withFileTypes: true });
  } catch {
    return '';
  }
  const runs = entries.filter((e) => e.isDirectory() && /^[0-9]+$/.test(e.name)).map((e) => e.name);
  if (runs.length === 0) {
    return entries.some((e) => !(e.isDirectory() && /^[0-9]+$/.test(e.name)) && !e.name.startsWith('.') && !/^std(out|err)\.txt$/.test(e.name)) ? status : '';
  }
  runs.sort((a, b) => (a.length - b.length) || (a < b ? -1 : a > b ? 1 : 0));
  return join(status, runs.at(-1));
}

/** The first of names in dir with text, else the first that exists, else ''. */
export function firstWithText(dir, names) {
  const there = names.map((n) => join(dir, n)).filter((p) => isFile(p));
  return there.find(hasText) ?? there[0] ?? '';
}

/** dir is a folder of saved outputs (cmdLine says for what). */
export function checkFolder(dir, cmdLine) {
  if (!exists(dir)) throw inputErr(dir, 'no such folder');
  if (!isDir(dir)) throw inputErr(dir, `not a folder (${cmdLine} takes folders holding route.txt, connection.txt and progress.txt or status/)`);
  const need = ['route.txt', 'connection.txt', ...(statusDirOf(dir) ? [] : ['progress.txt'])];
  const missing = need.filter((f) => !isFile(join(dir, f)));
  if (missing.length) throw inputErr(dir, `not a folder of saved mqadmin outputs (it has no ${missing.join(', ')})`);
}

/** A folder's route.TOPIC.txt files, by name. */
function moreRoutes(dir) {
  return readdirSync(dir).sort()
    .filter((n) => n.startsWith('route.') && n.endsWith('.txt') && n.length > 'route..txt'.length)
    .map((n) => ({ topic: n.slice('route.'.length, -'.txt'.length), file: join(dir, n) }));
}

const MQADMIN = { route: 'topicRoute -t TOPIC', connection: 'consumerConnection -g GROUP', progress: 'consumerProgress -g GROUP -s true' };

/**
 * An empty file is a failed mqadmin run: its error saved beside it (X.err)
 * is read instead when it says something, else it is refused.
 */
function notEmpty(r, s, kind) {
  if (s.text.trim() !== '') return s;
  if (s.file !== 'stdin') {
    const errFile = s.file.replace(/\.txt$/, '') + '.err';
    if (errFile !== s.file && exists(errFile)) {
      const t = r.read(errFile, '');
      if (t.text.trim() !== '') return t;
    }
  }
  throw inputErr(s.file, `it is empty (expected the output of mqadmin ${MQADMIN[kind]})`);
}

/**
 * A folder's topicStatus outputs: topicStatus.txt (capture.sh's
 * topicstatus.txt) for route.txt's topic, topicStatus.TOPIC.txt for
 * route.TOPIC.txt's.
 */
function topicStatusOf(r, dir) {
  const out = [];
  const first = ['topicStatus.txt', 'topicstatus.txt'].map((f) => join(dir, f)).find((f) => exists(f));
  if (first) out.push({ topic: '', text: r.read(first, '').text });
  for (const n of readdirSync(dir).sort()) {
    if (n.startsWith('topicStatus.') && n.endsWith('.txt') && n.length > 'topicStatus..txt'.length) {
      out.push({ topic: n.slice('topicStatus.'.length, -'.txt'.length), text: r.read(join(dir, n), '').text });
    }
  }
  return out;
}

/** --route [TOPIC=]FILE: a whole argument that is an existing path is a file. */
export function routeArg(arg) {
  const eq = arg.indexOf('=');
  if (eq <= 0 || arg === '-' || exists(arg)) return { topic: '', file: arg };
  return { topic: arg.slice(0, eq), file: arg.slice(eq + 1) };
}

/**
 * One snapshot's files: a FOLDER's, the flags' (which take precedence), or
 * both: { routes, connection, progress, status, capturedAt, capturedAtWhere,
 * capturedAtFile }, each text with its file.
 */
export function snapshotOf(r, a) {
  let folder = '';
  if (a.positionals.length === 1) {
    folder = a.positionals[0];
    checkFolder(folder, 'rmqalloc doctor FOLDER');
  } else if (!['route', 'connection', 'progress', 'status'].some((k) => a.has(k))) {
    throw usageErr('doctor: nothing to diagnose; give one of', DOCTOR_WAYS);
  }
  const f = { routes: [], progress: null, status: [], capturedAt: '', capturedAtWhere: '', capturedAtFile: '', progressErr: '', statusErr: '', topicStatus: [] };
  if (a.has('route')) {
    for (const arg of a.all('route')) {
      const { topic, file } = routeArg(arg);
      f.routes.push({ topic, ...r.read(file, '--route') });
    }
  } else if (folder) {
    f.routes.push({ topic: '', ...r.read(join(folder, 'route.txt'), '') });
    for (const m of moreRoutes(folder)) f.routes.push({ topic: m.topic, ...r.read(m.file, '') });
  }
  // A failed command leaves its output empty and its error in .err; a 5.x
  // mqadmin against 4.x brokers runs only the per-topic progress (-c).
  let connection = a.str('connection');
  let connFlag = '--connection';
  if (!a.has('connection') && folder) [connection, connFlag] = [firstWithText(folder, ['connection.txt', 'connection.err']), ''];
  let progress = a.str('progress');
  let progFlag = '--progress';
  if (!a.has('progress') && folder) [progress, progFlag] = [firstWithText(folder, ['progress.txt', 'progress-c.txt', 'progress.err']), ''];
  // What the folder's commands printed on stderr beside their output: the
  // brokers a read could not see (progress.err, when the progress is read
  // from another file) and the members that did not answer
  // (status/stderr.txt); the doctor marks the queues they hide unknown.
  if (folder && !a.has('progress')) {
    const pe = join(folder, 'progress.err');
    if (progress !== pe && isFile(pe)) f.progressErr = r.read(pe, '').text;
    const se = join(folder, 'status', 'stderr.txt');
    if (isFile(se)) f.statusErr = r.read(se, '').text;
  }
  if (folder) f.topicStatus = topicStatusOf(r, folder);
  let status = [];
  let statusFlag = '--status';
  if (a.has('status')) status = a.all('status');
  else if (folder) {
    const sd = statusDirOf(folder);
    if (sd) [status, statusFlag] = [[sd], ''];
  }
  const missing = [];
  if (f.routes.length === 0) missing.push('--route');
  if (connection === '') missing.push('--connection');
  if (progress === '' && status.length === 0) missing.push('--progress');
  if (missing.length) throw usageErr(`doctor: missing ${missing.join(', ')} (rmqalloc doctor --help)`);
  f.connection = r.read(connection, connFlag);
  if (progress !== '') f.progress = r.read(progress, progFlag);
  f.status = r.statusFiles(status, statusFlag);
  f.routes = f.routes.map((s) => ({ ...notEmpty(r, s, 'route'), topic: s.topic }));
  f.connection = notEmpty(r, f.connection, 'connection');
  if (f.progress) f.progress = notEmpty(r, f.progress, 'progress');
  if (a.has('captured-at')) {
    f.capturedAt = a.str('captured-at');
    f.capturedAtWhere = `--captured-at ${f.capturedAt}`;
  } else if (folder && exists(join(folder, 'captured-at.txt'))) {
    const s = r.read(join(folder, 'captured-at.txt'), '');
    f.capturedAt = s.text;
    f.capturedAtFile = s.file;
  }
  return f;
}

/** The module's doctor input from the files. */
export function inputOf(f, strategy, profile, stuckAfter = '') {
  return {
    route: f.routes.map((x) => ({ topic: x.topic, text: x.text })),
    connection: f.connection.text,
    progress: f.progress ? f.progress.text : '',
    status: f.status.map((s) => ({ name: s.name, text: s.text })),
    strategy,
    profile,
    capturedAt: f.capturedAt,
    progressErr: f.progressErr,
    statusErr: f.statusErr,
    topicStatus: f.topicStatus,
    stuckAfter,
  };
}

const BOX_REF = /\b(route|status)\[(\d+)\]/g;

/** The file an input box (route, route[1], connection, progress, status[2]) was read from. */
function sourceOfBox(f, box) {
  const m = /^(route|status)\[(\d+)\]$/.exec(box);
  const kind = m ? m[1] : box;
  const idx = m ? Number(m[2]) : 0;
  if (kind === 'route') return f.routes[idx];
  if (kind === 'status') return f.status[idx];
  if (kind === 'connection') return f.connection;
  if (kind === 'progress') return f.progress ?? undefined;
  return undefined;
}

/** A message about box, placed in its file (or on the flag as typed). */
export function placeError(f, box, line, column, message) {
  let msg = message.replace('(wrong box?)', '(wrong file?)').replace(/ \(file "[^"]*"\)$/, '').replace(': name the topic with the route', ': give it as --route TOPIC=FILE');
  msg = msg.replace(BOX_REF, (ref) => sourceOfBox(f, ref)?.file ?? ref);
  if (box === 'strategy' || box === 'profile') return new CliError({ code: 'usage', where: `--${box}`, msg });
  if (box === 'stuckAfter') return new CliError({ code: 'usage', where: '--stuck-after', msg });
  if (box === 'capturedAt') {
    if (f.capturedAtFile) return textErr(f.capturedAtFile, line, 0, msg);
    return new CliError({ code: 'usage', where: f.capturedAtWhere, msg });
  }
  const s = sourceOfBox(f, box);
  if (s) return textErr(s.file, line > 0 ? line + s.from : line, column, msg);
  return new CliError({ code: 'input', where: box, msg });
}

/** The module's error on text it could not read, placed; others as they are. */
function doctorInputError(e, f) {
  if (e?.code !== 'ERR_BAD_INPUT') return e;
  const msg = e.box && e.message.startsWith(e.box) ? e.message.slice(e.box.length).replace(/^:( line \d+(, column \d+)?:)?\s*/, '') : e.message;
  return placeError(f, e.box ?? '', e.line ?? 0, e.column ?? 0, msg);
}

/** Prints the report (text fitted in the width, or JSON) and resolves to status. */
async function printReport(out, asJSON, status) {
  const s = asJSON ? out.json : out.text;
  await write(s.endsWith('\n') ? s : s + '\n');
  return status;
}

export async function doctorCommand(load, argv) {
  const a = parseFlags('doctor', argv);
  if (a.has('help')) {
    await write(DOCTOR_HELP + '\n');
    return EXIT.OK;
  }
  if (a.has('namesrv')) {
    if (a.positionals.length) throw usageErr('doctor: give a FOLDER or --namesrv, not both (rmqalloc doctor --help)');
    return liveCommand(load, a);
  }
  for (const k of LIVE_FLAGS) {
    if (a.has(k)) throw usageErr(`--${k} goes with --namesrv HOST:PORT (rmqalloc doctor --help)`);
  }
  if (a.positionals.length > 1) return doctorSeriesCommand(load, a, a.positionals);
  // A folder --watch --save wrote (DIR/1, DIR/2, ...) is its series.
  const watched = a.positionals.length === 1 ? watchFolders(a.positionals[0]) : [];
  if (watched.length > 0) return doctorSeriesCommand(load, a, watched);
  const r = new Reader();
  const f = snapshotOf(r, a);
  const { strategy, profile, stuckAfter } = judgeOptions(a);
  const rmq = await load();
  let out;
  try {
    out = rmq.doctor(inputOf(f, strategy, profile, stuckAfter), { format: a.has('json') ? 'json' : 'text', width: terminalWidth() });
  } catch (e) {
    throw doctorInputError(e, f);
  }
  return printReport(out, a.has('json'), out.ok ? EXIT.OK : out.judged ? EXIT.PROBLEMS : EXIT.NOT_JUDGED);
}

/** --timeout and --watch: 5s, 1500ms, 2m, or plain seconds; above zero. */
function durationMs(flag, v) {
  const m = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m)?$/.exec(v.trim());
  if (!m || Number(m[1]) <= 0) throw usageErr(`${flag} ${v}: want a duration above zero, such as 5s, 1500ms or 2m`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60000 }[m[2] ?? 's'];
}

/** --count N: a whole number of snapshots, 1 or more. */
function countOf(v) {
  if (!/^[1-9][0-9]*$/.test(v.trim())) throw usageErr(`--count ${v}: want a whole number of snapshots, 1 or more`);
  return Number(v);
}

/** Writes a snapshot's files (path → text) under dir. */
function saveFiles(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    const p = join(dir, ...path.split('/'));
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
}

/** The doctor's arguments for saved folders, with the judging flags given. */
function judgeArgs(a, folders) {
  const out = [...folders];
  for (const k of ['strategy', 'profile', 'stuck-after']) if (a.has(k)) out.push(`--${k}`, a.str(k));
  if (a.has('json')) out.push('--json');
  return out;
}

/**
 * --namesrv: the group read from the cluster, saved as a folder (--save
 * DIR, else a temporary one), then diagnosed as doctor FOLDER diagnoses
 * it, so the report is the one `rmqalloc doctor DIR` gives later.
 */
async function liveCommand(load, a) {
  if (!a.str('group')) throw usageErr('--namesrv needs --group GROUP (rmqalloc doctor --help)');
  for (const k of ['route', 'connection', 'progress', 'status']) {
    if (a.has(k)) throw usageErr(`--${k} is for saved outputs; with --namesrv the group is read from the cluster`);
  }
  if (a.has('count') && !a.has('watch')) throw usageErr('--count goes with --watch INTERVAL (rmqalloc doctor --help)');
  const ms = a.has('timeout') ? durationMs('--timeout', a.str('timeout')) : 5000;
  const timeoutText = a.has('timeout') ? a.str('timeout') : '5s';
  let every = 0;
  let count = Infinity;
  if (a.has('watch')) {
    every = durationMs('--watch', a.str('watch'));
    if (a.has('count')) count = countOf(a.str('count'));
  }
  const secure = secureFrom({
    credentials: a.has('credentials') ? a.str('credentials') : undefined,
    tls: a.has('tls') || undefined,
    'tls-ca': a.has('tls-ca') ? a.str('tls-ca') : undefined,
    'tls-insecure': a.has('tls-insecure') || undefined,
  });
  const rmq = await load();
  const read = async () => {
    let snap;
    try {
      snap = await readLive(rmq, { namesrv: a.str('namesrv'), group: a.str('group'), topics: a.all('topic'), timeoutMs: ms, ...secure });
    } catch (e) {
      if (e?.code === 'ERR_CLUSTER') {
        // The cluster itself did not answer: nothing could be judged (3);
        // options or names it does not know are bad input (2).
        const unread = ['namesrv', 'broker', 'timeout', 'refused'].includes(e.field);
        throw new CliError({ code: 'cluster', msg: e.message.replace('(--timeout)', `(--timeout ${timeoutText})`), exit: unread ? EXIT.NOT_JUDGED : EXIT.BAD_INPUT });
      }
      throw e;
    }
    for (const w of snap.warnings) process.stderr.write(`rmqalloc: warning: ${safeText(w.replace('(--timeout)', `(--timeout ${timeoutText})`))}\n`);
    return snap;
  };
  const base = a.has('save') ? a.str('save') : mkdtempSync(join(tmpdir(), 'rmqalloc-live-'));
  try {
    if (a.has('watch')) return await watch(load, a, read, base, every, count);
    // --timeout bounds the read and the diagnosis together (bounded.js).
    const start = Date.now();
    const judge = startJudge();
    let snap;
    try {
      snap = await read();
    } catch (e) {
      judge.cancel();
      throw e;
    }
    saveFiles(base, snap.files);
    return await judge.judge(judgeArgs(a, [base]), start, ms, timeoutText);
  } finally {
    if (!a.has('save')) rmSync(base, { recursive: true, force: true });
  }
}

/**
 * --watch INTERVAL [--count N]: a snapshot every INTERVAL (saved under base
 * as 1/, 2/, ...), then the series' report, as `rmqalloc doctor base/1
 * base/2 ...` gives it. Without --count it runs until Ctrl-C, which ends
 * the watch and reports what was taken.
 */
async function watch(load, a, read, base, every, count) {
  const dirs = [];
  let stop = false;
  let wake = () => {};
  const onSigint = () => {
    stop = true;
    wake();
  };
  process.on('SIGINT', onSigint);
  try {
    while (dirs.length < count && !stop) {
      const t0 = Date.now();
      const snap = await read();
      const dir = join(base, String(dirs.length + 1));
      saveFiles(dir, snap.files);
      dirs.push(dir);
      const more = dirs.length < count;
      const finite = Number.isFinite(count);
      process.stderr.write(`rmqalloc: snapshot ${dirs.length}${finite ? ` of ${count}` : ''} taken${snap.offline ? ' (no consumer online)' : ''}${more ? `; the next in ${a.str('watch')}${finite ? '' : ' (Ctrl-C ends and reports)'}` : ''}\n`);
      if (!more) break;
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, every - (Date.now() - t0)));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (a.has('save')) process.stderr.write(`rmqalloc: saved in ${dirs.join(' ')}\n`);
  return doctorCommand(load, judgeArgs(a, dirs));
}

