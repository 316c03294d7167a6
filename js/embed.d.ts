// Type definitions for rmqalloc/embed: live allocation diagrams as custom
// elements, computed by the rmqalloc module (one load per page).
//
//   import 'rmqalloc/embed';          // defines the elements (browser only)
//   <rmq-allocation strategy="AVG" brokers="2" queues-per-broker="4" consumers="3"></rmq-allocation>
//
// Outside a browser (Node, SSR) importing it defines and loads nothing.
//
// Custom elements are DOM: this file brings lib "dom" itself, so a program
// compiled with lib ["es2022"] (and @types/node) type-checks with it as it is.
// The main entry (index.d.ts) needs no DOM types.

/// <reference lib="dom" />

import type { InitOptions, MessageQueue, TopicRouteData } from './index.js';

/**
 * Options of the one load() every element shares (e.g. { wasmURL } when the
 * module is served from elsewhere). Call before the first element renders.
 */
export function configure(options: InitOptions): void;

/** Registers the four elements in `registry` (default: customElements); false when there is none. Done on import. */
export function define(registry?: CustomElementRegistry): boolean;

/** Attributes shared by the consumer elements. */
interface EmbedBase extends HTMLElement {
  /** 'loading' until the first render, then 'ready' or 'error' (an inline error is shown). */
  readonly state: 'loading' | 'ready' | 'error';
  /** The topic's queues; overrides brokers / queues-per-broker and route. null: use the attributes. */
  queues: readonly MessageQueue[] | null;
  /** A topicRoute: the text mqadmin topicRoute prints (unquoted integer keys, log lines before it), JSON text or an object; consumers use its subscribe queues, producers its publish queues. */
  route: string | TopicRouteData | { data: TopicRouteData } | null;
}

/**
 * `<rmq-allocation>`: the broker × queue grid coloured by owner, with the
 * consumer legend. Attributes:
 *
 * - `strategy`: AVG (default) | AVG_BY_CIRCLE | CONSISTENT_HASH | MACHINE_ROOM |
 *   MACHINE_ROOM_NEARBY | CONFIG (case-insensitive, `-` for `_`);
 *   `virtual-nodes` (CONSISTENT_HASH, default 10), `rooms` (MACHINE_ROOM's
 *   consumeridcs, comma list), `inner` (NEARBY's inner strategy, default AVG),
 *   `resolver` (NEARBY: "sep=@ broker=0 consumer=2", the defaults),
 *   `config` (CONFIG's list: "broker-a:0-3 broker-b:1");
 * - `client`: java-4.9.3 (default) | java-5.3.3 | go-client-2.1.2;
 * - `brokers`: a count (broker-a, broker-b, ...; default 2) or a comma list of names;
 *   `queues-per-broker` (default 4); `topic` (default TopicTest);
 * - `consumers`: a count (192.168.1.N@(4000+N); default 3) or a comma list of client IDs;
 * - `sort`: on by default (as a rebalance does); "false" / "off" to allocate in the given order;
 * - `mode`: clustering (default) | broadcasting (every consumer reads every queue);
 * - `controls`: buttons to add / remove consumers and a strategy menu, which edit the attributes in place.
 */
export interface RmqAllocation extends EmbedBase {
  /** Client IDs; overrides the consumers attribute. */
  consumers: readonly string[] | null;
}

/**
 * `<rmq-rebalance>`: the plans before and after consumers join or leave,
 * moved queues outlined, and "k of n queues move". The attributes of
 * rmq-allocation (not mode / controls) plus either `from` and `to` (counts
 * or lists; default 3 and 4) or `consumers` with `join` (a count of new
 * generated IDs, or a list; default 1) and `leave` (a list).
 */
export interface RmqRebalance extends EmbedBase {
  /** The group before; overrides the consumers attribute (join / leave apply to it). */
  consumers: readonly string[] | null;
}

/**
 * `<rmq-producer>`: which publish queue each message key goes to.
 *
 * - `selector`: hash (default, SelectMessageQueueByHash) | round-robin | message-group (RocketMQ 5 gRPC clients);
 * - `client`: java-4.9.3 (default) | java-5.3.3 for hash and round-robin;
 *   grpc-java (default) | grpc-nodejs-1.0.8 for message-group;
 * - `keys`: comma list (required but for round-robin); `key-type`: string (default) | int | long (hash);
 * - `messages`: how many sends for round-robin without keys (default 8); `start-index`: the send index's first value (default 0; Java picks it at random);
 * - `brokers`, `queues-per-broker`, `topic` as for rmq-allocation.
 */
