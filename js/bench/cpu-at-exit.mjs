// Preloaded (node --import) by doctor.mjs into each timed CLI run: at exit,
// writes the CPU time of the process's main thread and of all its threads
// to stderr. On an idle machine the main thread's time is about the wall
// time (V8 compiles hot WebAssembly on other threads meanwhile); on a busy
// one the wall time is mostly waiting for a core.
import { readFileSync } from 'node:fs';

process.on('exit', () => {
  let main = NaN;
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    main = (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in 10 ms ticks
  } catch {
    // not Linux: no per-thread figure
  }
  const u = process.cpuUsage();
  process.stderr.write(`cpu-ms main=${main} all=${Math.round((u.user + u.system) / 1000)}\n`);
});
