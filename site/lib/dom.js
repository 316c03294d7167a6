// dom.js — building DOM safely: text is always set as textContent, never
// parsed as HTML, so whatever a user types or pastes stays inert.
import { hue } from '/js/embed.js';

/**
 * h('tr', { className: 'x', title: 't' }, 'text', child, [more]) → element.
 * Props: className, id, text, title, dataset {}, attrs {} (setAttribute),
 * style {} (CSSOM, allowed by the CSP), on {event: fn}.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'className') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style') for (const [p, sv] of Object.entries(v)) el.style.setProperty(p, sv);
    else if (k === 'attrs') for (const [a, av] of Object.entries(v)) el.setAttribute(a, String(av));
    else if (k === 'on') for (const [ev, fn] of Object.entries(v)) el.addEventListener(ev, fn);
    else if (k === 'title' || k === 'id' || k === 'htmlFor' || k === 'type' || k === 'value' || k === 'colSpan' || k === 'hidden') el[k] = v;
    else throw new Error('h: unknown prop ' + k);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Replaces the children of el. */
export function put(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}


/** "C3" — the short label of consumer index i (its place in the sorted list). */
export const tag = (i) => (i < 0 ? '—' : 'C' + i);

/** A table from a header row and body rows (cells: strings or nodes). */
export function table(head, rows, props = {}) {
  return h('div', { className: 'table-wrap', style: { '--rows': String(rows.length) } },
    h('table', props,
      h('thead', {}, h('tr', {}, head.map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
      h('tbody', {}, rows.map((r) => (r instanceof Node ? r : h('tr', {}, r.map((c) => h('td', {}, c))))))));
}

/**
 * A "C3" chip colored as consumer i (the grid's hue, js/lib/embed/grid.js;
 * saturation and lightness from the theme, style.css), the client ID as its tooltip.
 */
export function chip(i, cid) {
  return h('span', { className: i < 0 ? 'chip none' : i % 2 ? 'chip odd' : 'chip', style: i < 0 ? {} : { '--h': hue(i) }, title: cid ?? '' }, tag(i));
}
