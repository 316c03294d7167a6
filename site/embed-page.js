// embed-page.js — site/embed.html: shows each example's markup beside it
// (read from the element itself, so the two never disagree), with a copy
// button, and drives the property examples.
import '/js/embed.js';

const ROUTE = {
  queueDatas: [
    { brokerName: 'broker-a', readQueueNums: 4, writeQueueNums: 4, perm: 6, topicSysFlag: 0 },
    { brokerName: 'broker-b', readQueueNums: 4, writeQueueNums: 4, perm: 6, topicSysFlag: 0 },
    { brokerName: 'broker-c', readQueueNums: 4, writeQueueNums: 4, perm: 4, topicSysFlag: 0 },
  ],
  brokerDatas: [
    { cluster: 'DefaultCluster', brokerName: 'broker-a', brokerAddrs: { 0: '10.0.0.1:10911' } },
    { cluster: 'DefaultCluster', brokerName: 'broker-b', brokerAddrs: { 0: '10.0.0.3:10911' } },
    { cluster: 'DefaultCluster', brokerName: 'broker-c', brokerAddrs: { 0: '10.0.0.5:10911' } },
  ],
};
const ROUTE_SNIPPET = `\n<script type="module">\n  import 'rmqalloc/embed';\n  document.getElementById('ID').route = await (await fetch('route.json')).text();\n</script>`;

const THEME_SNIPPET = `
<style>
  rmq-allocation.themed { --rmq-owner-0: #fde68a; --rmq-owner-1: #a7f3d0; --rmq-cell-size: 3.2rem; --rmq-font: 600 15px Georgia, serif; }
  @media (prefers-color-scheme: dark) { rmq-allocation.themed { --rmq-owner-0: #92400e; --rmq-owner-1: #065f46; } }
</style>`;

for (const ex of document.querySelectorAll('.example')) {
  const el = ex.firstElementChild;
  let markup = el.outerHTML.replace(/=""/g, '');
  if (ex.dataset.script === 'route') markup += ROUTE_SNIPPET.replace('ID', el.id);
  if (ex.classList.contains('themed')) markup += THEME_SNIPPET;
  const pre = document.createElement('pre');
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', 'Markup of the example');
  pre.append(Object.assign(document.createElement('code'), { textContent: markup }));
  const copy = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Copy markup' });
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(markup);
      copy.textContent = 'Copied';
    } catch {
      // No clipboard permission: select the text instead.
      getSelection().selectAllChildren(pre);
      copy.textContent = 'Press Ctrl+C to copy';
    }
  });
  const fig = document.createElement('div');
  fig.className = 'markup';
  fig.append(pre, copy);
  ex.append(fig);
}

for (const id of ['from-route', 'route-producer']) document.getElementById(id).route = JSON.stringify(ROUTE);
