// End-to-end tests of rmqalloc/embed (js/embed.js) in headless Chromium,
// served by site/serve (the `make run` server, with its CSP): every element
// draws what the public API computes for the same inputs, one module load
// per page, inline errors, no console errors, axe, light and dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { suite, RESULTS, ROOT, WAIT } from './harness.mjs';

const s = suite();

const ELEMENTS = 'rmq-allocation, rmq-rebalance, rmq-producer';

/**
 * Opens a page with a log of console errors, page errors, CSP violations
 * and requests; each element counts its renders (el.__renders).
 */
async function open(path = 'e2e/embed-fixture.html', { colorScheme = 'light', bypassCSP = false, width = 1280 } = {}) {
  const context = await s.browser.newContext({ viewport: { width, height: 900 }, colorScheme, bypassCSP });
  s.contexts.push(context);
  const page = await context.newPage();
  const log = { errors: [], requests: [] };
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log.errors.push(m.type() + ': ' + m.text()); });
  page.on('pageerror', (e) => log.errors.push('pageerror: ' + e.message));
  page.on('request', (r) => log.requests.push(r.url()));
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
    window.__renderTimes = [];
    document.addEventListener('rmq-render', (e) => { e.target.__renders = (e.target.__renders || 0) + 1; window.__renderTimes.push(performance.now()); }, true);
  });
  await page.goto(s.server.url + path);
  await page.evaluate(() => customElements.whenDefined('rmq-allocation'));
  return { page, log };
}

/** Waits until every element has rendered at least n times. */
async function rendered(page, n = 1) {
  await page.waitForFunction((n) => [...document.querySelectorAll('rmq-allocation, rmq-rebalance, rmq-producer')].every((e) => (e.__renders || 0) >= n), n, { timeout: WAIT });
}

/** Puts markup in <main> (optionally with properties set by JS) and waits for the renders. */
async function mount(page, markup, props = null) {
  await page.evaluate(({ markup, props }) => {
    const main = document.getElementById('main');
    main.innerHTML = markup;
    if (props) Object.assign(main.firstElementChild, props);
  }, { markup, props });
  await rendered(page);
}

/** The cells of the n-th grid of the first element: [broker, queue, owners, moved]. */
const cells = (page, n = 0) => page.evaluate((n) => {
  const el = document.querySelector('#main > *');
  const t = el.shadowRoot.querySelectorAll('table')[n];
  if (!t) return { error: el.shadowRoot.textContent };
  return [...t.querySelectorAll('td')].map((td) => [td.dataset.broker, Number(td.dataset.queue), td.dataset.owners, td.classList.contains('mv')]);
}, n);

const shadowText = (page) => page.evaluate(() => document.querySelector('#main > *').shadowRoot.textContent);

/** What allocateAll says, as [broker, queue, owners, false] per queue of plan.queues. */
const expectAlloc = (page, args) => page.evaluate(async (a) => {
  const { load } = await import('/js/index.js');
  const plan = (await load()).allocateAll(a);
  return plan.queues.map((q, i) => [q.brokerName, q.queueId,
    plan.members.filter((m) => (plan.indexesOf(m) || []).includes(i)).join(','), false]);
}, args);

function queues(brokers, qpb, topic = 'TopicTest') {
  const names = typeof brokers === 'number' ? Array.from({ length: brokers }, (_, i) => 'broker-' + String.fromCharCode(97 + i)) : brokers;
  return names.flatMap((b) => Array.from({ length: qpb }, (_, q) => ({ topic, brokerName: b, queueId: q })));
}
const ids = (n, from = 1) => Array.from({ length: n }, (_, i) => `192.168.1.${from + i}@${4000 + from + i}`);

function noTrouble(log, page) {
  assert.deepEqual(log.errors, [], 'console errors');
  return page.evaluate(() => window.__csp).then((v) => assert.deepEqual(v, [], 'CSP violations'));
}

