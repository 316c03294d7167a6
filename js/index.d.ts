// Type definitions for rmqalloc: Apache RocketMQ queue allocation and
// selection, exactly as the real clients compute it, in WebAssembly.
//
//   import { load } from 'rmqalloc';
//   const rmq = await load();
//   const topic = rmq.topic(queues);          // interned once, cheap to reuse
//   const plan = rmq.allocateAll({ strategy: { name: 'AVG' }, topic, consumers, sort: true });
//   plan.of('10.0.0.1@123');                  // → [{ topic, brokerName, queueId }, ...]
//
// Every failure is thrown as an Error (TypeError / RangeError where apt)
// carrying `code`, `javaClass` and `field`; see RmqError.

/**
 * Versions of the classic Java client that are reproduced. 5.3.4, 5.4.0,
 * 5.5.0 and 5.5.1 are the 5.3.3 behaviour (no change in the published
 * sources: README, "What is verified").
 */
export type JavaVersion = '4.9.3' | '5.3.3' | '5.3.4' | '5.4.0' | '5.5.0' | '5.5.1';

/** Every client profile of the conformance vectors. */
export type Profile = 'java-4.9.3' | 'java-5.3.3' | 'grpc-java' | 'grpc-nodejs-1.0.8' | 'go-client-2.1.2' | 'golang-5.1.4' | 'golang-5.1.4-fixed' | 'broker-5.3.3' | 'broker-5.5.0';

/** Profiles that allocate queues to consumers (allocate / allocateAll). */
export type AllocateProfile = 'java-4.9.3' | 'java-5.3.3' | 'go-client-2.1.2';

// BEGIN GENERATED strategies: internal/gentables from alloc's registry (make generate); do not edit.
/** Names of the consumer allocation strategies (Java's getName()). */
export type StrategyName =
  | 'AVG'
  | 'AVG_BY_CIRCLE'
  | 'CONSISTENT_HASH'
  | 'MACHINE_ROOM'
  | 'MACHINE_ROOM_NEARBY'
  | 'CONFIG';

/**
 * A consumer strategy, shaped as in the vectors' FORMAT.md.
 *
 * - `AVG`: contiguous runs: 10 queues, 4 consumers → 3, 3, 2, 2.
 * - `AVG_BY_CIRCLE`: round robin: consumer i gets queues i, i+C, i+2C and so on.
 * - `CONSISTENT_HASH`: an MD5 hash ring with virtualNodeCnt nodes per consumer.
 *   - `virtualNodeCnt`: nodes per consumer (default 10; negative → IllegalArgumentException).
 * - `MACHINE_ROOM`: the queues of brokers named room@broker whose room is the consumer's, shared as AVG.
 *   - `consumeridcs`: the consumers' rooms.
 * - `MACHINE_ROOM_NEARBY`: the inner strategy within each room; a room with no consumer is shared by all.
 *   - `inner`: the strategy run within each room.
 *   - `resolver`: a room is name.split(sep)[field] of a broker name or client ID.
 * - `CONFIG`: every consumer gets messageQueueList, whoever the members are.
 *   - `messageQueueList`: the queues (absent: Java's null list).
 */
export type StrategySpec =
  | { name: 'AVG' }
  | { name: 'AVG_BY_CIRCLE' }
  | { name: 'CONSISTENT_HASH'; virtualNodeCnt?: number }
  | { name: 'MACHINE_ROOM'; consumeridcs: readonly string[] }
  | { name: 'MACHINE_ROOM_NEARBY'; inner: StrategySpec; resolver: RoomResolver }
  | { name: 'CONFIG'; messageQueueList?: readonly MessageQueue[] | null };
// END GENERATED strategies

/**
 * A list of queues interned in the module once (`rmq.topic(queues)`), to be
 * passed as `topic` / `mqAll` to many calls without re-sending it. Release it
 * with `dispose()` (it is also released when garbage-collected).
 */
export interface Topic {
  /** The queues, in the order given; frozen objects, shared with results. */
  readonly queues: readonly MessageQueue[];
  readonly size: number;
  /** Frees the module's copy; later use throws ERR_DISPOSED. Idempotent. */
  dispose(): void;
}

/** Choose the client whose allocation is reproduced. Default: Java 4.9.3. */
export interface ClientOptions {
  /** Java client version ('4.9.3' default). Only MACHINE_ROOM's blank-cid check differs. */
  version?: JavaVersion;
  /**
   * Alternative to `version`: 'java-4.9.3', 'java-5.3.3' or 'go-client-2.1.2'
   * (the rocketmq-client-go v2 emulation: empty results instead of errors, a
   * different CONSISTENT_HASH ring, byte-order sorting ...).
   */
  profile?: AllocateProfile;
}

/** Java's `allocate(consumerGroup, currentCID, mqAll, cidAll)` for one consumer. */
export interface AllocateOptions extends ClientOptions {
  strategy: StrategySpec;
  /** Passed through like Java does; no strategy uses it. */
  consumerGroup?: string;
  /** The calling consumer; null and '' both mean "empty" (IllegalArgumentException). */
  currentCID: string | null;
  /** All queues of the topic (an interned Topic works too); null = Java null. */
  mqAll: readonly MessageQueue[] | Topic | null;
  /** All client IDs of the group; null = Java null. */
  cidAll: readonly string[] | null;
  /**
   * First sort copies of mqAll and cidAll as a rebalance does (default false): for the Java
   * profiles the JDK's own sort, which throws (javaClass `java.lang.IllegalArgumentException`,
   * "Comparison method violates its general contract!") on some lists of queue IDs more than
   * 2^31 apart, as the real consumer's rebalance does.
   */
  sort?: boolean;
}

/** The whole group's allocation at once. */
export interface AllocateAllOptions extends ClientOptions {
  strategy: StrategySpec;
  consumerGroup?: string;
  /** The queues: an interned Topic (fastest) ... */
  topic?: Topic;
  /** ... or a plain list (give exactly one of topic / mqAll). */
  mqAll?: readonly MessageQueue[];
  /**
   * cidAll: every client ID of the group (duplicates allowed, as in Java).
   * A big list (64+) passed again unchanged is not re-sent: the module keeps
   * a copy, checked against the array element by element on each call.
   */
  consumers: readonly string[];
  /** Sort queues and client IDs first, as a rebalance does (default false). */
  sort?: boolean;
}

/** Result of allocateAll: what every member's own allocate call returns. */
export interface Plan {
  /** Java's getName() of the strategy, e.g. 'MACHINE_ROOM_NEARBY-AVG' ('' for the go client). */
  readonly strategy: string;
  /** The queue list the strategy saw (sorted when `sort` was set); frozen objects, shared with `of()`'s results. */
  readonly queues: readonly MessageQueue[];
  /** Distinct client IDs, in the order the strategy saw them (sorted when `sort`). */
  readonly members: readonly string[];
  /** Queues of member `cid`, in the strategy's order; [] for a non-member; null when CONFIG has no list or the member's call failed. */
  of(cid: string): MessageQueue[] | null;
  /**
   * Same as `of` but as positions in `plan.queues` (no objects built; a new
   * array each call). A queue that is not in plan.queues (CONFIG's own
   * list) shows as a negative number. Empty for a non-member.
   */
  indexesOf(cid: string): Int32Array | null;
  /** The error member `cid`'s own call throws, or null. */
  error(cid: string): RmqError | null;
  /** Every member's queues: { [cid]: queues } (failed members are left out). */
  toObject(): Record<string, MessageQueue[] | null>;
}

