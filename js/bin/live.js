// `rmqalloc doctor --namesrv HOST:PORT --group GROUP`: the group read from
// the cluster. The module (cluster/live's Session) makes every request
// frame and reads every answer; this file only carries frames over
// node:net, one connection a call, all within one deadline.

import { setMaxListeners } from 'node:events';
import { openSocket, socketFailure } from './credentials.js';

/**
 * The largest frame accepted, as cluster/live's maxFrameLength: a length
 * field above it (or below 4) is not a RocketMQ answer. Its 4 bytes are
 * handed to the module, which names it a protocol error.
 */
export const MAX_FRAME_LENGTH = 64 * 1024 * 1024;

/** Connections open at once, as cluster/live's MaxConcurrentCalls. */
export const MAX_CONCURRENT_CALLS = 64;

/**
 * One call: send frame to addr, resolve with the one frame that answers.
 * The bytes are kept as they come and joined once (linear in the answer).
 */
function call(addr, frame, deadline, signal, tls) {
  // Past the deadline no connection is opened: the call has timed out.
  if (Date.now() >= deadline) return Promise.resolve({ failure: { timeout: true, message: 'timed out' } });
  return new Promise((resolve) => {
    const i = addr.lastIndexOf(':');
    const host = addr.slice(0, i).replace(/^\[|\]$/g, '');
    const port = Number(addr.slice(i + 1));
    let chunks = [];
    let got = 0;
    let need = -1;
    let settled = false;
    const finish = (v) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      sock.destroy();
      resolve(v);
    };
    const onAbort = () => finish({ failure: { timeout: false, message: 'aborted' } });
    const { sock, ready } = openSocket(host, port, tls);
    let secured = false;
    const timer = setTimeout(() => finish({ failure: { timeout: true, message: 'timed out' } }), Math.max(0, deadline - Date.now()));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    sock.on(ready, () => {
      secured = true;
      sock.write(frame);
    });
    sock.on('data', (b) => {
      chunks.push(b);
      got += b.length;
      if (need < 0 && got >= 4) {
        const head = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, got); // a few bytes: the first chunks
        chunks = [head];
        const n = head.readUInt32BE(0);
        if (n < 4 || n > MAX_FRAME_LENGTH) {
          finish({ frame: new Uint8Array(head.subarray(0, 4)) });
          return;
        }
        need = n + 4;
      }
      if (need >= 0 && got >= need) {
        const all = Buffer.concat(chunks, got);
        finish({ frame: new Uint8Array(all.buffer, all.byteOffset, need) }); // a view: no second copy
      }
    });
    sock.on('error', (e) => finish({ failure: { timeout: false, message: socketFailure(e, tls, secured) } }));
    sock.on('close', () => finish({ failure: { timeout: false, message: 'the connection closed before an answer' } }));
  });
}

/** A first-in first-out list with O(1) push and shift. */
class Fifo {
  #items = [];
  #head = 0;
  get size() {
    return this.#items.length - this.#head;
  }
  push(v) {
    this.#items.push(v);
  }
  shift() {
    const v = this.#items[this.#head];
    this.#items[this.#head++] = undefined;
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return v;
  }
}

/**
 * Reads group from the cluster at namesrv within timeoutMs, every request
 * signed with credentials when given, over TLS when tls is (credentials.js): the snapshot
 * { group, files: { path: text }, warnings, offline, millis }. Throws the
 * module's ERR_CLUSTER error (its message names the address) when the
 * read fails. Calls wait for one of maxCalls connections; each answer is
 * handled as it arrives (no scan over the calls in flight).
 */
export async function readLive(rmq, { namesrv, group, topics, timeoutMs, credentials = null, tls = null, maxCalls = MAX_CONCURRENT_CALLS }) {
  const deadline = Date.now() + timeoutMs;
  const s = rmq.live.start({ namesrv, group, topics, credentials });
  const abort = new AbortController();
  setMaxListeners(maxCalls + 1, abort.signal); // one listener a call in flight
  const waiting = new Fifo(); // requests not yet sent: no free connection
  const answers = new Fifo(); // answers not yet handled
  const running = new Set();
  let wake = null;
  let outstanding = 0;
  let stopped = false;
  const pump = () => {
    while (!stopped && running.size < maxCalls && waiting.size > 0) {
      const r = waiting.shift();
      // Each call gets half the read's time from when it is sent: a server
      // that does not answer is given up with time left for the rest (its
      // part is then unknown).
      const p = call(r.addr, r.frame, Math.min(deadline, Date.now() + timeoutMs / 2), abort.signal, tls).then((a) => {
        running.delete(p);
        answers.push({ id: r.id, ...a });
        pump();
        if (wake) {
          const w = wake;
          wake = null;
          w();
        }
      });
      running.add(p);
    }
  };
  const send = (reqs) => {
    for (const r of reqs) {
      outstanding++;
      waiting.push(r);
    }
    pump();
  };
  let failed = null;
  send(s.requests);
  try {
    while (outstanding > 0) {
      if (answers.size === 0) await new Promise((resolve) => { wake = resolve; });
      const a = answers.shift();
      outstanding--;
      try {
        send(s.handle(a.id, a.frame ?? null, a.failure));
      } catch (e) {
        failed = e; // the session is freed; let the calls in flight end
        break;
      }
    }
  } finally {
    stopped = true; // nothing waits for the calls still in flight
    abort.abort();
    await Promise.allSettled([...running]);
  }
  if (failed) throw failed;
  return s.result();
}
