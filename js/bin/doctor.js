// `rmqalloc doctor`: the tools' output files in, the diagnosis out (the
// module's Report.Text(), or the report as JSON with --json).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, PROFILES, STRATEGIES, UsageError, orList, readText, statusFiles, terminalWidth, write } from './io.js';
import { SECURE_HELP, SECURE_OPTIONS, secureFrom } from './credentials.js';
import { readLive } from './live.js';
import { doctorSeriesCommand, firstWithText, statusDirOf, stderrOf, topicStatusOf } from './series.js';

export const DOCTOR_HELP = `Usage: rmqalloc doctor --namesrv HOST:PORT --group GROUP [--topic T ...] [--timeout DUR] [--save DIR] [options]
       rmqalloc doctor --namesrv HOST:PORT --group GROUP --watch INTERVAL [--count N] [--save DIR] [options]
       rmqalloc doctor FOLDER [options]
       rmqalloc doctor FOLDER1 FOLDER2 ... [--strategy NAME] [--profile P] [--json]
       rmqalloc doctor --route [TOPIC=]FILE --connection FILE
                       (--progress FILE | --status DIR|FILE ...) [--strategy NAME]
                       [--profile P] [--json]

Compares which consumer holds each queue with what the members' own allocate
calls give, and says what is wrong and why.

Read the group from the cluster (what mqadmin topicRoute, consumerConnection,
consumerProgress -s true and consumerStatus ask, in one go, in well under a
second):
  --namesrv HOST:PORT the NameServer
  --group GROUP       the consumer group
  --topic T           a topic to diagnose (repeat); default: every topic the
                      group subscribes to
  --timeout DUR       bound on the whole read: 5s (default), 1500ms, 2m; a
                      server silent for half of it is given up, and what it
                      holds is reported unknown
  --save DIR          also save what was read as a FOLDER (below); rmqalloc
                      doctor DIR gives the same report later
  --watch INTERVAL    a snapshot every INTERVAL (10s, 1m, ...), then the report
                      over time (as for several FOLDERs, below); with --save
                      the snapshots are DIR/1, DIR/2, ...
  --count N           with --watch: stop after N snapshots (default: at
                      Ctrl-C, which reports what was taken)

${SECURE_HELP}

Or from saved outputs:

  --route FILE        mqadmin topicRoute -t TOPIC; repeat for more topics, as
                      TOPIC=FILE when the topic cannot be told from the progress
  --connection FILE   mqadmin consumerConnection -g GROUP
  --progress FILE     mqadmin consumerProgress -g GROUP -s true (optional when
                      --status files are given)
  --status DIR|FILE   the files mqadmin consumerStatus -g GROUP writes, one per
                      client, named by client ID (a directory: every file in it;
                      a FILE with several clients' texts is split at each
                      #Consumer Properties# line)
  --strategy NAME     strategy of members whose status file does not name one
                      (${orList(STRATEGIES)}, the strategies
                      the doctor simulates; default ${STRATEGIES[0]})
  --profile P         one client for every member (${PROFILES.slice(0, -1).join(', ')},
                      ${PROFILES.at(-1)}); default: from the connection's Language/Version
  --captured-at TIME  when the outputs were taken (RFC 3339, UTC); dates the
                      stuck-consumer check (default: the newest #LastTime)
  --json              print the report as one JSON object
  -h, --help          this help

FOLDER holds the outputs saved as route.txt (route.TOPIC.txt for more
topics), connection.txt, progress.txt and/or status/ (the files, or the
<millis>/ directories mqadmin consumerStatus writes: the newest is read),
X.err for a failed command (an empty FILE with FILE.err beside it is read as
that error), progress-c.txt for the per-topic form, and captured-at.txt: the
layout of --save, testdata/cluster/*/, testdata/real*/ and
testdata/timeline/*/. Options given as well take precedence.

Several FOLDERs are snapshots of one group, in time order by captured-at.txt
(first line, e.g. 2026-12-01T19:08:32Z; else the newest file's mtime, as the
report says). The report adds the timeline: each queue's owners over time,
members that joined or left, queues flapping between owners, whether a
rebalance is still in progress, and per queue a lag status over the window
(OK, WARN lag never went down, STALL offset not moving while others do,
STOP the group consumed nothing, REWIND offset went back); then the last
snapshot's diagnosis.

FILE may be - for stdin. Exit status: 0 healthy, 1 problems costing messages
or duplicates, 2 bad input, 3 nothing to judge by (no owner information: run
consumerProgress with -s true, or give status files; or the cluster did not
answer), 4 rmqalloc failed. A cluster that answers in part is reported in
part: the queues a silent broker or member hides are unknown.`;

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