// Each case: markup, and the allocateAll arguments that must give the same owners.
const ALLOCATION_CASES = [
  ['defaults', '<rmq-allocation></rmq-allocation>', { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: ids(3), sort: true }],
  ['AVG, counts', '<rmq-allocation strategy="AVG" brokers="3" queues-per-broker="5" consumers="4"></rmq-allocation>',
    { strategy: { name: 'AVG' }, mqAll: queues(3, 5), consumers: ids(4), sort: true }],
  ['AVG_BY_CIRCLE, 10 consumers sorted as strings', '<rmq-allocation strategy="AVG_BY_CIRCLE" brokers="3" queues-per-broker="4" consumers="10"></rmq-allocation>',
    { strategy: { name: 'AVG_BY_CIRCLE' }, mqAll: queues(3, 4), consumers: ids(10), sort: true }],
  ['strategy in lower case with dashes', '<rmq-allocation strategy="avg-by-circle" consumers="3"></rmq-allocation>',
    { strategy: { name: 'AVG_BY_CIRCLE' }, mqAll: queues(2, 4), consumers: ids(3), sort: true }],
  ['CONSISTENT_HASH virtual-nodes, java-5.3.3', '<rmq-allocation strategy="CONSISTENT_HASH" virtual-nodes="5" client="java-5.3.3" brokers="2" queues-per-broker="8" consumers="3"></rmq-allocation>',
    { strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 5 }, version: '5.3.3', mqAll: queues(2, 8), consumers: ids(3), sort: true }],
  ['CONSISTENT_HASH, go client', '<rmq-allocation strategy="CONSISTENT_HASH" client="go-client-2.1.2" brokers="2" queues-per-broker="8" consumers="3"></rmq-allocation>',
    { strategy: { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }, profile: 'go-client-2.1.2', mqAll: queues(2, 8), consumers: ids(3), sort: true }],
  ['AVG, go client', '<rmq-allocation client="go-client-2.1.2" consumers="10"></rmq-allocation>',
    { strategy: { name: 'AVG' }, profile: 'go-client-2.1.2', mqAll: queues(2, 4), consumers: ids(10), sort: true }],
  ['MACHINE_ROOM rooms, broker list', '<rmq-allocation strategy="MACHINE_ROOM" rooms="hz" brokers="hz@broker-a, hz@broker-b, sh@broker-c" queues-per-broker="3" consumers="c1, c2"></rmq-allocation>',
    { strategy: { name: 'MACHINE_ROOM', consumeridcs: ['hz'] }, mqAll: queues(['hz@broker-a', 'hz@broker-b', 'sh@broker-c'], 3), consumers: ['c1', 'c2'], sort: true }],
  ['MACHINE_ROOM_NEARBY inner + resolver', '<rmq-allocation strategy="MACHINE_ROOM_NEARBY" inner="AVG_BY_CIRCLE" resolver="sep=@ broker=0 consumer=2" brokers="hz@broker-a, sh@broker-b, bj@broker-c" queues-per-broker="4" consumers="10.0.0.1@1@hz, 10.0.0.2@2@hz, 10.0.0.3@3@sh"></rmq-allocation>',
    { strategy: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG_BY_CIRCLE' }, resolver: { sep: '@', brokerField: 0, consumerField: 2 } }, mqAll: queues(['hz@broker-a', 'sh@broker-b', 'bj@broker-c'], 4), consumers: ['10.0.0.1@1@hz', '10.0.0.2@2@hz', '10.0.0.3@3@sh'], sort: true }],
  ['NEARBY with another separator', '<rmq-allocation strategy="MACHINE_ROOM_NEARBY" resolver="sep=- broker=0 consumer=1" brokers="hz-a, sh-b" queues-per-broker="3" consumers="c-hz, d-sh, e-sh"></rmq-allocation>',
    { strategy: { name: 'MACHINE_ROOM_NEARBY', inner: { name: 'AVG' }, resolver: { sep: '-', brokerField: 0, consumerField: 1 } }, mqAll: queues(['hz-a', 'sh-b'], 3), consumers: ['c-hz', 'd-sh', 'e-sh'], sort: true }],
  ['CONFIG list', '<rmq-allocation strategy="CONFIG" config="broker-a:0-1 broker-b:3" consumers="2"></rmq-allocation>',
    { strategy: { name: 'CONFIG', messageQueueList: [...queues(['broker-a'], 2), { topic: 'TopicTest', brokerName: 'broker-b', queueId: 3 }] }, mqAll: queues(2, 4), consumers: ids(2), sort: true }],
  ['sort off, unsorted list', '<rmq-allocation sort="false" consumers="192.168.1.9@1, 192.168.1.10@2, 10.0.0.1@3"></rmq-allocation>',
    { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: ['192.168.1.9@1', '192.168.1.10@2', '10.0.0.1@3'], sort: false }],
  ['sort on (attribute alone)', '<rmq-allocation sort consumers="192.168.1.9@1, 192.168.1.10@2, 10.0.0.1@3"></rmq-allocation>',
    { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: ['192.168.1.9@1', '192.168.1.10@2', '10.0.0.1@3'], sort: true }],
  ['topic and explicit clustering', '<rmq-allocation topic="Orders" mode="clustering" brokers="1" queues-per-broker="6" consumers="4"></rmq-allocation>',
    { strategy: { name: 'AVG' }, mqAll: queues(1, 6, 'Orders'), consumers: ids(4), sort: true }],
  ['more consumers than queues', '<rmq-allocation brokers="1" queues-per-broker="2" consumers="5"></rmq-allocation>',
    { strategy: { name: 'AVG' }, mqAll: queues(1, 2), consumers: ids(5), sort: true }],
];

test('<rmq-allocation>: every attribute draws the owners allocateAll gives', async () => {
  const { page, log } = await open();
  for (const [name, markup, args] of ALLOCATION_CASES) {
    await mount(page, markup);
    assert.deepEqual(await cells(page), await expectAlloc(page, args), name);
  }
  await noTrouble(log, page);
});

test('<rmq-allocation>: el.queues, el.consumers and el.route', async () => {
  const { page, log } = await open();
  const qs = [...queues(['b-2'], 3, 'T'), ...queues(['b-1'], 2, 'T')];
  const cs = ['x@1', 'a@2', 'm@3'];
  await mount(page, '<rmq-allocation strategy="AVG_BY_CIRCLE" brokers="9" consumers="1"></rmq-allocation>', { queues: qs, consumers: cs });
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG_BY_CIRCLE' }, mqAll: qs, consumers: cs, sort: true }));

  const route = {
    queueDatas: [
      { brokerName: 'broker-a', readQueueNums: 4, writeQueueNums: 2, perm: 6 },
      { brokerName: 'broker-b', readQueueNums: 3, writeQueueNums: 3, perm: 4 },
    ],
    brokerDatas: [
      { brokerName: 'broker-a', brokerAddrs: { 0: '10.0.0.1:10911' } },
      { brokerName: 'broker-b', brokerAddrs: { 0: '10.0.0.2:10911' } },
    ],
  };
  await mount(page, '<rmq-allocation consumers="3" topic="T"></rmq-allocation>', { route: JSON.stringify(route) });
  const subscribe = await page.evaluate(async (route) => (await (await import('/js/index.js')).load()).routeToQueues({ topic: 'T', route }).subscribe, route);
  assert.equal(subscribe.length, 7);
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG' }, mqAll: subscribe, consumers: ids(3), sort: true }));

  // A property set before the element is defined still counts (upgrade).
  await page.evaluate((qs) => {
    // An element of a template's inert document is not upgraded yet.
    const t = document.createElement('template');
    t.innerHTML = '<rmq-allocation consumers="2"></rmq-allocation>';
    const el = t.content.firstElementChild;
    el.queues = qs;
    document.getElementById('main').replaceChildren(el);
  }, qs);
  await rendered(page);
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG' }, mqAll: qs, consumers: ids(2), sort: true }));
  await noTrouble(log, page);
});

test('<rmq-allocation mode="broadcasting">: every consumer owns every queue', async () => {
  const { page, log } = await open();
  await mount(page, '<rmq-allocation mode="broadcasting" brokers="2" queues-per-broker="2" consumers="b@1, a@2"></rmq-allocation>');
  const got = await cells(page);
  assert.deepEqual(got, queues(2, 2).map((q) => [q.brokerName, q.queueId, 'a@2,b@1', false]));
  assert.match(await shadowText(page), /BROADCASTING/);
  await noTrouble(log, page);
});

test('<rmq-allocation controls>: add, remove, change strategy in place; keyboard grid', async () => {
  const { page, log } = await open();
  await mount(page, '<rmq-allocation controls consumers="3" brokers="2" queues-per-broker="4"></rmq-allocation>');
  const host = page.locator('#main > rmq-allocation');
  await host.getByRole('button', { name: 'Add consumer' }).click();
  await rendered(page, 2);
  assert.equal(await host.getAttribute('consumers'), ids(4).join(', '));
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: ids(4), sort: true }));
  // Focus stays on the control that was used.
  assert.equal(await page.evaluate(() => document.querySelector('#main > *').shadowRoot.activeElement?.textContent), 'Add consumer');

  await host.getByRole('button', { name: 'Remove consumer ' + ids(1, 2)[0] }).click();
  await rendered(page, 3);
  const left = [ids(1)[0], ...ids(2, 3)];
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: left, sort: true }));

  await host.getByRole('combobox', { name: 'Strategy' }).selectOption('AVG_BY_CIRCLE');
  await rendered(page, 4);
  assert.equal(await host.getAttribute('strategy'), 'AVG_BY_CIRCLE');
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG_BY_CIRCLE' }, mqAll: queues(2, 4), consumers: left, sort: true }));

  // One cell in the tab order; arrows move between cells and rows.
  const grid = host.getByRole('grid');
  assert.equal(await grid.locator('td[tabindex="0"]').count(), 1);
  await grid.locator('td').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const at = await page.evaluate(() => {
    const td = document.querySelector('#main > *').shadowRoot.activeElement;
    return [td.dataset.broker, td.dataset.queue, td.tabIndex];
  });
  assert.deepEqual(at, ['broker-b', '1', 0]);
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.querySelector('#main > *').shadowRoot.activeElement.dataset.queue), '3');
  await noTrouble(log, page);
});

