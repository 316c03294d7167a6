package wireschema

// The ops on queue lists, consumer lists and producers, which both builds
// serve: topics, allocation, selection, routes, producers, meta.

var queueCustoms = []CustomType{
	{
		Name: "keptQlist", Doc: "a queue list the module keeps (topicNew): a qlist as callQlist, read into an array of its own " +
			"(wasm/select_wire.go readKeptQlist); JS: select_wire.js encQlist",
		GoType: "callQlist", GoRead: "readKeptQlist", GoImport: "github.com/rmqalloc/rmqalloc/alloc",
		JSEncode: "encQlist", JSFrom: "./select_wire.js", JSType: "readonly MessageQueue[]",
		SampleHex: "020100015400016202", SampleStrs: 2, SampleGo: `callQlist{qs: []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}}`,
		SampleJS: `[{"topic":"T","brokerName":"b","queueId":1}]`,
	},
	{
		Name: "cids", Doc: "a client-ID list (wasm/cids.go readCids: u8 CIDS tag, then an interned list's handle or the IDs); " +
			"JS: select_wire.js encCidList (ctx.interned: by its handle; null when ctx.allowNull; an array inline; the IDs as sent in ctx.ids)",
		GoType: "cidsArg", GoRead: "readCids",
		JSEncode: "encCidList", JSFrom: "./select_wire.js", JSType: "readonly string[]",
		SampleHex: "0202000161", SampleStrs: 1, SampleGo: `cidsArg{l: &cidList{ids: []string{"a"}}}`, SampleJS: `["a"]`,
	},
	{
		Name: "lastBroker", Doc: "the broker of the last failed send: u8 0 (none), or u8 1 then a str (wasm/producer.go readLastBroker, " +
			"select_wire.js encLastBroker)",
		GoType: "producer.Attempt", GoImport: "github.com/rmqalloc/rmqalloc/alloc/producer", GoRead: "readLastBroker",
		JSEncode: "encLastBroker", JSFrom: "./select_wire.js", JSType: "string | null",
		SampleHex: "00", SampleGo: `producer.Attempt{}`, SampleJS: `null`,
	},
	{
		Name: "callQlist", Doc: "a queue list of a request used only during the call (wasm/select_wire.go readCallQlist over " +
			"queues.go's qlist: null, an interned Topic or inline, into a reused buffer); JS: select_wire.js encQlist " +
			"(the list's source, for the answer's refs, in ctx.src)",
		GoType: "callQlist", GoRead: "readCallQlist", GoImport: "github.com/rmqalloc/rmqalloc/alloc",
		JSEncode: "encQlist", JSFrom: "./select_wire.js", JSType: "readonly MessageQueue[] | Topic",
		SampleHex: "020100015400016202", SampleStrs: 2, SampleGo: `callQlist{qs: []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}}`,
		SampleJS: `[{"topic":"T","brokerName":"b","queueId":1}]`,
	},
	{
		Name: "hashArg", Doc: "the argument of SelectMessageQueueByHash: u8 type (HASH_ARG), then a str, an i32 or an i64 " +
			"(wasm/select_wire.go readHashArg, select_wire.js encHashArg)",
		GoType: "producer.HashKey", GoImport: "github.com/rmqalloc/rmqalloc/alloc/producer", GoRead: "readHashArg",
		JSEncode: "encHashArg", JSFrom: "./select_wire.js", JSType: "string | number | bigint | { type: string, value: unknown }",
		SampleHex: "010e", SampleGo: `producer.IntKey(7)`, SampleJS: `7`,
	},
	{
		Name: "queueRef", Doc: "one queue of a request's list, as a refs list of one (wasm/select_wire.go writeQueueRef); " +
			"JS: select_wire.js decQueueRef, against ctx.src (none: the queue is explicit)",
		GoType: "queueRef", GoImport: "github.com/rmqalloc/rmqalloc/alloc", GoWrite: "writeQueueRef",
		JSDecode: "decQueueRef", JSFrom: "./select_wire.js", JSType: "Readonly<MessageQueue>",
		SampleHex: "02000154016202", SampleGo: `queueRef{qs: []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}}`,
		SampleJS: `{"topic":"T","brokerName":"b","queueId":1}`,
	},
}