/** The files of a folder of saved outputs, as options (given ones win). */
function folderOptions(dir, o) {
  const at = (f) => join(dir, f);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`${dir}: no such folder`);
  }
  if (!isDir) throw new UsageError(`${dir}: not a folder (rmqalloc doctor FOLDER takes a folder holding route.txt, connection.txt and progress.txt)`);
  const needed = ['route.txt', 'connection.txt', ...(existsSync(at('status')) ? [] : ['progress.txt'])];
  const missing = needed.filter((f) => !existsSync(at(f)));
  if (missing.length) throw new UsageError(`${dir}: not a folder of saved mqadmin outputs (it has no ${missing.join(', ')})`);
  const status = statusDirOf(dir);
  const more = readdirSync(dir).filter((f) => /^route\..+\.txt$/.test(f)).sort()
    .map((f) => `${f.slice('route.'.length, -'.txt'.length)}=${at(f)}`);
  return {
    ...o,
    route: o.route ?? [at('route.txt'), ...more],
    // A failed command leaves its output empty and its error in .err; a 5.x
    // mqadmin against 4.x brokers runs only the per-topic progress (-c).
    connection: o.connection ?? firstWithText(dir, ['connection.txt', 'connection.err']),
    progress: o.progress ?? firstWithText(dir, ['progress.txt', 'progress-c.txt', 'progress.err']),
    status: o.status ?? (status ? [status] : undefined),
    'captured-at': o['captured-at'] ?? (existsSync(at('captured-at.txt')) ? readFileSync(at('captured-at.txt'), 'utf8') : undefined),
    // not options: what the folder's commands printed on stderr
    stderr: o.progress === undefined ? stderrOf(dir, firstWithText(dir, ['progress.txt', 'progress-c.txt', 'progress.err'])) : { topicStatus: topicStatusOf(dir) },
  };
}

const OPTIONS = {
  route: { type: 'string', multiple: true },
  connection: { type: 'string' },
  progress: { type: 'string' },
  status: { type: 'string', multiple: true },
  strategy: { type: 'string' },
  profile: { type: 'string' },
  'captured-at': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  namesrv: { type: 'string' },
  group: { type: 'string' },
  topic: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  save: { type: 'string' },
  watch: { type: 'string' },
  count: { type: 'string' },
  ...SECURE_OPTIONS,
};

/** --timeout: 5s, 1500ms, 2m, or plain seconds. */
function timeoutMs(v) {
  if (v === undefined) return 5000;
  const m = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m)?$/.exec(v.trim());
  if (!m || Number(m[1]) <= 0) throw new UsageError(`--timeout ${v}: a duration such as 5s, 1500ms or 2m`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60000 }[m[2] ?? 's'];
}

/** Writes a snapshot's files (path → text) under dir. */
function saveFiles(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    const p = join(dir, ...path.split('/'));
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
}

/**
 * --namesrv: the group read from the cluster, saved as a folder (--save
 * DIR, else a temporary one), then diagnosed by the FOLDER route itself,
 * so the report is the one `rmqalloc doctor DIR` gives.
 */