test('<rmq-rebalance>: both plans as allocateAll gives them, moves as analysis.diff counts them', async () => {
  const { page, log } = await open();
  const cases = [
    ['from/to counts', '<rmq-rebalance strategy="AVG" brokers="2" queues-per-broker="4" from="3" to="4"></rmq-rebalance>', { name: 'AVG' }, ids(3), ids(4), queues(2, 4), {}],
    ['join count', '<rmq-rebalance strategy="CONSISTENT_HASH" brokers="4" queues-per-broker="4" consumers="4" join="1"></rmq-rebalance>', { name: 'CONSISTENT_HASH', virtualNodeCnt: 10 }, ids(4), ids(5), queues(4, 4), {}],
    ['leave list', '<rmq-rebalance brokers="2" queues-per-broker="3" consumers="a, b, c" leave="b"></rmq-rebalance>', { name: 'AVG' }, ['a', 'b', 'c'], ['a', 'c'], queues(2, 3), {}],
    ['join + leave lists, circle, 5.3.3', '<rmq-rebalance strategy="AVG_BY_CIRCLE" client="java-5.3.3" brokers="3" queues-per-broker="3" consumers="a, b, c" join="d, e" leave="a"></rmq-rebalance>', { name: 'AVG_BY_CIRCLE' }, ['a', 'b', 'c'], ['b', 'c', 'd', 'e'], queues(3, 3), { version: '5.3.3' }],
    ['from/to lists, go client', '<rmq-rebalance client="go-client-2.1.2" from="a, b" to="a, b, c" queues-per-broker="5"></rmq-rebalance>', { name: 'AVG' }, ['a', 'b'], ['a', 'b', 'c'], queues(2, 5), { profile: 'go-client-2.1.2' }],
  ];
  for (const [name, markup, strategy, from, to, qs, client] of cases) {
    await mount(page, markup);
    const beforeCells = await cells(page, 0);
    const afterCells = await cells(page, 1);
    const strip = (cs) => cs.map(([b, q, o]) => [b, q, o, false]);
    assert.deepEqual(strip(beforeCells), await expectAlloc(page, { strategy, mqAll: qs, consumers: from, sort: true, ...client }), name + ' before');
    assert.deepEqual(strip(afterCells), await expectAlloc(page, { strategy, mqAll: qs, consumers: to, sort: true, ...client }), name + ' after');
    // The full module's own diff of the same two plans (loaded only by this test).
    const diff = await page.evaluate(async ({ strategy, from, to, qs, client }) => {
      const { load } = await import('/js/index.js');
      const full = await load({ analysis: true });
      const s = { ...strategy, ...client };
      return full.analysis.diff({ from: { strategy: s, queues: qs, members: from, sort: true }, to: { strategy: s, queues: qs, members: to, sort: true } }).diff;
    }, { strategy, from, to, qs, client });
    const outlined = afterCells.flatMap((c, i) => (c[3] ? [i] : []));
    assert.deepEqual(outlined, diff.movedQueues, name + ' outlined = diff.movedQueues');
    assert.equal(beforeCells.filter((c) => c[3]).length, diff.moved, name + ' before outlines');
    assert.match(await shadowText(page), new RegExp(`${diff.moved} of ${qs.length} queues? moves?`), name + ' sentence');
  }
  await noTrouble(log, page);
});

