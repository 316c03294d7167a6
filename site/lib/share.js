// share.js — the Diagnose tab's opt-in local-only share: the pasted
// outputs, deflated into the URL's fragment (#dx=...). A fragment is never
// sent to a server (browsers keep it out of requests), but the link holds
// the cluster's names, addresses and lags: whoever gets it can read them.

const PREFIX = '#dx=';
const KEYS = ['route', 'connection', 'progress', 'status', 'strategy', 'profile'];

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The fragment "#dx=..." holding the boxes ({ route, connection, ... }: strings). */
export async function packShare(boxes) {
  const o = {};
  for (const k of KEYS) if (boxes[k]) o[k] = String(boxes[k]);
  return PREFIX + toBase64Url(await pipe(new TextEncoder().encode(JSON.stringify(o)), new CompressionStream('deflate-raw')));
}

/** Whether hash is a Diagnose share. */
export const isShare = (hash) => typeof hash === 'string' && hash.startsWith(PREFIX);

/** The boxes of a "#dx=..." fragment; throws an Error saying what is wrong with it. */
export async function unpackShare(hash) {
  let o;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('deflate-raw')));
    o = JSON.parse(text);
  } catch {
    throw new Error('the shared link is damaged (it does not decompress to the Diagnose boxes)');
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new Error('the shared link does not hold the Diagnose boxes');
  const out = {};
  for (const k of KEYS) {
    if (o[k] === undefined) { out[k] = ''; continue; }
    if (typeof o[k] !== 'string') throw new Error(`the shared link's ${k} is not text`);
    out[k] = o[k];
  }
  return out;
}
