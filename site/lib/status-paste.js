// status-paste.js — reads the Diagnose tab's status box as operators fill
// it: consumerStatus files pasted one after another, each optionally after
// its name (`tail -n +1 FILES` writes "==> NAME <==", `more FILES` a
// "::::" block, or a line holding just the file name or client ID), the
// output of `consumerStatus -i CLIENTID`, and what `consumerStatus -g GROUP`
// prints on stdout (its table of clients and the files it wrote). Pure
// functions over strings; no module needed.

const HEADER = /^\uFEFF?[ \t]*#Consumer Properties#/;
const TAIL = /^==>\s*(.+?)\s*<==\s*$/;
const MORE_RULE = /^:{4,}\s*$/;
// A line with only a name: a path or client ID (4.x and 5.x client IDs hold '@').
const BARE = /^\s*(?:#\s*)?([^\s#:][^\s]*?)\s*:?\s*$/;
// consumerStatus -g GROUP's stdout: "001  127.0.0.1@c2  V4_9_3  1796152192951/127.0.0.1@c2".
const LISTED = /^\s*\d+\s+(\S*@\S*)\s+(\S+)\s+(\S+)\s*$/;

/** A file name or path as a client ID: its last path part, without ".txt". */
export function nameOf(path) {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.replace(/\.txt$/i, '');
}

/** The name a marker line (or lines) ending at index i gives, and where it starts; null when none. */
function markerBefore(lines, i, floor) {
  let j = i;
  while (j > floor && lines[j].trim() === '') j--;
  if (j <= floor) return null;
  const l = lines[j];
  let m = TAIL.exec(l);
  if (m) return { name: nameOf(m[1]), start: j };
  if (MORE_RULE.test(l) && j - 2 > floor && MORE_RULE.test(lines[j - 2]) && lines[j - 1].trim()) {
    return { name: nameOf(lines[j - 1].trim()), start: j - 2 };
  }
  m = BARE.exec(l);
  if (m && nameOf(m[1]).includes('@') && !LISTED.test(l)) return { name: nameOf(m[1]), start: j };
  return null;
}

/**
 * The status box → { parts, listed }. parts: one { text, line, name } per
 * "#Consumer Properties#" header (what consumerStatus prints first), line
 * the 1-based line of the box the header is on, name the client ID its
 * marker gives ('' when none). Lines before the first header that are not
 * a marker go with the first part (the parser skips them). listed: the
 * clients consumerStatus's stdout table names, [{ clientId, version, file }].
 */
export function splitStatus(text) {
  const listed = [];
  if (!text || !text.trim()) return { parts: [], listed };
  const lines = text.split('\n');
  for (const l of lines) {
    const m = LISTED.exec(l);
    if (m && !HEADER.test(l)) listed.push({ clientId: m[1], version: m[2], file: m[3] });
  }
  const headers = [];
  lines.forEach((l, i) => { if (HEADER.test(l)) headers.push(i); });
  if (headers.length === 0) {
    // Only the stdout table: no client text to read (the files hold them).
    if (listed.length) return { parts: [], listed };
    return { parts: [{ text, line: 1, name: '' }], listed };
  }
  const parts = [];
  headers.forEach((h, k) => {
    const floor = k === 0 ? -1 : headers[k - 1];
    const mark = h > 0 ? markerBefore(lines, h - 1, floor) : null;
    parts.push({ start: k === 0 && !mark ? 0 : h, header: h, name: mark ? mark.name : '', cut: mark ? mark.start : h });
  });
  return {
    parts: parts.map((p, k) => {
      const end = k + 1 < parts.length ? parts[k + 1].cut : lines.length;
      return { text: lines.slice(p.start, end).join('\n'), line: p.start + 1, name: p.name };
    }),
    listed,
  };
}

/** "==> NAME <==" then the text: how a named file goes into the box (tail -n +1's form). */
export function namedText(name, text) {
  return `==> ${name} <==\n${text.trimEnd()}`;
}

const key = (topic, broker, qid) => `${topic}\u0000${broker}\u0000${qid}`;

/** The queues a parsed status holds (dropped ones are no longer held), as keys. */
export function heldKeys(info) {
  return new Set(info.queues.filter((q) => !q.dropped).map((q) => key(q.topic, q.brokerName, q.queueId)));
}

/** Per client ID, the queues a report expects it to hold, as keys. */
export function expectedKeys(report) {
  const by = new Map();
  for (const t of report.topics) {
    for (const q of t.queues) {
      for (const c of q.expected) {
        if (!by.has(c)) by.set(c, new Set());
        by.get(c).add(key(t.topic, q.brokerName, q.queueId));
      }
    }
  }
  return by;
}

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Which client each unnamed status text is for, from what it holds:
 * files [{ index, held }] (held: heldKeys), candidates the connection's
 * client IDs no other text names, expected (expectedKeys of a diagnosis
 * without these texts). A text is read as a client's when the queues it
 * holds are exactly that client's expected share and no other text's;
 * then, when one text and one client are left, they go together (the
 * command writes one file per connected client). Answers
 * [{ index, name, how: 'share' | 'left' }] for the texts it places.
 */
export function matchUnnamed(files, candidates, expected) {
  const placed = [];
  const taken = new Set();
  const matches = files.map((f) => candidates.filter((c) => f.held.size > 0 && expected.has(c) && sameSet(expected.get(c), f.held)));
  const count = new Map();
  for (const m of matches) for (const c of m) count.set(c, (count.get(c) ?? 0) + 1);
  files.forEach((f, i) => {
    if (matches[i].length === 1 && count.get(matches[i][0]) === 1) {
      placed.push({ index: f.index, name: matches[i][0], how: 'share' });
      taken.add(matches[i][0]);
    }
  });
  const filesLeft = files.filter((f) => !placed.some((p) => p.index === f.index));
  const left = candidates.filter((c) => !taken.has(c));
  if (filesLeft.length === 1 && left.length === 1) placed.push({ index: filesLeft[0].index, name: left[0], how: 'left' });
  return placed;
}

/** A short list of the queues a text holds, for the question next to it ("T_BASIC broker-a/0 1 2 …"). */
export function heldSummary(info, max = 6) {
  const held = info.queues.filter((q) => !q.dropped && !q.topic.startsWith('%RETRY%'));
  if (held.length === 0) return 'holds no queue of a topic';
  const shown = held.slice(0, max).map((q) => `${q.brokerName}/${q.queueId}`).join(' ');
  return `holds ${held.length === 1 ? '' : held.length + ' queues: '}${shown}${held.length > max ? ' …' : ''}`;
}
