// client.js — promise-based calls into worker.js. For each op only the
// latest call matters:
// - while one runs in the worker, newer calls wait here and only the newest
//   is sent when it answers (the superseded ones resolve { stale: true });
// - a call that has computed for more than KILL_AFTER_MS when it is
//   superseded is cancelled for real: the worker is terminated (a
//   WebAssembly call cannot be interrupted) and a fresh one gets the latest
//   call of every op. Loading a module does not count (the worker says
//   { ready: false } while it loads, { ready: true } once loaded), so slow
//   loads are never restarted in a loop;
// - an older answer arriving late is dropped.

const KILL_AFTER_MS = 1500;

export class EngineClient {
  /** early: a worker started already for url (worker-boot.js), or null. */
  constructor(url, WorkerClass = globalThis.Worker, early = null) {
    this.url = url;
    this.WorkerClass = WorkerClass;
    this.seq = 0;
    this.pending = new Map(); // id → { op, state, resolve, onProgress }
    this.latest = new Map(); // op → newest id
    this.running = new Map(); // op → { id, since } in the worker
    this.waiting = new Map(); // op → id not sent yet
    this.restarts = 0;
    this.#spawn(early);
  }

  #spawn(early = null) {
    this.ready = false;
    this.worker = early ?? new this.WorkerClass(this.url, { type: 'module' });
    this.worker.onmessage = (ev) => this.#receive(ev.data);
    this.worker.onerror = (ev) => {
      ev.preventDefault();
      this.#fail(ev.message);
    };
    if (early?.earlyError) this.#fail(early.earlyError);
  }

  #fail(message) {
    const err = { message: 'the worker failed: ' + (message || 'could not start (is js/index.js built? run make build)') };
    for (const p of this.pending.values()) p.resolve({ error: err });
    this.pending.clear();
    this.failed = err;
  }

  /** Runs op with state; resolves {result} | {error} | {stale: true}. */
  call(op, state, onProgress) {
    if (this.failed) return Promise.resolve({ error: this.failed });
    const id = ++this.seq;
    this.latest.set(op, id);
    return new Promise((resolve) => {
      this.pending.set(id, { op, state, resolve, onProgress });
      const run = this.running.get(op);
      if (run && this.ready && performance.now() - run.since > KILL_AFTER_MS) return this.#restart();
      if (run) {
        this.#drop(this.waiting.get(op));
        this.waiting.set(op, id);
        return;
      }
      this.#send(op, id);
    });
  }

  #drop(id) {
    const p = id !== undefined && this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.resolve({ stale: true });
  }

  #send(op, id) {
    this.running.set(op, { id, since: performance.now() });
    this.worker.postMessage({ id, op, state: this.pending.get(id).state });
  }

  /** A new worker; the latest pending call of each op is sent to it again, the others are stale. */
  #restart() {
    this.worker.terminate();
    this.restarts++;
    this.running.clear();
    this.waiting.clear();
    for (const [id, p] of [...this.pending]) if (this.latest.get(p.op) !== id) this.#drop(id);
    this.#spawn();
    for (const [id, p] of this.pending) this.#send(p.op, id);
  }

  #receive(msg) {
    if ('ready' in msg) {
      // false: a module is loading (no restart meanwhile); true: loaded, calls are timed from now.
      this.ready = msg.ready;
      if (msg.ready) for (const run of this.running.values()) run.since = performance.now();
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.progress) { if (this.latest.get(p.op) === msg.id && p.onProgress) p.onProgress(msg.progress); return; }
    this.pending.delete(msg.id);
    if (this.running.get(p.op)?.id === msg.id) this.running.delete(p.op);
    const next = this.waiting.get(p.op);
    if (next !== undefined) { this.waiting.delete(p.op); this.#send(p.op, next); }
    if (this.latest.get(p.op) !== msg.id) return p.resolve({ stale: true });
    p.resolve(msg.error ? { error: msg.error } : { result: msg.result });
  }
}
