// `rmqalloc doctor`: the tools' output files in, the diagnosis out (the
// module's Report.Text(), or the report as JSON with --json).

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, UsageError, readText, statusFiles, write } from './io.js';

export const DOCTOR_HELP = `Usage: rmqalloc doctor FOLDER [options]
       rmqalloc doctor --route [TOPIC=]FILE --connection FILE
                       (--progress FILE | --status DIR|FILE ...) [--strategy NAME]
                       [--profile P] [--json]

Compares which consumer holds each queue with what the members' own allocate
calls give, on the output of the admin tool, and says what is wrong and why.

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
                      (AVG, AVG_BY_CIRCLE or CONSISTENT_HASH, the strategies
                      the doctor simulates; default AVG)
  --profile P         one client for every member (java-4.9.3, java-5.3.3,
                      go-client-2.1.2); default: from the connection's Language/Version
  --json              print the report as one JSON object
  -h, --help          this help

FOLDER holds the outputs saved as route.txt, connection.txt, progress.txt
and/or status/ (the layout of testdata/cluster/*/); options given
as well take precedence.

FILE may be - for stdin. Exit status: 0 all ok, 1 problems found, 2 bad input.`;

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
  return {
    ...o,
    route: o.route ?? [at('route.txt')],
    connection: o.connection ?? at('connection.txt'),
    progress: o.progress ?? (existsSync(at('progress.txt')) ? at('progress.txt') : undefined),
    status: o.status ?? (existsSync(at('status')) ? [at('status')] : undefined),
  };
}

const OPTIONS = {
  route: { type: 'string', multiple: true },
  connection: { type: 'string' },
  progress: { type: 'string' },
  status: { type: 'string', multiple: true },
  strategy: { type: 'string' },
  profile: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

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

/** The columns the text is fitted in: COLUMNS, else the terminal's, else 80. */
function terminalWidth() {
  const env = Number.parseInt(process.env.COLUMNS ?? '', 10);
  if (env > 0) return env;
  return process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : 80;
}

export async function doctorCommand(load, argv) {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  if (positionals.length > 1) throw new UsageError(`one FOLDER at most, got ${positionals.length} (rmqalloc doctor --help)`);
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
  // progress as "no owner information" and diagnose nothing): say so.
  const empty = (flag, f, cmd) => {
    if (f.text.trim() === '') throw new UsageError(`${flag} ${f.file}: it is empty (expected the output of mqadmin ${cmd})`);
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
    }, { format: o.json ? 'json' : 'text', width: terminalWidth() });
  } catch (e) {
    if (e?.code === 'ERR_BAD_INPUT') throw new UsageError(badInputMessage(e, files));
    throw e;
  }
  const s = o.json ? out.json : out.text;
  await write(s.endsWith('\n') ? s : s + '\n');
  return out.ok ? EXIT.OK : EXIT.PROBLEMS;
}
