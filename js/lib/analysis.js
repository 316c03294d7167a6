// rmq.analysis: plans' statistics, diffs, scenarios, inconsistent views,
// mixed Java/Go groups and the strategy comparison (alloc/analysis). Requests are binary; results come
// back as JSON text in the shapes of alloc/analysis's json tags, with
// queues as { topic, brokerName, queueId } (index.d.ts: Analysis); plan and
// diff with positions: true answer in binary instead, queues as positions
// in the given list (PositionsReader).
//
// Only the full module (rmqalloc-full.wasm, load({ analysis: true })) has
// them; on the core module every method throws the module's own
// ERR_UNSUPPORTED error, and the instance stays usable.

import { array, bool, checkKeys, clientOf, encCids, encQueues, encSpec, int32, object, string, SPEC_KEYS } from './validate.js';
import { rmqError } from './errors.js';
import { ANALYSIS_SORT, CLIENT, OP } from './tables.generated.js';

const OPS = {
  plan: OP.ANALYSIS_PLAN,
  diff: OP.ANALYSIS_DIFF,
  scenario: OP.ANALYSIS_SCENARIO,
  views: OP.ANALYSIS_VIEWS,
  subscription: OP.ANALYSIS_SUBSCRIPTION,
  mixed: OP.ANALYSIS_MIXED,
  compare: OP.ANALYSIS_COMPARE,
};
const text = new TextDecoder();
const NEEDS_FULL = 'rmq.analysis needs the full module: load({ analysis: true })';

const STRATEGY_KEYS = [...SPEC_KEYS, 'version', 'profile'];
const ROOMS = ['sort', 'rooms'];
const KEYS = {
  plan: ['strategy', 'queues', 'members', ...ROOMS, 'positions'],
  diff: ['from', 'to', 'positions'],
  scenario: ['scenario', 'strategies', 'sort'],
  views: ['strategies', 'queues', 'members', 'views', ...ROOMS],
  subscription: ['strategy', 'queues', 'members', 'subscribers', ...ROOMS],
  mixed: ['java', 'go', 'queues', 'members', ...ROOMS],
  compare: ['queues', 'brokers', 'members'],
};
const PLAN_INPUT_KEYS = KEYS.plan.filter((k) => k !== 'positions');
const SCENARIO_KEYS = ['topic', 'brokers', 'queuesPerBroker', 'members', 'changes'];
const CHANGE_KEYS = ['kind', 'members', 'broker', 'queues'];
const VIEW_KEYS = ['member', 'members', 'strategy'];
const RESOLVER_KEYS = ['sep', 'brokerField', 'consumerField'];

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
 * rmq.analysis over runtime rt; full tells whether the module is the full
 * build. On the core build each method asks the module anyway (which
 * answers ERR_UNSUPPORTED) before looking at its arguments. clients is the
 * module's client table (validate.js clientTable).
 */
