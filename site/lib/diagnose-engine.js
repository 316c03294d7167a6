// diagnose-engine.js — the Diagnose tab's computations, run in the worker
// (worker.js): rmq.doctor over the pasted texts, and the client IDs of
// pasted consumerConnection output. Results are plain, cloneable data.

import { splitStatus, heldKeys, expectedKeys, matchUnnamed, heldSummary } from './status-paste.js';

export { splitStatus };

/** The part of a Go input error's message after "box: line L, column C: ". */
function reason(message) {
  return message.replace(/^[^:]*?: (?:line \d+(?:, column \d+)?: )?/, '');
}

/**
 * rmq.doctor over the boxes ({ route, connection, progress, status,
 * strategy, profile, statusIds }: strings, statusIds the client IDs typed
 * for unnamed status texts, by their index). Answers { report, text,
 * status } or, for text it cannot read, { inputError: { box, line, column,
 * message } } with box one of route | connection | progress | status and
 * line counted in that box. status says how each status text was placed
 * (statusPlan).
 */
export function diagnose(rmq, boxes) {
  const { parts, listed } = splitStatus(boxes.status);
  const plan = statusPlan(rmq, boxes, parts, listed);
  if (plan.inputError) return plan;
  const used = plan.texts.filter((t) => t.name !== null);
  try {
    const report = rmq.doctor({
      route: boxes.route,
      connection: boxes.connection,
      progress: boxes.progress,
      status: used.map((t) => (t.name ? { name: t.name, text: parts[t.index].text } : parts[t.index].text)),
      strategy: boxes.strategy || undefined,
      profile: boxes.profile || undefined,
    });
    return { report, text: report.text, status: plan, offsets: progressOffsets(rmq, boxes.progress) };
  } catch (e) {
    return { inputError: inputError(e, parts, used.map((t) => t.index)) };
  }
}

/** A doctor ERR_BAD_INPUT as { box, line, column, message }, status lines counted in the box; rethrows others. */
function inputError(e, parts, indexes) {
  if (e?.code !== 'ERR_BAD_INPUT') throw e;
  const m = /^status\[(\d+)\]$/.exec(e.box ?? '');
  const part = m ? parts[indexes[Number(m[1])]] : null;
  const box = m ? 'status' : (e.box ?? '').replace(/\[\d+\]$/, '');
  const line = part && e.line > 0 ? e.line + part.line - 1 : e.line;
  const where = line > 0 ? `line ${line}${e.column > 0 ? `, column ${e.column}` : ''}: ` : '';
  const which = part && parts.length > 1 ? ` (client text ${indexes[Number(m[1])] + 1} of ${parts.length})` : '';
  return { box, line, column: e.column, message: `${box}: ${where}${reason(e.message)}${which}` };
}

/**
 * How each status text is read: texts [{ index, line, name, how, held }]
 * with name the client ID it is given ('' = its own properties say; null =
 * not known, left out of the diagnosis) and how one of own | named | typed
 * | share | left | unknown; listed the clients consumerStatus's stdout
 * names; candidates the client IDs a text can be for. A 4.9.3 text carries
 * no client ID: its marker names it, else the ID typed for it, else the
 * queues it holds (matchUnnamed), else it is asked for.
 */
function statusPlan(rmq, boxes, parts, listed) {
  const typed = boxes.statusIds ?? [];
  const texts = parts.map((p, index) => {
    let info = null;
    try { info = rmq.parse.consumerStatus(p.text); } catch { /* the doctor reports it, with its line */ }
    const own = info && info.properties.clientIP && info.properties.instanceName;
    const t = (typed[index] ?? '').trim();
    const how = !info || own ? 'own' : t ? 'typed' : p.name ? 'named' : 'unknown';
    return { index, line: p.line, name: how === 'own' ? '' : how === 'typed' ? t : p.name || null, how, info };
  });
  let candidates = listed.map((l) => l.clientId);
  try {
    candidates = [...new Set([...rmq.parse.consumerConnection(boxes.connection).clients.map((c) => c.clientId), ...candidates])];
  } catch { /* an offline group or no list: the doctor says so */ }
  const unknown = texts.filter((t) => t.how === 'unknown');
  if (unknown.length) {
    const named = texts.filter((t) => t.name !== null);
    let report;
    try {
      report = rmq.doctor({
        route: boxes.route, connection: boxes.connection, progress: boxes.progress,
        status: named.map((t) => (t.name ? { name: t.name, text: parts[t.index].text } : parts[t.index].text)),
        strategy: boxes.strategy || undefined, profile: boxes.profile || undefined,
      });
    } catch (e) {
      return { inputError: inputError(e, parts, named.map((t) => t.index)) };
    }
    const free = candidates.filter((c) => !named.some((t) => t.name === c));
    const placed = matchUnnamed(unknown.map((t) => ({ index: t.index, held: heldKeys(t.info) })), free, expectedKeys(report));
    for (const p of placed) Object.assign(texts[p.index], { name: p.name, how: p.how });
  }
  return {
    texts: texts.map(({ info, ...t }) => ({ ...t, held: info ? heldSummary(info) : '' })),
    listed,
    candidates,
  };
}

