// `rmqalloc plan`: a route (or brokers × queues) and consumers in, who gets
// which queue out, as each consumer's own rebalance computes it; and plan
// --compare. cmd/rmqalloc/plan.go and compare.go are the Go binary's.

import { basename } from 'node:path';
import { EXIT, PROFILES, Reader, STRATEGIES, inputErr, terminalWidth, textErr, usageErr, write } from './io.js';
import { parseFlags } from './flags.js';
import { COMMAND_HELP } from './spec.generated.js';
import { routeArg } from './doctor.js';
import { maxWidth, padEnd, padStart, wrap } from './text.js';

export const PLAN_HELP = COMMAND_HELP.plan;

/** A count flag: digits only, from min to max. */
function wholeNumber(flag, v, min, max) {
  if (!/^[0-9]+$/.test(v) || Number(v) > max || Number(v) < min) throw usageErr(`${flag} ${v}: want a whole number from ${min} to ${max}`);
  return Number(v);
}

/** broker-a, broker-b, ..., broker-z, broker-aa, ... (the playground's names). */
function brokerName(i) {
  let s = '';
  for (let n = i; n >= 0; n = Math.floor(n / 26) - 1) s = String.fromCharCode(97 + (n % 26)) + s;
  return 'broker-' + s;
}

function generatedConsumers(n) {
  const out = [];
  for (let i = 1; i <= n; i++) out.push(`192.168.${1 + Math.floor((i - 1) / 254)}.${1 + ((i - 1) % 254)}@${4000 + i}`);
  return out;
}