test('<rmq-producer>: hash, round robin and message groups as select/producer give them', async () => {
  const { page, log } = await open();
  const keysAt = (picks, qs) => qs.map((q) => [q.brokerName, q.queueId, picks.flatMap(([k, p]) => (p.brokerName === q.brokerName && p.queueId === q.queueId ? [k] : [])).join(','), false]);
  // The test's own calls, on the page's instance (CSP: no eval of strings).
  await page.evaluate(async () => { window.__rmq = await (await import('/js/index.js')).load(); });
  const run = (fn, arg) => page.evaluate(fn, arg);
  const qs = queues(2, 4);
  const keys = ['order-1', 'order-2', 'order-3', 'user-42', 'payment'];

  await mount(page, `<rmq-producer selector="hash" keys="${keys.join(', ')}"></rmq-producer>`);
  let picks = await run((a) => a.keys.map((k) => [k, window.__rmq.select({ selector: 'hash', mqs: a.qs, arg: k })]), { keys, qs });
  assert.deepEqual(await cells(page), keysAt(picks, qs), 'hash');

  await mount(page, '<rmq-producer selector="hash" key-type="int" keys="7, -3, 2147483647" client="java-5.3.3" brokers="3" queues-per-broker="3"></rmq-producer>');
  const q33 = queues(3, 3);
  picks = await run((qs) => [7, -3, 2147483647].map((k) => [String(k), window.__rmq.select({ selector: 'hash', mqs: qs, arg: k })]), q33);
  assert.deepEqual(await cells(page), keysAt(picks, q33), 'hash int');

  await mount(page, '<rmq-producer selector="hash" key-type="long" keys="9007199254740993" brokers="1" queues-per-broker="7"></rmq-producer>');
  picks = await run((qs) => [['9007199254740993', window.__rmq.select({ selector: 'hash', mqs: qs, arg: 9007199254740993n })]], queues(1, 7));
  assert.deepEqual(await cells(page), keysAt(picks, queues(1, 7)), 'hash long');

  for (const version of ['4.9.3', '5.3.3']) {
    await mount(page, `<rmq-producer selector="round-robin" client="java-${version}" messages="6" start-index="5"></rmq-producer>`);
    picks = await run(({ qs, version }) => {
      const p = window.__rmq.producer({ mqs: qs, version, startIndex: 5 });
      const out = [1, 2, 3, 4, 5, 6].map((i) => ['message ' + i, p.select(null)]);
      p.dispose();
      return out;
    }, { qs, version });
    assert.deepEqual(await cells(page), keysAt(picks, qs), 'round robin ' + version);
  }

  for (const profile of ['grpc-java', 'grpc-nodejs-1.0.8']) {
    await mount(page, `<rmq-producer selector="message-group" client="${profile}" keys="${keys.join(',')}"></rmq-producer>`);
    picks = await run((a) => a.keys.map((k) => [k, window.__rmq.select({ selector: 'messageGroup', mqs: a.qs, messageGroup: k, profile: a.profile })]), { keys, qs, profile });
    assert.deepEqual(await cells(page), keysAt(picks, qs), 'message group ' + profile);
  }

  // el.route: producers use the publish queues (broker-b is read-only: none).
  const route = {
    queueDatas: [{ brokerName: 'broker-a', readQueueNums: 4, writeQueueNums: 3, perm: 6 }, { brokerName: 'broker-b', readQueueNums: 4, writeQueueNums: 4, perm: 4 }],
    brokerDatas: [{ brokerName: 'broker-a', brokerAddrs: { 0: 'a:1' } }, { brokerName: 'broker-b', brokerAddrs: { 0: 'b:1' } }],
  };
  await mount(page, '<rmq-producer keys="k1, k2, k3"></rmq-producer>', { route });
  const publish = await run((route) => window.__rmq.routeToQueues({ topic: 'TopicTest', route }).publish, route);
  assert.equal(publish.length, 3);
  picks = await run((qs) => ['k1', 'k2', 'k3'].map((k) => [k, window.__rmq.select({ selector: 'hash', mqs: qs, arg: k })]), publish);
  assert.deepEqual(await cells(page), keysAt(picks, publish), 'route');
  // el.keys replaces the attribute.
  await page.evaluate(() => { document.querySelector('#main > *').keys = ['x', 'y']; });
  await rendered(page, 2);
  picks = await run((qs) => ['x', 'y'].map((k) => [k, window.__rmq.select({ selector: 'hash', mqs: qs, arg: k })]), publish);
  assert.deepEqual(await cells(page), keysAt(picks, publish), 'el.keys');
  await noTrouble(log, page);
});

