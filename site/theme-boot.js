// theme-boot.js — a classic script in <head>: sets <html data-scheme>
// before the first paint, so a dark system (or a stored "dark") never
// flashes the light page. lib/theme.js takes over once the modules run.
(function () {
  var choice = 'auto';
  try { choice = localStorage.getItem('rmqalloc-theme') || 'auto'; } catch (e) { /* private mode */ }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = choice;
  document.documentElement.dataset.scheme = dark ? 'dark' : 'light';
}());
