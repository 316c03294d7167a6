// grid.js — the broker × queue grid coloured by owner (renderGrid), its
// legend, and the styles: constructable sheets, so a strict CSP needs no
// <style> or style="". Owner colour N is class .oN, themable as --rmq-owner-N.

const CSS = `
:host{display:block;color-scheme:light dark;font:var(--rmq-font,inherit);color:var(--rmq-fg,CanvasText);
--_cell:var(--rmq-cell-size,2.5rem);--_s:70%;--_l0:74%;--_l1:82%;--_ink:#111;--_none:#e4e4e7;--_edge:var(--rmq-moved,#111);
--_err:#b91c1c;--_errbg:#fef2f2;--_muted:#52525b;--_focus:var(--rmq-focus,#2563eb);margin:1em 0}
@media (prefers-color-scheme:dark){:host(:not([scheme=light])){--_s:50%;--_l0:24%;--_l1:30%;--_ink:#fafafa;--_none:#3f3f46;--_edge:var(--rmq-moved,#fde047);
--_err:#fca5a5;--_errbg:#450a0a;--_muted:#a1a1aa}}
:host([hidden]){display:none}
:host([scheme=light]){color-scheme:light}
.box{position:relative;background:var(--rmq-bg,Canvas);border:1px solid var(--rmq-border,#a1a1aa);border-radius:8px;padding:.75em;overflow-x:auto}
.head{margin:0 0 .5em;font-weight:600}
.head code,.legend code{font-family:var(--rmq-mono,ui-monospace,monospace);font-size:.9em}
.muted{color:var(--_muted);font-weight:400}
table,tbody{display:block}
table{margin:0 0 .5em}
tr{display:flex;flex-wrap:wrap;gap:3px;position:relative;padding-left:var(--_hw);margin-bottom:3px;font-size:.8em}
th{position:absolute;left:0;box-sizing:border-box;width:var(--_hw);padding:0 .5em 0 0;line-height:var(--_cell);font-weight:500;text-align:left;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
td{font-size:1.25em;display:flex;flex-direction:column;justify-content:center;box-sizing:border-box;width:var(--_cell);height:var(--_cell);padding:0 2px;border-radius:6px;text-align:center;
background:var(--c,var(--_none));color:var(--_ink);line-height:1.1;cursor:default}
td:focus{outline:none}
td:focus-visible{box-shadow:0 0 0 3px var(--_focus)}
.q{font-size:.68em}
.t{font-weight:700;font-size:.85em}
.s{font:.85em var(--rmq-mono,ui-monospace,monospace);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
td.none{background:repeating-linear-gradient(45deg,var(--_none),var(--_none) 4px,transparent 4px,transparent 8px)}
td.mv,td.hl{outline:3px solid var(--_edge);outline-offset:-3px}
td.many{box-shadow:inset 0 0 0 2px var(--_err)}
.dim td:not(.hl){opacity:.25}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.legend{list-style:none;margin:.25em 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25em 1em;font-size:.85em}
.legend li{display:flex;align-items:center;gap:.35em}
.chip{display:inline-block;min-width:2.2em;padding:.1em .3em;border-radius:4px;text-align:center;font-weight:700;background:var(--c,var(--_none));color:var(--_ink)}
.sentence{margin:0 0 .5em}
.side{margin:.25em 0;font-size:.85em;color:var(--_muted)}
.pair{display:flex;flex-wrap:wrap;gap:0 1em}
.error{border:1px solid var(--_err);background:var(--_errbg);border-radius:8px;padding:.6em .75em;margin:0;overflow-wrap:anywhere}
.error strong{color:var(--_err)}
.wait{color:var(--_muted);min-height:calc(var(--_cell) * 2);margin:0}
.bar{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:0 0 .5em;font-size:.9em}
button,select{font:inherit;font-size:.9em}
.legend button{padding:0 .4em}
ul.errs{margin:.25em 0;padding-left:1.2em;font-size:.85em}
`;

// golden angle: neighbouring owners get distant hues
export const hue = (i) => ((i * 137.508 + 200) % 360).toFixed(1);
let base = null;
let owners = null;
let ownerCount = 0;

/** The stylesheets every embed shadow root adopts (created on first use). */
export function sheets(n = 0) {
  if (!base) {
    base = new CSSStyleSheet();
    base.replaceSync(CSS);
    owners = new CSSStyleSheet();
  }
  // One rule per owner colour, shared by every element, grown on demand.
  for (; ownerCount < Math.min(n, 1024); ownerCount++) {
    const i = ownerCount;
    owners.insertRule(`.o${i}{--c:var(--rmq-owner-${i},hsl(${hue(i)} var(--_s) var(--_l${i % 2})))}`, i);
  }
  return [base, owners];
}

// The broker column fits its longest name (up to 24 characters): one rule per length.
const widths = new Set();
function headWidth(names) {
  const n = Math.min(24, Math.max(4, ...names.map((b) => b.length)));
  if (!widths.has(n)) {
    widths.add(n);
    owners.insertRule(`.w${n}{--_hw:var(--rmq-head-width,${(n * 0.55 + 0.9).toFixed(2)}em)}`, owners.cssRules.length);
  }
  return 'grid w' + n;
}

/** Attaches an open shadow root with the embed styles. */
export function shadow(host) {
  const root = host.shadowRoot || host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheets();
  return root;
}

/** h('td', { class: 'x', title: 't', data: {...}, aria: {...} }, children...) */
export function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'on') for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
      else if (k === 'data') Object.assign(el.dataset, v);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  add(el, kids);
  return el;
}