/** The consumers of --consumers: N, a comma list, or @FILE. */
function consumersOf(rmq, r, v) {
  if (v.startsWith('@')) {
    const s = r.read(v.slice(1), '--consumers');
    // NUL, or bytes that are not UTF-8 (read as U+FFFD): not a list of IDs.
    const bad = s.text.search(/[\u0000\uFFFD]/);
    if (bad >= 0) throw textErr(s.file, s.text.slice(0, bad).split('\n').length, 0, 'not text (a NUL or a byte that is not UTF-8): want client IDs, one per line, or mqadmin consumerConnection output');
    if (/^#ClientId\b/m.test(s.text)) {
      try {
        return rmq.parse.consumerConnection(s.text).clients.map((c) => c.clientId);
      } catch (e) {
        if (e?.code === 'ERR_BAD_INPUT') throw textErr(s.file, e.line ?? 0, e.column ?? 0, e.message.replace(/^connection:( line \d+(, column \d+)?:)?\s*/, ''));
        throw e;
      }
    }
    return s.text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  }
  if (/^[0-9]+$/.test(v)) return generatedConsumers(wholeNumber('--consumers', v, 0, 100000));
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * The topic of the plan: TOPIC= of --route, else --topic, else the file
 * name route.TOPIC.txt; null when nothing names it (a route only).
 */
function topicOf(a, strategyName) {
  if (!a.has('route')) return a.has('topic') ? a.str('topic') : 'TopicTest';
  const { topic: fromArg, file } = routeArg(a.str('route'));
  if (fromArg !== '' && a.has('topic') && fromArg !== a.str('topic')) {
    throw usageErr(`--route ${a.str('route')} names topic ${fromArg} but --topic says ${a.str('topic')}: give one`);
  }
  let topic = fromArg !== '' ? fromArg : a.has('topic') ? a.str('topic') : null;
  const m = /^route\.(.+)\.txt$/.exec(basename(file));
  if (topic === null && file !== '-' && m) topic = m[1];
  if (topic !== null) {
    if (topic.trim() === '') throw usageErr('--topic: an empty topic name');
    return topic;
  }
  if (strategyName === 'CONSISTENT_HASH') {
    throw usageErr(`--route ${a.str('route')}: mqadmin topicRoute does not print the topic's name, and CONSISTENT_HASH hashes it into every queue's key: give --route TOPIC=${file} or --topic TOPIC`);
  }
  return null;
}

/** The topic's queues (the consumers' subscribe set). */
function queuesOf(rmq, r, a, topic) {
  if (a.has('route')) {
    if (a.has('brokers') || a.has('queues')) throw usageErr('give --route or --brokers/--queues, not both');
    const { file } = routeArg(a.str('route'));
    const s = r.read(file, '--route');
    if (s.text.trim() === '') throw inputErr(s.file, 'it is empty (expected the output of mqadmin topicRoute -t TOPIC)');
    try {
      return rmq.routeToQueues({ topic, route: s.text }).subscribe;
    } catch (e) {
      if (e?.code === 'ERR_BAD_INPUT') throw textErr(s.file, e.line ?? 0, e.column ?? 0, e.message.replace(/^route:( line \d+(, column \d+)?:)?\s*/, '').replace('(wrong box?)', '(wrong file?)'));
      if (typeof e?.code === 'string' && e.code !== 'ERR_INTERNAL') throw inputErr(s.file, e.message.replace(/^route:\s*/, ''));
      throw e;
    }
  }
  if (!a.has('brokers')) throw usageErr('plan: give --route FILE or --brokers N (rmqalloc plan --help)');
  const b = a.str('brokers');
  const brokers = /^[0-9]+$/.test(b)
    ? Array.from({ length: wholeNumber('--brokers', b, 1, 10000) }, (_, i) => brokerName(i))
    : b.split(',').map((s) => s.trim()).filter(Boolean);
  const perBroker = a.has('queues') ? wholeNumber('--queues', a.str('queues'), 1, 65536) : 4;
  const out = [];
  for (const brokerName of brokers) for (let q = 0; q < perBroker; q++) out.push({ topic, brokerName, queueId: q });
  return out;
}

/** "broker-a 0-3, broker-b 0 2": a consumer's queues, compactly. */
function describeQueues(qs) {
  const parts = [];
  for (let i = 0; i < qs.length;) {
    const b = qs[i].brokerName;
    const ids = [];
    for (; i < qs.length && qs[i].brokerName === b; i++) ids.push(qs[i].queueId);
    const runs = [];
    for (let k = 0; k < ids.length;) {
      let j = k;
      while (j + 1 < ids.length && ids[j + 1] === ids[j] + 1) j++;
      runs.push(j > k ? `${ids[k]}-${ids[j]}` : String(ids[k]));
      k = j + 1;
    }
    parts.push(`${b} ${runs.join(' ')}`);
  }
  return parts.join(', ');
}

/** The allocate call's own refusal, as the Java class says it. */
function allocError(e) {
  if (typeof e?.code === 'string' && e.code !== 'ERR_INTERNAL' && e.code !== 'ERR_BAD_INPUT') return usageErr(`${e.javaClass ? e.javaClass + ': ' : ''}${e.message}`);
  return e;
}

export async function planCommand(load, argv) {
  const a = parseFlags('plan', argv);
  if (a.has('help')) {
    await write(PLAN_HELP + '\n');
    return EXIT.OK;
  }
  if (a.positionals.length) throw usageErr(`plan: unexpected argument ${JSON.stringify(a.positionals[0])} (rmqalloc plan --help)`);
  if (a.has('compare')) return compareCommand(load, a);
  if (a.has('markdown')) throw usageErr('--markdown is for --compare');
  if (!a.has('consumers')) throw usageErr('plan: missing --consumers (rmqalloc plan --help)');
  let strategyName = STRATEGIES[0];
  if (a.has('strategy')) {
    const v = a.str('strategy');
    strategyName = v.trim().toUpperCase();
    if (!STRATEGIES.includes(strategyName)) throw usageErr(`--strategy ${v}: plan knows ${STRATEGIES.join(', ')} (the JS API has every strategy)`);
  }
  let profile = PROFILES[0];
  if (a.has('profile')) {
    profile = a.str('profile').trim().toLowerCase();
    if (!PROFILES.includes(profile)) throw usageErr(`--profile ${a.str('profile')}: want one of ${PROFILES.join(', ')}`);
  }
  const strategy = { name: strategyName };
  if (strategyName === 'CONSISTENT_HASH') strategy.virtualNodeCnt = a.has('vnodes') ? wholeNumber('--vnodes', a.str('vnodes'), 0, 10000) : 10;
  else if (a.has('vnodes')) throw usageErr('--vnodes is for --strategy CONSISTENT_HASH');
  const topic = topicOf(a, strategyName);
  const rmq = await load();
  const r = new Reader();
  // Unnamed: any name gives AVG's and AVG_BY_CIRCLE's answer; the output
  // names the file instead.
  const queues = queuesOf(rmq, r, a, topic ?? 'unnamed');
  let title = topic;
  if (topic === null) {
    const { file } = routeArg(a.str('route'));
    title = `${file === '-' ? 'stdin' : basename(file)} (topic not named: --route TOPIC=FILE)`;
  }
  const consumers = consumersOf(rmq, r, a.str('consumers'));
  if (consumers.length === 0) throw usageErr(`--consumers ${a.str('consumers')}: no client IDs${a.str('consumers').startsWith('@') ? ' in the file' : ''}`);
  let plan;
  try {
    plan = rmq.allocateAll({ strategy, profile, mqAll: queues, consumers, sort: true });
  } catch (e) {
    throw allocError(e);
  }
  if (a.has('json')) {
    const assignments = {};
    const errors = {};
    for (const m of plan.members) {
      const err = plan.error(m);
      if (err) errors[m] = err.message;
      else assignments[m] = (plan.of(m) ?? []).map((q) => ({ brokerName: q.brokerName, queueId: q.queueId }));
    }
    const out = { topic, strategy: strategyName, profile, queues: queues.length, assignments };
    if (Object.keys(errors).length) out.errors = errors;
    await write(JSON.stringify(out) + '\n');
    return EXIT.OK;
  }
  const width = terminalWidth();
  const lines = [...wrap(`${title}: ${queues.length} queues, ${consumers.length} consumers, ${plan.strategy} on ${profile}`, width, '  '), ''];
  const idw = Math.min(40, Math.max(...plan.members.map((m) => [...m].length)));
  for (const m of plan.members) {
    const err = plan.error(m);
    const qs = err ? null : plan.of(m) ?? [];
    const n = qs === null ? 'error' : `${qs.length} queue${qs.length === 1 ? '' : 's'}`;
    const desc = err ? err.message : describeQueues(qs);
    const head = `${padEnd(m, idw)}  ${padStart(n, 10)}  `;
    let indent = ' '.repeat([...head].length);
    if (width - indent.length < 24) {
      indent = '    ';
      lines.push(head.replace(/ +$/, ''), ...wrap(indent + desc, width, indent));
      continue;
    }
    lines.push(...wrap(head + desc, width, indent));
  }
  await write(lines.join('\n') + '\n');
  return EXIT.OK;
}

const CHANGE_HEADS = { join: 'join', leave: 'leave', restart: 'restart', addBroker: '+broker', double: '×2 queues' };

/** max/min and max/avg as the README prints them. */
const ratio = (a, b) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));