/** Argument of SelectMessageQueueByHash. A number must be an int32 (Java Integer); a bigint is a Java Long. */
export type HashArg =
  | string
  | number
  | bigint
  | { type: 'string'; value: string }
  | { type: 'int'; value: number }
  | { type: 'long'; value: bigint | string | number };

export type SelectOptions =
  /** SelectMessageQueueByHash: index = |arg.hashCode() % n|. Empty mqs → ArithmeticException. */
  | { selector: 'hash'; mqs: readonly MessageQueue[] | Topic; arg: HashArg }
  /**
   * RocketMQ 5 gRPC clients' message-group selection: SipHash-2-4 of the
   * group. profile 'grpc-java' (default; also the Go gRPC client) or
   * 'grpc-nodejs-1.0.8' (byte-swapped hash, disagrees with Java).
   */
  | { selector: 'messageGroup'; mqs: readonly MessageQueue[] | Topic; messageGroup: string; profile?: 'grpc-java' | 'grpc-nodejs-1.0.8' }
  /**
   * RocketMQ 5.5 lite topics (RIP-83): the broker puts liteTopic on
   * mqs[Hashing.consistentHash(liteTopic.hashCode(), mqs.length)], mqs being
   * the parent topic's write queues (routeToQueues' publish list); the
   * queue's broker owns the lite topic. Empty mqs or liteTopic → ERR_INVALID_ARGUMENT.
   */
  | { selector: 'liteTopic'; mqs: readonly MessageQueue[] | Topic; liteTopic: string };

/** One send of rmq.goSelect. */
export interface GoSelectStep {
  topic: string;
  /** This send's list (default: the call's mqs). */
  mqs?: readonly MessageQueue[] | Topic;
  /** The broker of a failed attempt ('' or absent: none). */
  lastBrokerName?: string | null;
  /** hash: the message's sharding key ('' or absent: none). */
  shardingKey?: string | null;
  /** manual: the queue set on the message. */
  queue?: MessageQueue | null;
}

export interface GoSelectOptions {
  selector: 'roundRobin' | 'random' | 'hash' | 'manual';
  mqs: readonly MessageQueue[] | Topic;
  /** int64 seed of the random source (random, hash's fallback); default 0. */
  seed?: bigint | string | number;
  /** round robin's counters by topic (uint32), default 0. */
  startIndex?: Record<string, number>;
  steps: readonly GoSelectStep[];
}

export interface TakeMessageQueuesOptions {
  client: 'go-5.1.4' | 'go-fixed' | 'java';
  /** The publish queues in route order (Java: only writable master queues). */
  mqs: readonly MessageQueue[] | Topic;
  /** Each broker's addresses, "host:port". */
  endpoints?: Record<string, readonly string[]>;
  /** The index before the first send's increment (int32); default 0. */
  startIndex?: number;
  /**
   * Each send: the isolated endpoints (an address, or a broker's address
   * list: Go skips a broker when any address matches, Java when the whole
   * list does) and the attempts wanted (maxAttempts).
   */
  steps: readonly { isolated?: readonly (string | readonly string[])[]; count: number }[];
}

/** TopicRouteData.queueDatas entry. */
export interface QueueData {
  brokerName: string;
  readQueueNums: number;
  writeQueueNums: number;
  perm: number;
  topicSysFlag?: number;
}

/** TopicRouteData.brokerDatas entry; brokerAddrs keys are decimal broker ids ('0' = master). */
export interface BrokerData {
  cluster?: string;
  brokerName: string;
  brokerAddrs: Record<string, string>;
}

export interface TopicRouteData {
  queueDatas: readonly QueueData[];
  brokerDatas: readonly BrokerData[];
  orderTopicConf?: string | null;
}

export interface ProducerOptions {
  /** The topic's publish queues (4.9.3 with fault tolerance may rewrite elements of its own copy). */
  mqs: readonly MessageQueue[] | Topic;
  /** Java client version, default '4.9.3'. */
  version?: JavaVersion;
  /** sendLatencyFaultEnable; default false (plain round robin). */
  latencyFaultTolerance?: boolean;
  /** The send index's value before the first increment, any int32 (default: random like Java). */
  startIndex?: number;
  /** 4.9.3: start of the second index used when every broker is unavailable (default 0). */
  worstStartIndex?: number;
  /** 5.3.3: the k-th index reset takes resetValues[k] (default: random in [0, 2^31-2]). */
  resetValues?: readonly number[];
  /** 4.9.3: write queue counts per broker; default one entry per broker of mqs. */
  queueDatas?: readonly QueueData[];
  /** Clock in milliseconds for fault items (default Date.now); each call may also pass `now`. */
  clock?: () => number;
}

export interface ProducerSelectOptions {
  /** The broker of the previous failed attempt, or null. */
  lastBrokerName?: string | null;
  /** 5.3.3: reset the send index first (as a new send does). */
  resetIndex?: boolean;
  /** Time in ms for this call (overrides the clock). */
  now?: number;
}

export interface ProducerUpdateOptions {
  /** 5.3.3: whether the broker is reachable (default true). */
  reachable?: boolean;
  /** Time in ms for this call (overrides the clock). */
  now?: number;
}

/**
 * A producer's queue selector (MQFaultStrategy), stateful: its send index and
 * fault items live in the module until `dispose()`.
 */
export interface Producer {
  readonly version: JavaVersion;
  readonly latencyFaultTolerance: boolean;
  /** selectOneMessageQueue(topicPublishInfo, lastBrokerName). Empty mqs → ArithmeticException. */
  select(options?: ProducerSelectOptions | string | null): MessageQueue;
  /** updateFaultItem(brokerName, currentLatency, isolation). */
  update(brokerName: string, latency: number, isolation: boolean, options?: ProducerUpdateOptions): void;
  /**
   * Puts the producer back as created: send index at startIndex (or a new
   * random one), no fault items, the original queue list, resetValues from
   * the first. (5.3.3's per-send index reset is `select({ resetIndex: true })`.)
   */
  reset(): void;
  /** The send index's current value (before its next increment). */
  sendIndex(): number;
  /** The producer's current queue list (4.9.3 may have rewritten elements). */
  queues(): MessageQueue[];
  /** The fault items, as the module holds them. */
  faultItems(): FaultItem[];
  /** Frees the module state; later calls throw ERR_DISPOSED. Idempotent. */
  dispose(): void;
}

