// fake-cluster.mjs — a fake RocketMQ cluster on one local port (the kit's
// recorded frames, brokers moved to it) that a test can make misbehave,
// and the npm CLI run against it.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/rmqalloc.js', import.meta.url));
const FRAMES = fileURLToPath(new URL('../../cluster/live/testdata/kit/frames/', import.meta.url));
const env = { ...process.env, NODE_TEST_CONTEXT: '' };

/**
 * The npm CLI run with args; nodeArgs go before its script (e.g. --import).
 * With killAfterMs, a run still going then is killed (status null), so a
 * broken deadline fails its test instead of hanging the suite.
 */
export const runCli = (args, nodeArgs = [], { killAfterMs } = {}) => new Promise((resolve) => {
  const t0 = Date.now();
  const p = spawn(process.execPath, [...nodeArgs, BIN, ...args], { env });
  const killer = killAfterMs && setTimeout(() => p.kill('SIGKILL'), killAfterMs);
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (b) => { stdout += b; });
  p.stderr.on('data', (b) => { stderr += b; });
  p.on('close', (status) => {
    clearTimeout(killer);
    resolve({ status, stdout, stderr, ms: Date.now() - t0 });
  });
});

const frame = (name) => readFileSync(join(FRAMES, `${name}.frame`));

/** A frame rebuilt: header fields merged, body replaced by edit(body). */
export function rebuild(f, fields = {}, edit = (b) => b) {
  const hl = f.readUInt32BE(4) & 0xffffff;
  const h = Buffer.from(JSON.stringify({ ...JSON.parse(f.subarray(8, 8 + hl).toString('utf8')), ...fields }));
  const body = Buffer.from(edit(f.subarray(8 + hl).toString('utf8')));
  const out = Buffer.alloc(8 + h.length + body.length);
  out.writeUInt32BE(4 + h.length + body.length, 0);
  out.writeUInt32BE(h.length, 4);
  h.copy(out, 8);
  body.copy(out, 8 + h.length);
  return out;
}

/**
 * One local port playing name server and every broker (as the kit
 * answered, brokers moved here). lie(name, header, answer) returns the
 * bytes to send: a frame (its opaque set to the request's), { raw } sent
 * as is and the socket left open, or null: no answer. It counts the
 * connections open at once.
 */
export async function fakeCluster(lie = (_n, _h, a) => a) {
  const stats = { open: 0, max: 0 };
  let self = '';
  const srv = createServer((sock) => {
    stats.open++;
    stats.max = Math.max(stats.max, stats.open);
    sock.on('close', () => { stats.open--; });
    sock.on('error', () => {});
    let buf = Buffer.alloc(0);
    sock.on('data', (b) => {
      buf = Buffer.concat([buf, b]);
      if (buf.length < 4 || buf.length < buf.readUInt32BE(0) + 4) return;
      const hl = buf.readUInt32BE(4) & 0xffffff;
      const h = JSON.parse(buf.subarray(8, 8 + hl).toString('utf8'));
      let name = 'running-none';
      if (h.code === 105) name = { T_LIVE: 'route', '%RETRY%G_LIVE': 'route-retry' }[h.extFields.topic] ?? 'route-missing';
      if (h.code === 203) name = 'connection';
      if (h.code === 208) name = 'stats-a';
      if (h.code === 307 && h.extFields.clientId === '127.0.0.1@c1') name = 'running-c1';
      const moved = rebuild(frame(name), {}, (t) => t.replaceAll('127.0.0.1:10911', self).replaceAll('127.0.0.1:10921', self));
      const out = lie(name, h, moved);
      if (out?.raw) sock.write(out.raw);
      else if (out) sock.end(rebuild(out, { opaque: h.opaque }));
    });
  });
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  self = `127.0.0.1:${srv.address().port}`;
  return { ns: self, stats, close: () => srv.close() };
}
