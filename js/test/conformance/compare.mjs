// FORMAT.md's comparison: parsed JSON; error messages and the debugging
// fields "hash"/"index" ignored; everything else equal, in order.

const IGNORED = new Set(['hash', 'index']);

/** '' when want and got agree, else where they first differ. */
export function diff(want, got, path = '$') {
  if (isObject(want) && isObject(got)) {
    const isError = 'error' in want;
    const keys = [...new Set([...Object.keys(want), ...Object.keys(got)])].sort();
    for (const k of keys) {
      if (IGNORED.has(k) || (isError && k === 'message')) continue;
      if (!(k in want)) return `${path}.${k}: unexpected, got ${short(got[k])}`;
      if (!(k in got)) return `${path}.${k}: missing, want ${short(want[k])}`;
      const d = diff(want[k], got[k], `${path}.${k}`);
      if (d) return d;
    }
    return '';
  }
  if (Array.isArray(want) && Array.isArray(got)) {
    if (want.length !== got.length) return `${path}: want ${short(want)}, got ${short(got)}`;
    for (let i = 0; i < want.length; i++) {
      const d = diff(want[i], got[i], `${path}[${i}]`);
      if (d) return d;
    }
    return '';
  }
  return Object.is(want, got) || want === got ? '' : `${path}: want ${short(want)}, got ${short(got)}`;
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function short(v) {
  const s = JSON.stringify(v);
  return s !== undefined && s.length > 300 ? `${s.slice(0, 300)}…` : s;
}