// BEGIN GENERATED boundary: internal/gentables from internal/wireschema (make generate); do not edit.
/** Error codes carried by every thrown error (`err.code`). */
export type ErrorCode =
  /** An argument the Java client rejects, or a JS value of the wrong type/range. */
  | 'ERR_INVALID_ARGUMENT'
  /** Java would throw ArrayIndexOutOfBoundsException. */
  | 'ERR_INDEX_OUT_OF_RANGE'
  /** Java would throw ArithmeticException (e.g. selecting from no queues). */
  | 'ERR_ARITHMETIC'
  /** Java's Integer.parseInt would throw NumberFormatException. */
  | 'ERR_NUMBER_FORMAT'
  /** The go client would panic (0 virtual nodes in its CONSISTENT_HASH). */
  | 'ERR_PANIC'
  /** Beyond a size limit of this port where Java has none (a ring of more than 2^22 nodes, a route of more than 1,048,576 queues, NEARBY nested deeper than 16); javaClass is null. */
  | 'ERR_LIMIT'
  /** The operation does not exist for this version/profile, or needs the full module: on the core one, rmq.analysis.*, rmq.doctor, rmq.parse.*, routeToQueues with the route as text, queryAssignment, proxyAssignment and allocationPath throw it, with a message saying load({ analysis: true }). */
  | 'ERR_UNSUPPORTED'
  /** A Topic or Producer used after dispose(). */
  | 'ERR_DISPOSED'
  /** A bug in rmqalloc (a recovered Go panic); please report it. */
  | 'ERR_INTERNAL'
  /** A pasted text cannot be read (a route, mqadmin output): the error's `box`, `line` and `column` say where, its message what was expected (wasm/input_errors.go). */
  | 'ERR_BAD_INPUT'
  /** rmq.live: the cluster could not be read (field: the kind of failure, the message names the address). */
  | 'ERR_CLUSTER'
  /** rmq.proxyAssignment: the gRPC proxy answers FORBIDDEN "no readable queue". */
  | 'ERR_FORBIDDEN'
  /** rmq.proxyAssignment: the gRPC proxy throws (javaClass says what) and answers INTERNAL_SERVER_ERROR. */
  | 'ERR_INTERNAL_SERVER_ERROR'
  /** The WebAssembly program has exited; call load() again for a fresh instance (thrown by the JS package itself). */
  | 'ERR_MODULE_EXITED'
  /** load()/init() could not fetch, compile or start the module (thrown by the JS package itself). */
  | 'ERR_LOAD_FAILED';

/** Java's MessageRequestMode. */
export type MessageRequestMode =
  /** The client pulls from the queues it is assigned. */
  | 'PULL'
  /** The broker pops messages of shared queues to the client. */
  | 'POP';

/** A message queue: Java's MessageQueue. `queueId` is any int32 (negative ids are valid). */
export interface MessageQueue {
  readonly topic: string;
  readonly brokerName: string;
  readonly queueId: number;
}

/** A request frame of a live read to carry to `addr` on a connection of its own (LiveSession). */
export interface LiveRequest {
  /** Its number: hand the answer back with handle(id, ...). */
  id: number;
  /** Where to send it, host:port. */
  addr: string;
  /** The whole RocketMQ remoting frame to write. */
  frame: Uint8Array;
  /** What the call asks, for messages ("route of T_ORDER"). */
  what: string;
}

/** One queue read of a pop request (frozen). */
export interface PriorityRead {
  /** From the group's retry topic. */
  readonly retry: boolean;
  /** Queue of that topic. */
  readonly queueId: number;
  /** Messages taken. */
  readonly count: number;
}

/** A strategy the module knows, with its options. */
export interface StrategyInfo {
  readonly name: StrategyName;
  /** Names of the spec fields it reads besides `name`. */
  readonly options: string[];
}

/** A profile the module reproduces, with the operations it supports. */
export interface ProfileInfo {
  readonly name: Profile;
  readonly ops: string[];
}

/** A client an allocate request names, with the Java versions that name it too. */
export interface ClientInfo {
  readonly profile: AllocateProfile;
  readonly versions: string[];
}

/** A fault item of the latency fault tolerance. */
export interface FaultItem {
  brokerName: string;
  currentLatency: number;
  startTimestamp: number;
  /** 5.3.3 only. */
  reachable?: boolean;
}

/** NEARBY's room resolver: room = name.split(sep)[field], Java's split: sep is a java.util.regex pattern, trailing empty pieces dropped. */
export interface RoomResolver {
  sep: string;
  /** Field of brokerName that names a queue's room (int ≥ 0). */
  brokerField: number;
  /** Field of the client ID that names a consumer's room (int ≥ 0). */
  consumerField: number;
}

/** Where a consumer's queues are decided, and why. */
export interface AllocationPath {
  /** 'client': it rebalances itself; 'broker': QUERY_ASSIGNMENT; 'proxy': the gRPC proxy assigns. */
  path: 'client' | 'broker' | 'proxy';
  /** The broker path with a strategy the broker does not run: the consumer gets no queues. */
  noAssignment: boolean;
  reason: string;
}

/** What the broker decided for one POP request. */
export interface PriorityDecision {
  /** Scan from the highest-priority queue (offset 0). */
  priorityMode: boolean;
  retryFirst: boolean;
  retryAfter: boolean;
  /** Rotation offset of the queue scan. */
  offset: number;
}

/** MQClientInstance.topicRouteData2TopicPublishInfo / ...SubscribeInfo. */
export interface RouteQueues {
  /** Publish queues, in the producer's order. */
  publish: MessageQueue[];
  /** Subscribe queues, de-duplicated and sorted. */
  subscribe: MessageQueue[];
}

/** rmq.takeMessageQueues' answer. */
export interface TakeMessageQueuesResult {
  /** Each step's candidates: attempt k of the send goes to steps[i][(k-1) % length]. */
  steps: MessageQueue[][];
  /** The balancer's index after the last step. */
  index: number;
}

// END GENERATED boundary

/** Shape of every error thrown by rmqalloc (an Error, TypeError or RangeError). */
export interface RmqError extends Error {
  code: ErrorCode;
  /** Simple name of the exception the Java client throws in the same case ('IllegalArgumentException' ...), or null when Java has no counterpart (e.g. a JS type error). */
  javaClass: string | null;
  /** The argument at fault, e.g. 'mqAll[3].queueId', or null. */
  field: string | null;
  /**
   * ERR_BAD_INPUT only: the text at fault ('route', 'route[1]',
   * 'connection', 'progress', 'status[2]', 'strategy', 'profile'; for
   * rmq.parse.* the format: 'route', 'connection', 'progress', 'status').
   * The same as `field`.
   */
  box?: string;
  /** ERR_BAD_INPUT only: 1-based line of the text, 0 when the whole text is at fault. */
  line?: number;
  /** ERR_BAD_INPUT only: 1-based column, 0 when the whole line is at fault. */
  column?: number;
}

/** True when `e` is an error thrown by rmqalloc. */
export function isRmqError(e: unknown): e is RmqError;

/** A loaded module instance. */
export interface Rmq {
  /** rmqalloc's version (the package's). */
  readonly version: string;
  /**
   * Hash of the module's wire schema (the wire tables and every declared
   * operation's request and response layout, internal/wireschema); load()
   * refuses a module whose hash differs from the package's, with
   * ERR_LOAD_FAILED naming both versions and hashes.
   */
  readonly tablesHash: string;
  /**
   * Which module is loaded, as the module itself reports it: 'core'
   * (rmqalloc.wasm, the default of load()) or 'full' (rmqalloc-full.wasm,
   * loaded by load({ analysis: true }): the same plus rmq.analysis,
   * rmq.doctor, rmq.parse, routes as text and the broker-side assignment)
   * or 'analysis' (rmqalloc-analysis.wasm, load({ analysis: true, doctor:
   * false }): the full one without the doctor, mqadmin's consumer texts
   * and the live read).
   */
  readonly build: 'core' | 'full' | 'analysis';
  /** The consumer strategies. */
  readonly strategies: readonly StrategyInfo[];
  /** The profiles and their ops. */
  readonly profiles: readonly ProfileInfo[];
  /**
   * The clients allocate, allocateAll and strategyName run (options.profile),
   * each with the Java versions that name it too (options.version; 5.3.4
   * to 5.5.1 run as 5.3.3).
   */
  readonly clients: readonly ClientInfo[];
  /** False once the Go program has exited (every call then throws ERR_MODULE_EXITED). */
  readonly alive: boolean;

