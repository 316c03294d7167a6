// status-paste.js (no browser): the status box's texts split and named as
// operators paste them, and unnamed 4.9.3 texts placed by the queues they
// hold — worked examples, then every real capture's files through the
// module's doctor, pasted bare, after `tail -n +1`'s names, after `more`'s.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { splitStatus, matchUnnamed, nameOf, namedText } from '../lib/status-paste.js';
import { diagnose } from '../lib/diagnose-engine.js';
import { load } from '../../js/index.js';
import { ROOT, partlyFailed } from './harness.mjs';

const H = '#Consumer Properties#';
const text = (body) => `${H}\nconsumerGroup : G\n\n#Consumer Offset#\n${body}`;

test('splitStatus: one part per client text, named by the marker before it', () => {
  const cases = [
    { name: 'bare, two texts', box: `${text('a')}\n${text('b')}`, want: [['', 1], ['', 6]] },
    { name: 'tail -n +1', box: `==> status/17/127.0.0.1@c1 <==\n${text('a')}\n\n==> status/17/127.0.0.1@c2 <==\n${text('b')}`, want: [['127.0.0.1@c1', 2], ['127.0.0.1@c2', 9]] },
    { name: 'more', box: `::::::::::::::\n10.0.0.1@9\n::::::::::::::\n${text('a')}`, want: [['10.0.0.1@9', 4]] },
    { name: 'a bare client ID line, -i file name', box: `127.0.0.1@c3.txt\n${text('a')}\n127.0.0.1@c1\n\n${text('b')}`, want: [['127.0.0.1@c3', 2], ['127.0.0.1@c1', 9]] },
    { name: 'a prompt before the first text stays with it', box: `$ mqadmin consumerStatus -g G -i x\n${text('a')}`, want: [['', 1]] },
    { name: 'a word without @ is no name', box: `hello\n${text('a')}`, want: [['', 1]] },
  ];
  for (const c of cases) {
    const { parts } = splitStatus(c.box);
    assert.deepEqual(parts.map((p) => [p.name, p.line]), c.want, c.name);
    for (const p of parts) assert.match(p.text, /#Consumer Properties#/, c.name);
    // no marker is left inside another text
    for (const p of parts) assert.doesNotMatch(p.text, /==>|::::/, c.name);
  }
});

test('splitStatus: consumerStatus stdout alone is a list of clients, no text', () => {
  const out = '001  127.0.0.1@c2      V4_9_3   1796152192951/127.0.0.1@c2\n002  127.0.0.1@c3  V4_9_3  1796152192951/127.0.0.1@c3\n\n\nSame subscription in the same group of consumer\n\nRebalance OK\n';
  const { parts, listed } = splitStatus(out);
  assert.deepEqual(parts, []);
  assert.deepEqual(listed.map((l) => l.clientId), ['127.0.0.1@c2', '127.0.0.1@c3']);
  assert.equal(listed[0].file, '1796152192951/127.0.0.1@c2');
  assert.equal(nameOf('status-i/127.0.0.1@c1.txt'), '127.0.0.1@c1');
  assert.equal(namedText('x@1', 'body\n\n'), '==> x@1 <==\nbody');
});

test('matchUnnamed: a text is a client\u2019s when it holds exactly that client\u2019s share and no other text does', () => {
  const set = (...k) => new Set(k);
  const expected = new Map([['a', set('q0', 'q1')], ['b', set('q2', 'q3')], ['c', set('q4')]]);
  const cases = [
    { name: 'each matches one', files: [{ index: 0, held: set('q2', 'q3') }, { index: 1, held: set('q0', 'q1') }], cands: ['a', 'b', 'c'],
      want: [[0, 'b', 'share'], [1, 'a', 'share']] },
    { name: 'one left over goes to the one client left', files: [{ index: 0, held: set('q0', 'q1') }, { index: 1, held: set('q9') }], cands: ['a', 'b'],
      want: [[0, 'a', 'share'], [1, 'b', 'left']] },
    { name: 'a share held by two texts places neither', files: [{ index: 0, held: set('q4') }, { index: 1, held: set('q4') }], cands: ['a', 'b', 'c'], want: [] },
    { name: 'no match and two clients left: asked', files: [{ index: 0, held: set('q9') }], cands: ['a', 'b'], want: [] },
    { name: 'an empty text matches nobody', files: [{ index: 0, held: set() }], cands: ['a', 'c'], want: [] },
    { name: 'a taken client is no candidate', files: [{ index: 0, held: set('q0', 'q1') }], cands: ['b', 'c'], want: [] },
  ];
  for (const c of cases) {
    assert.deepEqual(matchUnnamed(c.files, c.cands, expected).map((p) => [p.index, p.name, p.how]).sort(), c.want, c.name);
  }
});

test('every real capture\u2019s status files, pasted bare, after tail\u2019s names or after more\u2019s, give the named files\u2019 verdict', async () => {
  const rmq = await load({ analysis: true });
  let checked = 0;
  for (const base of ['real', 'real5']) {
    const top = join(ROOT, 'testdata', base);
    // A capture of a partly failed read (an .err beside its outputs) is
    // judged with that stderr, which a paste of the status texts does not
    // carry: cluster/doctor's partial-read tests hold those.
    for (const dir of readdirSync(top).filter((d) => existsSync(join(top, d, 'route.txt')) && !partlyFailed(join(top, d)))) {
      const read = (f) => (existsSync(join(top, dir, f)) ? readFileSync(join(top, dir, f), 'utf8') : '');
      const st = join(top, dir, 'status');
      const run = existsSync(st) ? readdirSync(st).filter((d) => /^\d+$/.test(d)).sort().pop() : null;
      if (!run) continue;
      const files = readdirSync(join(st, run)).sort().map((name) => ({ name, text: readFileSync(join(st, run, name), 'utf8') }));
      const boxes = { route: read('route.txt'), connection: read('connection.txt') || read('connection.err'), progress: read('progress.txt') || read('progress-c.txt'), strategy: '', profile: '' };
      const want = rmq.doctor({ ...boxes, status: files }).verdict;
      const forms = {
        bare: files.map((f) => f.text).join('\n'),
        tail: files.map((f) => namedText(`status/${run}/${f.name}`, f.text)).join('\n\n'),
        more: files.map((f) => `::::::::::::::\n${f.name}\n::::::::::::::\n${f.text}`).join('\n'),
        reversed: files.map((f) => f.text).reverse().join('\n'),
      };
      for (const [form, status] of Object.entries(forms)) {
        const res = diagnose(rmq, { ...boxes, status });
        assert.equal(res.inputError, undefined, `${base}/${dir} ${form}: ${res.inputError?.message}`);
        assert.equal(res.report.verdict, want, `${base}/${dir} ${form}`);
        assert.ok(res.status.texts.every((t) => t.name !== null), `${base}/${dir} ${form}: every text placed`);
      }
      checked++;
    }
  }
  assert.ok(checked >= 10, `${checked} captures checked`);
});