// Bad input: [markup, properties or null, text the inline error must contain].
const BAD = [
  ['<rmq-allocation brokers="0"></rmq-allocation>', null, 'brokers="0": must be a whole number from 1 to 256'],
  ['<rmq-allocation queues-per-broker="four"></rmq-allocation>', null, 'queues-per-broker="four"'],
  ['<rmq-allocation consumers=" , "></rmq-allocation>', null, 'consumers=" , "'],
  ['<rmq-allocation client="java-6"></rmq-allocation>', null, 'client="java-6": must be one of java-4.9.3, java-5.3.3, go-client-2.1.2'],
  ['<rmq-allocation sort="maybe"></rmq-allocation>', null, 'sort="maybe"'],
  ['<rmq-allocation mode="pubsub"></rmq-allocation>', null, 'mode="pubsub"'],
  ['<rmq-allocation strategy="FASTEST"></rmq-allocation>', null, 'strategy="FASTEST": must be one of AVG'],
  ['<rmq-allocation strategy="CONSISTENT_HASH" virtual-nodes="-1"></rmq-allocation>', null, 'IllegalArgumentException: strategy.virtualNodeCnt: illegal virtualNodeCnt :-1 (attribute virtual-nodes)'],
  ['<rmq-allocation strategy="CONSISTENT_HASH" virtual-nodes="ten"></rmq-allocation>', null, 'virtual-nodes="ten"'],
  ['<rmq-allocation strategy="MACHINE_ROOM_NEARBY" resolver="room 1"></rmq-allocation>', null, 'resolver="room 1"'],
  // The strategy is fine but every member's own call throws: the grid is drawn with the errors under it.
  ['<rmq-allocation strategy="MACHINE_ROOM_NEARBY"></rmq-allocation>', null, "C0 192.168.1.1@4001's own call throws ArrayIndexOutOfBoundsException", 'ready'],
  ['<rmq-allocation strategy="CONFIG" config="broker-a"></rmq-allocation>', null, 'config="broker-a"'],
  ['<rmq-allocation></rmq-allocation>', { route: '{not json' }, 'route: the topicRoute JSON does not parse'],
  ['<rmq-allocation></rmq-allocation>', { queues: 'broker-a' }, 'queues: the queues property must be an array'],
  ['<rmq-allocation></rmq-allocation>', { queues: [{ topic: 'T', brokerName: 'b', queueId: 1.5 }] }, 'queueId must be an integer in int32 range'],
  ['<rmq-allocation></rmq-allocation>', { consumers: [1, 2] }, 'consumers: the consumers property must be an array of client ID strings'],
  ['<rmq-rebalance leave="zzz" consumers="a, b"></rmq-rebalance>', null, 'leave="zzz": zzz is not one of the consumers'],
  ['<rmq-rebalance from="2" join="1"></rmq-rebalance>', null, 'give either from/to or join/leave'],
  ['<rmq-rebalance mode="broadcasting"></rmq-rebalance>', null, 'mode="broadcasting"'],
  ['<rmq-producer selector="random" keys="a"></rmq-producer>', null, 'selector="random": must be one of hash, round-robin, message-group'],
  ['<rmq-producer selector="hash"></rmq-producer>', null, 'keys: is required with selector="hash"'],
  ['<rmq-producer key-type="int" keys="abc"></rmq-producer>', null, 'keys="abc": must be whole numbers'],
  ['<rmq-producer key-type="int" keys="2147483648"></rmq-producer>', null, 'use key-type="long"'],
  ['<rmq-producer selector="message-group" client="java-4.9.3" keys="g"></rmq-producer>', null, 'client="java-4.9.3": must be one of grpc-java, grpc-nodejs-1.0.8'],
  ['<rmq-producer keys="a" queues-per-broker="0"></rmq-producer>', null, 'ArithmeticException'],
];

