// rmq.doctor and rmq.parse: what `mqadmin` prints, read and diagnosed by
// alloc/doctor and alloc/mqadmin (wasm/doctor.go). Texts cross as they
// are; results come back as JSON text in the shapes of those packages' json
// tags (index.d.ts: DoctorReport, ...).
//
// rmq.doctor and rmq.parse.consumer* need the full module (load({ analysis:
// true })): on the core one they throw the module's ERR_UNSUPPORTED error,
// and the instance stays usable; so does rmq.parse.topicRoute (routes as
// text are the full module's too).

import { OP } from './wire.js';
import { typeError } from './errors.js';
import { array, checkKeys, object, oneOf, string } from './validate.js';

// Formats of OP.PARSE (wasm/doctor.go parsers).
const FORMAT = { consumerConnection: 1, consumerProgress: 2, consumerStatus: 3 };
// What rmq.doctor returns (options.format) → what it asks the module for
// (wasm/doctor.go: 1 the text, 2 the JSON).
const FORMATS = ['report', 'text', 'json'];
const WANT = { report: 3, text: 1, json: 2 };
const utf8 = new TextDecoder();
const INPUT_KEYS = ['route', 'connection', 'progress', 'status', 'strategy', 'profile'];

/** A text argument: a string, carried as it is. */
function text(v, field) {
  if (typeof v !== 'string') throw typeError(field, 'a string (the text as the tool printed it)', v);
  return v;
}

/** route: a text, or [{ topic?, text }] one per topic → [{ topic, text }]. */
function routeTexts(v) {
  if (v === undefined) return [];
  if (typeof v === 'string') return [{ topic: '', text: v }];
  const n = array(v, 'route', 'a string or an array of { topic, text }');
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const f = `route[${i}]`;
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
function statusTexts(v) {
  if (v === undefined || v === null) return [];
  if (typeof v === 'string') return [{ name: '', text: v }];
  if (Array.isArray(v)) {
    const n = array(v, 'status');
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = v[i];
      if (typeof s === 'string') {
        out[i] = { name: '', text: s };
        continue;
      }
      const f = `status[${i}]`;
      const { name, text: t } = checkKeys(object(s, f), ['name', 'text'], f);
      out[i] = { name: name === undefined ? '' : string(name, `${f}.name`), text: text(t, `${f}.text`) };
    }
    return out;
  }
  object(v, 'status');
  return Object.entries(v).map(([name, t]) => ({ name, text: text(t, `status[${JSON.stringify(name)}]`) }));
}

/** The rest of a response: JSON text. */
function json(d) {
  return JSON.parse(utf8.decode(d.b.subarray(d.p)));
}

/** Reads a route as wasm/route.go writeRoute writes it. */
function readRoute(d) {
  const route = { orderTopicConf: d.bool() ? d.str() : null, queueDatas: [], brokerDatas: [] };
  for (let n = d.uv(); n > 0; n--) {
    route.queueDatas.push({ brokerName: d.str(), readQueueNums: d.i32(), writeQueueNums: d.i32(), perm: d.i32(), topicSysFlag: d.i32() });
  }
  for (let n = d.uv(); n > 0; n--) {
    const bd = { cluster: d.str(), brokerName: d.str(), brokerAddrs: {} };
    for (let m = d.uv(); m > 0; m--) {
      const k = d.str();
      bd.brokerAddrs[k] = d.str();
    }
    route.brokerDatas.push(bd);
  }
  return route;
}

/**
 * rmq.doctor and rmq.parse over runtime rt; full tells whether the module
 * is the full build. On the core build rmq.doctor and rmq.parse.consumer*
 * ask the module first (which answers ERR_UNSUPPORTED, saying to load({
 * analysis: true })), so that is the error whatever the arguments.
 */
export function makeDoctor(rt, full) {
  const needsFull = (op) => {
    if (full) return;
    rt.call(op, rt.request());
  };
  // Every call reads the caller's values once, and runs marked busy so that
  // a nested call (a getter calling rmq.*) gets its own encoder.
  const guarded = (fn) => rt.guard(fn);

  function doctor(input, options) {
    needsFull(OP.DOCTOR);
    const { route, connection: c, progress: p, status: st, strategy: sn, profile: pf } = checkKeys(object(input, 'input'), INPUT_KEYS, 'input');
    const opts = options === undefined ? {} : checkKeys(object(options, 'options'), ['format', 'width'], 'options');
    const fmt = opts.format;
    const width = opts.width === undefined ? 0 : opts.width;
    if (!Number.isInteger(width) || width < 0) throw typeError('options.width', 'a whole number of columns', width);
    const format = fmt === undefined ? 'report' : oneOf(fmt, 'options.format', FORMATS);
    const routes = routeTexts(route);
    const status = statusTexts(st);
    const connection = c === undefined ? '' : text(c, 'connection');
    const progress = p === undefined ? '' : text(p, 'progress');
    const strategy = sn === undefined ? '' : string(sn, 'strategy');
    const profile = pf === undefined ? '' : string(pf, 'profile');
    const enc = rt.request();
    enc.u8(WANT[format]);
    enc.uv(width);
    enc.uv(routes.length);
    for (const r of routes) {
      enc.str(r.topic);
      enc.strOnce(r.text);
    }
    enc.strOnce(connection);
    enc.strOnce(progress);
    enc.uv(status.length);
    for (const s of status) {
      enc.str(s.name);
      enc.strOnce(s.text);
    }
    enc.str(strategy);
    enc.str(profile);
    const d = rt.call(OP.DOCTOR, enc);
    const ok = d.bool();
    if (format === 'text') return { ok, text: d.str() };
    if (format === 'json') return { ok, json: utf8.decode(d.b.subarray(d.p)) };
    const human = d.str();
    const report = json(d);
    // Not enumerable: JSON.stringify(report) is the object the CLI's --json prints.
    Object.defineProperty(report, 'text', { value: human, enumerable: false });
    return report;
  }

  const parseAs = (name) => (t) => {
    needsFull(OP.PARSE);
    const s = text(t, 'text');
    const enc = rt.request();
    enc.u8(FORMAT[name]);
    enc.strOnce(s);
    return json(rt.call(OP.PARSE, enc));
  };

  const parse = Object.freeze({
    topicRoute: guarded((t) => {
      const s = text(t, 'text');
      const enc = rt.request();
      enc.strOnce(s);
      return readRoute(rt.call(OP.PARSE_ROUTE, enc));
    }),
    consumerConnection: guarded(parseAs('consumerConnection')),
    consumerProgress: guarded(parseAs('consumerProgress')),
    consumerStatus: guarded(parseAs('consumerStatus')),
  });
  return { doctor: guarded(doctor), parse };
}