function add(el, kids) {
  for (const k of kids) {
    if (k === null || k === undefined || k === false) continue;
    if (Array.isArray(k)) add(el, k);
    else el.append(k);
  }
}

const colourClass = (i) => (i < 0 ? '' : 'o' + (i % 1024));

export const GRID_MAX = 4096;

/**
 * A <table role="grid"> of model (embed.d.ts: GridModel), one row per broker;
 * one cell in the tab order, arrow keys move; every cell has a text label.
 * Cells are clones of one template: thousands draw fast.
 */
export function renderGrid(model) {
  const { queues, cells, caption, small } = model;
  if (queues.length > GRID_MAX) {
    return h('p', { class: 'muted' }, `${queues.length} queues: too many to draw (at most ${GRID_MAX}).`);
  }
  let max = -1;
  for (const c of cells) if (c.colour > max) max = c.colour;
  sheets(max + 1); // grow the owner colours first
  const rows = new Map();
  queues.forEach((q, i) => {
    const b = Array.isArray(q) ? q[0] : q.brokerName;
    if (!rows.has(b)) rows.set(b, []);
    rows.get(b).push(i);
  });
  // The label (aria-label) says what the cell shows, then what it means.
  const proto = h('td', { role: 'gridcell', tabindex: '-1' }, h('span', { class: 'q', hidden: small }), ' ', h('span', { class: 't' }));
  const body = h('tbody');
  for (const [b, idx] of rows) {
    const tr = h('tr', { role: 'row' }, h('th', { role: 'rowheader', scope: 'row', title: b, part: 'head' }, b));
    for (const i of idx) {
      const c = cells[i];
      const q = queues[i];
      const id = String(Array.isArray(q) ? q[1] : q.queueId);
      const td = proto.cloneNode(true);
      td.firstChild.textContent = c.q ?? id;
      td.lastChild.textContent = c.label;
      td.title = `${b} queue ${id}: ${c.text}`;
      td.setAttribute('aria-label', `${b} queue ${c.q ?? id} ${c.label}${c.sub ? ' ' + c.sub : ''}: ${c.text}${c.moved ? ' (moves)' : ''}`);
      if (c.sub) td.append(' ', h('span', { class: 's' }, c.sub));
      td.className = [colourClass(c.colour), c.colour === -1 ? 'none' : '', c.moved ? 'mv' : '', c.many ? 'many' : ''].filter(Boolean).join(' ');
      td.setAttribute('part', c.mark ? 'cell ' + c.mark : 'cell');
      Object.assign(td.dataset, { broker: b, queue: id, owners: c.owners ?? '' });
      tr.append(td);
    }
    body.append(tr);
  }
  const first = body.querySelector('td');
  if (first) first.tabIndex = 0;
  const table = h('table', { class: headWidth([...rows.keys()]), role: 'grid', 'aria-readonly': 'true' },
    h('caption', { class: 'sr' }, caption || 'Queues by broker: each cell shows the queue id and its owner'), body);
  table.addEventListener('keydown', navigate);
  return table;
}

const KEYS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0], Home: [0, -1e9], End: [0, 1e9], PageUp: [-1e9, 0], PageDown: [1e9, 0] };

/** Roving tab index: arrows move focus between cells. */
function navigate(ev) {
  const d = KEYS[ev.key];
  const td = ev.target.closest && ev.target.closest('td');
  if (!d || !td) return;
  ev.preventDefault();
  const rows = [...ev.currentTarget.tBodies[0].rows];
  const r = Math.max(0, Math.min(rows.length - 1, rows.indexOf(td.parentElement) + d[0]));
  const cells = rows[r].cells;
  // cells[0] is the row header
  const c = Math.max(1, Math.min(cells.length - 1, td.cellIndex + d[1]));
  const next = cells[c];
  td.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

/** A coloured tag, e.g. "C3", as in the grid. */
export const chip = (colour, label) => h('span', { class: 'chip ' + colourClass(colour), 'aria-hidden': 'true' }, label);

/** The key of a grid: tag, name and note per entry (text, not colour alone). */
export function legend(entries, label, max = 300) {
  const shown = entries.slice(0, max);
  sheets(Math.max(0, ...shown.map((e) => e.colour + 1)));
  return h('ol', { class: 'legend', 'aria-label': label },
    shown.map((e) => h('li', null, chip(e.colour, e.label), h('span', { class: 'sr' }, e.label + ': '),
      h('code', null, e.name), e.note ? h('span', { class: 'muted' }, e.note) : null, e.extra || null)),
    entries.length > max ? h('li', { class: 'muted' }, `… and ${entries.length - max} more`) : null);
}

// The module names its own argument (strategy.virtualNodeCnt); say which attribute that is.
const ATTR_OF = [[/^strategy\.virtualNodeCnt/, 'virtual-nodes'], [/^strategy\.consumeridcs/, 'rooms'], [/resolver/, 'resolver'],
  [/^strategy\.messageQueueList/, 'config'], [/^(cidAll|consumers)/, 'consumers'], [/^(mqAll|mqs|topic)/, 'queues']];

/** The inline error box: what is wrong, naming the attribute. */
export function errorBox(tag, err) {
  const java = err && err.javaClass ? err.javaClass + ': ' : '';
  const hit = err && typeof err.field === 'string' && ATTR_OF.find(([re]) => re.test(err.field));
  return h('p', { class: 'error' }, h('strong', null, `<${tag}> cannot draw this: `), java + (err && err.message || String(err)),
    hit ? ` (attribute ${hit[1]})` : '');
}
