// rmq.analysis: plans' statistics, diffs, scenarios, inconsistent views,
// mixed Java/Go groups and the strategy comparison (alloc/analysis). Their
// ops are declared in internal/wireschema (full.go); results come back as
// JSON text in the shapes of alloc/analysis's json tags, with queues as {
// topic, brokerName, queueId } (index.d.ts: Analysis); plan and diff with
// positions: true answer in binary instead, queues as positions in the
// given list (analysis_wire.js).
//
// Only the full module (rmqalloc-full.wasm, load({ analysis: true })) has
// them; on the core module every method throws the module's own
// ERR_UNSUPPORTED error, and the instance stays usable.

import { array, bool, checkKeys, clientOf, encCids, encQueues, encSpec, int32, object, string, SPEC_KEYS } from './validate.js';
import { rmqError } from './errors.js';
import { ANALYSIS_SORT, CLIENT, OP } from './tables.generated.js';
import * as ops from './ops.generated.js';

const OPS = {
  plan: OP.ANALYSIS_PLAN,
  diff: OP.ANALYSIS_DIFF,
  scenario: OP.ANALYSIS_SCENARIO,
  views: OP.ANALYSIS_VIEWS,
  subscription: OP.ANALYSIS_SUBSCRIPTION,
  mixed: OP.ANALYSIS_MIXED,
  compare: OP.ANALYSIS_COMPARE,
};
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
  // A strategy: its client now, its spec as the request is written.
  const strategy = (s, field) => {
    const { version, profile } = checkKeys(object(s, field), STRATEGY_KEYS, field);
    return { client: clientOf(clients, version, profile), spec: (enc) => encSpec(enc, s, field, STRATEGY_KEYS) };
  };
  const strategies = (list, field) => {
    const n = array(list, field, 'an array of strategies');
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = strategy(list[i], `${field}[${i}]`);
    return out;
  };
  const queuesOf = (v, field) => (enc) => encQueues(enc, v, field, { topicOf });
  const cidsOf = (v, field, allowNull = false) => (enc) => encCids(enc, v, field, allowNull);
  // sort and rooms, read by the caller (they come last on the wire).
  const rooms = (v, at) => {
    if (v == null) return undefined;
    const { sep, brokerField, consumerField } = checkKeys(object(v, `${at}rooms`), RESOLVER_KEYS, `${at}rooms`);
    return { sep: string(sep, `${at}rooms.sep`), brokerField: int32(brokerField, `${at}rooms.brokerField`), consumerField: int32(consumerField, `${at}rooms.consumerField`) };
  };
  const options = ({ sort, rooms: r }, field) => {
    const at = field ? `${field}.` : '';
    return { sort: bool(sort, `${at}sort`, false), rooms: rooms(r, at) };
  };
  // A planInput, and the positions flag when it is the call's options.
  const planInput = (o, field) => {
    const keys = field === 'options' ? KEYS.plan : PLAN_INPUT_KEYS;
    const { strategy: s, queues, members, sort, rooms: r, positions } = checkKeys(object(o, field), keys, field === 'options' ? '' : field);
    const f = field === 'options' ? '' : `${field}.`;
    return {
      plan: {
        strategy: strategy(s, `${f}strategy`),
        queues: queuesOf(queues, `${f}queues`),
        members: cidsOf(members, `${f}members`),
        ...options({ sort, rooms: r }, field === 'options' ? '' : field),
      },
      positions,
    };
  };
  const top = (o, name) => checkKeys(object(o, 'options'), KEYS[name]);

  return Object.freeze({
    plan: guarded('plan', (o) => {
      const { plan, positions } = planInput(o, 'options');
      const byPos = bool(positions, 'positions', false);
      return ops.analysisPlan(rt, { plan, positions: byPos }, byPos ? 'plan' : undefined).answer;
    }),
    diff: guarded('diff', (o) => {
      const { from, to, positions } = top(o, 'diff');
      const a = planInput(from, 'from').plan;
      const b = planInput(to, 'to').plan;
      const byPos = bool(positions, 'positions', false);
      return ops.analysisDiff(rt, { from: a, to: b, positions: byPos }, byPos ? 'diff' : undefined).answer;
    }),
    scenario: guarded('scenario', (o) => {
      const { scenario, strategies: list, sort } = top(o, 'scenario');
      const sc = checkKeys(object(scenario, 'scenario'), SCENARIO_KEYS, 'scenario');
      const { topic, brokers, queuesPerBroker, members, changes } = sc;
      const req = {
        topic: string(topic, 'scenario.topic'),
        brokers: cidsOf(brokers, 'scenario.brokers'),
        queuesPerBroker: int32(queuesPerBroker, 'scenario.queuesPerBroker'),
        members: cidsOf(members, 'scenario.members'),
      };
      const chs = changes ?? [];
      const n = array(chs, 'scenario.changes');
      req.changes = new Array(n);
      for (let i = 0; i < n; i++) {
        const f = `scenario.changes[${i}]`;
        const { kind, members: m, broker, queues } = checkKeys(object(chs[i], f), CHANGE_KEYS, f);
        req.changes[i] = { kind: string(kind, `${f}.kind`), members: cidsOf(m ?? [], `${f}.members`), broker: string(broker ?? '', `${f}.broker`), queues: int32(queues ?? 0, `${f}.queues`) };
      }
      req.strategies = strategies(list, 'strategies');
      req.sort = sort === undefined ? ANALYSIS_SORT.DEFAULT : bool(sort, 'sort') ? ANALYSIS_SORT.TRUE : ANALYSIS_SORT.FALSE;
      return ops.analysisScenario(rt, req).answer;
    }),
    views: guarded('views', (o) => {
      const { strategies: list, queues, members, views, sort, rooms: r } = top(o, 'views');
      const req = { strategies: strategies(list, 'strategies'), queues: queuesOf(queues, 'queues'), members: cidsOf(members, 'members') };
      const n = array(views, 'views');
      req.views = new Array(n);
      for (let i = 0; i < n; i++) {
        const f = `views[${i}]`;
        const { member, members: m, strategy: s } = checkKeys(object(views[i], f), VIEW_KEYS, f);
        req.views[i] = { member: string(member, `${f}.member`), members: cidsOf(m ?? null, `${f}.members`, true), strategy: int32(s ?? 0, `${f}.strategy`) };
      }
      return ops.analysisViews(rt, { ...req, ...options({ sort, rooms: r }, '') }).answer;
    }),
    subscription: guarded('subscription', (o) => {
      const { strategy: s, queues, members, subscribers, sort, rooms: r } = top(o, 'subscription');
      return ops.analysisSubscription(rt, {
        strategy: strategy(s, 'strategy'),
        queues: queuesOf(queues, 'queues'),
        members: cidsOf(members, 'members'),
        subscribers: cidsOf(subscribers, 'subscribers'),
        ...options({ sort, rooms: r }, ''),
      }).answer;
    }),
    mixed: guarded('mixed', (o) => {
      const { java, go, queues, members, sort, rooms: r } = top(o, 'mixed');
      const req = { java: strategy(java, 'java') };
      const g = checkKeys(object(go, 'go'), STRATEGY_KEYS, 'go');
      req.go = { client: CLIENT.GO, spec: (enc) => encSpec(enc, g, 'go', STRATEGY_KEYS) };
      req.queues = queuesOf(queues, 'queues');
      const n = array(members, 'members', 'an array of { id, client }');
      req.members = new Array(n);
      for (let i = 0; i < n; i++) {
        const f = `members[${i}]`;
        const { id, client } = checkKeys(object(members[i], f), ['id', 'client'], f);
        req.members[i] = { id: string(id, `${f}.id`), client: string(client, `${f}.client`) };
      }
      return ops.analysisMixed(rt, { ...req, ...options({ sort, rooms: r }, '') }).answer;
    }),
    compare: guarded('compare', (o) => {
      const { queues, brokers, members } = top(o, 'compare');
      return ops.analysisCompare(rt, { queues: int32(queues, 'queues'), brokers: int32(brokers, 'brokers'), members: int32(members, 'members') }).answer;
    }),
  });
}