  /** Interns a queue list in the module once; pass it as `topic`/`mqAll`/`mqs` to later calls. */
  topic(queues: readonly MessageQueue[]): Topic;

  /**
   * Java's getName() of the strategy spec describes, e.g.
   * 'MACHINE_ROOM_NEARBY-AVG'. Throws what building it throws (a negative
   * virtualNodeCnt: IllegalArgumentException "illegal virtualNodeCnt :-1").
   */
  strategyName(strategy: StrategySpec, options?: ClientOptions): string;

  /** One consumer's share: Java's allocate(). null only for CONFIG without a list. */
  allocate(options: AllocateOptions): MessageQueue[] | null;

  /** Every member's share at once (much faster than one allocate per member). */
  allocateAll(options: AllocateAllOptions): Plan;

  /** Producer-side stateless selectors: hash, gRPC message group, lite topic. */
  select(options: SelectOptions): MessageQueue;
  /**
   * RocketMQ 5.4+ priority messages (RIP-80): the broker stores a message of
   * priority p sent to `queue` on queue min(p, writeQueueNums - 1) of the same
   * broker (writeQueueNums: that broker's topic config). p < 0 → IllegalArgumentException.
   */
  priorityQueue(options: { queue: MessageQueue; priority: number; writeQueueNums: number }): MessageQueue;
  /** Guava's Hashing.consistentHash(input, buckets) (jump consistent hash); buckets must be positive. */
  consistentHash(input: bigint | string | number, buckets: number): number;

  /**
   * Full module only (load({ analysis: true }); the core one throws
   * ERR_UNSUPPORTED), as are priorityOrder and priorityDrain.
   * RocketMQ 5.4 priority topics, consumer side (alloc/priority): how the
   * broker serves one POP request. path 'file' (default: PopMessageProcessor)
   * takes randomQ, the broker's random.nextInt(100) for the request; path
   * 'kv' (popConsumerKVServiceEnable) takes requestCount, the group@topic
   * counter before it. Defaults: priorityTopic true, order false,
   * priorityFactor 100, popFromRetryProbability 20,
   * popFromRetryProbabilityForPriority 0. A value out of range → Error with
   * javaClass 'IllegalArgumentException' and field its name.
   */
  priorityDecide(options: PriorityDecideOptions): PriorityDecision;
  /**
   * The queue ids one POP request visits, in order: visit i is queue
   * (base + offset) % readQueueNums, base readQueueNums-1-i with
   * priorityOrderAsc (default true), i otherwise. offset (default 0) below
   * 100 on path 'file'; on 'kv' the sum wraps as the broker's int cast does.
   */
  priorityOrder(options: { readQueueNums: number; offset?: number; priorityOrderAsc?: boolean; path?: PriorityPath }): number[];
  /**
   * The queue reads of one all-queue POP request of up to maxMsgNums
   * messages: the retry topic first if decision.retryFirst, then the
   * topic's queues in priorityOrder, then the retry topic if
   * decision.retryAfter; each queue gives at most what the batch still
   * lacks. topic and retry are backlogs per queue id (retry omitted or
   * null: no retry topic); queues that gave nothing are left out.
   */
  priorityDrain(options: PriorityDrainOptions): PriorityRead[];

  /**
   * Full module only (load({ analysis: true }); the core one throws
   * ERR_UNSUPPORTED), as are goSelect and takeMessageQueues.
   * rocketmq-client-go v2.1.2's publish list of a route: queue datas in the
   * order its index comparator (i-j >= 0) leaves them under Go's sort
   * (reversed up to 12 entries), orderTopicConf ignored, writable entries
   * with a master address. queueDatas null → Error with javaClass 'error';
   * a brokerAddrs null → code ERR_PANIC (the client's decoder panics).
   * producer: true gives the list a v2.1.2 producer's selector really gets
   * for a topic its client looks up for the first time (the client sorts
   * the route in place and converts it twice, so up to 12 queue datas it
   * sends in the route's own order; checked against a real producer on the
   * live layer); the default is the one conversion (the vectors' call).
   */
  goPublishQueues(options: { topic: string; route: TopicRouteData; producer?: boolean }): MessageQueue[];
  /**
   * rocketmq-client-go v2.1.2's QueueSelectors over a sequence of sends
   * (one selector, fresh state): round robin (per-topic uint32 counters from
   * startIndex, default 0, incremented before use; lastBrokerName avoided),
   * random (Go's math/rand seeded with seed), hash (FNV-1a of the sharding
   * key; none → the random fallback seeded with seed), manual (the step's
   * queue, null when none). An empty list → code ERR_PANIC.
   */
  goSelect(options: GoSelectOptions): (MessageQueue | null)[];
  /**
   * The RocketMQ 5 gRPC producers' TakeMessageQueues over a sequence of
   * sends: each step's candidates (distinct brokers, isolated endpoints
   * skipped, all isolated → the same walk unskipped); attempt k of a send
   * goes to candidates[(k-1) % length]. client 'go-5.1.4' (golang/v5 up to
   * v5.1.4: one position per pass, so one candidate), 'go-fixed'
   * (apache/rocketmq-clients #1324) or 'java'. index: the balancer's index
   * after the last step.
   */
  takeMessageQueues(options: TakeMessageQueuesOptions): TakeMessageQueuesResult;

  /** A stateful producer selector (round robin, or latency fault tolerance). */
  producer(options: ProducerOptions): Producer;

  /**
   * Publish and subscribe queues of a topic route: the route object, or
   * the text `mqadmin topicRoute -t TOPIC` prints as it is (fastjson:
   * unquoted integer keys, log lines before it; standard JSON works too).
   * A text that cannot be read throws ERR_BAD_INPUT with box 'route'.
   * Routes as text need the full module (load({ analysis: true })); the
   * core module throws ERR_UNSUPPORTED for them and takes route objects.
   */
  routeToQueues(options: { topic: string; route: TopicRouteData | string }): RouteQueues;

  /**
   * Diagnoses a live consumer group from what `mqadmin` prints: which
   * queues are owned wrongly, and why. Full module only (load({ analysis:
   * true })); on the core module it throws ERR_UNSUPPORTED saying so.
   * Text that cannot be read throws ERR_BAD_INPUT naming the box and line.
   * options.format 'text' or 'json' returns only that form of the report
   * (with its ok flag), skipping the other's cost on big groups: the
   * `rmqalloc doctor` command prints these. options.width: the columns
   * the text is fitted in (default 80).
   */
  doctor(input: DoctorInput): DoctorReport;
  doctor(input: DoctorInput, options: { format: 'report'; width?: number }): DoctorReport;
  doctor(input: DoctorInput, options: { format: 'text'; width?: number }): { ok: boolean; judged: boolean; text: string };
  doctor(input: DoctorInput, options: { format: 'json' }): { ok: boolean; judged: boolean; json: string };
  /**
   * Several snapshots of one group (any order: they are sorted by `at`):
   * the last one's diagnosis plus `timeline`, what changed over time.
   * `ok` is then the last snapshot's and the timeline's. A snapshot's text
   * that cannot be read throws ERR_BAD_INPUT with box 'snapshot[i].BOX'.
   */
  doctor(input: readonly DoctorSnapshot[]): DoctorReport & { timeline: DoctorTimeline };
  doctor(input: readonly DoctorSnapshot[], options: { format: 'report'; width?: number }): DoctorReport & { timeline: DoctorTimeline };
  doctor(input: readonly DoctorSnapshot[], options: { format: 'text'; width?: number }): { ok: boolean; judged: boolean; text: string };
  doctor(input: readonly DoctorSnapshot[], options: { format: 'json' }): { ok: boolean; judged: boolean; json: string };

