// Secured clusters for `rmqalloc doctor --namesrv`: the access key pair of
// a cluster with ACL on (the module signs every request with it, as
// cluster/live's Credentials.Sign) and remoting over TLS (node:tls). The
// Go binary reads the same inputs alike (cmd/rmqalloc/credentials.go; the
// shared cases are testdata/credentials/cases.json). The secret is never
// printed: errors name the file and line, never a line's text.

import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { UsageError } from './io.js';

export const ENV_ACCESS_KEY = 'RMQALLOC_ACCESS_KEY';
export const ENV_SECRET_KEY = 'RMQALLOC_SECRET_KEY';

/** The flags, for parseArgs. */
export const SECURE_OPTIONS = Object.freeze({
  credentials: { type: 'string' },
  tls: { type: 'boolean' },
  'tls-ca': { type: 'string' },
  'tls-insecure': { type: 'boolean' },
});

export const SECURE_HELP = `Secured clusters (with --namesrv; docs/security.md):
  --credentials FILE  access key pair for a cluster with ACL on: lines
                      accessKey: KEY and secretKey: SECRET (mqadmin's
                      conf/tools.yml); default: $RMQALLOC_ACCESS_KEY and
                      $RMQALLOC_SECRET_KEY
  --tls               remoting over TLS, the certificate checked against
                      the system's roots
  --tls-ca FILE       ... against this PEM CA instead (implies --tls)
  --tls-insecure      TLS without checking the certificate (implies --tls)`;

const fileError = (flag, file, e) =>
  new UsageError(`${flag} ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'is a directory' : e.message}`);

/** "k: v" or "k=v", the value unquoted; null for another line. */
function keyValue(line) {
  const i = line.search(/[:=]/);
  if (i <= 0) return null;
  const k = line.slice(0, i).trim();
  let v = line.slice(i + 1).trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0]) v = v.slice(1, -1);
  else if (v.includes(' #')) v = v.slice(0, v.indexOf(' #')).trim();
  return [k, v];
}

/** The key pair of a --credentials file's text (file: its path, for messages). */
export function parseCredentials(file, text) {
  const got = { accesskey: '', secretkey: '' };
  const seen = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '').trim();
    if (line === '' || line.startsWith('#') || line === '---') continue;
    const at = `${file}:${i + 1}`;
    const kv = keyValue(line);
    if (!kv) throw new UsageError(`--credentials ${at}: not a "name: value" line`);
    const [k, v] = kv;
    const name = k.toLowerCase();
    if (!(name in got)) continue;
    if (name in seen) throw new UsageError(`--credentials ${at}: ${k} again (first on line ${seen[name]})`);
    seen[name] = i + 1;
    if (v === '') throw new UsageError(`--credentials ${at}: ${k} is empty`);
    got[name] = v;
  }
  for (const [name, label] of [['accesskey', 'accessKey'], ['secretkey', 'secretKey']]) {
    if (!got[name]) throw new UsageError(`--credentials ${file}: no ${label} line (want accessKey: KEY and secretKey: SECRET)`);
  }
  return { accessKey: got.accesskey, secretKey: got.secretkey };
}

/** The key pair: from --credentials FILE, else the environment; null when neither gives one. */
export function credentialsFrom(file, env = process.env) {
  if (file !== undefined) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw fileError('--credentials', file, e);
    }
    return parseCredentials(file, text);
  }
  const ak = (env[ENV_ACCESS_KEY] ?? '').trim();
  const sk = env[ENV_SECRET_KEY] ?? '';
  if (!ak && !sk) return null;
  if (!ak) throw new UsageError(`${ENV_SECRET_KEY} is set but ${ENV_ACCESS_KEY} is not: give both`);
  if (!sk) throw new UsageError(`${ENV_ACCESS_KEY} is set but ${ENV_SECRET_KEY} is not: give both`);
  return { accessKey: ak, secretKey: sk };
}

/** What the flags ask: { credentials, tls } (each null when not asked). */
export function secureFrom(values, env = process.env) {
  const credentials = credentialsFrom(values.credentials, env);
  const ca = values['tls-ca'];
  const insecure = values['tls-insecure'] === true;
  if (ca !== undefined && insecure) {
    throw new UsageError('--tls-ca and --tls-insecure: give one (a CA to check the certificate with, or no check)');
  }
  if (!values.tls && ca === undefined && !insecure) return { credentials, tls: null };
  const tls = { insecure };
  if (ca !== undefined) {
    try {
      tls.ca = readFileSync(ca, 'utf8');
    } catch (e) {
      throw fileError('--tls-ca', ca, e);
    }
    if (!tls.ca.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`--tls-ca ${ca}: no PEM certificate in it`);
  }
  return { credentials, tls };
}

/**
 * A socket to host:port, plain or TLS, and the event after which it may
 * be written to; a failure before that event on a TLS socket is the
 * handshake's (tlsHandshake tells).
 */
export function openSocket(host, port, tls) {
  if (!tls) return { sock: connect({ host, port }), ready: 'connect' };
  const sock = tlsConnect({
    host,
    port,
    ca: tls.ca, // undefined: node's roots
    rejectUnauthorized: !tls.insecure,
    // SNI takes host names only; an IP address is checked against the
    // certificate's IP SANs all the same.
    servername: /^[0-9.]+$|:/.test(host) ? '' : host,
    minVersion: 'TLSv1.2',
  });
  return { sock, ready: 'secureConnect' };
}

/** A socket error's message, "TLS handshake failed: ..." when TLS had not begun. */
export function socketFailure(e, tls, secured) {
  if (e.code === 'ECONNREFUSED') return 'connection refused';
  if (tls && !secured) return `TLS handshake failed: ${e.message}`;
  return e.message;
}