async function liveCommand(load, values, argv) {
  if (!values.group) throw new UsageError('--namesrv needs --group GROUP (rmqalloc doctor --help)');
  for (const k of ['route', 'connection', 'progress', 'status']) {
    if (values[k] !== undefined) throw new UsageError(`--${k} is for saved outputs; with --namesrv the group is read from the cluster`);
  }
  if (values.count !== undefined && values.watch === undefined) throw new UsageError('--count goes with --watch INTERVAL (rmqalloc doctor --help)');
  const ms = timeoutMs(values.timeout);
  const secure = secureFrom(values);
  const rmq = await load();
  const read = async () => {
    let snap;
    try {
      snap = await readLive(rmq, { namesrv: values.namesrv, group: values.group, topics: values.topic ?? [], timeoutMs: ms, ...secure });
    } catch (e) {
      if (e?.code === 'ERR_CLUSTER') {
        // The cluster itself did not answer: nothing could be judged (3);
        // options or names it does not know are bad input (2).
        const unread = ['namesrv', 'broker', 'timeout', 'refused'].includes(e.field);
        throw new UsageError(e.message.replace('(--timeout)', `(--timeout ${values.timeout ?? '5s'})`), unread ? EXIT.NOT_JUDGED : EXIT.BAD_INPUT);
      }
      throw e;
    }
    for (const w of snap.warnings) process.stderr.write(`rmqalloc: warning: ${w}\n`);
    return snap;
  };
  const rest = [];
  if (values.strategy !== undefined) rest.push('--strategy', values.strategy);
  if (values.profile !== undefined) rest.push('--profile', values.profile);
  if (values.json) rest.push('--json');
  const base = values.save ?? mkdtempSync(join(tmpdir(), 'rmqalloc-live-'));
  try {
    if (values.watch !== undefined) return await watchCommand(load, values, read, base, rest);
    saveFiles(base, (await read()).files);
    return await doctorCommand(load, [base, ...rest]);
  } finally {
    if (values.save === undefined) rmSync(base, { recursive: true, force: true });
  }
}

/** --count N: a whole number of snapshots, at least 1. */
function countOf(v) {
  if (v === undefined) return Infinity;
  if (!/^[1-9][0-9]*$/.test(v.trim())) throw new UsageError(`--count ${v}: a whole number of snapshots, 1 or more`);
  return Number(v);
}

/**
 * --watch INTERVAL [--count N]: a snapshot every INTERVAL (saved under
 * base as 1/, 2/, ...), then the series' report, as `rmqalloc doctor
 * base/1 base/2 ...` gives it. Without --count it runs until Ctrl-C, which
 * ends the watch and reports what was taken.
 */
async function watchCommand(load, values, read, base, rest) {
  const every = timeoutMs(values.watch);
  const count = countOf(values.count);
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
      process.stderr.write(`rmqalloc: snapshot ${dirs.length}${Number.isFinite(count) ? ` of ${count}` : ''} taken${snap.offline ? ' (no consumer online)' : ''}${more ? `; the next in ${values.watch}${Number.isFinite(count) ? '' : ' (Ctrl-C ends the watch and reports)'}` : ''}\n`);
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
  if (values.save !== undefined) process.stderr.write(`rmqalloc: saved in ${dirs.join(' ')}\n`);
  if (dirs.length === 1) return doctorCommand(load, [dirs[0], ...rest]);
  return doctorSeriesCommand(load, dirs, { strategy: values.strategy, profile: values.profile, json: values.json }, write);
}

/** --route [TOPIC=]FILE: a whole argument that is an existing path is a file. */
function routeArg(arg) {
  const eq = arg.indexOf('=');
  if (eq <= 0 || arg === '-' || existsSync(arg)) return { topic: '', file: arg };
  return { topic: arg.slice(0, eq), file: arg.slice(eq + 1) };
}

/** Where an input error's box came from, as the user named it. */
function sourceOf(box, files) {
  const m = /^(route|status)(?:\[(\d+)\])?$/.exec(box ?? '');
  if (m) {
    const f = files[m[1]][Number(m[2] ?? 0)];
    if (f) return `--${m[1]} ${f.file}`;
  }
  if (box && files[box]) return `--${box} ${files[box].file}`;
  return box ? `--${box}` : 'input';
}

