// rmqalloc/embed — live allocation diagrams for documentation pages, as
// custom elements computed by the real module (one load per page):
//
//   <script type="module">import 'rmqalloc/embed';</script>
//   <rmq-allocation strategy="AVG" brokers="2" queues-per-broker="4" consumers="3"></rmq-allocation>
//   <rmq-rebalance strategy="CONSISTENT_HASH" from="3" to="4"></rmq-rebalance>
//   <rmq-producer selector="hash" keys="order-1, order-2"></rmq-producer>
//
// Outside a browser (Node, SSR) it defines and loads nothing. embed.d.ts
// documents the attributes and properties.

import { shadow, h, renderGrid, legend, errorBox, hue } from './lib/embed/grid.js';
import { allocationInput, rebalanceInput, producerInput, consumersOf, consumerIds, STRATEGIES, AttrError } from './lib/embed/inputs.js';
import { allocationView, rebalanceView, producerView, ownerCells, plural, profileLabel } from './lib/embed/views.js';
import { CLIENT_PROFILE } from './lib/tables.generated.js';

export { renderGrid, legend, ownerCells, hue };

let loadOptions;

/** Options for the one load() the elements share, e.g. { wasmURL }; call before the first element renders. */
export function configure(options) {
  loadOptions = options;
}

// The package's public entry point, imported only when an element renders.
const instance = () => import('./index.js').then((m) => m.load(loadOptions));

const Base = globalThis.HTMLElement || class {};
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const COMMON = ['strategy', 'virtual-nodes', 'rooms', 'resolver', 'inner', 'config', 'client', 'brokers', 'queues-per-broker', 'topic', 'sort', 'mode', 'consumers'];

/**
 * Shared behaviour: a shadow root with a placeholder, then the result of
 * view(rmq, get, props) — or an inline error box, never an exception.
 * Renders are coalesced (one per microtask) and a late one is dropped.
 */
class EmbedElement extends Base {
  #props = {};
  #token = 0;
  #queued = false;
  /** 'loading' until the first render, then 'ready' or 'error'. */
  state = 'loading';

  constructor() {
    super();
    // Properties set before the element was defined shadow the accessors.
    for (const k of ['queues', 'consumers', 'route', 'keys']) {
      if (has(this, k)) {
        const v = this[k];
        delete this[k];
        this.#props[k] = v;
      }
    }
  }

