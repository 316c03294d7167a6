// The analysis ops' answer (the custom analysisAnswer of internal/wireschema
// full.go), which js/lib/ops.generated.js calls: JSON text to the end, or,
// for plan and diff with positions: true, the positions layout of
// wasm/analysis_positions.go.

const text = new TextDecoder();

/**
 * Reads a positions answer (wasm/analysis_positions.go): JSON sections
 * (u32 length, little-endian) and int32 lists (uvarint n, n little-endian
 * int32s), copied out of the module's memory into typed arrays.
 */
class PositionsReader {
  constructor(d) {
    this.d = d;
  }

  json() {
    const { b } = this.d;
    const p = this.d.p;
    const n = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
    this.d.p = p + 4 + n;
    return JSON.parse(text.decode(b.subarray(p + 4, p + 4 + n)));
  }

  int32s() {
    const d = this.d;
    const n = d.uv();
    const at = d.b.byteOffset + d.p;
    d.p += 4 * n;
    return new Int32Array(d.b.buffer.slice(at, at + 4 * n));
  }

  /** Lists sent as offsets and items: views of one Int32Array. */
  lists() {
    const start = this.int32s(), items = this.int32s();
    const out = new Array(start.length - 1);
    for (let i = 0; i < out.length; i++) out[i] = items.subarray(start[i], start[i + 1]);
    return out;
  }

  plan() {
    const p = this.json();
    p.order = this.int32s();
    p.shares = this.lists();
    return p;
  }

  diff() {
    const d = this.json();
    d.movedQueues = this.int32s();
    const gained = this.lists(), lost = this.lists();
    d.members.forEach((m, i) => {
      m.gained = gained[i];
      m.lost = lost[i];
    });
    return d;
  }
}

/**
 * An analysis answer; positions (the call's ctx) is 'plan' or 'diff' when
 * the request asked for positions, else the answer is JSON.
 */
export function decAnalysisAnswer(d, positions) {
  if (positions === 'plan') return new PositionsReader(d).plan();
  if (positions === 'diff') {
    const r = new PositionsReader(d);
    const from = r.plan(), to = r.plan();
    return { from, to, diff: r.diff() };
  }
  const v = JSON.parse(text.decode(d.b.subarray(d.p)));
  d.p = d.b.length;
  return v;
}