  /**
   * Readers of what `mqadmin` prints, one per command. Full module only
   * (load({ analysis: true })); on the core module each throws
   * ERR_UNSUPPORTED saying so.
   * Text that cannot be read throws ERR_BAD_INPUT (box: the format, line,
   * column); nothing half read is returned.
   */
  readonly parse: Parsers;

  /**
   * The live read behind `rmqalloc doctor --namesrv` (full module only):
   * start() gives the request frames to send, each to its address on a
   * connection of its own; handle() takes each answer (or failure) and
   * gives the next requests; once done, result() is the snapshot as the
   * files of a saved folder. Failures throw ERR_CLUSTER (field: the kind,
   * message naming the address). js/bin/live.js carries the frames over
   * node:net (node:tls with --tls). With credentials (a cluster with ACL
   * on) the module signs every request (ACL 1.0 and 2.0 alike).
   */
  readonly live: {
    start(options: {
      namesrv: string;
      group: string;
      topics?: string[];
      now?: number;
      zoneOffset?: number;
      credentials?: { accessKey: string; secretKey: string } | null;
    }): LiveSession;
  };

  /**
   * Analyses over whole-group plans: stats, diffs, scenarios, inconsistent
   * views, mixed clients, the strategy comparison. Full module only (`build === 'full'`, from
   * load({ analysis: true })): on the core module every method throws an
   * RmqError with code 'ERR_UNSUPPORTED' and message
   * "rmq.analysis needs the full module: load({ analysis: true })", and the
   * instance stays usable.
   */
  readonly analysis: Analysis;

  /** Stops the Go program and frees everything; later calls throw ERR_MODULE_EXITED. */
  exit(): Promise<void>;
}

/** A strategy for the analyses: a spec, optionally for another client. */
export type AnalysisStrategy = StrategySpec & ClientOptions;

/** Options shared by the analyses. */
export interface AnalysisOptions {
  /** Sort queues and client IDs as each strategy's client does first (default false). */
  sort?: boolean;
  /** Rooms for Stats.rooms / Stats.locality: room = name.split(sep)[field]. */
  rooms?: RoomResolver;
}

/** Input of one plan. */
export interface PlanInput extends AnalysisOptions {
  strategy: AnalysisStrategy;
  queues: readonly MessageQueue[] | Topic;
  /** cidAll: the group's client IDs. */
  members: readonly string[];
}

/** A group's assignment by position: shares[m] are positions in queues of what members[m] gets. */
export interface AnalysisPlan {
  /** Java getName(), prefixed 'go:' for a Go-client strategy. */
  strategy: string;
  client: 'java' | 'go';
  queues: MessageQueue[];
  /** Distinct client IDs. */
  members: string[];
  shares: number[][];
  /** Members whose own allocate call failed (member = position in members). */
  errors: { member: number; javaClass: string; message: string }[];
  stats: PlanStats;
}

/**
 * A plan answered by position (plan/diff with `positions: true`): no
 * queue objects; every queue is its position in the list the plan was
 * given (`queues` of its PlanInput, or the Topic's `queues`).
 */
export interface AnalysisPlanByPosition {
  strategy: string;
  client: 'java' | 'go';
  members: string[];
  /**
   * The plan's queue order (Java's rebalance order with `sort`) as given
   * positions: the plan's k-th queue is given[order[k]]. A permutation of
   * 0..n−1.
   */
  order: Int32Array;
  /** shares[m]: given positions of what members[m] gets, in the plan's order (views of one buffer). */
  shares: Int32Array[];
  errors: { member: number; javaClass: string; message: string }[];
  stats: PlanStats;
}

/** PlanDiff by position: movedQueues and gained are given positions in `to`'s list, lost in `from`'s, in plan order. */
export interface PlanDiffByPosition extends Omit<PlanDiff, 'movedQueues' | 'members'> {
  movedQueues: Int32Array;
  members: { member: string; inFrom: boolean; inTo: boolean; gained: Int32Array; lost: Int32Array }[];
}

export interface PlanStats {
  queues: number;
  members: number;
  /** Queues with at least one owner. */
  assigned: number;
  /** Queues nobody consumes. */
  orphaned: number;
  /** Queues with two or more owners (consumed twice). */
  shared: number;
  perMember: number[];
  min: number;
  max: number;
  mean: number;
  stdDev: number;
  /** ceil(queues / members). */
  ideal: number;
  /** max(0, max − ideal). */
  balanceGap: number;
  /** Members (positions) with no queue. */
  idle: number[];
  brokers: { broker: string; queues: number; orphaned: number; consumers: number; maxPerConsumer: number }[];
  hasRooms: boolean;
  rooms: { room: string; queues: number; members: number; local: number; remote: number; orphaned: number }[];
  /** Share of assigned queues consumed by a member of the queue's own room. */
  locality: number;
}

/** What changes between two plans (positions: movedQueues/gained in `to`'s queues, lost in `from`'s). */
export interface PlanDiff {
  from: string;
  to: string;
  common: number;
  kept: number;
  moved: number;
  added: number;
  removed: number;
  /** The least any balanced assignment of `to` could move. */
  minMoves: number;
  /** moved − minMoves. */
  excess: number;
  movedQueues: number[];
  members: { member: string; inFrom: boolean; inTo: boolean; gained: number[]; lost: number[] }[];
}

export type ChangeKind = 'join' | 'leave' | 'crash' | 'queues' | 'addBroker' | 'removeBroker';

/** A topic and group followed by changes. */
export interface Scenario {
  topic: string;
  brokers: string[];
  queuesPerBroker: number;
  members: string[];
  changes?: { kind: ChangeKind; members?: string[]; broker?: string; queues?: number }[];
}

export interface ScenarioResult {
  /** Label of each strategy. */
  strategies: string[];
  /** The initial state, then one step per change; plans[s]/diffs[s] belong to strategies[s]. */
  steps: {
    change: { kind: ChangeKind | ''; members: string[] | null; broker: string; queues: number };
    queues: number;
    members: string[];
    crashed: string[];
    plans: AnalysisPlan[];
    diffs: PlanDiff[] | null;
    unconsumed: number[];
  }[];
  totals: {
    strategy: string;
    moved: number;
    minMoves: number;
    excess: number;
    maxBalanceGap: number;
    maxSpread: number;
    maxOrphaned: number;
    errors: number;
  }[];
}

/** Consumers that each run their own strategy on their own view of the group. */
export interface ViewsResult {
  /** Every consumer's own share, side by side. */
  combined: AnalysisPlan;
  /** Per consumer: the label of its strategy. */
  strategies: string[];
  /** Queues two or more consumers take (positions in combined.queues / combined.members). */
  doubleOwned: { queue: number; owners: number[] }[];
  /** Queues nobody takes. */
  orphaned: number[];
}

