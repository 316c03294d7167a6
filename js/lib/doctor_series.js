// rmq.doctor([snapshot, ...]): several snapshots of one group, diagnosed
// over time (cluster/doctor DiagnoseSeries, wasm/doctor_series.go). Each
// snapshot is rmq.doctor's input plus when it was taken.

import { rangeError, typeError } from './errors.js';
import { array, string } from './validate.js';

const SNAPSHOT_KEYS = ['at', 'name', 'atSource'];

/** at: a Date, milliseconds since the epoch, or a time string → ISO 8601 UTC. */
function timeOf(v, field) {
  let ms;
  if (v instanceof Date) ms = v.getTime();
  else if (typeof v === 'number') ms = v;
  else if (typeof v === 'string') ms = Date.parse(v);
  else throw typeError(field, 'a Date, milliseconds since the epoch or an ISO 8601 time', v);
  // Date's own range: new Date(ms) is valid for |ms| <= 8.64e15.
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) throw rangeError(field, 'a valid time (e.g. 2026-12-01T19:08:32Z)', v);
  return new Date(ms).toISOString();
}

/**
 * The snapshots of a series, checked: readInput(snapshot, prefix, keys)
 * reads each one's texts (doctor.js); at is required, name and atSource
 * ("captured-at.txt", "mtime") are optional labels for the report.
 */
export function snapshots(list, readInput, inputKeys) {
  const n = array(list, 'input', 'an array of snapshots');
  if (n === 0) throw rangeError('input', 'a non-empty array of snapshots', list);
  const keys = [...inputKeys, ...SNAPSHOT_KEYS];
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = `input[${i}].`;
    const snap = list[i];
    const texts = readInput(snap, p, keys);
    const { at, name, atSource } = snap;
    if (at === undefined) throw typeError(`${p}at`, 'the time the snapshot was taken (a Date, ms since the epoch or an ISO 8601 time)', at);
    out[i] = {
      ...texts,
      at: timeOf(at, `${p}at`),
      name: name === undefined ? '' : string(name, `${p}name`),
      atSource: atSource === undefined ? '' : string(atSource, `${p}atSource`),
    };
  }
  return out;
}
