// Package wireschema declares the operations of the boundary between the
// JS package (js/lib) and the wasm module (wasm/): for each one its number,
// its JS name, the fields of its request and response in wire order, and
// which build serves it. internal/gentables generates from it the Go
// request readers and response writers with the handler registration
// (wasm/ops_*generated.go), the JS encoders and decoders
// (js/lib/ops.generated.js), the core build's refusals, the OP table
// entries, the golden request samples and the schema hash the version
// handshake compares (meta).
//
// An operation declared here needs one hand-written Go function in wasm/,
// handle<Name>(req <name>Request) (<name>Response, error) — or just error
// when it answers nothing — and its public JS method calls the generated
// ops.<jsName>(rt, request). An op with an Answer returns its decoded
// response as the public value, and js/index.d.ts declares it (generated);
// a record with a Shape is a public interface too (MessageQueue,
// StrategyInfo, PriorityRead ...), wherever the record travels.
package wireschema

// Type is a field's wire type (wasm/codec.go describes each layout).
type Type string

const (
	Uvarint Type = "uvarint" // a non-negative integer (handles, counts): Go uint64, JS number
	I32     Type = "i32"     // zigzag varint: Go int32, JS number (int32, validated by the caller)
	I64     Type = "i64"     // 8 bytes LE: Go int64, JS bigint
	F64     Type = "f64"     // 8 bytes IEEE 754 LE: Go float64, JS number
	Int64F  Type = "int64f"  // an f64 holding an integer within ±2^53 (a clock, a latency in ms): Go int64, JS number; requests only
	Bool    Type = "bool"    // one byte 0/1
	U8      Type = "u8"      // one byte (an enum or a tag)
	Str     Type = "str"     // a string (through the request's string table in requests)
	Bytes   Type = "bytes"   // uvarint n, then n bytes: Go []byte, JS Uint8Array
	// Text is a str expected to be unique (a pasted text): the same layout,
	// kept out of the JS encoder's string map (Encoder.strOnce).
	Text Type = "text"
	// Raw is the rest of the message, unframed (a JSON text, a frame):
	// Go []byte, JS Uint8Array; only as the last field of a request or
	// response.
	Raw Type = "raw"
)

// List is uvarint n, then n elements of t: Go []T, JS an array (a
// response's empty list decodes to []).
func List(t Type) Type { return "[]" + t }

// Opt is u8 0 (absent), or u8 1 then a t: Go *T (nil when absent), JS
// undefined or null when absent.
func Opt(t Type) Type { return "?" + t }

// EnumOf is a u8 on the wire whose JS value is the public name of an
// entry of the Enums table name (PATH's 2 is 'proxy': see Enum.Spell):
// Go byte, JS that name; the generated decoder gives the public shape and
// index.d.ts the union. Only in an op's response for now.
func EnumOf(name string) Type { return Type("enum:" + name) }

// Rec is the record declared in Records under name, its fields inline in
// wire order: Go struct wire<Name>, JS an object.
func Rec(name string) Type { return Type("rec:" + name) }

// Custom is a value whose layout is written by hand on both sides, for
// what the other types cannot say (a strategy spec's flag bits, a queue
// list against a topic's table): declared in Customs. In a request Go
// reads it with GoRead; JS writes it with JSEncode(enc, value) when the
// custom has one, else the caller passes a function (enc) => void that
// writes it. In a response Go writes it with GoWrite and JS reads it with
// JSDecode(dec).
func Custom(name string) Type { return Type("custom:" + name) }

