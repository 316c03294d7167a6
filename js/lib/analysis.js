// rmq.analysis: plans' statistics, diffs, scenarios, inconsistent views and
// mixed Java/Go groups (alloc/analysis). Requests are binary; results come
// back as JSON text in the shapes of alloc/analysis's json tags, with
// queues as { topic, brokerName, queueId } (index.d.ts: Analysis).
//
// Only the full module (rmqalloc-full.wasm, load({ analysis: true })) has
// them; on the core module every method throws the module's own
// ERR_UNSUPPORTED error, and the instance stays usable.

import { array, bool, clientOf, encCids, encQueues, encSpec, int32, object, string } from './validate.js';
import { rmqError } from './errors.js';
import { ANALYSIS_SORT, OP } from './tables.generated.js';

const OPS = {
  plan: OP.ANALYSIS_PLAN,
  diff: OP.ANALYSIS_DIFF,
  scenario: OP.ANALYSIS_SCENARIO,
  views: OP.ANALYSIS_VIEWS,
  subscription: OP.ANALYSIS_SUBSCRIPTION,
  mixed: OP.ANALYSIS_MIXED,
};
const text = new TextDecoder();
const NEEDS_FULL = 'rmq.analysis needs the full module: load({ analysis: true })';

/**
 * rmq.analysis over runtime rt; full tells whether the module is the full
 * build. On the core build each method asks the module anyway (which
 * answers ERR_UNSUPPORTED) before looking at its arguments.
 */
export function makeAnalysis(rt, topicOf, full) {
  if (!full) {
    const unsupported = (op) => () => {
      rt.request();
      rt.call(op);
      throw rmqError(Error, 'ERR_UNSUPPORTED', NEEDS_FULL);
    };
    return Object.freeze(Object.fromEntries(Object.entries(OPS).map(([name, op]) => [name, unsupported(op)])));
  }
  const json = (op) => {
    const d = rt.call(op);
    return JSON.parse(text.decode(d.b.subarray(d.p)));
  };
  const strategy = (enc, s, field) => {
    object(s, field);
    enc.u8(clientOf(s));
    encSpec(enc, s, field);
  };
  const strategies = (enc, list, field) => {
    array(list, field, 'an array of strategies');
    enc.uv(list.length);
    list.forEach((s, i) => strategy(enc, s, `${field}[${i}]`));
  };
  const options = (enc, o) => {
    enc.bool(bool(o.sort, 'sort', false));
    enc.bool(o.rooms != null);
    if (o.rooms != null) {
      const r = object(o.rooms, 'rooms');
      enc.str(string(r.sep, 'rooms.sep'));
      enc.i32(int32(r.brokerField, 'rooms.brokerField'));
      enc.i32(int32(r.consumerField, 'rooms.consumerField'));
    }
  };
  const planInput = (enc, o, field) => {
    object(o, field);
    strategy(enc, o.strategy, `${field}.strategy`);
    encQueues(enc, o.queues, `${field}.queues`, { topicOf });
    encCids(enc, o.members, `${field}.members`, false);
    options(enc, o);
  };

  return Object.freeze({
    plan(o) {
      const enc = rt.request();
      planInput(enc, o, 'options');
      return json(OPS.plan);
    },
    diff(o) {
      object(o, 'options');
      const enc = rt.request();
      planInput(enc, o.from, 'from');
      planInput(enc, o.to, 'to');
      return json(OPS.diff);
    },
    scenario(o) {
      object(o, 'options');
      const sc = object(o.scenario, 'scenario');
      const enc = rt.request();
      enc.str(string(sc.topic, 'scenario.topic'));
      encCids(enc, sc.brokers, 'scenario.brokers', false);
      enc.i32(int32(sc.queuesPerBroker, 'scenario.queuesPerBroker'));
      encCids(enc, sc.members, 'scenario.members', false);
      const changes = array(sc.changes ?? [], 'scenario.changes');
      enc.uv(changes.length);
      changes.forEach((ch, i) => {
        const f = `scenario.changes[${i}]`;
        object(ch, f);
        enc.str(string(ch.kind, `${f}.kind`));
        encCids(enc, ch.members ?? [], `${f}.members`, false);
        enc.str(string(ch.broker ?? '', `${f}.broker`));
        enc.i32(int32(ch.queues ?? 0, `${f}.queues`));
      });
      strategies(enc, o.strategies, 'strategies');
      enc.u8(o.sort === undefined ? ANALYSIS_SORT.DEFAULT : bool(o.sort, 'sort') ? ANALYSIS_SORT.TRUE : ANALYSIS_SORT.FALSE);
      return json(OPS.scenario);
    },
    views(o) {
      object(o, 'options');
      const enc = rt.request();
      strategies(enc, o.strategies, 'strategies');
      encQueues(enc, o.queues, 'queues', { topicOf });
      encCids(enc, o.members, 'members', false);
      const views = array(o.views, 'views');
      enc.uv(views.length);
      views.forEach((v, i) => {
        const f = `views[${i}]`;
        object(v, f);
        enc.str(string(v.member, `${f}.member`));
        encCids(enc, v.members ?? null, `${f}.members`, true);
        enc.i32(int32(v.strategy ?? 0, `${f}.strategy`));
      });
      options(enc, o);
      return json(OPS.views);
    },
    subscription(o) {
      object(o, 'options');
      const enc = rt.request();
      strategy(enc, o.strategy, 'strategy');
      encQueues(enc, o.queues, 'queues', { topicOf });
      encCids(enc, o.members, 'members', false);
      encCids(enc, o.subscribers, 'subscribers', false);
      options(enc, o);
      return json(OPS.subscription);
    },
    mixed(o) {
      object(o, 'options');
      const enc = rt.request();
      strategy(enc, o.java, 'java');
      strategy(enc, { ...object(o.go, 'go'), profile: 'go-client-2.1.2' }, 'go');
      encQueues(enc, o.queues, 'queues', { topicOf });
      const members = array(o.members, 'members', 'an array of { id, client }');
      enc.uv(members.length);
      members.forEach((m, i) => {
        object(m, `members[${i}]`);
        enc.str(string(m.id, `members[${i}].id`));
        enc.str(string(m.client, `members[${i}].client`));
      });
      options(enc, o);
      return json(OPS.mixed);
    },
  });
}
