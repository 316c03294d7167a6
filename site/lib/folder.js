// folder.js — the live doctor's saved folders (`rmqalloc doctor --save DIR`,
// --watch's DIR/1, DIR/2, ...), dropped or chosen on the Diagnose page, read
// into rmq.doctor's input as the CLI reads them (cluster/live ReadFolder,
// js/bin/series.js): route.txt and route.<TOPIC>.txt, connection.txt (else
// connection.err), progress.txt (else progress-c.txt, progress.err),
// captured-at.txt's first line, and the status files of the newest
// status/<millis>/ folder, else of status/ itself but stdout.txt and
// stderr.txt. Pure functions over { path, text, lastModified } lists, plus
// the reading of a drop's directory entries.

/** The folder part of path ('' for a top-level file). */
const dirOf = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const baseOf = (p) => p.slice(p.lastIndexOf('/') + 1);

/**
 * The first of names in folder dir that has text, else the first there;
 * null when none is.
 */
function firstWithText(byPath, dir, names) {
  const there = names.map((n) => byPath.get(join(dir, n))).filter(Boolean);
  return there.find((f) => f.text.trim() !== '') ?? there[0] ?? null;
}

const join = (dir, name) => (dir ? dir + '/' + name : name);

/** Java's String.compareTo order (UTF-16 code units), as the CLI sorts status files. */
const javaOrder = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** The status files of snapshot folder dir (see the file comment). */
function statusFiles(files, dir) {
  const status = join(dir, 'status');
  const inStatus = files.filter((f) => f.path.startsWith(status + '/'));
  const runs = new Set();
  for (const f of inStatus) {
    const rest = f.path.slice(status.length + 1).split('/');
    if (rest.length === 2 && /^\d+$/.test(rest[0])) runs.add(rest[0]);
  }
  const newest = [...runs].sort((a, b) => a.length - b.length || javaOrder(a, b)).pop();
  const from = newest ? join(status, newest) : status;
  return inStatus
    .filter((f) => dirOf(f.path) === from && !baseOf(f.path).startsWith('.') && (newest || !/^std(out|err)\.txt$/.test(baseOf(f.path))))
    .sort((a, b) => javaOrder(baseOf(a.path), baseOf(b.path)));
}

/** captured-at.txt's first line as an ISO time (UTC when it has no zone); throws naming the file. */
function capturedAt(f) {
  const first = f.text.split('\n')[0].trim();
  const bare = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(first);
  const ms = Date.parse(bare ? first.replace(' ', 'T') + 'Z' : first);
  if (first === '' || !Number.isFinite(ms)) throw new Error(`${f.path}: line 1: expected the capture time (e.g. 2026-12-01T19:08:32Z), got ${JSON.stringify(first)}`);
  return new Date(ms).toISOString();
}

/**
 * One snapshot folder dir of files → { snapshot, sources }: snapshot is
 * rmq.doctor's input plus name, at and atSource (a series' snapshot);
 * sources names the file each box came from (route[i], status[i],
 * connection, progress) for error messages. Throws an Error naming the
 * folder when a needed file is missing or empty.
 */
export function snapshotOf(files, dir) {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const name = dir || '(the dropped folder)';
  const route = byPath.get(join(dir, 'route.txt'));
  const connection = firstWithText(byPath, dir, ['connection.txt', 'connection.err']);
  const progress = firstWithText(byPath, dir, ['progress.txt', 'progress-c.txt', 'progress.err']);
  const status = statusFiles(files, dir);
  const missing = [[route, 'route.txt'], [connection, 'connection.txt'], [progress || status.length ? true : null, 'progress.txt']]
    .filter(([f]) => !f).map(([, n]) => n);
  if (missing.length) throw new Error(`${name}: not a folder of saved mqadmin outputs (it has no ${missing.join(', ')})`);
  for (const [f, cmd] of [[route, 'topicRoute -t TOPIC'], [connection, 'consumerConnection -g GROUP']]) {
    if (f.text.trim() === '') throw new Error(`${f.path}: it is empty (expected the output of mqadmin ${cmd})`);
  }
  const more = files.filter((f) => dirOf(f.path) === dir && /^route\..+\.txt$/.test(baseOf(f.path)))
    .sort((a, b) => javaOrder(a.path, b.path));
  const routes = [{ topic: '', text: route.text, file: route.path },
    ...more.map((f) => ({ topic: baseOf(f.path).slice('route.'.length, -'.txt'.length), text: f.text, file: f.path }))];
  const at = byPath.get(join(dir, 'captured-at.txt'));
  const used = [route, connection, progress, ...more, ...status].filter(Boolean);
  const snapshot = {
    name,
    at: at ? capturedAt(at) : new Date(Math.max(0, ...used.map((f) => f.lastModified || 0))).toISOString(),
    atSource: at ? 'captured-at.txt' : 'mtime',
    route: routes.map(({ topic, text }) => ({ topic, text })),
    connection: connection.text,
    progress: progress ? progress.text : '',
    status: status.map((f) => ({ name: baseOf(f.path), text: f.text })),
  };
  // Beside an output, its stderr says what it left out (as the CLI reads
  // the folder): the brokers that did not answer, the members that did not
  // answer consumerStatus.
  const progressErr = byPath.get(join(dir, 'progress.err'));
  if (progressErr && progress && progressErr.text !== progress.text) snapshot.progressErr = progressErr.text;
  const statusErr = byPath.get(join(dir, 'status/stderr.txt'));
  if (statusErr) snapshot.statusErr = statusErr.text;
  const topicStatus = topicStatusTexts(files, byPath, dir);
  if (topicStatus.length) snapshot.topicStatus = topicStatus;
  // One folder alone: the file's text as the CLI passes it (the doctor reads its first line).
  if (at) snapshot.capturedAt = at.text;
  const sources = { connection: connection.path, progress: progress ? progress.path : name + '/progress.txt' };
  routes.forEach((r, i) => { sources[`route[${i}]`] = r.file; });
  status.forEach((f, i) => { sources[`status[${i}]`] = f.path; });
  sources.route = sources['route[0]'];
  return { snapshot, sources };
}

