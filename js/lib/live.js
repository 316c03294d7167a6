// rmq.live: the live read of a consumer group (cluster/live's Session in the
// full module). The module builds every request frame and reads every
// answer; the caller only carries frames to the addresses it is given
// (js/bin/live.js does it with node:net) and hands back each answer.

import { liveFree, liveHandle, liveResult, liveStart } from './ops.generated.js';

const utf8 = new TextDecoder();

export function makeLive(rt) {
  /**
   * start({ namesrv, group, topics?, now?, zoneOffset?, credentials? }) → a session:
   * { requests, handle(id, frame | null, failure?) → requests, done, result(), free() }.
   * failure is { timeout: boolean, message } for a call that got no answer.
   * credentials { accessKey, secretKey }: the module signs every request
   * (ACL 1.0 and 2.0, cluster/live's Credentials.Sign).
   */
  function start({ namesrv, group, topics = [], now = Date.now(), zoneOffset = -new Date(now).getTimezoneOffset(), credentials = null }) {
    const started = liveStart(rt, {
      nameServer: String(namesrv ?? ''),
      group: String(group ?? ''),
      topics: Array.from(topics, String),
      now: BigInt(now),
      zone: zoneOffset | 0,
      accessKey: String(credentials?.accessKey ?? ''),
      secretKey: String(credentials?.secretKey ?? ''),
    });
    const handle = started.handle;
    const session = {
      requests: started.requests,
      done: false,
      handle(id, frame, failure) {
        const r = liveHandle(rt, {
          handle,
          id,
          frame: frame ?? new Uint8Array(0),
          failure: failure ? (failure.timeout ? 2 : 1) : 0,
          message: failure ? String(failure.message) : '',
        });
        session.done = r.done;
        return r.requests;
      },
      result() {
        return JSON.parse(utf8.decode(liveResult(rt, { handle }).snapshot));
      },
      free() {
        liveFree(rt, { handle });
      },
    };
    return session;
  }
  return Object.freeze({ start: rt.guard(start) });
}