// CustomType is a hand-written layout, used through Custom.
type CustomType struct {
	Name     string // lowerCamel
	Doc      string
	GoType   string // what the handler gets or answers, e.g. alloc.StrategySpec
	GoImport string // the package GoType needs, if any
	// Requests: the wasm/ function reading it, func(r *reader) GoType
	// (failures in r.err); and optionally the JS function writing a value,
	// (enc, v) => void (in a Hot op (enc, v, ctx, fieldName) => void, ctx
	// being the call's).
	GoRead, JSEncode string
	// Responses: the wasm/ function writing it, func(w *writer, v GoType);
	// and the JS function reading it, (dec, ctx) => value.
	GoWrite, JSDecode string
	// JSFrom is the js/lib module (e.g. "./wire.js") exporting JSEncode and
	// JSDecode; JSType the value's TypeScript type when either is set.
	JSFrom, JSType string
	// A golden value: its bytes (hex), the Go literal they are, and, when
	// JS encodes or decodes it, the JS value as JSON (bigints as strings
	// are not supported: keep samples to numbers, strings, arrays,
	// objects). The generated tests check every direction the custom is
	// declared for.
	SampleHex, SampleGo, SampleJS string
	// SampleStrs is how many new strings (str with k = 0) SampleHex holds,
	// for a request custom JS writes through the caller's function: the
	// golden requests embed SampleHex as it is, and their JS encoder counts
	// these into its string table so that later strings keep their refs.
	SampleStrs int
}

// Customs are the declared hand-written layouts: these, then those of the
// queue and allocation ops (queues.go) and of the full build's analysis,
// doctor and broker ops (full.go).
var Customs = concat(baseCustoms, queueCustoms, allocCustoms, fullCustoms)

var baseCustoms = []CustomType{
	{
		Name: "strategySpec", Doc: "a strategy spec (wasm/strategy.go readSpec, js/lib/validate.js encSpec)",
		GoType: "alloc.StrategySpec", GoImport: "github.com/rmqalloc/rmqalloc/alloc", GoRead: "readStrategySpec",
		SampleHex: "000341564700", SampleGo: `alloc.StrategySpec{Name: "AVG"}`, SampleStrs: 1,
	},
}

// Record is a named group of fields, used through Rec.
type Record struct {
	Name   string // lowerCamel; the Go type is wire<Name>
	Doc    string
	Fields []Field
	// Shape, when set, is the record's public TypeScript interface: a new
	// field is its line in Fields, its doc in Shape.Fields and the Go
	// handler that fills it.
	Shape *Shape
}

// Records are the declared records: these, then those of the queue and
// producer ops (queues.go) and of the full build's ops (full.go).
var Records = concat(baseRecords, queueRecords, fullRecords)

var baseRecords = []Record{
	{Name: "queue", Doc: "a message queue", Fields: []Field{{"topic", Str}, {"brokerName", Str}, {"queueId", I32}},
		Shape: &Shape{TS: "MessageQueue", Doc: "A message queue: Java's MessageQueue. `queueId` is any int32 (negative ids are valid).", Frozen: true,
			Fields: map[string]string{"topic": "", "brokerName": "", "queueId": ""}}},
	{Name: "liveRequest", Doc: "a frame the live read asks JS to carry to addr (cluster/live.Request)", Fields: []Field{{"id", Uvarint}, {"addr", Str}, {"frame", Bytes}, {"what", Str}},
		Shape: &Shape{TS: "LiveRequest", Doc: "A request frame of a live read to carry to `addr` on a connection of its own (LiveSession).", Fields: map[string]string{
			"id":    "Its number: hand the answer back with handle(id, ...).",
			"addr":  "Where to send it, host:port.",
			"frame": "The whole RocketMQ remoting frame to write.",
			"what":  "What the call asks, for messages (\"route of T_ORDER\").",
		}}},
	{Name: "priorityRead", Doc: "one queue read of a pop request (alloc/priority.Read)", Fields: []Field{{"retry", Bool}, {"queueId", I32}, {"count", I32}},
		Shape: &Shape{TS: "PriorityRead", Doc: "One queue read of a pop request (frozen).", Frozen: true, Fields: map[string]string{
			"retry":   "From the group's retry topic.",
			"queueId": "Queue of that topic.",
			"count":   "Messages taken.",
		}}},
}