/**
 * topicStatus.txt (or capture.sh's topicstatus.txt) for route.txt's topic,
 * then topicStatus.<TOPIC>.txt for the others, as the CLI reads them.
 */
function topicStatusTexts(files, byPath, dir) {
  const first = byPath.get(join(dir, 'topicStatus.txt')) ?? byPath.get(join(dir, 'topicstatus.txt'));
  const more = files.filter((f) => dirOf(f.path) === dir && /^topicStatus\..+\.txt$/.test(baseOf(f.path)))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return [...(first ? [{ topic: '', text: first.text }] : []),
    ...more.map((f) => ({ topic: baseOf(f.path).slice('topicStatus.'.length, -'.txt'.length), text: f.text }))];
}

/**
 * The snapshot folders among files (each path relative to what was
 * dropped or chosen, '/'-separated): every folder holding a route.txt, in
 * path order (numbers in order: DIR/2 before DIR/10). [] when none.
 */
export function snapshotFolders(files) {
  const dirs = new Set(files.filter((f) => baseOf(f.path) === 'route.txt').map((f) => dirOf(f.path)));
  const collator = new Intl.Collator('en', { numeric: true });
  return [...dirs].sort(collator.compare);
}

/**
 * files → { snapshots: [{ snapshot, sources }] } for every snapshot
 * folder, oldest first; throws an Error saying what is missing when there is none.
 */
export function readFolders(files) {
  const dirs = snapshotFolders(files);
  if (dirs.length === 0) {
    const names = [...new Set(files.map((f) => f.path.split('/')[0]))].slice(0, 3).join(', ');
    throw new Error(`${names || 'nothing'}: not a folder of saved mqadmin outputs (no route.txt in it; rmqalloc doctor --save DIR writes route.txt, connection.txt, progress.txt, status/)`);
  }
  // In time order (then path order), as the doctor orders a series: the last is the newest.
  const snaps = dirs.map((d) => snapshotOf(files, d));
  return { snapshots: snaps.map((s, i) => [s, i]).sort(([a, i], [b, j]) => (a.snapshot.at < b.snapshot.at ? -1 : a.snapshot.at > b.snapshot.at ? 1 : i - j)).map(([s]) => s) };
}

/**
 * Where an ERR_BAD_INPUT error ({ box, message }) of a folder diagnosis
 * comes from, as "FILE: message": box is route[i] | connection | progress
 * | status[i] (one snapshot) or snapshot[k].<box> (a series, k in the
 * order given).
 */
export function folderMessage(err, snaps) {
  const m = /^snapshot\[(\d+)\]\.(.*)$/.exec(err.box ?? '');
  const k = m ? Number(m[1]) : 0;
  const box = m ? m[2] : err.box ?? '';
  const src = snaps[k] && (snaps[k].sources[box] ?? snaps[k].sources[box.replace(/\[\d+\]$/, '')]);
  let msg = err.message.startsWith(err.box) ? err.message.slice(err.box.length).replace(/^:?\s*/, '') : err.message;
  msg = msg.replace(/ \(snapshot "[^"]*"\)/, '').replace('(wrong box?)', '(wrong file?)');
  return `${src ?? (snaps[k] ? snaps[k].snapshot.name : 'input')}: ${msg}`;
}

/** The text of a File: UTF-8, or UTF-16 with its BOM (PowerShell's > writes UTF-16LE), as the CLI reads files. */
export async function fileText(file) {
  const b = new Uint8Array(await file.arrayBuffer());
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  return new TextDecoder().decode(b);
}

/**
 * Every file under the FileSystemEntry list entries (a drop's
 * DataTransferItem.webkitGetAsEntry()), read recursively: [{ path, file }]
 * with path relative to the drop ("DIR/status/123/ip@x"). A directory
 * reader answers in batches: it is read until it answers none.
 */
export async function filesOfEntries(entries) {
  const out = [];
  const walk = async (entry, prefix) => {
    if (!entry) return;
    const path = prefix ? prefix + '/' + entry.name : entry.name;
    if (entry.isFile) {
      out.push({ path, file: await new Promise((res, rej) => entry.file(res, rej)) });
      return;
    }
    if (!entry.isDirectory) return;
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((res, rej) => reader.readEntries(res, rej));
      if (batch.length === 0) break;
      for (const e of batch) await walk(e, path);
    }
  };
  for (const e of entries) await walk(e, '');
  return out;
}

/** [{ path, file }] → [{ path, text, lastModified }] (the files' texts read). */
export async function readTexts(list) {
  return Promise.all(list.map(async ({ path, file }) => ({ path, text: await fileText(file), lastModified: file.lastModified })));
}
