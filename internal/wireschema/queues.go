package wireschema

// The ops on queue lists, consumer lists and producers, which both builds
// serve: topics, allocation, selection, routes, producers, meta.

var queueCustoms = []CustomType{
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