export function makeAnalysis(rt, topicOf, full, clients) {
  // Each method counts in rt.depth (see api.js) and reads user values once.
  const guarded = (name, fn) => (o) => rt.within(() => fn(o));
  if (!full) {
    const unsupported = (op) => () => {
      rt.call(op, rt.request());
      throw rmqError(Error, 'ERR_UNSUPPORTED', NEEDS_FULL);
    };
    return Object.freeze(Object.fromEntries(Object.entries(OPS).map(([name, op]) => [name, guarded(name, unsupported(op))])));
  }
  const json = (op, enc) => {
    const d = rt.call(op, enc);
    return JSON.parse(text.decode(d.b.subarray(d.p)));
  };
  const strategy = (enc, s, field) => {
    const { version, profile } = checkKeys(object(s, field), STRATEGY_KEYS, field);
    enc.u8(clientOf(clients, version, profile));
    encSpec(enc, s, field, STRATEGY_KEYS);
  };
  const strategies = (enc, list, field) => {
    const n = array(list, field, 'an array of strategies');
    enc.uv(n);
    for (let i = 0; i < n; i++) strategy(enc, list[i], `${field}[${i}]`);
  };
  // sort and rooms, read by the caller (they come last on the wire).
  const options = (enc, { sort, rooms }, field) => {
    const at = field ? `${field}.` : '';
    enc.bool(bool(sort, `${at}sort`, false));
    enc.bool(rooms != null);
    if (rooms != null) {
      const { sep, brokerField, consumerField } = checkKeys(object(rooms, `${at}rooms`), RESOLVER_KEYS, `${at}rooms`);
      enc.str(string(sep, `${at}rooms.sep`));
      enc.i32(int32(brokerField, `${at}rooms.brokerField`));
      enc.i32(int32(consumerField, `${at}rooms.consumerField`));
    }
  };
  const planInput = (enc, o, field) => {
    const keys = field === 'options' ? KEYS.plan : PLAN_INPUT_KEYS;
    const { strategy: s, queues, members, sort, rooms, positions } = checkKeys(object(o, field), keys, field === 'options' ? '' : field);
    const f = field === 'options' ? '' : `${field}.`;
    strategy(enc, s, `${f}strategy`);
    encQueues(enc, queues, `${f}queues`, { topicOf });
    encCids(enc, members, `${f}members`, false);
    options(enc, { sort, rooms }, field === 'options' ? '' : field);
    return positions;
  };
  const top = (o, name) => checkKeys(object(o, 'options'), KEYS[name]);

  return Object.freeze({
    plan: guarded('plan', (o) => {
      const enc = rt.request();
      const byPos = bool(planInput(enc, o, 'options'), 'positions', false);
      enc.bool(byPos);
      if (!byPos) return json(OPS.plan, enc);
      const r = new PositionsReader(rt.call(OPS.plan, enc));
      return r.plan();
    }),
    diff: guarded('diff', (o) => {
      const { from, to, positions } = top(o, 'diff');
      const enc = rt.request();
      planInput(enc, from, 'from');
      planInput(enc, to, 'to');
      const byPos = bool(positions, 'positions', false);
      enc.bool(byPos);
      if (!byPos) return json(OPS.diff, enc);
      const r = new PositionsReader(rt.call(OPS.diff, enc));
      const a = r.plan(), b = r.plan();
      return { from: a, to: b, diff: r.diff() };
    }),
    scenario: guarded('scenario', (o) => {
      const { scenario, strategies: list, sort } = top(o, 'scenario');
      const sc = checkKeys(object(scenario, 'scenario'), SCENARIO_KEYS, 'scenario');
      const { topic, brokers, queuesPerBroker, members, changes } = sc;
      const enc = rt.request();
      enc.str(string(topic, 'scenario.topic'));
      encCids(enc, brokers, 'scenario.brokers', false);
      enc.i32(int32(queuesPerBroker, 'scenario.queuesPerBroker'));
      encCids(enc, members, 'scenario.members', false);
      const chs = changes ?? [];
      const n = array(chs, 'scenario.changes');
      enc.uv(n);
      for (let i = 0; i < n; i++) {
        const f = `scenario.changes[${i}]`;
        const { kind, members: m, broker, queues } = checkKeys(object(chs[i], f), CHANGE_KEYS, f);
        enc.str(string(kind, `${f}.kind`));
        encCids(enc, m ?? [], `${f}.members`, false);
        enc.str(string(broker ?? '', `${f}.broker`));
        enc.i32(int32(queues ?? 0, `${f}.queues`));
      }
      strategies(enc, list, 'strategies');
      enc.u8(sort === undefined ? ANALYSIS_SORT.DEFAULT : bool(sort, 'sort') ? ANALYSIS_SORT.TRUE : ANALYSIS_SORT.FALSE);
      return json(OPS.scenario, enc);
    }),
    views: guarded('views', (o) => {
      const { strategies: list, queues, members, views, sort, rooms } = top(o, 'views');
      const enc = rt.request();
      strategies(enc, list, 'strategies');
      encQueues(enc, queues, 'queues', { topicOf });
      encCids(enc, members, 'members', false);
      const n = array(views, 'views');
      enc.uv(n);
      for (let i = 0; i < n; i++) {
        const f = `views[${i}]`;
        const { member, members: m, strategy: s } = checkKeys(object(views[i], f), VIEW_KEYS, f);
        enc.str(string(member, `${f}.member`));
        encCids(enc, m ?? null, `${f}.members`, true);
        enc.i32(int32(s ?? 0, `${f}.strategy`));
      }
      options(enc, { sort, rooms }, '');
      return json(OPS.views, enc);
    }),
    subscription: guarded('subscription', (o) => {
      const { strategy: s, queues, members, subscribers, sort, rooms } = top(o, 'subscription');
      const enc = rt.request();
      strategy(enc, s, 'strategy');
      encQueues(enc, queues, 'queues', { topicOf });
      encCids(enc, members, 'members', false);
      encCids(enc, subscribers, 'subscribers', false);
      options(enc, { sort, rooms }, '');
      return json(OPS.subscription, enc);
    }),
    mixed: guarded('mixed', (o) => {
      const { java, go, queues, members, sort, rooms } = top(o, 'mixed');
      const enc = rt.request();
      strategy(enc, java, 'java');
      const g = checkKeys(object(go, 'go'), STRATEGY_KEYS, 'go');
      enc.u8(CLIENT.GO);
      encSpec(enc, g, 'go', STRATEGY_KEYS);
      encQueues(enc, queues, 'queues', { topicOf });
      const n = array(members, 'members', 'an array of { id, client }');
      enc.uv(n);
      for (let i = 0; i < n; i++) {
        const f = `members[${i}]`;
        const { id, client } = checkKeys(object(members[i], f), ['id', 'client'], f);
        enc.str(string(id, `${f}.id`));
        enc.str(string(client, `${f}.client`));
      }
      options(enc, { sort, rooms }, '');
      return json(OPS.mixed, enc);
    }),
    compare: guarded('compare', (o) => {
      const { queues, brokers, members } = top(o, 'compare');
      const enc = rt.request();
      enc.i32(int32(queues, 'queues'));
      enc.i32(int32(brokers, 'brokers'));
      enc.i32(int32(members, 'members'));
      return json(OPS.compare, enc);
    }),
  });
}
