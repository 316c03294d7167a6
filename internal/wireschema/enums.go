package wireschema

// Enum is a table of named values both sides of the boundary use: the JS
// side as a frozen object of js/lib/tables.generated.js (PATH.PROXY), the
// Go side as constants of wasm/ (pathProxy, wasm/enums_generated.go).
// Only what is declared here is public: a constant written by hand in
// wasm/ stays private whatever its name.
type Enum struct {
	Name string // the JS table, UPPER_SNAKE: PATH
	Go   string // the Go constants' prefix in wasm/, lowerCamel: path → pathProxy
	Doc  string // the table's doc (JS and Go)
	// Spell is how the JS API spells a value where a response carries it
	// (EnumOf): Upper, the UPPER_SNAKE name ('POP'), or Lower ('proxy').
	Spell Spelling
	// TS, when set, is the TypeScript union of the public names that
	// js/index.d.ts declares (generated) under this name, with TSDoc; each
	// value's Doc documents its member.
	TS, TSDoc string
	// GoImports are the packages the values' Go expressions name.
	GoImports []string
	Values    []Value
}

// Spelling is how the JS API spells an enum's values.
type Spelling string

const (
	Upper Spelling = ""      // the UPPER_SNAKE name: 'POP'
	Lower Spelling = "lower" // lower-cased: 'proxy'
)

// Value is one entry of an Enum: an integer, or a string in a table whose
// values are all strings (ERROR_CODE).
type Value struct {
	Name string // UpperCamel: Proxy → JS PROXY, Go pathProxy
	Int  int64
	Str  string
	Doc  string // what it means on the wire; also the d.ts union's doc
	// Go, when set, is the Go constant's expression instead of the literal:
	// the value another package defines (byte(broker.PathProxy)). The
	// generator evaluates it and refuses a declaration that differs.
	Go string
}

