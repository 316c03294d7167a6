#!/usr/bin/env node
// rmqalloc: the command line of the npm package (`npx rmqalloc ...`).
//
//   rmqalloc doctor --namesrv HOST:PORT --group GROUP [--save DIR]
//   rmqalloc doctor --route FILE --connection FILE --progress FILE [--status DIR|FILE ...]
//   rmqalloc plan (--route FILE | --brokers N --queues N) --consumers N|IDS|@FILE
//
// Failures the user can fix are one line on stderr, never a stack trace.
// Exit status: 0 all ok, 1 problems found, 2 bad input, 3 nothing to judge
// by (doctor), 4 rmqalloc failed.

// Only what every run needs is imported here: `--version` and `--help`
// load no WebAssembly and no command (each is imported when it runs).
import v8 from 'node:v8';
import { VERSION as version } from '../lib/tables.generated.js';
import { EXIT, STRATEGIES, UsageError, safeText, write } from './io.js';

const HELP = `rmqalloc ${version} — which RocketMQ consumer gets which queue, exactly as the real clients compute it

Usage:
  rmqalloc doctor --namesrv HOST:PORT --group GROUP [--topic T ...] [--json] [--save DIR]
      diagnose a live consumer group, read from the cluster: which queues are
      owned wrongly, and why
  rmqalloc doctor FOLDER | --route [TOPIC=]FILE --connection FILE --progress FILE [--status DIR|FILE ...]
      the same from the saved output of mqadmin
  rmqalloc doctor FOLDER1 FOLDER2 ... [--json]
      the same over several saved snapshots: owners over time, flapping, lag
      status, stuck consumers
  rmqalloc plan (--route FILE | --brokers N --queues N) --consumers N|IDS|@FILE [--strategy NAME]
      who gets which queue
  rmqalloc plan --compare --brokers N [--queues N] --consumers N [--markdown | --json]
      every strategy side by side: balance, queues moved per change, double consumption
  rmqalloc COMMAND --help      the options of a command
  Strategies (--strategy): ${STRATEGIES.join(', ')} (what plan and
  doctor simulate; the JS API has every strategy)
  rmqalloc --version

Diagnose a group: rmqalloc doctor --namesrv NAMESRV:9876 --group GROUP
Or run these three, then rmqalloc doctor on the files
  mqadmin topicRoute -n NAMESRV -t TOPIC               > route.txt
  mqadmin consumerConnection -n NAMESRV -g GROUP       > connection.txt
  mqadmin consumerProgress -n NAMESRV -g GROUP -s true > progress.txt
  rmqalloc doctor --route route.txt --connection connection.txt --progress progress.txt
  (or save them as route.txt, connection.txt, progress.txt in a folder: rmqalloc doctor FOLDER)

Exit status: 0 all ok, 1 problems found, 2 bad input, 3 no owner information
to judge by (doctor), 4 rmqalloc failed.`;

/** Each command's module: its run function and its --help text. */
const COMMANDS = {
  doctor: async () => {
    const m = await import('./doctor.js');
    return [m.doctorCommand, m.DOCTOR_HELP];
  },
  plan: async () => {
    const m = await import('./plan.js');
    return [m.planCommand, m.PLAN_HELP];
  },
};

let rmq = null;
/**
 * The full module: the doctor and the mqadmin parsers live there. A command
 * runs for well under a second, where V8's optimizing tier for WebAssembly
 * costs more than it saves: it compiles hot functions again on background
 * threads (600–700 ms CPU for a sample diagnosed in 30 ms, and half the CPU
 * of a 20,000-queue group, at about the same wall time). The baseline
 * compiler alone (Liftoff) is set for this process before the first
 * compile; the library itself never sets V8 flags.
 */
const loadFull = async () => {
  if (rmq === null) {
    v8.setFlagsFromString('--liftoff-only');
    const { load } = await import('../index.js');
    rmq = await load({ analysis: true });
  }
  return rmq;
};

async function main(argv) {
  const [cmd, ...rest] = argv;
  if (cmd === undefined || cmd === '-h' || cmd === '--help' || cmd === 'help') {
    if (cmd === undefined) {
      process.stderr.write(HELP + '\n');
      return EXIT.BAD_INPUT;
    }
    await write((cmd === 'help' && COMMANDS[rest[0]] ? (await COMMANDS[rest[0]]())[1] : HELP) + '\n');
    return EXIT.OK;
  }
  if (cmd === '--version' || cmd === '-v') {
    await write(version + '\n');
    return EXIT.OK;
  }
  if (!Object.hasOwn(COMMANDS, cmd)) throw new UsageError(`unknown command "${cmd}" (rmqalloc --help lists them)`);
  const [run] = await COMMANDS[cmd]();
  try {
    return await run(loadFull, rest);
  } catch (e) {
    // node:util parseArgs: an unknown option or a missing value.
    if (typeof e?.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS')) throw new UsageError(`${cmd}: ${e.message.split(/\.\s/)[0]} (rmqalloc ${cmd} --help)`);
    throw e;
  }
}

// Node exits 13 when the run never settles (the module died mid-call and
// nothing is left to run): that is rmqalloc failing, exit 4 as documented.
let settled = false;
process.on('exit', () => {
  if (!settled) {
    process.stderr.write('rmqalloc: failed: the WebAssembly module stopped before answering\n');
    process.exitCode = EXIT.FAILED;
  }
});

let code;
try {
  code = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError) {
    process.stderr.write(`rmqalloc: ${safeText(e.message)}\n`);
    code = e.exit ?? EXIT.BAD_INPUT;
  } else {
    process.stderr.write(`rmqalloc: failed: ${safeText(`${e?.code ? e.code + ': ' : ''}${e?.message ?? e}`)}\n`);
    code = EXIT.FAILED;
  }
}
if (rmq) await rmq.exit();
settled = true;
process.exitCode = code;