export interface RmqProducer extends EmbedBase {
  /** Message keys (or message groups); overrides the keys attribute. */
  keys: readonly string[] | null;
}

/** One queue's cell in a grid. */
export interface GridCell {
  /** Colour index (class .oN, themable as --rmq-owner-N); -1: no owner (hatched); -2: neutral. */
  colour: number;
  /** The short tag drawn in the cell, e.g. 'C3' or 'C3+1'. */
  label: string;
  /** What a screen reader hears after "broker-a queue 3:", e.g. 'C3 10.0.0.1@123'. */
  text: string;
  /** Outlined (e.g. the queue changes owner). */
  moved?: boolean;
  /** Marked as owned more than once. */
  many?: boolean;
  /** Exposed as data-owners on the cell (comma-separated client IDs; highlight() matches them). */
  owners?: string;
  /** The small first line (default: the queue id), e.g. 'r/o 3'. */
  q?: string;
  /** A third line under the tag, e.g. 'C0→C1'. */
  sub?: string;
  /**
   * Space-separated marks added to the cell's part names ('cell ro'), so
   * the page styles them: `rmq-grid::part(ro) { border: 2px dashed }`.
   */
  mark?: string;
}

/** What renderGrid and <rmq-grid> draw. */
export interface GridModel {
  /** The queues in drawing order: one row per broker, in order of first appearance. */
  queues: readonly (MessageQueue | readonly [string, number])[];
  /** One per queue. */
  cells: readonly GridCell[];
  /** The table's (screen-reader) caption. */
  caption?: string;
  /** Small cells: the tag only (the queue id stays in the cell's label). */
  small?: boolean;
  /** <rmq-grid> only: legend entries under the grid. */
  legend?: readonly { colour: number; label: string; name: string; note?: string }[];
  legendLabel?: string;
}

/**
 * `<rmq-grid>`: just a grid (and legend) from `el.model`, in a shadow root
 * with the embed styles — the component the other elements and the
 * playground draw with. Attribute `scheme="light"` keeps it light under a
 * dark `prefers-color-scheme`. Parts for the page's CSS: `box`, `head` (a
 * broker's name), `cell` and each cell's marks; `--rmq-head-width` sets the
 * broker column (default: its longest name).
 */
export interface RmqGrid extends HTMLElement {
  model: GridModel | null;
  /** Outlines the cells whose data-owners include owner and dims the rest; null clears. */
  highlight(owner: string | null): void;
}

/**
 * Builds the grid as a <table role="grid"> (arrow keys move between cells).
 * Its styles are the embed stylesheets: use it inside an <rmq-grid> or a
 * shadow root that adopted them.
 */
export function renderGrid(model: GridModel): HTMLElement;

/** A legend (ordered list of coloured tags with their names). */
export function legend(entries: readonly { colour: number; label: string; name: string; note?: string; extra?: Node }[], label: string, max?: number): HTMLElement;

/**
 * Grid cells from an allocation: either ownerLists (per queue, the owners'
 * member positions) or owners (first owner per queue, -1 for none) with nown
 * (owner count per queue). palette maps a member position to its colour;
 * moved lists queue positions to outline; all draws every queue as read by
 * everyone (broadcasting).
 */
export function ownerCells(options: {
  members: readonly string[];
  ownerLists?: readonly (readonly number[])[];
  owners?: ArrayLike<number>;
  nown?: ArrayLike<number>;
  moved?: Iterable<number> | null;
  palette?: ArrayLike<number> | null;
  all?: boolean;
}): GridCell[];

/** The hue (0-360, as text) of member i's colour in the grids and legends: pages colour their own marks to match. */
export function hue(i: number): string;

/** The error of a bad attribute or property (shown inline, never thrown at the page). */
export class AttrError extends Error {
  attr: string;
}

export const RmqAllocation: { new(): RmqAllocation; prototype: RmqAllocation };
export const RmqRebalance: { new(): RmqRebalance; prototype: RmqRebalance };
export const RmqProducer: { new(): RmqProducer; prototype: RmqProducer };
export const RmqGrid: { new(): RmqGrid; prototype: RmqGrid };

declare global {
  interface HTMLElementTagNameMap {
    'rmq-allocation': RmqAllocation;
    'rmq-rebalance': RmqRebalance;
    'rmq-producer': RmqProducer;
    'rmq-grid': RmqGrid;
  }
}
