// The binary wire format shared with wasm/codec.go (read that file's comment
// for the layout). Requests are encoded here into a reusable byte buffer and
// copied into the module's memory; responses are decoded straight from it.

/** Operation numbers: wasm/opcodes.go has the same table. */
export const OP = Object.freeze({
  META: 1,
  TOPIC_NEW: 2,
  TOPIC_FREE: 3,
  ALLOCATE: 4,
  ALLOCATE_ALL: 5,
  SELECT_HASH: 6,
  SELECT_GROUP: 7,
  ROUTE: 8,
  PRODUCER_NEW: 9,
  PRODUCER_SELECT: 10,
  PRODUCER_UPDATE: 11,
  PRODUCER_RESET: 12,
  PRODUCER_STATE: 13,
  PRODUCER_FREE: 14,
  STRATEGY_NAME: 15,
  CIDS_NEW: 16,
  CIDS_FREE: 17,
  ANALYSIS: 20,
  DOCTOR: 30,
  PARSE: 31,
  PARSE_ROUTE: 32,
  ROUTE_TEXT: 33,
});

/** Queue-list tags of a request. */
export const QLIST = Object.freeze({ NULL: 0, TOPIC: 1, INLINE: 2 });

/** Client-ID-list tags of an allocate request (wasm/cids.go). */
export const CIDS = Object.freeze({ NULL: 0, HANDLE: 1, INLINE: 2 });

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
  }

  reset() {
    this.pos = 0;
    if (this.nstr > 0) {
      this.table.clear();
      this.nstr = 0;
    }
    return this;
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
    const { written } = utf8.encodeInto(s, this.buf.subarray(slot + 5));
    let lenBytes = 1;
    for (let v = written; v >= 0x80; v = Math.floor(v / 0x80)) lenBytes++;
    this.buf.copyWithin(slot + lenBytes, slot + 5, slot + 5 + written);
    this.pos = slot;
    this.uv(written);
    this.pos = slot + lenBytes + written;
  }
}

const utf8d = new TextDecoder('utf-8', { fatal: false });

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
        if (c >= 0x80) return utf8d.decode(b.subarray(start, start + n));
        s += String.fromCharCode(c);
      }
      return s;
    }
    return utf8d.decode(b.subarray(start, start + n));
  }

  strings() {
    const n = this.uv();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.str();
    return out;
  }
}