/** The client ID column of `mqadmin consumerConnection` output (duplicates kept). */
export function connectionIds(rmq, text) {
  return rmq.parse.consumerConnection(text).clients.map((c) => c.clientId);
}

/**
 * rmq.doctor over saved folders (folder.js snapshotOf's snapshots): one
 * folder is one diagnosis, as `rmqalloc doctor DIR` gives it; several are
 * a series (`rmqalloc doctor DIR1 DIR2 ...`), its report with a timeline.
 * Answers { report, text } or { inputError: { box, message } } with box as
 * the module names it (route[1], snapshot[2].progress, ...).
 */
export function diagnoseFolders(rmq, { snapshots, strategy, profile, boxes }) {
  const opts = { ...(strategy ? { strategy } : {}), ...(profile ? { profile } : {}) };
  let status = null;
  let last = snapshots[snapshots.length - 1];
  if (boxes) {
    // The boxes were edited after the folder was loaded: the newest
    // snapshot is read from them (its route's first text, the connection,
    // the progress, the status texts placed as the boxes' are), the rest
    // of the folder as it was.
    const { parts, listed } = splitStatus(boxes.status);
    status = statusPlan(rmq, { ...boxes, ...opts }, parts, listed);
    if (status.inputError) return status;
    const used = status.texts.filter((t) => t.name !== null);
    last = {
      ...last,
      route: [{ ...last.route[0], text: boxes.route }, ...last.route.slice(1)],
      connection: boxes.connection,
      progress: boxes.progress,
      status: used.map((t) => (t.name ? { name: t.name, text: parts[t.index].text } : parts[t.index].text)),
    };
    snapshots = [...snapshots.slice(0, -1), last];
  }
  try {
    let report;
    if (snapshots.length === 1) {
      const { name, at, atSource, ...input } = snapshots[0];
      void name; void at; void atSource;
      report = rmq.doctor({ ...input, ...opts });
    } else {
      // As the CLI's series: each snapshot timed by at, no capturedAt of its own.
      report = rmq.doctor(snapshots.map(({ capturedAt, ...s }) => { void capturedAt; return { ...s, ...opts }; }));
    }
    return { report, text: report.text, offsets: progressOffsets(rmq, last.progress), ...(status ? { status } : {}) };
  } catch (e) {
    if (e?.code !== 'ERR_BAD_INPUT') throw e;
    return { inputError: { box: e.box ?? '', line: e.line, column: e.column, message: e.message } };
  }
}

/**
 * Each queue's offsets from the progress text (one output or several one
 * after another): { [topic]: { ["broker/qid"]: [brokerOffset,
 * consumerOffset, diff, lastTime] } }, {} when it cannot be read (the
 * doctor says why).
 */
export function progressOffsets(rmq, text) {
  const out = {};
  if (!text || !text.trim()) return out;
  const lines = text.split('\n');
  const starts = [];
  lines.forEach((l, i) => { if (/^\s*#Topic\b/.test(l) && l.includes('#QID')) starts.push(i); });
  if (starts.length === 0) return out;
  starts[0] = 0;
  starts.forEach((s, k) => {
    let p;
    try { p = rmq.parse.consumerProgress(lines.slice(s, starts[k + 1] ?? lines.length).join('\n')); } catch { return; }
    for (const r of p.rows) {
      (out[r.topic] ??= {})[`${r.brokerName}/${r.queueId}`] = [r.brokerOffset, r.consumerOffset, r.diff, r.lastTime ?? ''];
    }
  });
  return out;
}
