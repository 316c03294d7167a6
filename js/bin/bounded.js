// bounded.js — the live doctor's diagnosis under --timeout. The read and
// the diagnosis share the deadline, and the diagnosis always gets at least
// DIAGNOSIS_GRACE_MS after the read (as in the Go binary): a run ends
// within --timeout plus a second, the module's start aside. A WebAssembly
// call cannot be interrupted from its own thread, so the diagnosis runs in
// a worker thread, started (and its module loaded: a fixed cost, whatever
// the cluster sends) while the read goes on, and terminated at the
// deadline.

import { Worker } from 'node:worker_threads';
import { CliError, EXIT } from './io.js';

/** The least time the diagnosis gets after the read (docs/doctor-limits.md). */
export const DIAGNOSIS_GRACE_MS = 1000;

/**
 * A worker that loads the module now and diagnoses later: judge(argv,
 * start, timeoutMs, timeoutText) runs `rmqalloc doctor argv` (a saved
 * folder's diagnosis) and answers its exit status, or rejects with a
 * CliError when it does not finish by max(start + timeoutMs, T +
 * DIAGNOSIS_GRACE_MS), T when both the read and the module's load are
 * done; cancel() stops the worker unused. The worker's
 * output reaches stdout before judge settles.
 */
export function startJudge() {
  const worker = new Worker(new URL('./judge-worker.js', import.meta.url));
  let answer = null;
  let timedOut = false;
  let loaded;
  const ready = new Promise((resolve) => { loaded = resolve; });
  const exited = new Promise((resolve) => {
    worker.on('message', (m) => {
      if (m.ready) loaded();
      else answer = m;
    });
    worker.on('error', (e) => { answer = { failed: `${e?.code ? e.code + ': ' : ''}${e?.message ?? e}` }; });
    // 'exit' comes after the worker's stdout was handed over.
    worker.on('exit', () => {
      loaded();
      resolve();
    });
  });
  return {
    cancel: () => { worker.terminate(); },
    async judge(argv, start, timeoutMs, timeoutText) {
      await ready;
      const deadline = Math.max(start + timeoutMs, Date.now() + DIAGNOSIS_GRACE_MS);
      const timer = setTimeout(() => {
        timedOut = true;
        worker.terminate();
      }, deadline - Date.now());
      worker.postMessage({ argv });
      await exited;
      clearTimeout(timer);
      if (answer?.exit !== undefined) return answer.exit;
      if (answer?.cliError) throw new CliError(answer.cliError);
      if (timedOut) throw new CliError({ code: 'cluster', msg: `the diagnosis did not finish within --timeout ${timeoutText} (the read included; at least 1s after the read)`, exit: EXIT.BAD_INPUT });
      throw new CliError({ code: 'failed', msg: `failed: ${answer?.failed ?? 'the diagnosis stopped before answering'}`, exit: EXIT.FAILED });
    },
  };
}
