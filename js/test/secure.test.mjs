// Secured clusters through the npm CLI: keys from the environment or a
// --credentials file (the cases both builds share), every request signed
// by the module (checked by a fake kit whose signature check is first
// checked against the Java client's own vectors), refusals in one line
// without the secret, and remoting over TLS (node:tls) against stand-in
// TLS servers with testdata/tls's certificate.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createServer as createTLSServer } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { credentialsFrom } from '../bin/credentials.js';

const BIN = fileURLToPath(new URL('../bin/rmqalloc.js', import.meta.url));
const FRAMES = fileURLToPath(new URL('../../cluster/live/testdata/kit/frames/', import.meta.url));
const TESTDATA = fileURLToPath(new URL('../../testdata/', import.meta.url));
const CERT = join(TESTDATA, 'tls', 'localhost-cert.pem');
const KEY = join(TESTDATA, 'tls', 'localhost-key.pem');
const SECRET = 'S3cret-Of-The-Reader';
const baseEnv = { ...process.env, NODE_TEST_CONTEXT: '' };
delete baseEnv.RMQALLOC_ACCESS_KEY;
delete baseEnv.RMQALLOC_SECRET_KEY;

const run = (args, env = {}) => new Promise((resolve) => {
  const p = spawn(process.execPath, [BIN, ...args], { env: { ...baseEnv, ...env } });
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (b) => { stdout += b; });
  p.stderr.on('data', (b) => { stderr += b; });
  p.on('close', (status) => resolve({ status, stdout, stderr }));
});