// Enums are the declared tables, in the order js/lib/tables.generated.js
// lists them (OP is generated from Ops, not declared here).
var Enums = []Enum{
	{Name: "STATUS", Go: "status", Doc: "Response status bytes (wasm/errors.go).", Values: []Value{
		{Name: "OK", Int: 0, Doc: "the response body follows"},
		{Name: "Error", Int: 1, Doc: "an error body follows (code, field, message, constructor)"},
		{Name: "InputError", Int: 2, Doc: "a pasted text could not be read: an error body (code ERR_BAD_INPUT, field = the box), then uvarint line and column (1-based, 0 when unknown)"},
	}},
	{Name: "ERROR_CODE", Go: "code", Doc: "Error codes a thrown error carries as err.code (wasm/errors.go); index.d.ts's ErrorCode lists them.",
		TS: "ErrorCode", TSDoc: "Error codes carried by every thrown error (`err.code`).",
		GoImports: []string{"github.com/rmqalloc/rmqalloc/alloc/broker"}, Values: []Value{
			{Name: "InvalidArgument", Str: "ERR_INVALID_ARGUMENT", Doc: "An argument the Java client rejects, or a JS value of the wrong type/range"},
			{Name: "IndexOutOfRange", Str: "ERR_INDEX_OUT_OF_RANGE", Doc: "Java would throw ArrayIndexOutOfBoundsException"},
			{Name: "Arithmetic", Str: "ERR_ARITHMETIC", Doc: "Java would throw ArithmeticException (e.g. selecting from no queues)"},
			{Name: "NumberFormat", Str: "ERR_NUMBER_FORMAT", Doc: "Java's Integer.parseInt would throw NumberFormatException"},
			{Name: "Panic", Str: "ERR_PANIC", Doc: "The go client would panic (0 virtual nodes in its CONSISTENT_HASH)"},
			{Name: "Limit", Str: "ERR_LIMIT", Doc: "Beyond a size limit of this port where Java has none (a ring of more than 2^22 nodes, a route of more than 1,048,576 queues, NEARBY nested deeper than 16); javaClass is null"},
			{Name: "Unsupported", Str: "ERR_UNSUPPORTED", Doc: "The operation does not exist for this version/profile, or needs the full module: on the core one, rmq.analysis.*, rmq.doctor, rmq.parse.*, routeToQueues with the route as text, queryAssignment, proxyAssignment and allocationPath throw it, with a message saying load({ analysis: true })"},
			{Name: "Disposed", Str: "ERR_DISPOSED", Doc: "A Topic or Producer used after dispose()"},
			{Name: "Internal", Str: "ERR_INTERNAL", Doc: "A bug in rmqalloc (a recovered Go panic); please report it"},
			{Name: "BadInput", Str: "ERR_BAD_INPUT", Doc: "A pasted text cannot be read (a route, mqadmin output): the error's `box`, `line` and `column` say where, its message what was expected (wasm/input_errors.go)"},
			{Name: "Cluster", Str: "ERR_CLUSTER", Doc: "rmq.live: the cluster could not be read (field: the kind of failure, the message names the address)"},
			{Name: "Forbidden", Str: "ERR_FORBIDDEN", Go: `"ERR_" + broker.CodeForbidden`, Doc: "rmq.proxyAssignment: the gRPC proxy answers FORBIDDEN \"no readable queue\""},
			{Name: "InternalServerError", Str: "ERR_INTERNAL_SERVER_ERROR", Go: `"ERR_" + broker.CodeInternalServerError`, Doc: "rmq.proxyAssignment: the gRPC proxy throws (javaClass says what) and answers INTERNAL_SERVER_ERROR"},
			{Name: "ModuleExited", Str: "ERR_MODULE_EXITED", Doc: "The WebAssembly program has exited; call load() again for a fresh instance (thrown by the JS package itself)"},
			{Name: "LoadFailed", Str: "ERR_LOAD_FAILED", Doc: "load()/init() could not fetch, compile or start the module (thrown by the JS package itself)"},
		}},
	{Name: "ERROR_CTOR", Go: "js", Doc: "Index of the JS constructor an error is thrown as (wasm/errors.go).", Values: []Value{
		{Name: "Error", Int: 0, Doc: "Error"},
		{Name: "TypeError", Int: 1, Doc: "TypeError"},
		{Name: "RangeError", Int: 2, Doc: "RangeError"},
	}},
	{Name: "QLIST", Go: "qlist", Doc: "Queue-list tags of a request (wasm/queues.go).", Values: []Value{
		{Name: "Null", Int: 0, Doc: "null"},
		{Name: "Topic", Int: 1, Doc: "a Topic handle: uvarint handle"},
		{Name: "Inline", Int: 2, Doc: "inline: uvarint n+1, n queues"},
	}},
	{Name: "CIDS", Go: "cids", Doc: "Client-ID-list tags of an allocate request (wasm/cids.go).", Values: []Value{
		{Name: "Null", Int: 0, Doc: "null"},
		{Name: "Handle", Int: 1, Doc: "an interned list: uvarint handle (a group of 1,000 consumers crosses once)"},
		{Name: "Inline", Int: 2, Doc: "inline: uvarint n+1, n strings"},
	}},
	{Name: "CLIENT", Go: "client", Doc: "Clients an allocate request names (wasm/strategy.go).", Values: []Value{
		{Name: "Java493", Int: 0, Doc: "the Java client 4.9.3"},
		{Name: "Java533", Int: 1, Doc: "the Java client 5.3.3 (and 5.3.4-5.5.1)"},
		{Name: "Go", Int: 2, Doc: "rocketmq-client-go 2.1.2"},
	}},
	{Name: "CLIENT_PROFILE", Go: "clientProfile", Doc: "The profile each client is (wasm/strategy.go); meta lists them with their versions and sort.", Values: []Value{
		{Name: "Java493", Str: "java-4.9.3", Doc: "alloc.Java493's Name()"},
		{Name: "Java533", Str: "java-5.3.3", Doc: "alloc.Java533's Name()"},
		{Name: "Go", Str: "go-client-2.1.2", Doc: "goclient.Client's Name()"},
	}},
	{Name: "SPEC_FLAG", Go: "specFlag", Doc: "Strategy spec flag bits (wasm/strategy.go).", Values: []Value{
		{Name: "MessageQueueList", Int: 1, Doc: "messageQueueList follows (CONFIG)"},
		{Name: "Consumeridcs", Int: 2, Doc: "consumeridcs follows (MACHINE_ROOM)"},
		{Name: "VirtualNodeCnt", Int: 4, Doc: "virtualNodeCnt follows (CONSISTENT_HASH)"},
		{Name: "Inner", Int: 8, Doc: "an inner spec follows (MACHINE_ROOM_NEARBY)"},
		{Name: "Resolver", Int: 16, Doc: "a resolver follows (MACHINE_ROOM_NEARBY)"},
	}},
	{Name: "MEMBER", Go: "member", Doc: "Member result kinds of a plan (wasm/allocate.go).", Values: []Value{
		{Name: "Refs", Int: 0, Doc: "refs list (uvarint n+1, 0 = null)"},
		{Name: "Error", Int: 1, Doc: "error body"},
		{Name: "Range", Int: 2, Doc: "uvarint start, uvarint count: view positions start.. (AVG's shape)"},
	}},
	{Name: "PLAN_FORM", Go: "planForm", Doc: "How a plan's members are written (wasm/allocate.go).", Values: []Value{
		{Name: "Names", Int: 0, Doc: "per member: str id, u8 kind, then refs | error | range"},
		{Name: "Positions", Int: 1, Doc: "the same with the id as a uvarint position in the cid list JS sent"},
		{Name: "Runs", Int: 2, Doc: "every member a run (AVG): u8 hasPerm, [n × i32 origin], n × i32 start, n × i32 count"},
	}},
	{Name: "HASH_ARG", Go: "arg", Doc: "Hash selector argument types (wasm/select.go).", Values: []Value{
		{Name: "String", Int: 0, Doc: "Java's String"},
		{Name: "Int", Int: 1, Doc: "Java's Integer"},
		{Name: "Long", Int: 2, Doc: "Java's Long"},
	}},
	{Name: "GROUP", Go: "group", Doc: "Message-group selectors (wasm/select.go).", Values: []Value{
		{Name: "Java", Int: 0, Doc: "grpc-java's hash of the group"},
		{Name: "NodeJS108", Int: 1, Doc: "grpc-nodejs-1.0.8's hash of the group"},
	}},
	{Name: "PRODUCER_VERSION", Go: "producerVersion", Doc: "Producer client versions (wasm/producer.go).", Values: []Value{
		{Name: "Java493", Int: 1, Doc: "the Java producer 4.9.3"},
		{Name: "Java533", Int: 2, Doc: "the Java producer 5.3.3"},
	}},
	{Name: "GO_SELECTOR", Go: "goSelector", Doc: "The Go client's queue selectors a goSelect request names (wasm/goproducer_ops.go).", Values: []Value{
		{Name: "RoundRobin", Int: 0, Doc: "round robin"},
		{Name: "Random", Int: 1, Doc: "random"},
		{Name: "Hash", Int: 2, Doc: "hash of the sharding key"},
		{Name: "Manual", Int: 3, Doc: "the queue the caller names"},
	}},
	{Name: "BALANCER", Go: "balancer", Doc: "Publishing load balancers a takeMessageQueues request names (wasm/goproducer.go).",
		GoImports: []string{"github.com/rmqalloc/rmqalloc/alloc/producer"}, Values: []Value{
			{Name: "Go514", Int: 0, Go: "byte(producer.BalancerGo514)", Doc: "golang/v5 5.1.4 as released"},
			{Name: "GoFixed", Int: 1, Go: "byte(producer.BalancerGoFixed)", Doc: "golang/v5 with #1324"},
			{Name: "Java", Int: 2, Go: "byte(producer.BalancerJava)", Doc: "the Java gRPC client's balancer"},
		}},
	{Name: "ANALYSIS_SORT", Go: "analysisSort", Doc: "Scenario sort option (wasm/analysis.go).", Values: []Value{
		{Name: "Default", Int: 0, Doc: "absent: the client's own sort"},
		{Name: "False", Int: 1, Doc: "sort: false"},
		{Name: "True", Int: 2, Doc: "sort: true"},
	}},
	{Name: "PARSE_FORMAT", Go: "parseFormat", Doc: "mqadmin formats of a parse request (wasm/doctor.go).", Values: []Value{
		{Name: "ConsumerConnection", Int: 1, Doc: "mqadmin consumerConnection"},
		{Name: "ConsumerProgress", Int: 2, Doc: "mqadmin consumerProgress"},
		{Name: "ConsumerStatus", Int: 3, Doc: "mqadmin consumerStatus"},
	}},
	{Name: "WANT", Go: "want", Doc: "What a doctor request asks for: bits of its first byte (wasm/doctor.go, doctor_series.go).", Values: []Value{
		{Name: "Text", Int: 1, Doc: "the report for a person (Report.Text); each costs time at 20,000 queues, so the CLI asks for the one it prints"},
		{Name: "JSON", Int: 2, Doc: "the report as JSON"},
		{Name: "Series", Int: 4, Doc: "several snapshots of one group: the report gets a timeline (doctor.DiagnoseSeries)"},
	}},
	{Name: "MESSAGE_MODEL", Go: "model", Doc: "Message models of the broker operations (wasm/broker.go).",
		GoImports: []string{"github.com/rmqalloc/rmqalloc/alloc/broker"}, Values: []Value{
			{Name: "Clustering", Int: 0, Go: "byte(broker.Clustering)", Doc: "clustering: each message to one member"},
			{Name: "Broadcasting", Int: 1, Go: "byte(broker.Broadcasting)", Doc: "broadcasting: each message to every member"},
		}},
	{Name: "BROKER_MODE", Go: "mode", Doc: "Message request modes of the broker operations (wasm/broker.go).",
		TS: "MessageRequestMode", TSDoc: "Java's MessageRequestMode.",
		GoImports: []string{"github.com/rmqalloc/rmqalloc/alloc/broker"}, Values: []Value{
			{Name: "Pull", Int: 0, Go: "byte(broker.Pull)", Doc: "The client pulls from the queues it is assigned"},
			{Name: "Pop", Int: 1, Go: "byte(broker.Pop)", Doc: "The broker pops messages of shared queues to the client"},
		}},
	{Name: "CONSUMER_KIND", Go: "consumerKind", Doc: "Consumer kinds of an allocationPath request (wasm/broker.go).", Values: []Value{
		{Name: "Push", Int: 0, Doc: "a push consumer"},
		{Name: "Pull", Int: 1, Doc: "a pull consumer"},
		{Name: "Grpc", Int: 2, Doc: "a gRPC (proxy) consumer"},
	}},
	{Name: "PATH", Go: "path", Doc: "Where a consumer's queues are decided: an allocationPath answer (wasm/broker.go).",
		Spell: Lower, GoImports: []string{"github.com/rmqalloc/rmqalloc/alloc/broker"}, Values: []Value{
			{Name: "Client", Int: 0, Go: "byte(broker.PathClient)", Doc: "the client rebalances"},
			{Name: "Broker", Int: 1, Go: "byte(broker.PathBroker)", Doc: "the broker assigns"},
			{Name: "Proxy", Int: 2, Go: "byte(broker.PathProxy)", Doc: "the proxy assigns"},
		}},
	{Name: "WIRE_LIMIT", Go: "wireLimit", Doc: "Limits of the wire format itself (wasm/strategy.go).", Values: []Value{
		{Name: "SpecDepth", Int: 32, Doc: "MACHINE_ROOM_NEARBY nesting on the wire: JS stops encoding there (a cyclic spec ends), the reader refuses deeper; past alloc.MaxSpecDepth, so alloc's clear ERR_LIMIT error comes first"},
	}},
}