/**
 * Analyses over whole-group plans (alloc/analysis). Results are plain
 * JSON-shaped objects. Only the full module has them (load({ analysis: true }));
 * on the core module every method throws ERR_UNSUPPORTED.
 */
export interface Analysis {
  /** One plan with its statistics. */
  plan(options: PlanInput & { positions?: false }): AnalysisPlan;
  /**
   * positions: true — the plan by position: no queue objects cross the
   * module boundary, typed arrays of positions in the given list instead
   * (much faster on big topics; pass an interned rmq.topic() to keep the
   * queues on the module's side too).
   */
  plan(options: PlanInput & { positions: true }): AnalysisPlanByPosition;
  /** Two plans and what moves between them (e.g. before/after a consumer joins). */
  diff(options: { from: PlanInput; to: PlanInput; positions?: false }): { from: AnalysisPlan; to: AnalysisPlan; diff: PlanDiff };
  /** positions: true — both plans and the diff by position (see plan). */
  diff(options: { from: PlanInput; to: PlanInput; positions: true }): { from: AnalysisPlanByPosition; to: AnalysisPlanByPosition; diff: PlanDiffByPosition };
  /** Runs a scenario under every strategy side by side (sort defaults to true here). */
  scenario(options: { scenario: Scenario; strategies: AnalysisStrategy[]; sort?: boolean }): ScenarioResult;
  /** Inconsistent views: each consumer allocates on its own member list (views[i].members; absent = the group's). */
  views(options: AnalysisOptions & {
    strategies: AnalysisStrategy[];
    queues: readonly MessageQueue[] | Topic;
    members: readonly string[];
    views: { member: string; members?: readonly string[] | null; strategy?: number }[];
  }): ViewsResult;
  /** Only `subscribers` subscribe, but everybody counts all members: the others' shares are orphaned. */
  subscription(options: AnalysisOptions & {
    strategy: AnalysisStrategy;
    queues: readonly MessageQueue[] | Topic;
    members: readonly string[];
    subscribers: readonly string[];
  }): ViewsResult;
  /** A group mixing Java and Go consumers: each runs its own client's strategy and sort. */
  mixed(options: AnalysisOptions & {
    java: StrategySpec;
    go: StrategySpec;
    queues: readonly MessageQueue[] | Topic;
    members: readonly { id: string; client: 'java' | 'go' }[];
  }): ViewsResult;
  /**
   * Every strategy rmqalloc models and the candidates (RENDEZVOUS,
   * BOUNDED_LOAD, STICKY) on one group: `queues` queues on `brokers`
   * brokers (queues a multiple of brokers) and `members` consumers
   * (1..1024); balance, queues moved on a join, a leave, a rolling restart,
   * a broker added and the queues doubled, and the worst-case double
   * consumption (the README's "Strategies compared").
   */
  compare(options: { queues: number; brokers: number; members: number }): CompareResult;
}

/** One change of a comparison: queues moved, the least from this plan, and double consumption. */
export interface CompareMove {
  change: 'join' | 'leave' | 'restart' | 'addBroker' | 'double';
  moved: number;
  minMoves: number;
  /** Moved queues whose old owner keeps running (a member that left does not). */
  overlap: number;
  /** overlap × the change's window (5 s for membership, 55 s for route changes). */
  dupQueueSeconds: number;
}

/** analysis.compare's answer. */
export interface CompareResult {
  group: { queues: number; brokers: number; members: number };
  /** The change names, in the order of least and of each row's changes. */
  changes: CompareMove['change'][];
  /** Per change, the least any balanced plan moves from a balanced plan. */
  least: number[];
  rows: {
    label: string;
    strategy: string;
    min: number;
    max: number;
    mean: number;
    changes: CompareMove[];
    dupQueueSeconds: number;
    errors: number;
  }[];
  /** The table as Markdown, as the README publishes it. */
  markdown: string;
}

/**
 * Which module to load and how to find it. Node default: rmqalloc.wasm
 * (rmqalloc-full.wasm with `analysis: true`) beside this file; browser
 * default: new URL('./rmqalloc.wasm', import.meta.url) (resp.
 * './rmqalloc-full.wasm').
 */
export interface InitOptions {
  /**
   * true: load the full module (rmqalloc-full.wasm), which adds
   * rmq.analysis, rmq.doctor, rmq.parse, routes as text and
   * queryAssignment / proxyAssignment / allocationPath; false or absent:
   * the core one (rmqalloc.wasm, smaller).
   * Each has its own instance. With `analysis: true`, wasmURL, wasmModule or
   * bytes must be the full module (else ERR_LOAD_FAILED).
   */
  analysis?: boolean;
  /**
   * With `analysis: true`, false loads the analysis module
   * (rmqalloc-analysis.wasm): the full one without rmq.doctor, the
   * rmq.parse.consumer* texts and the live read (they throw
   * ERR_UNSUPPORTED), half its size, so it compiles and starts in about half the time. Its own
   * instance; wasmURL, wasmModule or bytes must be that module. Only
   * with `analysis: true`.
   */
  doctor?: boolean;
  /** URL (browser, worker) or file path/URL (Node) of the module (rmqalloc.wasm, rmqalloc-full.wasm with `analysis: true`, rmqalloc-analysis.wasm with `doctor: false` too). */
  wasmURL?: string | URL;
  /** An already compiled module (a WebAssembly.Module). */
  wasmModule?: CompiledWasmModule;
  /** The module's bytes (an ArrayBuffer or a view of one, such as a Node Buffer). */
  bytes?: ArrayBuffer | ArrayBufferView;
}

/**
 * WebAssembly.Module where the program's lib declares it ("dom",
 * "webworker"); else any object. Neither lib ["es2022"] nor @types/node
 * declares the WebAssembly namespace, and these types must not require DOM.
 */
export type CompiledWasmModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: never[]) => infer M } } ? M : object;

/**
 * Loads the module (once per build): later calls return the same instance,
 * { analysis: true } the full module's. After a failed load, or after the
 * instance exited, a call starts afresh.
 */
export function load(options?: InitOptions): Promise<Rmq>;

/** Same as load() (esbuild-style name). */
export function init(options?: InitOptions): Promise<Rmq>;

/** The package version. */
export const version: string;

// ---- RocketMQ 5 server-side assignment (alloc/broker) ----

/** Inputs of the broker's QUERY_ASSIGNMENT (RocketMQ 5.3.3). */
export interface QueryAssignmentOptions {
  topic: string;
  consumerGroup?: string;
  /** Default 'CLUSTERING'. */
  messageModel?: 'CLUSTERING' | 'BROADCASTING';
  /** The client strategy's getName(); the broker runs only 'AVG' and 'AVG_BY_CIRCLE' (others: no assignment). */
  strategyName: string | null;
  /** Broker setting, default true; false: everybody gets the whole subscribe set. */
  serverLoadBalancerEnable?: boolean;
  /** Broker setting defaultMessageRequestMode, default 'PULL'. */
  brokerDefaultMode?: MessageRequestMode;
  /** Broker setting defaultPopShareQueueNum, default -1. */
  brokerDefaultPopShareQueueNum?: number;
  /** What `mqadmin setConsumeMode` set for this topic and group; null/absent: nothing. */
  configuredMode?: { mode: MessageRequestMode; popShareQueueNum?: number } | null;
  /** The topic's subscribe set, any order; null: the broker knows no route. */
  mqAll: readonly MessageQueue[] | Topic | null;
  /** The group's client IDs as the broker lists them (duplicates kept); null: unknown group. */
  cidAll: readonly string[] | null;
  /** Who asks; default: every ID of cidAll. */
  clientIds?: readonly string[];
}