  get queues() { return this.#props.queues ?? null; }
  set queues(v) { this.prop('queues', v); }
  get consumers() { return this.#props.consumers ?? null; }
  set consumers(v) { this.prop('consumers', v); }
  get route() { return this.#props.route ?? null; }
  set route(v) { this.prop('route', v); }

  propValue(k) {
    return this.#props[k] ?? null;
  }

  prop(k, v) {
    this.#props[k] = v ?? undefined;
    this.schedule();
  }

  connectedCallback() {
    if (!this.shadowRoot) {
      shadow(this).append(h('p', { class: 'wait', role: 'status' }, `Computing the ${this.constructor.what}…`));
    }
    this.schedule();
  }

  attributeChangedCallback() {
    if (this.shadowRoot) this.schedule();
  }

  schedule() {
    if (this.#queued || !this.shadowRoot) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#render();
    });
  }

  async #render() {
    const t = ++this.#token;
    let body;
    let ok = true;
    try {
      const rmq = await instance();
      if (t !== this.#token) return;
      body = this.view(rmq, (n) => this.getAttribute(n), this.#props);
    } catch (e) {
      if (t !== this.#token) return;
      ok = false;
      body = h('div', { class: 'box' }, this.bar ? this.bar() : null, errorBox(this.localName, e && e.code === 'ERR_LOAD_FAILED' ? { message: 'the rmqalloc module could not be loaded: ' + e.message } : e));
    }
    const root = this.shadowRoot;
    const focus = root.activeElement && root.activeElement.dataset.focus;
    root.replaceChildren(body);
    if (focus) {
      const el = root.querySelector(`[data-focus="${focus}"]`) || root.querySelector('[data-focus="add"]');
      if (el) el.focus();
    }
    this.state = ok ? 'ready' : 'error';
    this.dispatchEvent(new CustomEvent('rmq-render', { bubbles: true, composed: true, detail: { state: this.state } }));
  }
}

const head = (label, name, ...rest) => h('p', { class: 'head' }, label + ' ', h('code', null, name), h('span', { class: 'muted' }, rest.filter(Boolean).map((x) => ' · ' + x).join('')));

function memberErrors(errors, colourOf) {
  if (!errors.length) return null;
  return h('ul', { class: 'errs error' }, errors.slice(0, 20).map(({ cid, e }) => h('li', null,
    `C${colourOf(cid)} ${cid}'s own call throws ${e.javaClass || e.code}: ${e.message}`)));
}

/** <rmq-allocation>: which consumer gets which queue. */
export class RmqAllocation extends EmbedElement {
  static what = 'allocation';
  static observedAttributes = [...COMMON, 'controls'];

  view(rmq, get, props) {
    const inp = allocationInput(get, props, rmq);
    const v = allocationView(rmq, inp);
    const controls = this.hasAttribute('controls');
    const broadcast = inp.mode === 'broadcasting';
    return h('div', { class: 'box' },
      controls ? this.bar() : null,
      head(broadcast ? 'Mode' : 'Strategy', broadcast ? 'BROADCASTING' : v.title, v.client, plural(v.queues.length, 'queue'), plural(v.members.length, 'consumer')),
      renderGrid({ queues: v.queues, cells: v.cells, caption: broadcast ? 'Queues by broker: every consumer reads every queue' : undefined }),
      memberErrors(v.errors, (cid) => v.members.indexOf(cid)),
      v.extra ? h('p', { class: 'muted' }, `The consumers also get ${plural(v.extra, 'queue')} of the CONFIG list that the topic does not have.`) : null,
      legend(v.members.map((cid, m) => ({
        colour: broadcast ? -2 : m, label: 'C' + m, name: cid, note: plural(v.counts[m], 'queue'),
        extra: controls ? h('button', { type: 'button', 'data-focus': 'rm-' + m, 'aria-label': 'Remove consumer ' + cid, on: { click: () => this.#remove(cid) } }, 'remove') : null,
      })), 'Consumers in the order the strategy sees them'));
  }

  /** The controls: strategy, add a consumer (they edit the attributes in place). */
  bar() {
    if (!this.hasAttribute('controls')) return null;
    const current = (this.getAttribute('strategy') || 'AVG').trim().toUpperCase().replace(/-/g, '_');
    const select = h('select', { 'data-focus': 'strategy', 'aria-label': 'Strategy', on: { change: (e) => this.setAttribute('strategy', e.target.value) } },
      STRATEGIES.filter((s) => s !== 'CONFIG').map((s) => h('option', { value: s, selected: s === current }, s)));
    return h('div', { class: 'bar' }, h('label', null, 'Strategy ', select),
      h('button', { type: 'button', 'data-focus': 'add', on: { click: () => this.#add() } }, 'Add consumer'));
  }

  #list() {
    try {
      return [...consumersOf((n) => this.getAttribute(n), { consumers: this.consumers })];
    } catch {
      return [];
    }
  }

  #setList(list) {
    if (this.consumers) this.consumers = list;
    else this.setAttribute('consumers', list.join(', '));
  }

  #add() {
    const list = this.#list();
    let n = list.length + 1;
    while (list.includes(consumerIds(1, n)[0])) n++;
    this.#setList([...list, consumerIds(1, n)[0]]);
  }

  #remove(cid) {
    this.#setList(this.#list().filter((c) => c !== cid));
  }
}

/** <rmq-rebalance>: before / after a consumer joins or leaves, and what moves. */
export class RmqRebalance extends EmbedElement {
  static what = 'rebalance';
  static observedAttributes = [...COMMON, 'from', 'to', 'join', 'leave'];

  view(rmq, get, props) {
    const inp = rebalanceInput(get, props, rmq);
    const v = rebalanceView(rmq, inp);
    const col = (cid) => v.union.indexOf(cid);
    const who = (l, one, many) => l.length && `${l.slice(0, 3).map((c) => `C${col(c)} ${c}`).join(', ')}${l.length > 3 ? ` and ${l.length - 3} more` : ''} ${l.length > 1 ? many : one}`;
    const change = [who(v.joined, 'joins', 'join'), who(v.left, 'leaves', 'leave')].filter(Boolean).join(' and ');
    const side = (label, s) => h('div', null, h('p', { class: 'side', 'aria-hidden': 'true' }, `${label}: ${plural(s.members.length, 'consumer')}`), renderGrid({
      queues: s.queues, cells: s.cells,
      caption: `${label}: ${plural(s.members.length, 'consumer')}; outlined queues change owner`,
    }));
    return h('div', { class: 'box' },
      head('Strategy', v.title, v.client),
      h('p', { class: 'sentence', role: 'note' }, h('strong', null, `${v.moved} of ${plural(v.total, 'queue')} ${v.moved === 1 ? 'moves' : 'move'}`),
        change ? ` when ${change}.` : ' (the group does not change).'),
      h('div', { class: 'pair' }, side('Before', v.before), side('After', v.after)),
      memberErrors(v.errors, col),
      legend(v.union.map((cid, m) => {
        const [a, b] = v.counts[m];
        const note = a === null ? `joins, gets ${plural(b, 'queue')}` : b === null ? `leaves, had ${plural(a, 'queue')}` : `${a} → ${plural(b, 'queue')}`;
        return { colour: m, label: 'C' + m, name: cid, note };
      }), 'Consumers before and after'));
  }
}

const PRODUCER_CLIENT = {
  [CLIENT_PROFILE.JAVA493]: profileLabel(CLIENT_PROFILE.JAVA493),
  [CLIENT_PROFILE.JAVA533]: profileLabel(CLIENT_PROFILE.JAVA533),
  'grpc-java': 'gRPC Java client',
  'grpc-nodejs-1.0.8': 'gRPC Node.js client 1.0.8',
};
const SELECTOR_LABEL = { hash: 'SelectMessageQueueByHash', 'round-robin': 'round robin', 'message-group': 'message groups' };

/** <rmq-producer>: which queue each message key goes to. */
export class RmqProducer extends EmbedElement {
  static what = 'producer selection';
  static observedAttributes = ['selector', 'client', 'keys', 'key-type', 'messages', 'start-index', 'brokers', 'queues-per-broker', 'topic'];

  get keys() { return this.propValue('keys'); }
  set keys(v) { this.prop('keys', v); }

  view(rmq, get, props) {
    const inp = producerInput(get, props, rmq);
    const v = producerView(rmq, inp);
    const start = inp.selector === 'round-robin' ? `send index starts at ${inp.startIndex}` : '';
    return h('div', { class: 'box' },
      head('Selector', SELECTOR_LABEL[inp.selector], PRODUCER_CLIENT[inp.client], start, plural(v.queues.length, 'queue')),
      renderGrid({ queues: v.queues, cells: v.cells, caption: 'Publish queues by broker: each cell shows the queue id and the keys sent to it' }),
      legend(v.keys.map((k, i) => ({ colour: i, label: v.tags[i], name: k, note: `→ ${v.where[i].brokerName} queue ${v.where[i].queueId}` })),
        inp.selector === 'round-robin' ? 'Messages in send order' : 'Keys'));
  }
}

/** <rmq-grid>: just the grid (and legend) of a model set as el.model — see renderGrid. */
export class RmqGrid extends Base {
  #model = null;
  get model() { return this.#model; }
  set model(m) {
    this.#model = m;
    this.connectedCallback();
  }

  connectedCallback() {
    if (!this.isConnected || !this.#model) return;
    const m = this.#model;
    shadow(this).replaceChildren(h('div', { class: 'box', part: 'box' }, renderGrid(m), m.legend ? legend(m.legend, m.legendLabel || 'Owners') : null));
  }

  /** Lights up the cells of one owner (in data-owners) and dims the rest; null clears. */
  highlight(owner) {
    const t = this.shadowRoot && this.shadowRoot.querySelector('table');
    if (!t) return;
    t.classList.toggle('dim', !!owner);
    for (const td of t.querySelectorAll('td')) td.classList.toggle('hl', !!owner && td.dataset.owners.split(',').includes(owner));
  }
}

/** Registers the elements (done on import in a browser; a no-op elsewhere). */
export function define(registry = globalThis.customElements) {
  if (!registry) return false;
  for (const [name, cls] of [['rmq-allocation', RmqAllocation], ['rmq-rebalance', RmqRebalance], ['rmq-producer', RmqProducer], ['rmq-grid', RmqGrid]]) {
    if (!registry.get(name)) registry.define(name, cls);
  }
  return true;
}

define();

export { AttrError };
