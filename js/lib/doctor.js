// rmq.doctor and rmq.parse: what `mqadmin` prints, read and diagnosed by
// cluster/doctor and cluster/mqadmin (wasm/doctor.go). Texts cross as they
// are; results come back as JSON text in the shapes of those packages' json
// tags (index.d.ts: DoctorReport, ...).
//
// rmq.doctor and rmq.parse.consumer* need the full module (load({ analysis:
// true })): on the core one they throw the module's ERR_UNSUPPORTED error,
// and the instance stays usable; so does rmq.parse.topicRoute (routes as
// text are the full module's too).

import { OP, PARSE_FORMAT, WANT } from './wire.js';
import * as ops from './ops.generated.js';
import { rmqError, typeError } from './errors.js';
import { array, camel, checkKeys, object, oneOf, string } from './validate.js';
import { snapshots } from './doctor_series.js';

// rmq.parse's methods: each the camelCase name of its PARSE_FORMAT
// (wasm/doctor.go), consumerConnection ... .
const FORMAT = Object.fromEntries(Object.entries(PARSE_FORMAT).map(([k, v]) => [camel(k), v]));
// What rmq.doctor returns (options.format) → what it asks the module for
// (WANT, wasm/doctor.go: the text, the JSON or both).
const FORMATS = ['report', 'text', 'json'];
const ASK = { report: WANT.TEXT | WANT.JSON, text: WANT.TEXT, json: WANT.JSON };
const utf8 = new TextDecoder();
export const INPUT_KEYS = ['route', 'connection', 'progress', 'status', 'strategy', 'profile', 'capturedAt', 'progressErr', 'statusErr', 'topicStatus', 'stuckAfter'];

/** A text argument: a string, carried as it is. */
function text(v, field) {
  if (typeof v !== 'string') throw typeError(field, 'a string (the text as the tool printed it)', v);
  return v;
}

/** route: a text, or [{ topic?, text }] one per topic → [{ topic, text }]. */
function routeTexts(v, p = '', key = 'route') {
  if (v === undefined) return [];
  if (typeof v === 'string') return [{ topic: '', text: v }];
  const n = array(v, `${p}${key}`, 'a string or an array of { topic, text }');
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const f = `${p}${key}[${i}]`;
    const r = v[i];
    if (typeof r === 'string') {
      out[i] = { topic: '', text: r };
      continue;
    }
    const { topic, text: t } = checkKeys(object(r, f), ['topic', 'text'], f);
    out[i] = { topic: topic === undefined ? '' : string(topic, `${f}.topic`), text: text(t, `${f}.text`) };
  }
  return out;
}

/**
 * status: a text, an array of texts or of { name, text }, or an object
 * mapping names (client IDs, as the files are named) to texts.
 */
function statusTexts(v, p = '') {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [{ name: '', text: v }];
  if (Array.isArray(v)) {
    const n = array(v, `${p}status`);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = v[i];
      if (typeof s === 'string') {
        out[i] = { name: '', text: s };
        continue;
      }
      const f = `${p}status[${i}]`;
      const { name, text: t } = checkKeys(object(s, f), ['name', 'text'], f);
      out[i] = { name: name === undefined ? '' : string(name, `${f}.name`), text: text(t, `${f}.text`) };
    }
    return out;
  }
  object(v, `${p}status`);
  return Object.entries(v).map(([name, t]) => ({ name, text: text(t, `${p}status[${JSON.stringify(name)}]`) }));
}

