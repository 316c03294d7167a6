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
			"JS: select_wire.js encCidList (an array goes inline; the IDs as sent in ctx.ids)",
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

var queueOps = []Op{
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
