// theme.js — light or dark: the system's choice (prefers-color-scheme)
// unless the header's toggle says otherwise; the choice is kept in
// localStorage. <html data-theme> is the choice (auto | light | dark),
// <html data-scheme> what is shown (light | dark): style.css keys its
// colours on it, and every <rmq-grid> gets it as its scheme.

const KEY = 'rmqalloc-theme';
const ORDER = ['auto', 'light', 'dark'];
const media = globalThis.matchMedia ? matchMedia('(prefers-color-scheme: dark)') : null;

/** The scheme shown now: 'light' or 'dark'. */
export function scheme() {
  return document.documentElement.dataset.scheme === 'dark' ? 'dark' : 'light';
}

function stored() {
  try { const v = localStorage.getItem(KEY); return ORDER.includes(v) ? v : 'auto'; } catch { return 'auto'; }
}

/** Applies the stored choice and makes button cycle auto → light → dark. */
export function initTheme(button) {
  let choice = stored();
  const apply = () => {
    const s = choice === 'auto' ? (media && media.matches ? 'dark' : 'light') : choice;
    const root = document.documentElement;
    root.dataset.theme = choice;
    root.dataset.scheme = s;
    for (const g of document.querySelectorAll('rmq-grid')) g.setAttribute('scheme', s);
    if (button) {
      button.textContent = 'Theme: ' + choice;
      // The name starts with the visible text (WCAG 2.5.3).
      button.setAttribute('aria-label', `Theme: ${choice}${choice === 'auto' ? ` (follows the system: ${s})` : ''}; click for ${ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length]}`);
    }
  };
  if (button) {
    button.addEventListener('click', () => {
      choice = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length];
      try { localStorage.setItem(KEY, choice); } catch { /* private mode: this page only */ }
      apply();
    });
  }
  if (media) media.addEventListener('change', apply);
  apply();
}
