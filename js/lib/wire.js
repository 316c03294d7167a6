// The binary wire format shared with wasm/codec.go (read that file's comment
// for the layout). Requests are encoded here into a reusable byte buffer and
// copied into the module's memory; responses are decoded straight from it.

// Operation numbers, tags, kinds and flag bits are generated from the Go
// constants in wasm/ (make generate). The primitives below (varints, the
// string table, WTF-8) are shared by every request: the declared
// operations' layouts are generated over them (ops.generated.js, from
// internal/wireschema); the other operations' layouts are still written by
// hand in api.js & co and must match the Go readers and writers in wasm/.
export * from './tables.generated.js';

const utf8 = new TextEncoder();
const f64 = new Float64Array(1);
const f64bytes = new Uint8Array(f64.buffer);
const i64 = new BigInt64Array(1);
const i64bytes = new Uint8Array(i64.buffer);

/** Encoder writes one request; reuse it with reset(). */
export class Encoder {
  constructor(size = 1 << 16) {
    this.buf = new Uint8Array(size);
    this.pos = 0;
    this.table = new Map();
    this.nstr = 0;
    this.lastTopic = null;
    this.lastTopicK = 0;
    this.lastBroker = null;
    this.lastBrokerK = 0;
  }

  reset() {
    this.pos = 0;
    if (this.nstr > 0) {
      this.table.clear();
      this.nstr = 0;
    }
    this.lastTopic = this.lastBroker = null;
    return this;
  }

  /**
   * A queue's topic and broker name through the string table, with a
   * one-entry memory each: consecutive queues mostly repeat both, and an
   * identity check is cheaper than a Map lookup.
   */
  queueNames(topic, broker) {
    if (topic === this.lastTopic) this.uv(this.lastTopicK);
    else {
      this.str(topic);
      this.lastTopic = topic;
      this.lastTopicK = this.table.get(topic) ?? this.nstr;
    }
    if (broker === this.lastBroker) this.uv(this.lastBrokerK);
    else {
      this.str(broker);
      this.lastBroker = broker;
      this.lastBrokerK = this.table.get(broker) ?? this.nstr;
    }
  }

  /** Makes room for n more bytes. */
  room(n) {
    const need = this.pos + n;
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.pos));
    this.buf = b;
  }

  u8(v) {
    if (this.pos >= this.buf.length) this.room(1);
    this.buf[this.pos++] = v;
  }

  bool(v) {
    this.u8(v ? 1 : 0);
  }

  /** Unsigned varint of a non-negative integer below 2^53. */
  uv(v) {
    this.room(8);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80) {
      b[p++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    b[p++] = v;
    this.pos = p;
  }

  /** Zigzag varint of an int32 (validated by the caller). */
  i32(v) {
    let u = ((v << 1) ^ (v >> 31)) >>> 0;
    this.room(5);
    const b = this.buf;
    let p = this.pos;
    while (u >= 0x80) {
      b[p++] = (u & 0x7f) | 0x80;
      u >>>= 7;
    }
    b[p++] = u;
    this.pos = p;
  }

  f64(v) {
    this.room(8);
    f64[0] = v;
    this.buf.set(f64bytes, this.pos);
    this.pos += 8;
  }

  /** A bigint in int64 range. */
  i64(v) {
    this.room(8);
    i64[0] = v;
    this.buf.set(i64bytes, this.pos);
    this.pos += 8;
  }

  /** Raw bytes (a Uint8Array): uv length, then the bytes. */
  bytes(u) {
    this.uv(u.length);
    this.room(u.length);
    this.buf.set(u, this.pos);
    this.pos += u.length;
  }

  /** Raw bytes to the end of the request (a Uint8Array, no length). */
  tail(u) {
    this.room(u.length);
    this.buf.set(u, this.pos);
    this.pos += u.length;
  }

  /** A list (declared List): uv length, then each element by f(enc, e). */
  list(a, f) {
    this.uv(a.length);
    for (let i = 0; i < a.length; i++) f(this, a[i]);
  }

  /** An optional value (declared Opt): u8 0 when v is undefined or null, else u8 1 and f(enc, v). */
  opt(v, f) {
    if (v === undefined || v === null) this.u8(0);
    else {
      this.u8(1);
      f(this, v);
    }
  }

  /** A string through the request's string table (repeats cost 1 byte). */
  str(s) {
    const k = this.table.get(s);
    if (k !== undefined) {
      this.uv(k);
      return;
    }
    this.table.set(s, ++this.nstr);
    this.u8(0);
    this.raw(s);
  }

  /** A string expected to be unique: kept out of the table's map. */
  strOnce(s) {
    this.nstr++;
    this.u8(0);
    this.raw(s);
  }

  raw(s) {
    const n = s.length;
    this.room(n * 3 + 5);
    // Fast path: ASCII, with the length known up front (1 byte per unit).
    if (n < 0x80) {
      const b = this.buf;
      const start = this.pos + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        b[start + i] = c;
      }
      if (i === n) {
        b[this.pos] = n;
        this.pos = start + n;
        return;
      }
    }
    // General case: encode after a 5-byte length slot, then move into place.
    const slot = this.pos;
    const written = isWellFormed(s) ? utf8.encodeInto(s, this.buf.subarray(slot + 5)).written : wtf8Into(s, this.buf, slot + 5);
    let lenBytes = 1;
    for (let v = written; v >= 0x80; v = Math.floor(v / 0x80)) lenBytes++;
    this.buf.copyWithin(slot + lenBytes, slot + 5, slot + 5 + written);
    this.pos = slot;
    this.uv(written);
    this.pos = slot + lenBytes + written;
  }
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = typeof String.prototype.isWellFormed === 'function'
  ? (s) => s.isWellFormed()
  : (s) => !LONE.test(s);