// Build says which module serves an operation.
type Build string

const (
	Both Build = "both" // the core module (js/rmqalloc.wasm) and the full one
	Full Build = "full" // only the full module (-tags rmqfull); core refuses with ERR_UNSUPPORTED
)

// Field is one field of a request or response, in wire order.
type Field struct {
	Name string // lowerCamel: the JS property; the Go field is its UpperCamel
	Type Type
}

// Op is one operation of the boundary.
type Op struct {
	Name     string // Go name, lowerCamel: opTopicFree, handleTopicFree, topicFreeRequest
	Num      int    // operation number (unique across OP)
	JS       string // name of the generated JS call in ops.generated.js
	Doc      string
	Build    Build
	Refusal  string // Full only: the core build's ERR_UNSUPPORTED message (how to get it)
	Request  []Field
	Response []Field
	// Hot marks an op whose Go reader and writer are straight-line code
	// instead of the descriptor walk, and whose JS encoder takes the fields
	// as arguments, enc<JS>(enc, ctx, a, b, ...), so a call allocates no
	// request object and no closure: the ops on a hot path (a call per
	// message sent, per rebalance) and those of the core module that the
	// walk's descriptors would make larger (meta, the producer's). Its
	// customs are called directly (a request custom needs a JSEncode,
	// called JSEncode(enc, v, ctx, fieldName)); lists, optional values and
	// records get generated loops; a response of one field decodes to that
	// field's value.
	Hot bool
	// Answer, when set, makes the decoded response the public JS value
	// the method returns as it is: js/index.d.ts declares its interface
	// (generated), so a new answer field is its line in Response, its doc
	// in Answer.Fields and the Go handler.
	Answer *Shape
}

// Shape is a public TypeScript interface: an op's answer (Op.Answer) or
// a record's (Record.Shape). internal/gentables writes it into
// js/index.d.ts's generated region from the fields in wire order, each
// typed by its wire type (a record with a Shape by its TS name; a
// top-level Opt is an optional member).
type Shape struct {
	TS  string // the interface's name: AllocationPath
	Doc string
	// Fields documents each field by name ("" for none): every field
	// needs an entry (or one in Internal), so none goes public
	// undocumented.
	Fields map[string]string
	// Frozen: the generated decoder freezes the object and its lists
	// (Object.freeze), and the interface's members are readonly.
	Frozen bool
	// Types is a member's TypeScript type where it is narrower than its
	// wire type says: a string the module only answers from a known list
	// (StrategyName), a list its handler never answers null.
	Types map[string]string
	// Optional members are absent in some answers: the JS method drops
	// them (a 4.9.3 fault item has no reachable flag).
	Optional []string
	// Internal fields are for the JS package itself (meta's sort order):
	// left out of the interface, and dropped by the method that answers
	// the shape.
	Internal []string
}

const brokerNeedsFull = "rmq.queryAssignment, rmq.proxyAssignment and rmq.allocationPath need the full module: load({ analysis: true })"

// alloc/priority would take the core module over its size budget (~6 KB gzip).
const priorityNeedsFull = "rmq.priorityDecide, rmq.priorityOrder and rmq.priorityDrain need the full module: load({ analysis: true })"

const priorityPath = "path: 0 the file-based pop (PopMessageProcessor), 1 the KV pop service (popConsumerKVServiceEnable)"

const doctorNeedsFull = "rmq.doctor and rmq.parse need the full module: load({ analysis: true })"

const liveNeedsFull = "the live read (rmqalloc doctor --namesrv) needs the full module: load({ analysis: true })"

// Ops are the declared operations: every operation of the boundary.
var Ops = concat(baseOps, queueOps, fullOps)