/** The broker's answer to one client. */
export interface BrokerAssignment {
  mode: MessageRequestMode;
  /**
   * The assigned set, sorted like MessageQueue.compareTo. queueId -1 means
   * every queue of that broker (POP). null: no assignment (the client keeps
   * what it had); []: nothing.
   */
  queues: MessageQueue[] | null;
  /** Which rule produced the answer, in a few words. */
  reason: string;
}

export interface QueryAssignmentResult {
  /** The mode the broker answers with (setConsumeMode, else PULL for %RETRY% topics, else its default). */
  mode: MessageRequestMode;
  /** The share count used in POP mode (0 for PULL unless configured). */
  popShareQueueNum: number;
  /** The answer per client ID. */
  results: Record<string, BrokerAssignment>;
}

export interface Rmq {
  /**
   * The broker's answer to QUERY_ASSIGNMENT, for each client, as 5.3.3
   * computes it: PULL runs the strategy as a client would; POP shares
   * queues with the next popShareQueueNum clients, or hands out queue -1
   * ("all queues of the broker") when popShareQueueNum <= 0 or
   * >= clients - 1. Full module only (load({ analysis: true })), as are
   * proxyAssignment and allocationPath: the core module throws
   * ERR_UNSUPPORTED.
   */
  queryAssignment(options: QueryAssignmentOptions): QueryAssignmentResult;

  /**
   * What every gRPC push consumer of the group gets from the proxy: one
   * queue -1 per readable broker (with a master), in route order, or every
   * read queue for a FIFO (orderly) group. Throws ERR_FORBIDDEN "no
   * readable queue" when there is none.
   */
  proxyAssignment(options: { topic: string; route: TopicRouteData; orderly?: boolean }): MessageQueue[];

  /**
   * Which path a consumer's settings select. Defaults: client 'push',
   * clientRebalance true, orderly false, 'CLUSTERING', strategyName 'AVG'.
   */
  allocationPath(options?: {
    client?: 'push' | 'pull' | 'grpc';
    clientRebalance?: boolean;
    orderly?: boolean;
    messageModel?: 'CLUSTERING' | 'BROADCASTING';
    strategyName?: string | null;
  }): AllocationPath;
}

/** The texts rmq.doctor reads, each as the tool printed it. */
export interface DoctorInput {
  /**
   * `mqadmin topicRoute -t TOPIC`: one text, or one per topic (the topic is
   * found from the connection and progress when not given).
   */
  route: string | readonly (string | { topic?: string; text: string })[];
  /** `mqadmin consumerConnection -g GROUP`, or its error when it failed (CODE: 206 ... not online: the group is offline). */
  connection: string;
  /**
   * `mqadmin consumerProgress -g GROUP -s true` or its `-t TOPIC -c CLUSTER -s true` form (without -s true the owners
   * are unknown; optional with status files), or its error (CODE: 3 ... 351 not supported: the doctor says what to run).
   */
  progress?: string;
  /**
   * The files `mqadmin consumerStatus -g GROUP` writes, one per client:
   * a text, texts, { name, text } pairs or a record of file name (client ID)
   * to text, each one client's (two clients' texts in one string throw
   * ERR_BAD_INPUT at the second's first line: pass them apart). Optional;
   * with them the owners are known by client ID.
   */
  status?: string | readonly (string | { name?: string; text: string })[] | Readonly<Record<string, string>>;
  /** Strategy of members whose status does not name one (StrategyName); default AVG. */
  strategy?: string;
  /** One client for every member; default: from each connection's Language/Version. */
  profile?: AllocateProfile;
  /** When the outputs were taken (RFC 3339, UTC); dates the stuck-consumer check. Default: the newest #LastTime. */
  capturedAt?: string;
  /**
   * What consumerProgress printed on stderr beside its output (progress.err; a live read saves there the brokers
   * that did not answer): their queues are unknown, not unowned. A failure given as `progress` is read the same way.
   */
  progressErr?: string;
  /** What consumerStatus printed on stderr (status/stderr.txt): members that did not answer (CODE 207) are named, their queues unknown. */
  statusErr?: string;
  /**
   * `mqadmin topicStatus -t TOPIC` outputs (a text: the first route's topic; or { topic, text } each): the messages in
   * queues written but not read (writeQueueNums > readQueueNums) show there only (STRANDED_MESSAGES).
   */
  topicStatus?: string | readonly (string | { topic?: string; text: string })[];
  /**
   * How long a held queue with messages waiting may go without a consumption before its owner is CONSUMER_STUCK:
   * a duration of at least 1s ("90s", "2m"). Default 5m.
   */
  stuckAfter?: string;
}

/** One snapshot of a series for rmq.doctor([...]): the texts of one moment and when they were taken. */
export interface DoctorSnapshot extends DoctorInput {
  /** When it was captured: a Date, ms since the epoch, or an ISO 8601 time. */
  at: Date | number | string;
  /** Its label in the report (e.g. the folder). */
  name?: string;
  /** Where `at` comes from, shown in the report: 'captured-at.txt', 'mtime' (a guess), ... */
  atSource?: string;
}

/** A queue's lag status over a series' window, after LinkedIn Burrow's rules. */
export type LagStatus =
  /** lag was 0 in some snapshot, or it went down while consumed (or one snapshot only) */
  | 'OK'
  /** consumed, but lag never went down */
  | 'WARN'
  /** the offset did not move, lag > 0 throughout (or for 30 s or more up to the last snapshot), while other queues advanced */
  | 'STALL'
  /** the offset did not move, lag > 0 throughout, and the group consumed nothing at all */
  | 'STOP'
  /** the consumer offset went back */
  | 'REWIND';

/** What a series of snapshots shows over time (DoctorReport.timeline). */
export interface DoctorTimeline {
  /** One sentence about the window. */
  verdict: string;
  /** No timeline finding is an error (CONSUMER_STUCK, QUEUE_STALLED, CONSUMPTION_STOPPED). */
  ok: boolean;
  /** The first and last snapshots' times (RFC 3339). */
  from: string;
  to: string;
  /** In time order; index is the position there. */
  snapshots: { index: number; name?: string; at: string; atSource?: string; ok: boolean; verdict: string; members: number }[];
  /** 'settled' since a time, 'in-progress' (the last snapshot moved owners or members, or queues were being released), or 'unknown' (one snapshot). */
  rebalance: { state: 'settled' | 'in-progress' | 'unknown'; since: string; reason: string };
  /** Client IDs that joined or left, by the first snapshot showing it. */
  memberChanges: { snapshot: number; at: string; clientId: string; change: 'joined' | 'left' }[];
  /** Every queue of any snapshot. */
  queues: {
    topic: string;
    brokerName: string;
    queueId: number;
    /** The owners each time they changed (snapshots without owner information skipped). */
    owners: { snapshot: number; at: string; owners: string[] }[];
    changes: number;
    /** The queue moved from one owner to another more than once (held by nobody in between is no move); involved lists them all. */
    flapping: boolean;
    involved?: string[];
    /** Absent without consumerProgress offsets. */
    lag?: {
      status: LagStatus;
      samples: { snapshot: number; brokerOffset: number; consumerOffset: number; lag: number }[];
      /** STALL and STOP: the first snapshot from which the offset stayed put with lag (nobody has consumed the queue since). */
      frozen?: { snapshot: number; at: string };
    };
  }[];
  /** How many queues have each lag status. */
  lag: Partial<Record<LagStatus, number>>;
  /** CONSUMER_STUCK, QUEUE_STALLED, CONSUMPTION_STOPPED, OFFSET_REWIND, LAG_GROWING, OWNER_FLAPPING, REBALANCE_UNSETTLED, BROKER_LEFT, MEMBERS_CHANGED, SNAPSHOT_TIME_GUESSED. */
  findings: DoctorFinding[];
}