// The customs of allocate and allocateAll.
var allocCustoms = []CustomType{
	{
		Name: "strategy", Doc: "a strategy spec JS writes from the value (js/lib/alloc_wire.js encStrategy over validate.js encSpec, " +
			"the spec keys only); the layout of strategySpec, which analysis callers write with more keys",
		GoType: "alloc.StrategySpec", GoImport: "github.com/rmqalloc/rmqalloc/alloc", GoRead: "readStrategySpec",
		JSEncode: "encStrategy", JSFrom: "./alloc_wire.js", JSType: "StrategySpec",
		SampleHex: "000341564700", SampleStrs: 1, SampleGo: `alloc.StrategySpec{Name: "AVG"}`, SampleJS: `{"name":"AVG"}`,
	},
	{
		Name: "allocQueues", Doc: "allocate's answer: the sort's permutation when the request asked (needPerm), then the queues as refs " +
			"(wasm/allocate.go writeAllocQueues; JS: alloc_wire.js decAllocQueues, against ctx's list)",
		GoType: "allocQueues", GoImport: "github.com/rmqalloc/rmqalloc/alloc", GoWrite: "writeAllocQueues",
		JSDecode: "decAllocQueues", JSFrom: "./alloc_wire.js", JSType: "Readonly<MessageQueue>[] | null",
		SampleHex: "02000154016202", SampleGo: `allocQueues{h: &allocHead{mqs: viewOf(nil, nil, unsorted)}, qs: []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}}`,
		SampleJS: `[{"topic":"T","brokerName":"b","queueId":1}]`,
	},
	{
		Name: "allocPlan", Doc: "allocateAll's answer: the permutation when asked, then the plan in one of its forms " +
			"(wasm/allocate.go writeAllocPlan, writePlan; JS: alloc_wire.js decAllocPlan, against ctx's lists)",
		GoType: "allocPlan", GoWrite: "writeAllocPlan",
		JSDecode: "decAllocPlan", JSFrom: "./alloc_wire.js", JSType: "Plan",
		SampleHex: "0341564701000161020001", SampleGo: `sampleAllocPlan()`, SampleJS: `{"strategy":"AVG","members":["a"]}`,
	},
}

var queueRecords = []Record{
	{Name: "strategyInfo", Doc: "a strategy name and the spec fields it reads besides its name", Fields: []Field{{"name", Str}, {"options", List(Str)}},
		Shape: &Shape{TS: "StrategyInfo", Doc: "A strategy the module knows, with its options.", Frozen: true,
			Types:  map[string]string{"name": "StrategyName"},
			Fields: map[string]string{"name": "", "options": "Names of the spec fields it reads besides `name`."}}},
	{Name: "profileInfo", Doc: "a conformance profile and the vector ops it has", Fields: []Field{{"name", Str}, {"ops", List(Str)}},
		Shape: &Shape{TS: "ProfileInfo", Doc: "A profile the module reproduces, with the operations it supports.", Frozen: true,
			Types: map[string]string{"name": "Profile"}, Fields: map[string]string{"name": "", "ops": ""}}},
	{Name: "clientInfo", Doc: "a client an allocate request names (its CLIENT byte is its position): its profile, the versions that name it and its sort order (SORT_ORDER)",
		Fields: []Field{{"profile", Str}, {"versions", List(Str)}, {"sortOrder", U8}},
		Shape: &Shape{TS: "ClientInfo", Doc: "A client an allocate request names, with the Java versions that name it too.", Frozen: true,
			Types: map[string]string{"profile": "AllocateProfile"}, Fields: map[string]string{"profile": "", "versions": ""},
			Internal: []string{"sortOrder"}}},
	{Name: "faultItem", Doc: "a Producer's latency fault item (reachable: 5.3.3's flag)",
		Fields: []Field{{"brokerName", Str}, {"currentLatency", F64}, {"startTimestamp", F64}, {"reachable", Bool}},
		Shape: &Shape{TS: "FaultItem", Doc: "A fault item of the latency fault tolerance.", Optional: []string{"reachable"},
			Fields: map[string]string{"brokerName": "", "currentLatency": "", "startTimestamp": "", "reachable": "5.3.3 only."}}},
	{Name: "queueData", Doc: "a route's queue data as a Producer is given it", Fields: []Field{{"brokerName", Str}, {"readQueueNums", I32}, {"writeQueueNums", I32}, {"perm", I32}}},
}

// routeQueues is the answer of both routeToQueues ops (route, routeText).
var routeQueues = &Shape{TS: "RouteQueues", Doc: "MQClientInstance.topicRouteData2TopicPublishInfo / ...SubscribeInfo.",
	Types: map[string]string{"publish": "MessageQueue[]", "subscribe": "MessageQueue[]"}, // never null (alloc/route)
	Fields: map[string]string{
		"publish":   "Publish queues, in the producer's order.",
		"subscribe": "Subscribe queues, de-duplicated and sorted.",
	}}

