// pack.js — the worker's results in a form that crosses postMessage fast.
// An assignment's queues ([broker, id] × Q) become a broker-name table and
// two Int32Arrays (transferred, not copied); the page rebuilds the pairs in
// one cheap loop. At 20,000 queues this turns ~200 ms of structured cloning
// on the page's main thread into ~2 ms.

const SLOTS = [['before'], ['after'], ['retry', 'ok']];

function slot(res, path) {
  let o = res;
  for (const k of path.slice(0, -1)) o = o && o[k];
  return o && o[path[path.length - 1]] ? [o, path[path.length - 1]] : null;
}

/** Packs res in place; returns the buffers to transfer. */
export function pack(res) {
  const transfer = [];
  if (!res || typeof res !== 'object') return transfer;
  for (const path of SLOTS) {
    const at = slot(res, path);
    if (!at || !Array.isArray(at[0][at[1]].queues)) continue;
    const a = at[0][at[1]], names = [], index = new Map();
    const qb = new Int32Array(a.queues.length), qid = new Int32Array(a.queues.length);
    a.queues.forEach(([b, id], i) => {
      let k = index.get(b);
      if (k === undefined) { k = names.length; index.set(b, k); names.push(b); }
      qb[i] = k; qid[i] = id;
    });
    a.queues = { names, qb, qid };
    transfer.push(qb.buffer, qid.buffer);
    for (const k of ['owners', 'nown', 'counts', 'ro']) if (a[k] && ArrayBuffer.isView(a[k])) transfer.push(a[k].buffer);
  }
  if (res.diff && Array.isArray(res.diff.movedQueues)) res.diff.movedQueues = Int32Array.from(res.diff.movedQueues);
  if (res.diff && ArrayBuffer.isView(res.diff.movedQueues)) transfer.push(res.diff.movedQueues.buffer);
  // gained / lost (diff by position): views of one buffer per list, moved whole.
  for (const m of (res.diff && res.diff.members) || []) {
    for (const k of ['gained', 'lost']) if (ArrayBuffer.isView(m[k])) transfer.push(m[k].buffer);
  }
  return [...new Set(transfer)];
}

/** Undoes pack on the page. */
export function unpack(res) {
  if (!res || typeof res !== 'object') return res;
  for (const path of SLOTS) {
    const at = slot(res, path);
    const a = at && at[0][at[1]];
    if (!a || !a.queues || Array.isArray(a.queues)) continue;
    const { names, qb, qid } = a.queues;
    const qs = new Array(qb.length);
    for (let i = 0; i < qb.length; i++) qs[i] = [names[qb[i]], qid[i]];
    a.queues = qs;
  }
  return res;
}