/** A queue's status in a DoctorReport. */
export type QueueStatus = 'ok' | 'wrong-owner' | 'unowned' | 'double-owned' | 'unassigned' | 'unexpected-owner' | 'unknown';

/** One queue's expected and actual owners. */
export interface DoctorQueue {
  brokerName: string;
  queueId: number;
  /** Client IDs whose own allocate call returns the queue, sorted. */
  expected: string[];
  /** Client IDs holding it (status files), else the IPs consumerProgress printed; null without owner information. */
  actual: string[] | null;
  status: QueueStatus;
  /** The likely cause, for a wrong-owner or unowned queue, when the data shows one. */
  cause?: string;
  /** The finding (ROUTE_VIEW_DIFFERS, EMPTY_QUEUE) that explains a wrong queue costing nothing now: not counted against the group. */
  explainedBy?: string;
}

/** Something the doctor noticed: a code, a sentence, and what it concerns. */
export interface DoctorFinding {
  /** One of the codes of the README's table (DUPLICATE_CLIENT_ID, GROUP_OFFLINE, ROUTE_VIEW_DIFFERS, ...). */
  code: string;
  /** 'error': the group consumes wrongly; 'warning': a risk, or a limit of the diagnosis; 'info'. */
  level: 'error' | 'warning' | 'info';
  message: string;
  topic?: string;
  queues?: { topic?: string; brokerName: string; queueId: number }[];
  clients?: string[];
}

/** The diagnosis of one topic. */
export interface DoctorTopic {
  /** The full name (from the route; consumerProgress may cut it). */
  topic: string;
  /** Every queue, sorted by broker name then queue ID. */
  queues: DoctorQueue[];
  findings: DoctorFinding[];
  /** Sum of #Diff of the queues each actual owner holds. */
  lagByConsumer: Record<string, number>;
  /** The most lagging queues, largest first. */
  topLag: { brokerName: string; queueId: number; diff: number; actual: string[] | null }[];
  /** How well each strategy × client reproduces the actual owners, best first. */
  bestFit: { strategy: string; client: string; agree: number; total: number }[];
}

/** rmq.doctor's answer: the object `rmqalloc doctor --json` prints (JSON.stringify drops the text). */
export interface DoctorReport {
  /** One sentence: all ok, or how many queues are not. */
  verdict: string;
  /** True when no finding is an error (nothing costs messages or duplicates). */
  ok: boolean;
  /** False when there was no owner information to judge by, or nothing could be read (the CLI exits 3, not 1). */
  judged: boolean;
  /** How many queues the report covers, and how many of them could not be read (status 'unknown'); the verdict counts only the others. */
  queues: number;
  unknown: number;
  topics: DoctorTopic[];
  /** The group's findings (each topic's too, with its topic set). */
  findings: DoctorFinding[];
  /** Only for a series of snapshots (rmq.doctor([...])). */
  timeline?: DoctorTimeline;
  /** The report for a person (verdict, findings, the queues that are not ok), as the CLI prints it. Not enumerable. */
  readonly text: string;
}

/** One connection of `mqadmin consumerConnection` (the same client ID twice is two connections). */
export interface ConsumerConnection {
  clients: { clientId: string; clientAddr: string; language: string; version: string; line: number }[];
  subscriptions: { topic: string; subExpression: string }[];
  consumeType: string;
  messageModel: string;
  consumeFromWhere: string;
}

/** `mqadmin consumerProgress` (4.9.3 or 5.3.3 layout). Topic and broker names as printed (cut to 64 / 32 characters). */
export interface ConsumerProgress {
  layout: '4.9.3' | '5.3.3';
  /** Printed with -s true: each row names its owner's IP ('N/A' = none). */
  hasClientIp: boolean;
  rows: {
    topic: string; brokerName: string; queueId: number; brokerOffset: number; consumerOffset: number;
    clientIp?: string; diff: number; inflight?: number; lastTime: string; line: number;
  }[];
  consumeTps?: string;
  diffTotal?: number;
}

/** One client's ConsumerRunningInfo, as `mqadmin consumerStatus` prints it. */
export interface ConsumerRunningInfo {
  properties: Record<string, string>;
  subscriptions: { topic: string; subExpression: string; classFilter?: boolean }[];
  /** The queues it holds now; dropped = being released (droped=true). */
  queues: { topic: string; brokerName: string; queueId: number; consumerOffset: number; dropped: boolean; line: number }[];
  popQueues?: { topic: string; brokerName: string; queueId: number; consumerOffset: number; dropped: boolean; line: number }[];
}

/** rmq.parse: readers of mqadmin's output. */
export interface Parsers {
  /** `mqadmin topicRoute -t TOPIC` (fastjson or standard JSON) → the route object routeToQueues takes. Full module. */
  topicRoute(text: string): TopicRouteData & { orderTopicConf: string | null };
  consumerConnection(text: string): ConsumerConnection;
  consumerProgress(text: string): ConsumerProgress;
  consumerStatus(text: string): ConsumerRunningInfo;
}

/** One live read (rmq.live.start). */
export interface LiveSession {
  /** The first requests. */
  readonly requests: LiveRequest[];
  /** True once nothing is outstanding. */
  readonly done: boolean;
  /** The answer to request id (its whole frame), or how it failed; the next requests. */
  handle(id: number, frame: Uint8Array | null, failure?: { timeout: boolean; message: string }): LiveRequest[];
  /** The snapshot: path → text of the saved folder, warnings; frees the session. */
  result(): { group: string; files: Record<string, string>; warnings: string[]; offline: boolean; millis: number };
  /** Frees the session without a result. */
  free(): void;
}

/** Which of a 5.4 broker's pop implementations serves a request: 'file' (default) or 'kv'. */
export type PriorityPath = 'file' | 'kv';

export interface PriorityDecideOptions {
  path?: PriorityPath;
  /** path 'file': the broker's random.nextInt(100) for this request. */
  randomQ?: number;
  /** path 'kv': the group@topic request counter before this request (from 0). */
  requestCount?: number;
  /** The topic's TopicMessageType is PRIORITY (default true). */
  priorityTopic?: boolean;
  /** A FIFO (orderly) pop (default false). */
  order?: boolean;
  /** The group's priority.factor, 0..100 (default 100). */
  priorityFactor?: number;
  popFromRetryProbability?: number;
  popFromRetryProbabilityForPriority?: number;
}

export interface PriorityDrainOptions {
  /** priorityDecide's answer (missing flags false, offset 0). */
  decision: Partial<PriorityDecision>;
  /** Messages waiting per queue id of the topic. */
  topic: number[];
  /** Messages waiting per queue id of the group's retry topic; omitted or null: none. */
  retry?: number[] | null;
  maxMsgNums: number;
  priorityOrderAsc?: boolean;
  path?: PriorityPath;
}
