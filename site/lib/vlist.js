// vlist.js — a virtualised list: a scrolling box as tall as all its rows,
// holding only the rows in view (and a few around them). 20,000 queues
// scroll as smoothly as 20: each scroll frame builds at most ~40 rows.
import { h } from './dom.js';

// Rows are touch targets on phones and touch screens (44 px, as style.css's .vrow there).
export const ROW_PX = globalThis.matchMedia && matchMedia('(max-width: 800px), (pointer: coarse)').matches ? 44 : 32;
const OVERSCAN = 8;

/**
 * vlist({ head, cols, count, row, id, label }): head is the column titles,
 * cols the CSS grid-template-columns, row(i) the cells of row i (strings
 * or nodes) and, optionally, row.className(i). Returns the element; its
 * .update(count, row) swaps the rows (a new filter) and keeps the scroll
 * position within range.
 */
export function vlist({ head, cols, count, row, id, label, rowClass = null }) {
  const inner = h('div', { className: 'vlist-inner' });
  const box = h('div', { className: 'vlist', id, attrs: { role: 'table', 'aria-label': label, 'aria-rowcount': count + 1, tabindex: 0 }, style: { '--vcols': cols } },
    h('div', { className: 'vrow vhead', attrs: { role: 'row', 'aria-rowindex': 1 } }, head.map((c) => h('span', { attrs: { role: 'columnheader' } }, c))),
    inner);
  let n = count, draw = row, cls = rowClass, shown = '';
  const paint = () => {
    const top = Math.max(0, box.scrollTop - ROW_PX); // below the sticky head
    const first = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
    const last = Math.min(n, Math.ceil((top + (box.clientHeight || 600)) / ROW_PX) + OVERSCAN);
    const key = first + ':' + last;
    if (key === shown) return;
    shown = key;
    const rows = [];
    for (let i = first; i < last; i++) {
      rows.push(h('div', { className: 'vrow' + (cls ? ' ' + (cls(i) || '') : ''), attrs: { role: 'row', 'aria-rowindex': i + 2 }, style: { top: i * ROW_PX + 'px' } },
        draw(i).map((c) => h('span', { attrs: { role: 'cell' } }, c))));
    }
    inner.replaceChildren(...rows);
  };
  let raf = 0;
  box.addEventListener('scroll', () => { if (!raf) raf = requestAnimationFrame(() => { raf = 0; paint(); }); }, { passive: true });
  box.update = (count2, row2, rowClass2 = cls) => {
    n = count2; draw = row2; cls = rowClass2; shown = '';
    inner.style.height = n * ROW_PX + 'px';
    box.setAttribute('aria-rowcount', String(n + 1));
    if (box.scrollTop > n * ROW_PX) box.scrollTop = 0;
    paint();
  };
  /** Scrolls row i into view. */
  box.scrollToRow = (i) => { box.scrollTop = i * ROW_PX; paint(); };
  box.update(n, draw, cls);
  // The box's height is known once it is in the document.
  requestAnimationFrame(() => { shown = ''; paint(); });
  return box;
}
