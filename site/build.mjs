// build.mjs — bundles the playground's scripts for production (esbuild):
// the page's modules (app.js and what it imports) into dist/app.js, the
// worker's small entry (worker.js) into dist/worker.js and the engine it
// loads (worker-engine.js, the package's js/ files included) into
// dist/worker-engine.js, minified, each one request instead of a chain of
// ~60.
// index.html loads the bundles; the sources stay as they are (tests and
// embed.html use them). The package's files are imported by absolute path
// (/js/...), as the server serves them: resolved here to ../js/.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const SITE = dirname(fileURLToPath(import.meta.url));
const JS = join(SITE, '..', 'js');

const served = {
  name: 'served-paths',
  setup(b) {
    b.onResolve({ filter: /^\/js\// }, (a) => ({ path: join(JS, a.path.slice('/js/'.length)) }));
    // The package's Node-only branch (reading the module from disk) never runs in a browser.
    b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, external: true }));
  },
};

await build({
  entryPoints: { app: join(SITE, 'app.js'), worker: join(SITE, 'worker.js'), 'worker-engine': join(SITE, 'worker-engine.js') },
  outdir: join(SITE, 'dist'),
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [served],
});