func concat[T any](parts ...[]T) []T {
	var out []T
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

var baseOps = []Op{
	{
		Name: "topicFree", Num: 3, JS: "topicFree", Build: Both,
		Doc:     "frees a Topic handle; freeing twice is harmless",
		Request: []Field{{"handle", Uvarint}},
	},
	{
		Name: "producerUpdate", Num: 11, JS: "producerUpdate", Build: Both,
		Doc:     "tells a Producer how a send to brokerName went (the client's updateFaultItem), at the clock now",
		Request: []Field{{"handle", Uvarint}, {"now", Int64F}, {"brokerName", Str}, {"latency", Int64F}, {"isolation", Bool}, {"reachable", Bool}},
	},
	{
		Name: "producerReset", Num: 12, JS: "producerReset", Build: Both,
		Doc:     "puts a Producer back as created (index, fault items, queue list)",
		Request: []Field{{"handle", Uvarint}},
	},
	{
		Name: "producerFree", Num: 14, JS: "producerFree", Build: Both,
		Doc:     "frees a Producer handle; freeing twice is harmless",
		Request: []Field{{"handle", Uvarint}},
	},
	{
		Name: "strategyName", Num: 15, JS: "strategyName", Build: Both,
		Doc: "Java's getName() of a strategy built for a client (client: 0 java-4.9.3, 1 java-5.3.3, 2 go-client-2.1.2); " +
			"building it reports spec errors (a negative virtualNodeCnt)",
		Request:  []Field{{"client", U8}, {"strategy", Custom("strategySpec")}},
		Response: []Field{{"name", Str}},
	},
	{
		Name: "cidsFree", Num: 17, JS: "cidsFree", Build: Both,
		Doc:     "frees an interned client-ID list; freeing twice is harmless",
		Request: []Field{{"handle", Uvarint}},
	},
	{
		Name: "consistentHash", Num: 18, JS: "consistentHash", Build: Both,
		Doc:      "Guava's Hashing.consistentHash(input, buckets), which RocketMQ 5.5's broker uses for lite topics",
		Request:  []Field{{"input", I64}, {"buckets", I32}},
		Response: []Field{{"bucket", I32}},
	},
	{
		Name: "priorityQueue", Num: 50, JS: "priorityQueue", Build: Both,
		Doc:      "the queue a priority message is stored on (RIP-80, broker 5.4.0), given where the producer sent it",
		Request:  []Field{{"topic", Str}, {"brokerName", Str}, {"queueId", I32}, {"priority", I32}, {"writeQueueNums", I32}},
		Response: []Field{{"topic", Str}, {"brokerName", Str}, {"queueId", I32}},
	},
	{
		Name: "parse", Num: 31, JS: "parse", Build: Full, Refusal: doctorNeedsFull,
		Doc:      "an mqadmin output parsed (format: 1 consumerConnection, 2 consumerProgress, 3 consumerStatus), as JSON",
		Request:  []Field{{"format", U8}, {"text", Text}},
		Response: []Field{{"json", Raw}},
	},
	{
		Name: "liveStart", Num: 34, JS: "liveStart", Build: Full, Refusal: liveNeedsFull,
		Doc: "starts a live read of a consumer group (cluster/live.NewSession) at the clock now (millis), " +
			"zone minutes east of UTC, signed with accessKey/secretKey when accessKey is not empty (ACL): its handle and first requests",
		Request:  []Field{{"nameServer", Str}, {"group", Str}, {"topics", List(Str)}, {"now", I64}, {"zone", I32}, {"accessKey", Str}, {"secretKey", Str}},
		Response: []Field{{"handle", Uvarint}, {"requests", List(Rec("liveRequest"))}},
	},
	{
		Name: "liveHandle", Num: 35, JS: "liveHandle", Build: Full, Refusal: liveNeedsFull,
		Doc: "hands a live read the answer to request id (failure: 0 none, 1 failed, 2 timed out, with message); " +
			"a failure that ends the read frees the session and is the error",
		Request:  []Field{{"handle", Uvarint}, {"id", Uvarint}, {"frame", Bytes}, {"failure", U8}, {"message", Str}},
		Response: []Field{{"done", Bool}, {"requests", List(Rec("liveRequest"))}},
	},
	{
		Name: "liveResult", Num: 36, JS: "liveResult", Build: Full, Refusal: liveNeedsFull,
		Doc:      "a live read's snapshot as JSON; frees the session",
		Request:  []Field{{"handle", Uvarint}},
		Response: []Field{{"snapshot", Raw}},
	},
	{
		Name: "liveFree", Num: 37, JS: "liveFree", Build: Full, Refusal: liveNeedsFull,
		Doc:     "frees a live read session",
		Request: []Field{{"handle", Uvarint}},
	},
	{
		Name: "allocationPath", Num: 42, JS: "allocationPath", Build: Full, Refusal: brokerNeedsFull,
		Doc: "where a RocketMQ 5 group's queues get assigned (client, broker or proxy) for a client kind " +
			"(client: 0 push, 1 pull, 2 grpc; messageModel: 0 clustering, 1 broadcasting; path: 0 client, 1 broker, 2 proxy)",
		Request:  []Field{{"client", U8}, {"clientRebalance", Bool}, {"orderly", Bool}, {"messageModel", U8}, {"strategyName", Str}},
		Response: []Field{{"path", EnumOf("PATH")}, {"noAssignment", Bool}, {"reason", Str}},
		Answer: &Shape{TS: "AllocationPath", Doc: "Where a consumer's queues are decided, and why.", Fields: map[string]string{
			"path":         "'client': it rebalances itself; 'broker': QUERY_ASSIGNMENT; 'proxy': the gRPC proxy assigns.",
			"noAssignment": "The broker path with a strategy the broker does not run: the consumer gets no queues.",
			"reason":       "",
		}},
	},
	{
		Name: "priorityDecide", Num: 51, JS: "priorityDecide", Build: Full, Refusal: priorityNeedsFull,
		Doc: "how a 5.4 broker serves one POP request on a priority topic (alloc/priority.Decide, DecideKV); " +
			"draw is randomQ on the file path, the group@topic request count on the KV path; " + priorityPath,
		Request: []Field{{"path", U8}, {"popFromRetryProbability", I32}, {"popFromRetryProbabilityForPriority", I32},
			{"priorityTopic", Bool}, {"order", Bool}, {"priorityFactor", I32}, {"draw", Int64F}},
		Response: []Field{{"priorityMode", Bool}, {"retryFirst", Bool}, {"retryAfter", Bool}, {"offset", F64}},
		Answer: &Shape{TS: "PriorityDecision", Doc: "What the broker decided for one POP request.", Fields: map[string]string{
			"priorityMode": "Scan from the highest-priority queue (offset 0).",
			"retryFirst":   "",
			"retryAfter":   "",
			"offset":       "Rotation offset of the queue scan.",
		}},
	},
	{
		Name: "priorityOrder", Num: 52, JS: "priorityOrder", Build: Full, Refusal: priorityNeedsFull,
		Doc:      "the order one POP request visits a topic's read queues (alloc/priority.QueueOrder); " + priorityPath,
		Request:  []Field{{"readQueueNums", I32}, {"asc", Bool}, {"offset", Int64F}, {"path", U8}},
		Response: []Field{{"queueIds", List(I32)}},
	},
	{
		Name: "priorityDrain", Num: 53, JS: "priorityDrain", Build: Full, Refusal: priorityNeedsFull,
		Doc: "the queue reads of one all-queue POP request (alloc/priority.Drain): backlogs per queue id of the topic " +
			"and of the retry topic (absent: none); " + priorityPath,
		Request: []Field{{"asc", Bool}, {"priorityMode", Bool}, {"retryFirst", Bool}, {"retryAfter", Bool}, {"offset", Int64F},
			{"path", U8}, {"topic", List(Int64F)}, {"retry", Opt(List(Int64F))}, {"maxMsgNums", I32}},
		Response: []Field{{"reads", List(Rec("priorityRead"))}},
	},
}