var queueOps = []Op{
	{
		// Its first two fields are the version handshake: every version's
		// meta starts with them, so a package can name a module it cannot
		// read further (js/lib/api.js).
		Name: "meta", Num: 1, JS: "meta", Build: Both, Hot: true,
		Doc: "the module's version, wire schema hash, strategies, conformance profiles, build (core or full) and clients",
		Response: []Field{{"version", Str}, {"tablesHash", Str}, {"strategies", List(Rec("strategyInfo"))},
			{"profiles", List(Rec("profileInfo"))}, {"build", Str}, {"clients", List(Rec("clientInfo"))}},
	},
	{
		Name: "allocate", Num: 4, JS: "allocate", Build: Both, Hot: true,
		Doc: "a consumer's rebalance: the queues of mqAll the strategy (built for client: CLIENT) gives currentCID among cidAll " +
			"(null: Java's null), after the client's sort when sort is set; needPerm: answer the sort's permutation first",
		Request: []Field{{"client", U8}, {"strategy", Custom("strategy")}, {"consumerGroup", Str}, {"mqAll", Custom("callQlist")},
			{"cidAll", Custom("cids")}, {"sort", Bool}, {"needPerm", Bool}, {"currentCID", Str}},
		Response: []Field{{"queues", Custom("allocQueues")}},
	},
	{
		Name: "allocateAll", Num: 5, JS: "allocateAll", Build: Both, Hot: true,
		Doc: "every consumer's rebalance at once (alloc.AllocateAll): allocate's request without currentCID",
		Request: []Field{{"client", U8}, {"strategy", Custom("strategy")}, {"consumerGroup", Str}, {"mqAll", Custom("callQlist")},
			{"consumers", Custom("cids")}, {"sort", Bool}, {"needPerm", Bool}},
		Response: []Field{{"plan", Custom("allocPlan")}},
	},
	{
		Name: "producerNew", Num: 9, JS: "producerNew", Build: Both, Hot: true,
		Doc: "a Producer (alloc/producer.New) over mqs for client version (PRODUCER_VERSION) at the clock now: its handle; " +
			"resetValues absent: the client's random draws, queueDatas absent: the route's defaults",
		Request: []Field{{"mqs", Custom("keptQlist")}, {"version", U8}, {"latencyFaultTolerance", Bool},
			{"startIndex", Opt(I32)}, {"worstStartIndex", Opt(I32)}, {"resetValues", Opt(List(I32))},
			{"queueDatas", Opt(List(Rec("queueData")))}, {"now", Int64F}},
		Response: []Field{{"handle", Uvarint}},
	},
	{
		Name: "producerState", Num: 13, JS: "producerState", Build: Both, Hot: true,
		Doc:      "a Producer's queue list, send index and latency fault items",
		Request:  []Field{{"handle", Uvarint}},
		Response: []Field{{"queues", Custom("queues")}, {"index", I32}, {"faults", List(Rec("faultItem"))}},
	},
	{
		Name: "topicNew", Num: 2, JS: "topicNew", Build: Both, Hot: true,
		Doc:      "interns a queue list (a Topic): its handle",
		Request:  []Field{{"queues", Custom("keptQlist")}},
		Response: []Field{{"handle", Uvarint}},
	},
	{
		Name: "cidsNew", Num: 16, JS: "cidsNew", Build: Both, Hot: true,
		Doc:      "interns a client-ID list: its handle",
		Request:  []Field{{"consumers", Custom("cids")}},
		Response: []Field{{"handle", Uvarint}},
	},
	{
		Name: "route", Num: 8, JS: "routeToQueues", Build: Both,
		Doc:      "routeToQueues over a route object: its publish and subscribe queues for topic",
		Request:  []Field{{"topic", Str}, {"route", Custom("routeIn")}},
		Response: []Field{{"publish", Custom("queues")}, {"subscribe", Custom("queues")}},
		Answer:   routeQueues,
	},
	{
		Name: "producerSelect", Num: 10, JS: "producerSelect", Build: Both, Hot: true,
		Doc:      "a Producer's selectOneMessageQueue at the clock now, after a failed send to lastBrokerName (null: none)",
		Request:  []Field{{"handle", Uvarint}, {"now", Int64F}, {"lastBrokerName", Custom("lastBroker")}, {"resetIndex", Bool}},
		Response: []Field{{"topic", Str}, {"brokerName", Str}, {"queueId", I32}},
	},
	{
		Name: "selectHash", Num: 6, JS: "selectHash", Build: Both, Hot: true,
		Doc:      "SelectMessageQueueByHash: the queue of mqs the argument's Java hashCode picks",
		Request:  []Field{{"mqs", Custom("callQlist")}, {"arg", Custom("hashArg")}},
		Response: []Field{{"queue", Custom("queueRef")}},
	},
	{
		Name: "selectGroup", Num: 7, JS: "selectGroup", Build: Both, Hot: true,
		Doc:      "the queue of mqs a message group goes to (selector: GROUP, whose hash of the group)",
		Request:  []Field{{"mqs", Custom("callQlist")}, {"messageGroup", Str}, {"selector", U8}},
		Response: []Field{{"queue", Custom("queueRef")}},
	},
	{
		Name: "selectLite", Num: 19, JS: "selectLite", Build: Both, Hot: true,
		Doc:      "a lite topic's queue among its parent topic's write queues mqs (RIP-83, broker 5.5.0)",
		Request:  []Field{{"mqs", Custom("callQlist")}, {"liteTopic", Str}},
		Response: []Field{{"queue", Custom("queueRef")}},
	},
}