/**
 * Writes s as WTF-8 at b[at..] (room for 3 bytes per unit is made by the
 * caller): UTF-8, except that a lone surrogate is written as its own 3-byte
 * sequence (ED A0..BF xx) instead of U+FFFD, so Go sees the exact units
 * Java would (internal/javalang/units.go). Returns the byte count.
 */
function wtf8Into(s, b, at) {
  let p = at;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      b[p++] = c;
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          b[p++] = 0xf0 | (c >> 18);
          b[p++] = 0x80 | ((c >> 12) & 0x3f);
          b[p++] = 0x80 | ((c >> 6) & 0x3f);
          b[p++] = 0x80 | (c & 0x3f);
          continue;
        }
      }
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    }
  }
  return p - at;
}

/** Decodes WTF-8 bytes (what Go echoes back of strings JS sent). */
export function decodeWTF8(bytes) {
  try {
    return utf8d.decode(bytes);
  } catch {
    // Not UTF-8: lone surrogates, decoded by hand below.
  }
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const c = bytes[i];
    let cp = 0xfffd;
    let n = 1;
    if (c < 0x80) cp = c;
    else if (c >= 0xc2 && c < 0xe0 && (bytes[i + 1] & 0xc0) === 0x80) {
      cp = ((c & 0x1f) << 6) | (bytes[i + 1] & 0x3f);
      n = 2;
    } else if (c >= 0xe0 && c < 0xf0 && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80) {
      const v = ((c & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
      if (v >= 0x800) {
        cp = v;
        n = 3;
      }
    } else if (c >= 0xf0 && c < 0xf5 && (bytes[i + 1] & 0xc0) === 0x80 && (bytes[i + 2] & 0xc0) === 0x80 && (bytes[i + 3] & 0xc0) === 0x80) {
      const v = ((c & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
      if (v >= 0x10000 && v <= 0x10ffff) {
        cp = v;
        n = 4;
      }
    }
    out += String.fromCodePoint(cp);
    i += n;
  }
  return out;
}

const utf8d = new TextDecoder('utf-8', { fatal: true });

/** Decoder reads one response from the module's memory. */
export class Decoder {
  constructor(bytes) {
    this.b = bytes;
    this.p = 0;
  }

  u8() {
    return this.b[this.p++];
  }

  bool() {
    return this.b[this.p++] !== 0;
  }

  uv() {
    const b = this.b;
    let c = b[this.p++];
    if (c < 0x80) return c;
    let v = c & 0x7f;
    let mul = 0x80;
    for (;;) {
      c = b[this.p++];
      v += (c & 0x7f) * mul;
      if (c < 0x80) return v;
      mul *= 0x80;
    }
  }

  i32() {
    const u = this.uv();
    return (u >>> 1) ^ -(u & 1);
  }

  f64() {
    f64bytes.set(this.b.subarray(this.p, this.p + 8));
    this.p += 8;
    return f64[0];
  }

  str() {
    const n = this.uv();
    const b = this.b;
    const start = this.p;
    this.p += n;
    if (n < 64) {
      let s = '';
      for (let i = start; i < start + n; i++) {
        const c = b[i];
        if (c >= 0x80) return decodeWTF8(b.subarray(start, start + n));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return decodeWTF8(b.subarray(start, start + n));
  }

  /** Raw bytes: uv length, then the bytes (a copy). */
  bytes() {
    const n = this.uv();
    const out = this.b.slice(this.p, this.p + n);
    this.p += n;
    return out;
  }

  /** The rest of the response (a copy). */
  tail() {
    const out = this.b.slice(this.p);
    this.p = this.b.length;
    return out;
  }

  /** A list (declared List): uv length, then each element by f(dec). */
  list(f) {
    const n = this.uv();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = f(this);
    return out;
  }

  strings() {
    const n = this.uv();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.str();
    return out;
  }

  /**
   * Skips n little-endian int32s and returns where they start, for reading
   * with i32At (a plan's runs are read straight into their spans).
   */
  i32s(n) {
    const at = this.p;
    this.p += 4 * n;
    if (this.p > this.b.length) throw new RangeError('rmqalloc: response cut short');
    return at;
  }

  /** The little-endian int32 at byte position at. */
  i32At(at) {
    const b = this.b;
    return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24);
  }
}