/** Rows in columns two spaces apart: the first left-aligned, the others right-aligned. */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? padEnd(c, widths[i]) : padStart(c, widths[i]))).join('  ').replace(/ +$/, ''));
}

/** `plan --compare`: analysis.compare as one table, or two when one does not fit. */
async function compareCommand(load, a) {
  for (const flag of ['route', 'topic', 'strategy', 'vnodes', 'profile']) {
    if (a.has(flag)) throw usageErr(`--${flag} does not go with --compare (it compares every strategy on generated brokers and consumers)`);
  }
  if (a.has('json') && a.has('markdown')) throw usageErr('give --json or --markdown, not both');
  if (!/^[0-9]+$/.test(a.str('brokers'))) throw usageErr('--compare needs --brokers N (a count: the brokers are named broker-a, broker-b, ...)');
  if (!/^[0-9]+$/.test(a.str('consumers'))) throw usageErr('--compare needs --consumers N (a count: the consumers are 192.168.1.1@4001, ...)');
  const brokers = wholeNumber('--brokers', a.str('brokers'), 1, 10000);
  const perBroker = a.has('queues') ? wholeNumber('--queues', a.str('queues'), 1, 65536) : 4;
  const members = wholeNumber('--consumers', a.str('consumers'), 1, 1024);
  const rmq = await load();
  let res;
  try {
    res = rmq.analysis.compare({ queues: brokers * perBroker, brokers, members });
  } catch (e) {
    throw allocError(e);
  }
  if (a.has('json')) {
    const { markdown, ...rest } = res;
    await write(JSON.stringify(rest) + '\n');
    return EXIT.OK;
  }
  if (a.has('markdown')) {
    await write(res.markdown);
    return EXIT.OK;
  }
  const width = terminalWidth();
  const changes = res.changes.map((c) => CHANGE_HEADS[c] ?? c);
  const least = ['least any balanced plan moves', ...res.least.map(String)];
  const balance = [['strategy', 'queues/member', 'max/min', 'max/avg']];
  const moved = [['strategy', ...changes, 'dup q·s'], [...least, '']];
  for (const r of res.rows) {
    balance.push([r.label, `${r.min}–${r.max}`, ratio(r.max, r.min), ratio(r.max, r.mean)]);
    moved.push([r.label, ...r.changes.map((c) => String(c.moved)), String(r.dupQueueSeconds)]);
  }
  const g = res.group;
  const out = [...wrap(`${g.queues} queues (${g.brokers} brokers × ${g.queues / g.brokers}), ${g.members} consumers: queues moved by each change`, width, ''), ''];
  const one = table([[...balance[0], ...moved[0].slice(1)], [least[0], '', '', '', ...moved[1].slice(1)], ...res.rows.map((_, i) => [...balance[i + 1], ...moved[i + 2].slice(1)])]);
  if (maxWidth(one) <= width) out.push(...one);
  else out.push(...table(balance), '', ...table(moved));
  out.push('', ...wrap('dup q·s: moved queues whose old owner still runs × 5 s (membership change: every member is notified at once, the offset commit lags up to 5 s) or × 55 s (route change: 30 s route poll + 20 s rebalance timer + 5 s).', width, ''));
  await write(out.join('\n') + '\n');
  return EXIT.OK;
}