test('bad attributes and properties: a readable inline error, no console error', async () => {
  const { page, log } = await open();
  for (const [markup, props, want, state = 'error'] of BAD) {
    await mount(page, markup, props);
    const st = await page.evaluate(() => {
      const el = document.querySelector('#main > *');
      const err = el.shadowRoot.querySelector('.error');
      return { state: el.state, text: err ? err.textContent : el.shadowRoot.textContent, visible: err ? err.getBoundingClientRect().height > 10 : false };
    });
    assert.equal(st.state, state, markup);
    assert.ok(st.visible, markup + ': the error is visible');
    assert.ok(st.text.includes(want), `${markup}: "${st.text}" should contain "${want}"`);
  }
  // Fixing the attribute recovers in place.
  await mount(page, '<rmq-allocation brokers="0"></rmq-allocation>');
  await page.evaluate(() => document.querySelector('#main > *').setAttribute('brokers', '2'));
  await rendered(page, 2);
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: ids(3), sort: true }));
  await noTrouble(log, page);
});

// Their time to render is printed, not asserted: a timed test fails a
// correct build on a busy machine (site/bench/ measures speed).
test('20 elements: the wasm is fetched once and every one renders, its time printed', async () => {
  const { page, log } = await open('e2e/embed-many.html');
  await rendered(page);
  const t = await page.evaluate(() => {
    const els = [...document.querySelectorAll('rmq-allocation, rmq-rebalance, rmq-producer')];
    return { n: els.length, ok: els.filter((e) => e.state === 'ready').length, last: Math.max(...window.__renderTimes) };
  }).catch(() => null);
  // __renderTimes is recorded by an init script; measure from navigation start.
  assert.ok(t, 'render times recorded');
  const wasm = log.requests.filter((u) => u.endsWith('.wasm'));
  console.log(`# 20 elements: all rendered ${t.last.toFixed(0)} ms after navigation start (load average ${loadavg()[0].toFixed(1)}); wasm requests: ${wasm.length}`);
  assert.equal(t.n, 20);
  assert.equal(t.ok, 20);
  assert.deepEqual(wasm.map((u) => u.replace(s.server.url, '/')), ['/js/rmqalloc.wasm']);
  await noTrouble(log, page);
});

