// Compressed permalinks (issue 12): #z= = the state's JSON, consumers
// delta-coded, deflate-raw, base64url. 1,000 pasted realistic client IDs
// must give a link under 2,000 characters that restores the same state;
// old #s= links still open; a corrupt #z= link says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, openPage, settle, WAIT } from './harness.mjs';
import { defaults, encode, encodeLink, decodeLink, deltaIDs, undeltaIDs } from '../lib/state.js';

// IPs counting through 10.0.x.y (250 hosts a subnet); the JVM's pid in its
// container (pid 1, or a few small ones behind an init).
const pasted = Array.from({ length: 1000 }, (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}@${[1, 1, 1, 7][i % 4]}`);

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
}

test('delta-coded IDs round-trip, odd ones included', () => {
  const r = rng(5);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  for (let round = 0; round < 300; round++) {
    const ids = Array.from({ length: Math.floor(r() * 12) }, () => {
      const n = () => pick(['0', '1', '9', '10', '007', '4294967296', '99999999999999999999', String(Math.floor(r() * 300))]);
      return pick(['', '~', '\\', 'a', '10.0.', '@', '😀', '-']) + n() + pick(['.', '@', '', '~', '#']) + n() + pick(['', '@hz', '\\']);
    });
    assert.deepEqual(undeltaIDs(deltaIDs(ids)), ids, JSON.stringify(ids));
  }
  assert.deepEqual(deltaIDs(['10.0.0.9@1', '10.0.1.0@1', '~x']), ['10.0.0.9@1', '~0,0,1,-9,0', '\\~x']);
});

test('encodeLink: 1,000 pasted IDs under 2,000 characters; decodeLink restores; #s= links still read', async () => {
  const s = defaults();
  s.consumers = pasted;
  const link = await encodeLink(s);
  console.log(`# perf: permalink for 1000 pasted client IDs: ${link.length} characters (#s= form: ${encode(s).length})`);
  assert.match(link, /^#z=/);
  assert.ok(link.length < 2000, `${link.length}`);
  assert.deepEqual(await decodeLink(link), { state: s });
  assert.deepEqual(await decodeLink(encode(s)), { state: s }, 'an old #s= link');
  const small = defaults();
  assert.equal(await encodeLink(small), encode(small), 'short states keep the readable form');
});

test('decodeLink: a corrupt #z= link says so and gives the defaults', async () => {
  const s = defaults();
  s.consumers = pasted;
  const link = await encodeLink(s);
  const cases = [
    [link.slice(0, link.length - 40), /damaged/],
    ['#z=%%%', /damaged \(not base64url\)/],
    ['#z=' + Buffer.from('not deflate at all').toString('base64url'), /damaged/],
  ];
  for (const [hash, re] of cases) {
    const r = await decodeLink(hash);
    assert.match(r.error, re, hash.slice(0, 40));
    assert.deepEqual(r.state, defaults());
  }
  const deflate = async (o) => '#z=' + Buffer.from(await new Response(new Blob([JSON.stringify(o)]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer()).toString('base64url');
  assert.match((await decodeLink(await deflate({ dz: ['~1'] }))).error, /dz\[0\] does not follow/);
  assert.match((await decodeLink(await deflate({ dz: 'a' }))).error, /dz is not a list/);
  assert.match((await decodeLink(await deflate({ brokers: -5 }))).error, /brokers must be an integer/);
});

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => {
  if (browser) await browser.close();
  if (server) server.stop();
});

test('page: pasting 1,000 realistic client IDs gives a link under 2,000 characters that restores them', async () => {
  const { page, log, context } = await openPage(browser, server.url);
  await page.fill('#consumers', pasted.join('\n'));
  await settle(page);
  await page.waitForFunction(() => location.hash.startsWith('#z='), null, { timeout: WAIT });
  const url = page.url();
  console.log(`# perf: page permalink for 1000 pasted client IDs: ${url.length} characters`);
  assert.ok(url.length < 2000, `${url.length} characters`);
  const again = await openPage(browser, server.url, { hash: url.slice(url.indexOf('#')) });
  assert.equal(await again.page.inputValue('#consumers'), pasted.join('\n'));
  assert.equal(await again.page.isVisible('#banner'), false);
  const cut = await openPage(browser, server.url, { hash: url.slice(url.indexOf('#'), url.length - 30) });
  assert.match(await cut.page.textContent('#banner'), /could not be restored: the link is damaged/);
  assert.equal((await cut.page.inputValue('#consumers')).split('\n').length, 4, 'the defaults');
  for (const l of [log, again.log, cut.log]) assert.deepEqual(l.errors, []);
  for (const c of [context, again.context, cut.context]) await c.close();
});
