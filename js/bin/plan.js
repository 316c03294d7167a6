// `rmqalloc plan`: a route (or brokers × queues) and consumers in, who gets
// which queue out, as each consumer's own rebalance computes it.

import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT, PROFILES, STRATEGIES, UsageError, orList, readText, write } from './io.js';

export const PLAN_HELP = `Usage: rmqalloc plan (--route [TOPIC=]FILE [--topic NAME] | --brokers N|NAMES [--queues N])
                     --consumers N|IDS|@FILE [--strategy NAME] [--vnodes N] [--profile P] [--json]
       rmqalloc plan --compare --brokers N [--queues N] --consumers N [--markdown | --json]

Who gets which queue: each consumer's own allocate call, run as the real client
runs it (queues and client IDs sorted first).

  --route [TOPIC=]FILE  mqadmin topicRoute -t TOPIC output (- for stdin): its readable queues.
                        The output does not name its topic: it is TOPIC=, else --topic,
                        else the file name route.TOPIC.txt (doctor FOLDER's layout).
                        Unnamed, AVG and AVG_BY_CIRCLE still answer (the name does not
                        change who gets what) and print the file instead; CONSISTENT_HASH
                        hashes the topic into every queue's key and refuses
  --topic NAME          the topic's name (default with --brokers: TopicTest)
  --brokers N|NAMES     N brokers named broker-a, broker-b, ... or a comma list of names
  --queues N            queues per broker (default 4)
  --consumers N         N consumers named 192.168.1.1@4001, 192.168.1.2@4002, ...
  --consumers IDS       a comma list of client IDs
  --consumers @FILE     client IDs, one per line, or mqadmin consumerConnection output
  --strategy NAME       ${STRATEGIES[0]} (default), ${orList(STRATEGIES.slice(1))}
  --vnodes N            CONSISTENT_HASH virtual nodes per consumer (default 10)
  --profile P           ${PROFILES[0]} (default), ${orList(PROFILES.slice(1))}
  --json                print { topic, strategy, profile, queues, assignments } as JSON
                        (topic null when nothing names it)
  --compare             every strategy side by side on N brokers × --queues queues and N
                        generated consumers: balance, queues moved on a join, a leave, a
                        rolling restart, a broker added, the queues doubled, and the
                        worst-case queue-seconds consumed twice (README: Strategies compared)
  --markdown            with --compare: the table as Markdown, as the README publishes it
  -h, --help            this help

Exit status: 0 done, 2 bad input.`;

