// judge-worker.js — one `rmqalloc doctor FOLDER` in a worker thread, for
// bounded.js: loads the module at once (posting { ready }), then waits for { argv } and posts
// { exit } or { cliError } (a CliError's fields).

import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { CliError } from './io.js';
import { doctorCommand } from './doctor.js';

// As the main thread's loader: the baseline compiler alone (rmqalloc.js says why).
v8.setFlagsFromString('--liftoff-only');
const { load } = await import('../index.js');
const loading = load({ analysis: true });
// Loaded or not (a failed load is the command's failure, reported when it runs).
loading.then(() => parentPort.postMessage({ ready: true }), () => parentPort.postMessage({ ready: true }));
const { argv } = await new Promise((resolve) => parentPort.once('message', resolve));
let rmq = null;
try {
  parentPort.postMessage({ exit: await doctorCommand(async () => (rmq = await loading), argv) });
} catch (e) {
  if (!(e instanceof CliError)) throw e;
  const { code, where, msg, file, line, rest, exit } = e;
  parentPort.postMessage({ cliError: { code, where, msg, file, line, rest, exit } });
} finally {
  if (rmq) await rmq.exit();
}
