// `rmqalloc doctor --namesrv HOST:PORT --group GROUP`: the group read from
// the cluster. The module (cluster/live's Session) makes every request
// frame and reads every answer; this file only carries frames over
// node:net, one connection a call, all within one deadline.

import { openSocket, socketFailure } from './credentials.js';

/** One call: send frame to addr, resolve with the one frame that answers. */
function call(addr, frame, deadline, signal, tls) {
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
      sock.destroy();
      resolve(v);
    };
    const { sock, ready } = openSocket(host, port, tls);
    let secured = false;
    const timer = setTimeout(() => finish({ failure: { timeout: true, message: 'timed out' } }), Math.max(0, deadline - Date.now()));
    signal.addEventListener('abort', () => finish({ failure: { timeout: false, message: 'aborted' } }), { once: true });
    sock.on(ready, () => {
      secured = true;
      sock.write(frame);
    });
    sock.on('data', (b) => {
      chunks.push(b);
      got += b.length;
      if (need < 0 && got >= 4) {
        const all = Buffer.concat(chunks);
        chunks = [all];
        need = all.readUInt32BE(0) + 4;
      }
      if (need >= 0 && got >= need) finish({ frame: new Uint8Array(Buffer.concat(chunks).subarray(0, need)) });
    });
    sock.on('error', (e) => finish({ failure: { timeout: false, message: socketFailure(e, tls, secured) } }));
    sock.on('close', () => finish({ failure: { timeout: false, message: 'the connection closed before an answer' } }));
  });
}

/**
 * Reads group from the cluster at namesrv within timeoutMs, every request
 * signed with credentials when given, over TLS when tls is (credentials.js): the snapshot
 * { group, files: { path: text }, warnings, offline, millis }. Throws the
 * module's ERR_CLUSTER error (its message names the address) when the
 * read fails.
 */
export async function readLive(rmq, { namesrv, group, topics, timeoutMs, credentials = null, tls = null }) {
  const deadline = Date.now() + timeoutMs;
  const s = rmq.live.start({ namesrv, group, topics, credentials });
  const inflight = new Map();
  const abort = new AbortController();
  let failed = null;
  // Each call gets half the read's time: a server that does not answer is
  // given up with time left for the rest (its part is then unknown).
  const send = (reqs) => {
    for (const r of reqs) inflight.set(r.id, call(r.addr, r.frame, Math.min(deadline, Date.now() + timeoutMs / 2), abort.signal, tls).then((a) => ({ id: r.id, ...a })));
  };
  send(s.requests);
  try {
    while (inflight.size > 0) {
      const a = await Promise.race(inflight.values());
      inflight.delete(a.id);
      if (failed) continue;
      try {
        send(s.handle(a.id, a.frame ?? null, a.failure));
      } catch (e) {
        failed = e; // the session is freed; let the calls in flight end
        break;
      }
    }
  } finally {
    abort.abort(); // nothing waits for the calls still in flight
    await Promise.allSettled(inflight.values());
  }
  if (failed) throw failed;
  return s.result();
}
