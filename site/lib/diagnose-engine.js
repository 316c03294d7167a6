// diagnose-engine.js — the Diagnose tab's computations, run in the worker
// (worker.js): rmq.doctor over the pasted texts, and the client IDs of
// pasted consumerConnection output. Results are plain, cloneable data.

const STATUS_HEADER = /^\uFEFF?[ \t]*#Consumer Properties#/;

/**
 * Splits the status box into one text per client: each starts at a
 * "#Consumer Properties#" line (what consumerStatus prints first). Returns
 * [{ text, line }] with line the 1-based line of the box it starts at.
 */
export function splitStatus(text) {
  if (!text || !text.trim()) return [];
  const lines = text.split('\n');
  const starts = [];
  lines.forEach((l, i) => { if (STATUS_HEADER.test(l)) starts.push(i); });
  // Lines before the first header (a log line, a prompt) go with the first
  // text: its parser skips them.
  if (starts.length === 0) starts.push(0);
  else starts[0] = 0;
  return starts.map((s, k) => ({ text: lines.slice(s, starts[k + 1] ?? lines.length).join('\n'), line: s + 1 }));
}

/** The part of a Go input error's message after "box: line L, column C: ". */
function reason(message) {
  return message.replace(/^[^:]*?: (?:line \d+(?:, column \d+)?: )?/, '');
}

/**
 * rmq.doctor over the boxes ({ route, connection, progress, status,
 * strategy, profile }, all strings). Answers { report, text } or, for text
 * it cannot read, { inputError: { box, line, column, message } } with box
 * one of route | connection | progress | status and line counted in that box.
 */
export function diagnose(rmq, boxes) {
  const parts = splitStatus(boxes.status);
  try {
    const report = rmq.doctor({
      route: boxes.route,
      connection: boxes.connection,
      progress: boxes.progress,
      status: parts.map((p) => p.text),
      strategy: boxes.strategy || undefined,
      profile: boxes.profile || undefined,
    });
    return { report, text: report.text };
  } catch (e) {
    if (e?.code !== 'ERR_BAD_INPUT') throw e;
    const m = /^status\[(\d+)\]$/.exec(e.box ?? '');
    const box = m ? 'status' : (e.box ?? '').replace(/\[\d+\]$/, '');
    const line = m && e.line > 0 ? e.line + parts[Number(m[1])].line - 1 : e.line;
    const where = line > 0 ? `line ${line}${e.column > 0 ? `, column ${e.column}` : ''}: ` : '';
    const which = m && parts.length > 1 ? ` (client text ${Number(m[1]) + 1} of ${parts.length})` : '';
    return { inputError: { box, line, column: e.column, message: `${box}: ${where}${reason(e.message)}${which}` } };
  }
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
export function diagnoseFolders(rmq, { snapshots, strategy, profile }) {
  const opts = { ...(strategy ? { strategy } : {}), ...(profile ? { profile } : {}) };
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
    return { report, text: report.text };
  } catch (e) {
    if (e?.code !== 'ERR_BAD_INPUT') throw e;
    return { inputError: { box: e.box ?? '', line: e.line, column: e.column, message: e.message } };
  }
}