const OPTIONS = {
  route: { type: 'string' },
  topic: { type: 'string' },
  brokers: { type: 'string' },
  queues: { type: 'string' },
  consumers: { type: 'string' },
  strategy: { type: 'string' },
  vnodes: { type: 'string' },
  profile: { type: 'string' },
  json: { type: 'boolean' },
  compare: { type: 'boolean' },
  markdown: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

function count(v, flag, max, min = 0) {
  if (!/^\d+$/.test(v) || Number(v) > max || Number(v) < min) throw new UsageError(`${flag} ${v}: want a whole number from ${min} to ${max}`);
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

/** The consumers of --consumers. */
function consumersOf(rmq, v) {
  if (v.startsWith('@')) {
    const text = readText(v.slice(1), '--consumers');
    // NUL, or bytes that are not UTF-8 (read as U+FFFD): not a list of IDs.
    const bad = text.search(/[\u0000\uFFFD]/);
    if (bad >= 0) throw new UsageError(`--consumers ${v}: line ${text.slice(0, bad).split('\n').length}: not text (a NUL or a byte that is not UTF-8): want client IDs, one per line, or mqadmin consumerConnection output`);
    if (/^#ClientId\b/m.test(text)) {
      try {
        return rmq.parse.consumerConnection(text).clients.map((c) => c.clientId);
      } catch (e) {
        if (e?.code === 'ERR_BAD_INPUT') throw new UsageError(`--consumers ${v}: ${e.message.replace(/^connection:\s*/, '')}`);
        throw e;
      }
    }
    return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  }
  if (/^\d+$/.test(v)) return generatedConsumers(count(v, '--consumers', 100000));
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * --route [TOPIC=]FILE: the file, and the topic when the argument names it.
 * A whole argument that is an existing path is a file (doctor's rule).
 */
function routeArg(arg) {
  const eq = arg.indexOf('=');
  if (eq <= 0 || arg === '-' || existsSync(arg)) return { topic: undefined, file: arg };
  return { topic: arg.slice(0, eq), file: arg.slice(eq + 1) };
}

/** route.TOPIC.txt (the doctor FOLDER's name for a second topic's route) names TOPIC. */
function topicOfFileName(file) {
  const m = /^route\.(.+)\.txt$/.exec(basename(file));
  return m ? m[1] : undefined;
}

/**
 * The topic of the plan: mqadmin topicRoute prints the brokers and queue
 * counts but never the topic's name, so it comes from the user (TOPIC=FILE,
 * --topic) or the file name; null when nothing names it (a route only).
 */
function topicOf(o, strategyName) {
  if (o.route === undefined) return o.topic ?? 'TopicTest';
  const { topic: fromArg, file } = routeArg(o.route);
  if (fromArg !== undefined && o.topic !== undefined && fromArg !== o.topic) {
    throw new UsageError(`--route ${o.route} names topic ${fromArg} but --topic says ${o.topic}: give one`);
  }
  const topic = fromArg ?? o.topic ?? (file === '-' ? undefined : topicOfFileName(file));
  if (topic !== undefined) {
    if (topic.trim() === '') throw new UsageError(`--topic: an empty topic name`);
    return topic;
  }
  if (strategyName === 'CONSISTENT_HASH') {
    throw new UsageError(`--route ${o.route}: mqadmin topicRoute does not print the topic's name, and CONSISTENT_HASH hashes it into every queue's key: give --route TOPIC=${file} or --topic TOPIC`);
  }
  return null;
}

/** The topic's queues (the consumers' subscribe set). */
function queuesOf(rmq, o, topic) {
  if (o.route !== undefined) {
    if (o.brokers !== undefined || o.queues !== undefined) throw new UsageError('give --route or --brokers/--queues, not both');
    const { file } = routeArg(o.route);
    const text = readText(file, '--route');
    if (text.trim() === '') throw new UsageError(`--route ${file === '-' ? 'stdin' : file}: it is empty (expected the output of mqadmin topicRoute -t TOPIC)`);
    try {
      return rmq.routeToQueues({ topic, route: text }).subscribe;
    } catch (e) {
      // Any answer about the route itself (unreadable, a bad queue count, no master ...).
      if (typeof e?.code === 'string' && e.code !== 'ERR_INTERNAL') {
        throw new UsageError(`--route ${file}: ${e.message.replace(/^route:\s*/, '').replace('(wrong box?)', '(wrong file for this option?)')}`);
      }
      throw e;
    }
  }
  if (o.brokers === undefined) throw new UsageError('give --route FILE or --brokers N (rmqalloc plan --help)');
  const brokers = /^\d+$/.test(o.brokers)
    ? Array.from({ length: count(o.brokers, '--brokers', 10000, 1) }, (_, i) => brokerName(i))
    : o.brokers.split(',').map((s) => s.trim()).filter(Boolean);
  const perBroker = o.queues === undefined ? 4 : count(o.queues, '--queues', 65536, 1);
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

export async function planCommand(load, argv) {
  const { values: o } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  if (o.help) {
    await write(PLAN_HELP + '\n');
    return EXIT.OK;
  }
  if (o.compare) return compareCommand(load, o);
  if (o.markdown) throw new UsageError('--markdown is for --compare');
  if (o.consumers === undefined) throw new UsageError('missing --consumers (rmqalloc plan --help)');
  const strategyName = o.strategy ?? STRATEGIES[0];
  if (!STRATEGIES.includes(strategyName)) throw new UsageError(`--strategy ${strategyName}: plan knows ${STRATEGIES.join(', ')} (the JS API has every strategy)`);
  const profile = o.profile ?? PROFILES[0];
  if (!PROFILES.includes(profile)) throw new UsageError(`--profile ${profile}: want one of ${PROFILES.join(', ')}`);
  const strategy = { name: strategyName };
  if (strategyName === 'CONSISTENT_HASH') strategy.virtualNodeCnt = o.vnodes === undefined ? 10 : count(o.vnodes, '--vnodes', 10000);
  else if (o.vnodes !== undefined) throw new UsageError('--vnodes is for --strategy CONSISTENT_HASH');
  const topic = topicOf(o, strategyName);
  const rmq = await load();
  // Unnamed: any name gives AVG's and AVG_BY_CIRCLE's answer (one topic, its
  // queues sorted by broker and queue ID); the output names the file instead.
  const queues = queuesOf(rmq, o, topic ?? 'unnamed');
  const { file: routeFile } = o.route === undefined ? {} : routeArg(o.route);
  const title = topic ?? `${routeFile === '-' ? 'stdin' : basename(routeFile)} (topic not named: --route TOPIC=FILE)`;
  const consumers = consumersOf(rmq, o.consumers);
  if (consumers.length === 0) throw new UsageError(`--consumers ${o.consumers}: no client IDs${o.consumers.startsWith('@') ? ' in the file' : ''}`);
  let plan;
  try {
    plan = rmq.allocateAll({ strategy, profile, mqAll: queues, consumers, sort: true });
  } catch (e) {
    if (typeof e?.code === 'string' && e.code !== 'ERR_INTERNAL') throw new UsageError(`${e.javaClass ? e.javaClass + ': ' : ''}${e.message}`);
    throw e;
  }
  if (o.json) {
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
  const width = Math.min(40, Math.max(...plan.members.map((m) => m.length)));
  const lines = [`${title}: ${queues.length} queues, ${consumers.length} consumers, ${plan.strategy} on ${profile}`, ''];
  for (const m of plan.members) {
    const err = plan.error(m);
    const qs = err ? null : plan.of(m) ?? [];
    const n = qs === null ? 'error' : `${qs.length} queue${qs.length === 1 ? '' : 's'}`;
    lines.push(`${m.padEnd(width)}  ${n.padStart(10)}  ${err ? err.message : describeQueues(qs)}`);
  }
  await write(lines.join('\n') + '\n');
  return EXIT.OK;
}

const CHANGE_HEADS = { join: 'join', leave: 'leave', restart: 'restart', addBroker: '+broker', double: '×2 queues' };

/** max/min and max/avg as the README prints them. */
const ratio = (a, b) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));

/** `plan --compare`: analysis.compare as a table. */
async function compareCommand(load, o) {
  for (const flag of ['route', 'topic', 'strategy', 'vnodes', 'profile']) {
    if (o[flag] !== undefined) throw new UsageError(`--${flag} does not go with --compare (it compares every strategy on generated brokers and consumers)`);
  }
  if (o.json && o.markdown) throw new UsageError('give --json or --markdown, not both');
  if (o.brokers === undefined || !/^\d+$/.test(o.brokers)) throw new UsageError('--compare needs --brokers N (a count: the brokers are named broker-a, broker-b, ...)');
  if (o.consumers === undefined || !/^\d+$/.test(o.consumers)) throw new UsageError('--compare needs --consumers N (a count: the consumers are 192.168.1.1@4001, ...)');
  const brokers = count(o.brokers, '--brokers', 10000, 1);
  const perBroker = o.queues === undefined ? 4 : count(o.queues, '--queues', 65536, 1);
  const members = count(o.consumers, '--consumers', 1024, 1);
  const rmq = await load();
  let res;
  try {
    res = rmq.analysis.compare({ queues: brokers * perBroker, brokers, members });
  } catch (e) {
    if (typeof e?.code === 'string' && e.code !== 'ERR_INTERNAL') throw new UsageError(e.message);
    throw e;
  }
  if (o.json) {
    const { markdown, ...rest } = res;
    await write(JSON.stringify(rest) + '\n');
    return EXIT.OK;
  }
  if (o.markdown) {
    await write(res.markdown);
    return EXIT.OK;
  }
  const head = ['strategy', 'queues/member', 'max/min', 'max/avg', ...res.changes.map((c) => CHANGE_HEADS[c] ?? c), 'dup q·s'];
  const rows = [['least any balanced plan moves', '', '', '', ...res.least.map(String), '']];
  for (const r of res.rows) {
    rows.push([r.label, `${r.min}–${r.max}`, ratio(r.max, r.min), ratio(r.max, r.mean), ...r.changes.map((c) => String(c.moved)), String(r.dupQueueSeconds)]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const g = res.group;
  const out = [
    `${g.queues} queues (${g.brokers} brokers × ${g.queues / g.brokers}), ${g.members} consumers: queues moved by each change`,
    '',
    line(head),
    ...rows.map(line),
    '',
    'dup q·s: moved queues whose old owner still runs × 5 s (membership change: every member is notified at once,',
    'the offset commit lags up to 5 s) or × 55 s (route change: 30 s route poll + 20 s rebalance timer + 5 s).',
  ];
  await write(out.join('\n') + '\n');
  return EXIT.OK;
}