/** An ERR_BAD_INPUT error as one line naming the option and file. */
export function badInputMessage(e, files) {
  const src = sourceOf(e.box, files);
  let msg = e.box && e.message.startsWith(e.box) ? e.message.slice(e.box.length).replace(/^:?\s*/, '') : e.message;
  // The file is named first already: not again at the end.
  msg = msg.replace(/ \(file "[^"]*"\)$/, '');
  // The parsers speak of the playground's boxes; here the boxes are files.
  return `${src}: ${msg.replace('(wrong box?)', '(wrong file for this option?)').replace(/: name the topic with the route$/, ': give it as --route TOPIC=FILE')}`;
}

export async function doctorCommand(load, argv) {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  if (values.namesrv !== undefined && !values.help) {
    if (positionals.length) throw new UsageError('give a FOLDER or --namesrv, not both (rmqalloc doctor --help)');
    return liveCommand(load, values, argv);
  }
  for (const k of ['group', 'topic', 'timeout', 'save', 'watch', 'count', ...Object.keys(SECURE_OPTIONS)]) {
    if (values[k] !== undefined) throw new UsageError(`--${k} goes with --namesrv HOST:PORT (rmqalloc doctor --help)`);
  }
  // Several folders: snapshots of one group over time (series.js); one
  // folder that --watch --save wrote (DIR/1, DIR/2, ...) is its series.
  if (positionals.length > 1 && !values.help) return doctorSeriesCommand(load, positionals, values, write);
  const watched = positionals.length === 1 && !values.help ? watchFolders(positionals[0]) : [];
  if (watched.length > 0) return doctorSeriesCommand(load, watched, values, write);
  const o = positionals.length === 1 && !values.help ? folderOptions(positionals[0], values) : values;
  if (o.help) {
    await write(DOCTOR_HELP + '\n');
    return EXIT.OK;
  }
  const missing = ['route', 'connection', ...(o.status ? [] : ['progress'])].filter((k) => o[k] === undefined);
  if (missing.length) throw new UsageError(`missing ${missing.map((k) => '--' + k).join(', ')} (rmqalloc doctor --help)`);
  const files = {
    route: o.route.map(routeArg).map(({ topic, file }) => ({ topic, file: file === '-' ? 'stdin' : file, text: readText(file, '--route') })),
    connection: { file: o.connection === '-' ? 'stdin' : o.connection, text: readText(o.connection, '--connection') },
    progress: o.progress === undefined ? { file: '', text: '' } : { file: o.progress === '-' ? 'stdin' : o.progress, text: readText(o.progress, '--progress') },
    status: statusFiles(o.status ?? []),
  };
  // An empty file is a failed mqadmin run (the module would read no
  // progress as "no owner information" and diagnose nothing): its error
  // saved beside it (X.err) is read instead, which the doctor understands
  // where it says something (a group not online, a 5.x mqadmin against 4.x
  // brokers); else say so.
  const empty = (flag, f, cmd) => {
    if (f.text.trim() !== '') return;
    const err = f.file.replace(/(\.txt)?$/, '.err');
    if (err !== f.file && existsSync(err)) {
      f.file = err;
      f.text = readText(err, flag);
      if (f.text.trim() !== '') return;
    }
    throw new UsageError(`${flag} ${f.file}: it is empty (expected the output of mqadmin ${cmd})`);
  };
  for (const r of files.route) empty('--route', r, 'topicRoute -t TOPIC');
  empty('--connection', files.connection, 'consumerConnection -g GROUP');
  if (o.progress !== undefined) empty('--progress', files.progress, 'consumerProgress -g GROUP -s true');
  const rmq = await load();
  let out;
  try {
    // Only what is printed: the text, or the JSON text as the module wrote it.
    out = rmq.doctor({
      route: files.route.map((r) => ({ topic: r.topic, text: r.text })),
      connection: files.connection.text,
      progress: files.progress.text,
      status: files.status.map((s) => ({ name: s.name, text: s.text })),
      strategy: o.strategy,
      profile: o.profile,
      capturedAt: o['captured-at'],
      ...(o.stderr ?? {}),
    }, { format: o.json ? 'json' : 'text', width: terminalWidth() });
  } catch (e) {
    if (e?.code === 'ERR_BAD_INPUT') throw new UsageError(badInputMessage(e, files));
    throw e;
  }
  const s = o.json ? out.json : out.text;
  await write(s.endsWith('\n') ? s : s + '\n');
  if (out.ok) return EXIT.OK;
  return out.judged ? EXIT.PROBLEMS : EXIT.NOT_JUDGED;
}