test('CSP: no violations, no style="" attribute anywhere, styles from adopted sheets', async () => {
  const { page, log } = await open('embed.html');
  await rendered(page);
  const st = await page.evaluate(() => {
    const els = [...document.querySelectorAll('rmq-allocation, rmq-rebalance, rmq-producer')];
    return {
      header: null,
      styled: els.reduce((n, e) => n + e.shadowRoot.querySelectorAll('[style], style').length, 0),
      adopted: els.every((e) => e.shadowRoot.adoptedStyleSheets.length === 2),
      // the sheet applies: a cell has a coloured background
      bg: getComputedStyle(els[0].shadowRoot.querySelector('td')).backgroundColor,
    };
  });
  assert.equal(st.styled, 0);
  assert.ok(st.adopted);
  assert.notEqual(st.bg, 'rgba(0, 0, 0, 0)');
  const res = await page.request.get(s.server.url + 'embed.html');
  assert.match(res.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  await noTrouble(log, page);
});

test('axe-core: no serious or critical violations on embed.html, light and dark; screenshots', async () => {
  const axe = readFileSync(join(ROOT, 'site', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  for (const colorScheme of ['light', 'dark']) {
    // axe is injected as an inline script: only this context bypasses the CSP.
    const { page, log } = await open('embed.html', { colorScheme, bypassCSP: true });
    await rendered(page);
    await page.addScriptTag({ content: axe });
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join(' | ')}`);
    assert.deepEqual(bad, [], colorScheme);
    await page.screenshot({ path: join(RESULTS, `embed-${colorScheme}.png`), fullPage: true });
    await noTrouble(log, page);
  }
});

test('narrow screens: the grid scrolls inside its box, the page does not', async () => {
  const { page, log } = await open('embed.html', { width: 380 });
  await rendered(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await noTrouble(log, page);
});

test('<rmq-grid>: the reusable grid, from the playground\'s plan shape', async () => {
  const { page, log } = await open();
  const got = await page.evaluate(async () => {
    const { ownerCells } = await import('/js/embed.js');
    // The playground's shape: queues as [broker, id], first owner and owner count per queue.
    const a = { queues: [['broker-a', 0], ['broker-a', 1], ['broker-b', 0]], members: ['x@1', 'y@2'], owners: Int32Array.from([0, -1, 1]), nown: Int32Array.from([1, 0, 2]) };
    const el = document.createElement('rmq-grid');
    el.model = { queues: a.queues, cells: ownerCells({ ...a, moved: [2] }), caption: 'test grid', legend: a.members.map((m, i) => ({ colour: i, label: 'C' + i, name: m })) };
    document.getElementById('main').replaceChildren(el);
    const r = el.shadowRoot;
    return {
      cells: [...r.querySelectorAll('td')].map((td) => [td.dataset.broker, td.dataset.queue, td.querySelector('.t').textContent, td.className]),
      caption: r.querySelector('caption').textContent,
      legend: [...r.querySelectorAll('.legend li')].map((li) => li.textContent),
      labels: [...r.querySelectorAll('td')].map((td) => td.getAttribute('aria-label')),
    };
  });
  assert.deepEqual(got.cells, [['broker-a', '0', 'C0', 'o0'], ['broker-a', '1', '—', 'none'], ['broker-b', '0', 'C1+1', 'o1 mv many']]);
  assert.equal(got.caption, 'test grid');
  assert.deepEqual(got.legend, ['C0C0: x@1', 'C1C1: y@2']);
  assert.equal(got.labels[2], 'broker-b queue 0 C1+1: C1 y@2 and 1 more (moves)');
  await noTrouble(log, page);
});

test('a module that cannot be loaded: an inline error, and the page stays usable', async () => {
  const { page, log } = await open();
  await page.evaluate(async () => (await import('/js/embed.js')).configure({ wasmURL: '/js/missing.wasm' }));
  await mount(page, '<rmq-allocation></rmq-allocation>');
  const st = await page.evaluate(() => {
    const el = document.querySelector('#main > *');
    return { state: el.state, text: el.shadowRoot.querySelector('.error').textContent };
  });
  assert.equal(st.state, 'error');
  assert.match(st.text, /the rmqalloc module could not be loaded/);
  // The browser logs the 404 itself; nothing else.
  assert.ok(log.errors.every((e) => /404/.test(e)), log.errors.join('\n'));
  // Once the module is reachable, the next render loads it.
  await page.evaluate(async () => (await import('/js/embed.js')).configure(undefined));
  await page.evaluate(() => document.querySelector('#main > *').setAttribute('consumers', '2'));
  await rendered(page, 2);
  assert.deepEqual(await cells(page), await expectAlloc(page, { strategy: { name: 'AVG' }, mqAll: queues(2, 4), consumers: ids(2), sort: true }));
});
