import { startServer, startBrowser } from './harness.mjs';
const server = await startServer(); const browser = await startBrowser();
try {
  for (const scheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
    const errs = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') errs.push(m.type()+': '+m.text()); });
    page.on('pageerror', (e) => errs.push('pageerror: ' + e.message));
    await page.goto(server.url + 'embed.html');
    await page.waitForFunction(() => [...document.querySelectorAll('rmq-allocation,rmq-rebalance,rmq-producer')].every((e) => e.state !== 'loading'), null, { timeout: 20000 });
    const exs = await page.$$('.example');
    for (const i of (process.env.EX || '0,5,7,10,15').split(',').map(Number)) await exs[i].screenshot({ path: `/tmp/ex-${scheme}-${i}.png` });
    console.log(scheme, 'errors', errs);
  }
} finally { await browser.close(); server.stop(); }
