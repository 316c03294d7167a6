#!/usr/bin/env node
// rmqalloc: the command line of the npm package (`npx rmqalloc ...`), the
// same command as the Go binary cmd/rmqalloc (one flag table and help:
// spec.generated.js; one case suite: testdata/cli/cases.json).
//
//   rmqalloc doctor --namesrv HOST:PORT --group GROUP [--save DIR]
//   rmqalloc doctor FOLDER [FOLDER ...]
//   rmqalloc plan (--route FILE | --brokers N --queues N) --consumers N|IDS|@FILE
//
// Failures the user can fix are one line on stderr (with --json, a JSON
// object on stdout), never a stack trace. Exit status: 0 all ok, 1
// problems found, 2 bad input, 3 nothing to judge by (doctor), 4 rmqalloc
// failed.

// Only what every run needs is imported here: `--version` and `--help`
// load no WebAssembly and no command (each is imported when it runs).
import v8 from 'node:v8';
import { COMMAND_HELP, HELP, VERSION } from './spec.generated.js';
import { CliError, EXIT, errorOutput, usageErr, write } from './io.js';

/** Each command's run function, imported when it runs. */
const COMMANDS = {
  doctor: async () => (await import('./doctor.js')).doctorCommand,
  plan: async () => (await import('./plan.js')).planCommand,
  // The monitor runs for days and serves metrics: the Go binary's alone.
  monitor: async () => () => {
    throw new CliError({ code: 'unsupported', msg: 'monitor: only the Go binary has it (see docs/monitor.md)' });
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

async function main(cmd, rest) {
  if (cmd === undefined) {
    process.stderr.write(HELP + '\n');
    return EXIT.BAD_INPUT;
  }
  if (cmd === '-h' || cmd === '--help' || cmd === 'help') {
    await write((cmd === 'help' && COMMAND_HELP[rest[0]] ? COMMAND_HELP[rest[0]] : HELP) + '\n');
    return EXIT.OK;
  }
  if (cmd === '--version' || cmd === '-v') {
    await write(VERSION + '\n');
    return EXIT.OK;
  }
  if (!Object.hasOwn(COMMANDS, cmd)) throw usageErr(`unknown command ${JSON.stringify(cmd)} (rmqalloc --help lists them)`);
  const run = await COMMANDS[cmd]();
  return run(loadFull, rest);
}

const [cmd, ...rest] = process.argv.slice(2);
// --json anywhere (before --) asks for JSON errors too.
const end = rest.indexOf('--');
const asJSON = (end < 0 ? rest : rest.slice(0, end)).includes('--json');

// Node exits 13 when the run never settles (the module died mid-call and
// nothing is left to run): that is rmqalloc failing, exit 4 as documented.
let settled = false;
process.on('exit', () => {
  if (!settled) {
    const out = errorOutput(new CliError({ code: 'failed', msg: 'failed: the WebAssembly module stopped before answering', exit: EXIT.FAILED }), asJSON);
    if (out.stderr) process.stderr.write(out.stderr);
    // stdout may be a pipe: an exit handler cannot wait for it to drain.
    if (out.stdout) process.stdout.write(out.stdout);
    process.exitCode = EXIT.FAILED;
  }
});

let code;
try {
  code = await main(cmd, rest);
} catch (e) {
  const err = e instanceof CliError ? e : new CliError({ code: 'failed', msg: `failed: ${e?.code ? e.code + ': ' : ''}${e?.message ?? e}`, exit: EXIT.FAILED });
  const out = errorOutput(err, asJSON);
  if (out.stderr) process.stderr.write(out.stderr);
  if (out.stdout) await write(out.stdout);
  code = err.exit;
}
if (rmq) await rmq.exit();
settled = true;
process.exitCode = code;
