// rmq.live: the live read of a consumer group (alloc/live's Session in the
// full module). The module builds every request frame and reads every
// answer; the caller only carries frames to the addresses it is given
// (js/bin/live.js does it with node:net) and hands back each answer.

import { OP } from './wire.js';
import { liveFree } from './ops.generated.js';

const utf8 = new TextDecoder();

function readRequests(d) {
  const out = [];
  for (let n = d.uv(); n > 0; n--) out.push({ id: d.uv(), addr: d.str(), frame: d.bytes(), what: d.str() });
  return out;
}

export function makeLive(rt) {
  /**
   * start({ namesrv, group, topics?, now?, zoneOffset? }) → a session:
   * { requests, handle(id, frame | null, failure?) → requests, done, result(), free() }.
   * failure is { timeout: boolean, message } for a call that got no answer.
   */
  function start({ namesrv, group, topics = [], now = Date.now(), zoneOffset = -new Date(now).getTimezoneOffset() }) {
    const enc = rt.request();
    enc.str(String(namesrv ?? ''));
    enc.str(String(group ?? ''));
    enc.uv(topics.length);
    for (const t of topics) enc.str(String(t));
    enc.i64(BigInt(now));
    enc.i32(zoneOffset | 0);
    const d = rt.call(OP.LIVE_START, enc);
    const handle = d.uv();
    const session = {
      requests: readRequests(d),
      done: false,
      handle(id, frame, failure) {
        const e = rt.request();
        e.uv(handle);
        e.uv(id);
        e.bytes(frame ?? new Uint8Array(0));
        e.u8(failure ? (failure.timeout ? 2 : 1) : 0);
        e.str(failure ? String(failure.message) : '');
        const r = rt.call(OP.LIVE_HANDLE, e);
        session.done = r.bool();
        return readRequests(r);
      },
      result() {
        const e = rt.request();
        e.uv(handle);
        const r = rt.call(OP.LIVE_RESULT, e);
        return JSON.parse(utf8.decode(r.b.subarray(r.p)));
      },
      free() {
        liveFree(rt, { handle });
      },
    };
    return session;
  }
  return Object.freeze({ start: rt.guard(start) });
}