/** One snapshot's texts, checked; p prefixes field names ("input[2]."). */
export function readInput(input, p = '', keys = INPUT_KEYS) {
  const field = p ? p.slice(0, -1) : 'input';
  const { route, connection: c, progress: pr, status: st, strategy: sn, profile: pf, capturedAt: ca, progressErr: pe, statusErr: se, topicStatus: ts, stuckAfter: sa } = checkKeys(object(input, field), keys, field);
  return {
    routes: routeTexts(route, p),
    status: statusTexts(st, p),
    connection: c === undefined ? '' : text(c, `${p}connection`),
    progress: pr === undefined ? '' : text(pr, `${p}progress`),
    strategy: sn === undefined ? '' : string(sn, `${p}strategy`),
    profile: pf === undefined ? '' : string(pf, `${p}profile`),
    capturedAt: ca === undefined ? '' : string(ca, `${p}capturedAt`),
    progressErr: pe === undefined ? '' : text(pe, `${p}progressErr`),
    statusErr: se === undefined ? '' : text(se, `${p}statusErr`),
    topicStatus: ts === undefined ? [] : routeTexts(ts, p, 'topicStatus'),
    stuckAfter: sa === undefined ? '' : string(sa, `${p}stuckAfter`),
  };
}

/**
 * rmq.doctor and rmq.parse over runtime rt of build ('core', 'full' or
 * 'analysis'). On the core build rmq.doctor and rmq.parse.consumer*
 * ask the module first (which answers ERR_UNSUPPORTED, saying to load({
 * analysis: true })), so that is the error whatever the arguments.
 */
export function makeDoctor(rt, build) {
  const needsFull = (op) => {
    if (build === 'full') return;
    // The analysis module has the ops but not the doctor: its answer to
    // an empty request would be about the request, so the refusal is here.
    if (build === 'analysis') throw rmqError(Error, 'ERR_UNSUPPORTED', 'rmq.doctor and rmq.parse need the full module (rmqalloc-full.wasm): load({ analysis: true }), not doctor: false', {});
    rt.call(op, rt.request());
  };
  // Every call reads the caller's values once, and runs marked busy so that
  // a nested call (a getter calling rmq.*) gets its own encoder.
  const guarded = (fn) => rt.guard(fn);

  function doctor(input, options) {
    needsFull(OP.DOCTOR_RUN);
    // An array is a series of snapshots of one group (doctor_series.js).
    const series = Array.isArray(input);
    const snaps = series ? snapshots(input, readInput, INPUT_KEYS) : [readInput(input)];
    const opts = options === undefined ? {} : checkKeys(object(options, 'options'), ['format', 'width'], 'options');
    const fmt = opts.format;
    const width = opts.width === undefined ? 0 : opts.width;
    if (!Number.isInteger(width) || width < 0) throw typeError('options.width', 'a whole number of columns', width);
    const format = fmt === undefined ? 'report' : oneOf(fmt, 'options.format', FORMATS);
    // One snapshot crosses as a series of one, its name and times empty.
    const d = ops.doctorRun(rt, {
      want: ASK[format] | (series ? WANT.SERIES : 0),
      width,
      snapshots: snaps.map((sn) => (series ? { name: sn.name, at: sn.at, atSource: sn.atSource, input: sn } : { name: '', at: '', atSource: '', input: sn })),
    });
    const { ok, judged } = d;
    if (format === 'text') return { ok, judged, text: d.text };
    if (format === 'json') return { ok, judged, json: utf8.decode(d.json) };
    const report = JSON.parse(utf8.decode(d.json));
    // Not enumerable: JSON.stringify(report) is the object the CLI's --json prints.
    Object.defineProperty(report, 'text', { value: d.text, enumerable: false });
    return report;
  }

  const parseAs = (name) => (t) => {
    needsFull(OP.PARSE);
    const s = text(t, 'text');
    return JSON.parse(utf8.decode(ops.parse(rt, { format: FORMAT[name], text: s }).json));
  };

  const parse = Object.freeze({
    topicRoute: guarded((t) => ops.parseRoute(rt, { text: text(t, 'text') }).route),
    // consumerConnection, consumerProgress, consumerStatus: one per PARSE_FORMAT
    ...Object.fromEntries(Object.keys(FORMAT).map((name) => [name, guarded(parseAs(name))])),
  });
  return { doctor: guarded(doctor), parse };
}
