// client.js — promise-based calls into worker.js. For each op only the
// latest call matters: while one is running in the worker, newer calls
// wait here and only the newest is sent when it answers (the superseded
// ones resolve { stale: true } without costing the worker anything); an
// older answer arriving late is dropped.

export class EngineClient {
  constructor(url) {
    this.worker = new Worker(url, { type: 'module' });
    this.seq = 0;
    this.pending = new Map();
    this.latest = new Map();
    this.running = new Map(); // op → id in the worker
    this.waiting = new Map(); // op → { id, state } not sent yet
    this.worker.onmessage = (ev) => this.#receive(ev.data);
    this.worker.onerror = (ev) => {
      ev.preventDefault();
      const err = { message: 'the worker failed: ' + (ev.message || 'could not start (is js/index.js built? run make build)') };
      for (const p of this.pending.values()) p.resolve({ error: err });
      this.pending.clear();
      this.failed = err;
    };
  }

  /** Runs op with state; resolves {result} | {error} | {stale: true}. */
  call(op, state, onProgress) {
    if (this.failed) return Promise.resolve({ error: this.failed });
    const id = ++this.seq;
    this.latest.set(op, id);
    return new Promise((resolve) => {
      this.pending.set(id, { op, resolve, onProgress });
      if (this.running.has(op)) {
        const old = this.waiting.get(op);
        if (old) { this.pending.get(old.id).resolve({ stale: true }); this.pending.delete(old.id); }
        this.waiting.set(op, { id, state });
        return;
      }
      this.#send(op, id, state);
    });
  }

  #send(op, id, state) {
    this.running.set(op, id);
    this.worker.postMessage({ id, op, state });
  }

  #receive(msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if (msg.progress) { if (this.latest.get(p.op) === msg.id && p.onProgress) p.onProgress(msg.progress); return; }
    this.pending.delete(msg.id);
    this.running.delete(p.op);
    const next = this.waiting.get(p.op);
    if (next) { this.waiting.delete(p.op); this.#send(p.op, next.id, next.state); }
    if (this.latest.get(p.op) !== msg.id) return p.resolve({ stale: true });
    p.resolve(msg.error ? { error: msg.error } : { result: msg.result });
  }
}
