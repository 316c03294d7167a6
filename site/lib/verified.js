// verified.js — "Verified against the real clients": one click from any
// result (the header's button, or a result's own ✓ link: any
// .verified-open button) to what rmqalloc's answers are checked against —
// the clients' recorded vectors in testdata/ (counted in verified.json,
// which e2e/verified.test.mjs keeps equal to testdata/) and the cluster
// samples the doctor is checked on.
import { h, put } from './dom.js';
import { PROFILE_OF } from './engine.js';

const URL_JSON = new URL('../verified.json', import.meta.url);

let data = null;
async function load() {
  if (!data) {
    const r = await fetch(URL_JSON);
    if (!r.ok) throw new Error(`verified.json: HTTP ${r.status}`);
    data = await r.json();
  }
  return data;
}

function body(d, client) {
  const mine = PROFILE_OF[client] && 'testdata/' + PROFILE_OF[client];
  const total = d.profiles.reduce((n, p) => n + Object.values(p.vectors).reduce((a, b) => a + b, 0), 0);
  return [
    h('h2', { id: 'verified-title', attrs: { tabindex: '-1' } }, 'Verified against the real clients'),
    h('p', {}, `Every result on this page comes from the same code as the checks below: ${total.toLocaleString('en-US')} cases whose answers were recorded by running the real clients\u2019 own code. `,
      h('code', {}, 'go test'), ', the same tests in Chromium (the WebAssembly build) and ', h('code', {}, 'node --test'), ' replay each one and must match it exactly; ',
      h('code', {}, 'make conformance'), ' reproduces every results file.'),
    h('div', { className: 'table-wrap' }, h('table', { id: 'verified-profiles' },
      h('thead', {}, h('tr', {}, ['Profile', 'Recorded from', 'Cases'].map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
      h('tbody', {}, d.profiles.map((p) => h('tr', { className: p.folder === mine ? 'differ' : '' },
        h('td', {}, h('code', {}, p.folder), p.folder === mine ? h('strong', {}, ' (the client selected)') : null),
        h('td', {}, p.client),
        h('td', {}, Object.entries(p.vectors).map(([op, n]) => `${op} ${n}`).join(', '))))))),
    h('p', {}, 'Cluster samples: ', h('code', {}, d.cluster.folder), ` holds ${d.cluster.examples.length} consumer groups as `, h('code', {}, 'mqadmin'),
      ' prints them (route, connections, progress, status files) with their expected diagnosis (', d.cluster.examples.map((x, i) => [i ? ', ' : '', h('code', {}, x)]),
      '). ', h('code', {}, 'go test'), ', ', h('code', {}, 'node --test'), ' (the ', h('code', {}, 'rmqalloc doctor'), ' CLI) and this page\u2019s end-to-end tests diagnose each one and compare every queue\u2019s status.'),
    h('h3', {}, 'Test layers'),
    h('ul', { id: 'verified-layers' }, (d.layers || []).map((l) => h('li', {}, h('code', {}, l.command), ': ', l.what, l.live ? h('strong', {}, ' (the real-cluster layer)') : null))),
    h('p', { className: 'hint' }, 'Where the clients differ (Java 4.9.3 vs 5.3.3, Go, gRPC) is listed in the README\u2019s \u201cDifferences between clients\u201d.'),
    h('form', { attrs: { method: 'dialog' } }, h('button', { type: 'submit', id: 'verified-close' }, 'Close')),
  ];
}

/** Makes every .verified-open button (now or later) open the dialog; getClient says the selected client. */
export function initVerified(getClient) {
  const dlg = h('dialog', { className: 'verified', id: 'verified', attrs: { 'aria-labelledby': 'verified-title' } });
  document.body.append(dlg);
  document.addEventListener('click', async (e) => {
    const b = e.target instanceof Element && e.target.closest('.verified-open');
    if (!b) return;
    e.preventDefault();
    try { put(dlg, body(await load(), getClient())); } catch (err) { put(dlg, h('p', { className: 'error' }, 'Could not load the list: ', err.message), h('form', { attrs: { method: 'dialog' } }, h('button', { type: 'submit' }, 'Close'))); }
    if (!dlg.open) dlg.showModal();
    dlg.scrollTop = 0; // at its top, whatever was scrolled before
    dlg.querySelector('h2, h1, [tabindex]')?.focus?.({ preventScroll: true });
    dlg.scrollTop = 0;
  });
}

/** A small "✓ verified" button for a result's heading. */
export function verifiedButton() {
  return h('button', { type: 'button', className: 'small verified-open', attrs: { 'aria-haspopup': 'dialog', title: 'What this result is checked against' } }, '\u2713 verified');
}