test('credentials: the cases both builds share (testdata/credentials/cases.json)', () => {
  const { cases } = JSON.parse(readFileSync(join(TESTDATA, 'credentials', 'cases.json'), 'utf8'));
  assert.ok(cases.length > 5);
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-cred-'));
  try {
    for (const c of cases) {
      let file;
      if (c.file !== undefined) {
        file = join(dir, 'tools.yml');
        writeFileSync(file, c.file);
      }
      if (c.error) {
        assert.throws(() => credentialsFrom(file, c.env ?? {}), (e) => {
          assert.equal(e.message, c.error.replaceAll('$FILE', file ?? ''), c.name);
          if (c.secret) assert.ok(!e.message.includes(c.secret), c.name);
          return true;
        }, c.name);
        continue;
      }
      const got = credentialsFrom(file, c.env ?? {});
      if (c.want === null) assert.equal(got, null, c.name);
      else assert.deepEqual(got, { accessKey: c.want.accessKey, secretKey: c.want.secret }, c.name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The content a signature covers: ext values by name (UTF-16 order, as Java's TreeMap), then the body. */
const signature = (secret, ext, body) => {
  const keys = Object.keys(ext).filter((k) => k !== 'Signature' && k !== '_UNIQUE_KEY_QUERY').sort();
  const content = Buffer.concat([Buffer.from(keys.map((k) => ext[k]).join(''), 'utf8'), body]);
  return createHmac('sha1', secret).update(content).digest('base64');
};

test('the fake kit checks signatures as the Java client makes them', () => {
  // AclClientRPCHook's signatures (cluster/live/credentials_test.go).
  assert.equal(signature('s3cr3t-Key/+=', { AccessKey: 'rmqalloc-reader', consumerGroup: 'G_ACL' }, Buffer.alloc(0)), 'YSA3RLDmrWIbDJByficLcT1dsrg=');
  assert.equal(signature('s3cr3t-Key/+=', { AccessKey: 'rmqalloc-reader', consumerGroup: '组-ü', clientId: '127.0.0.1@c1', jstackEnable: 'false' },
    Buffer.from('{"x":1}')), '69mMbA8tLYgIL+MWPJUbu39PwLw=');
});

function parse(buf) {
  const hl = buf.readUInt32BE(4) & 0xffffff;
  return { header: JSON.parse(buf.subarray(8, 8 + hl).toString('utf8')), body: buf.subarray(8 + hl, buf.readUInt32BE(0) + 4) };
}

function encode(header) {
  const h = Buffer.from(JSON.stringify(header));
  const out = Buffer.alloc(8 + h.length);
  out.writeUInt32BE(4 + h.length, 0);
  out.writeUInt32BE(h.length, 4);
  h.copy(out, 8);
  return out;
}

/** A frame with its body's text replaced (lengths recomputed). */
function rebody(frame, edit) {
  const hl = frame.readUInt32BE(4) & 0xffffff;
  const body = Buffer.from(edit(frame.subarray(8 + hl).toString('utf8')));
  const out = Buffer.alloc(8 + hl + body.length);
  out.writeUInt32BE(4 + hl + body.length, 0);
  frame.copy(out, 4, 4, 8 + hl);
  body.copy(out, 8 + hl);
  return out;
}

/** frame answering the request whose opaque is opaque (recorded frames carry the recording's). */
function readdress(frame, opaque) {
  const { header, body } = parse(frame);
  const h = Buffer.from(JSON.stringify({ ...header, opaque }));
  const out = Buffer.alloc(8 + h.length + body.length);
  out.writeUInt32BE(4 + h.length + body.length, 0);
  out.writeUInt32BE(h.length, 4);
  h.copy(out, 8);
  body.copy(out, 8 + h.length);
  return out;
}

function server(answer, tls) {
  const onConn = (sock) => {
    let buf = Buffer.alloc(0);
    sock.on('data', (b) => {
      buf = Buffer.concat([buf, b]);
      if (buf.length < 4 || buf.length < buf.readUInt32BE(0) + 4) return;
      const req = parse(buf);
      const f = answer(req);
      if (f) sock.end(readdress(f, req.header.opaque));
    });
    sock.on('error', () => {});
  };
  const srv = tls ? createTLSServer({ cert: readFileSync(CERT), key: readFileSync(KEY) }, onConn) : createServer(onConn);
  srv.on('tlsClientError', () => {});
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(srv)));
}

const frame = (name) => readFileSync(join(FRAMES, `${name}.frame`));

/**
 * The recorded kit (NameServer, broker-a, broker-b) with ACL on in its
 * brokers (accounts: access key → secret; null: ACL off), as 4.x answers a
 * refusal (SYSTEM_ERROR with the AclException); over TLS when tls.
 */
async function aclKit(accounts, tls = false) {
  const servers = {};
  const seen = [];
  const addr = (s) => `127.0.0.1:${s.address().port}`;
  const refuse = (h, why) => encode({ code: 1, flag: 1, opaque: h.opaque, language: 'JAVA', version: 399,
    remark: `org.apache.rocketmq.acl.common.AclException: ${why} ${Object.values(h.extFields).join(',')}, org.apache.rocketmq.acl.plain.PlainPermissionManager.validate(PlainPermissionManager.java:612)` });
  function broker({ header: h, body }, which) {
    seen.push(h);
    if (accounts) {
      const ak = h.extFields.AccessKey;
      if (!ak) return refuse(h, 'No accessKey is configured');
      if (!(ak in accounts)) return refuse(h, `No acl config for ${ak}`);
      if (signature(accounts[ak], h.extFields, body) !== h.extFields.Signature) return refuse(h, `Check signature failed for accessKey=${ak}`);
    }
    if (h.code === 203) return frame('connection');
    if (h.code === 208) return frame(`stats-${which}`);
    if (h.code === 307) {
      const name = `running-${h.extFields.clientId.replace('127.0.0.1@', '')}`;
      return readdirSync(FRAMES).includes(`${name}.frame`) ? frame(name) : frame('running-none');
    }
    return null;
  }
  servers.a = await server((r) => broker(r, 'a'), tls);
  servers.b = await server((r) => broker(r, 'b'), tls);
  const moveBrokers = (t) => t.replaceAll('127.0.0.1:10911', addr(servers.a)).replaceAll('127.0.0.1:10921', addr(servers.b));
  servers.ns = await server(({ header: h }) => {
    const name = { T_LIVE: 'route', '%RETRY%G_LIVE': 'route-retry' }[h.extFields.topic] ?? 'route-missing';
    return rebody(frame(name), moveBrokers);
  }, tls);
  // Reports name the brokers' addresses, which differ between two kits: compare them away.
  const normal = (s) => s.replaceAll(addr(servers.a), 'BROKER_A').replaceAll(addr(servers.b), 'BROKER_B');
  return { ns: addr(servers.ns), seen, normal, close: () => Object.values(servers).forEach((s) => s.close()) };
}

/** Every file under dir, as one text. */
function allText(dir) {
  return readdirSync(dir, { recursive: true }).map((p) => join(dir, p)).filter((p) => statSync(p).isFile())
    .map((p) => readFileSync(p, 'utf8')).join('\n');
}

test('doctor --namesrv with ACL: keys from the environment or --credentials give the report of ACL off; none or wrong ones are refused in one line; the secret is never shown or saved', async () => {
  const open = await aclKit(null);
  const acl = await aclKit({ reader: SECRET });
  const dir = mkdtempSync(join(tmpdir(), 'rmqalloc-acl-test-'));
  try {
    const want = await run(['doctor', '--namesrv', open.ns, '--group', 'G_LIVE', '--json']);
    assert.equal(want.status, 1, want.stderr);
    const envKeys = { RMQALLOC_ACCESS_KEY: 'reader', RMQALLOC_SECRET_KEY: SECRET };
    const got = await run(['doctor', '--namesrv', acl.ns, '--group', 'G_LIVE', '--json', '--save', join(dir, 'saved')], envKeys);
    assert.equal(got.status, 1, got.stderr);
    assert.equal(acl.normal(got.stdout), open.normal(want.stdout), 'the same report as with ACL off');
    assert.ok(acl.seen.length >= 4 && acl.seen.every((h) => h.extFields.AccessKey === 'reader' && h.extFields.Signature), 'every broker request signed');
    assert.ok(!allText(join(dir, 'saved')).includes(SECRET), 'the saved folder has no secret');
    assert.ok(!got.stderr.includes(SECRET));

    const watched = await run(['doctor', '--namesrv', acl.ns, '--group', 'G_LIVE', '--json', '--watch', '200ms', '--count', '2', '--save', join(dir, 'watch')], envKeys);
    assert.equal(watched.status, 1, `--watch signs every snapshot's reads: ${watched.stderr}`);
    assert.deepEqual(readdirSync(join(dir, 'watch')).sort(), ['1', '2']);
    assert.ok(!allText(join(dir, 'watch')).includes(SECRET) && !watched.stderr.includes(SECRET));

    const file = join(dir, 'tools.yml');
    writeFileSync(file, `accessKey: reader\nsecretKey: ${SECRET}\n`);
    const viaFile = await run(['doctor', '--namesrv', acl.ns, '--group', 'G_LIVE', '--json', '--credentials', file]);
    assert.equal(viaFile.stdout, got.stdout, viaFile.stderr);

    for (const [name, env, args, want] of [
      ['none', {}, [], /no access key was given \(RMQALLOC_ACCESS_KEY\/RMQALLOC_SECRET_KEY or --credentials FILE\)/],
      ['wrong secret', { ...envKeys, RMQALLOC_SECRET_KEY: `not-${SECRET}` }, [], /access key "reader" is refused .*Check signature failed for accessKey=reader/],
      ['unknown key', {}, ['--credentials', file], null],
    ]) {
      if (name === 'unknown key') writeFileSync(file, `accessKey: nobody\nsecretKey: ${SECRET}\n`);
      const r = await run(['doctor', '--namesrv', acl.ns, '--group', 'G_LIVE', ...args], env);
      assert.equal(r.status, 3, `${name}: ${r.stderr}`); // the cluster could not be read, as in Go
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.split('\n').length, 2, `${name}: one line: ${r.stderr}`);
      assert.match(r.stderr, /^rmqalloc: broker 127\.0\.0\.1:\d+ refused GET_CONSUM\w+ \(\w[^)]*, code 20[38]\): ACL: /, name);
      assert.match(r.stderr, /it needs a valid key \(4\.x plain ACL: any account, no topic or group permission\)/, name);
      if (want) assert.match(r.stderr, want, name);
      if (name === 'unknown key') assert.match(r.stderr, /access key "nobody" is refused .*No acl config for nobody/);
      assert.ok(!r.stderr.includes(SECRET), `${name}: the secret is not shown though the server echoed it`);
      assert.ok(!r.stderr.includes('PlainPermissionManager.java'), 'the stack frame is cut');
    }
  } finally {
    open.close();
    acl.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('doctor --namesrv over TLS: checked against --tls-ca, or not with --tls-insecure; an unknown certificate or plain TCP fails', async () => {
  const kit = await aclKit(null, true);
  try {
    const ok = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--json', '--tls-ca', CERT]);
    assert.equal(ok.status, 1, ok.stderr);
    assert.ok(JSON.parse(ok.stdout).topics.some((t) => t.topic === 'T_LIVE'));
    const insecure = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--json', '--tls-insecure']);
    assert.equal(insecure.stdout, ok.stdout, insecure.stderr);
    const roots = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--tls']);
    assert.equal(roots.status, 3);
    assert.match(roots.stderr, new RegExp(`^rmqalloc: NameServer ${kit.ns} is unreachable: TLS handshake failed: .*certificate`));
    const plain = await run(['doctor', '--namesrv', kit.ns, '--group', 'G_LIVE', '--timeout', '2s']);
    assert.equal(plain.status, 3);
    assert.equal(plain.stderr, `rmqalloc: NameServer ${kit.ns} is unreachable: the connection closed before an answer (a server that speaks only TLS does so to plain calls: --tls?)\n`);
  } finally {
    kit.close();
  }
  const both = await run(['doctor', '--namesrv', '127.0.0.1:1', '--group', 'G', '--tls-ca', CERT, '--tls-insecure']);
  assert.equal(both.stderr, 'rmqalloc: --tls-ca and --tls-insecure: give one (a CA to check the certificate with, or no check)\n');
  const notPEM = await run(['doctor', '--namesrv', '127.0.0.1:1', '--group', 'G', '--tls-ca', join(TESTDATA, 'tls', 'README.md')]);
  assert.equal(notPEM.stderr, `rmqalloc: --tls-ca ${join(TESTDATA, 'tls', 'README.md')}: no PEM certificate in it\n`);
  const stray = await run(['doctor', join(TESTDATA, 'cluster', 'wrong-owner'), '--tls']);
  assert.match(stray.stderr, /--tls goes with --namesrv/);
});
