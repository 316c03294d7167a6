package wireschema

// The full build's analysis, doctor, broker-assignment and go-producer ops.

const qlistDoc = "a queue list of a request (wasm/queues.go qlist: null, an interned Topic or inline), " +
	"which the handler takes naming its field (a freed Topic's error); JS: validate.js encQueues"

var fullCustoms = []CustomType{
	{
		Name: "qlist", Doc: qlistDoc,
		GoType: "qlistArg", GoRead: "readQlistArg",
		SampleHex: "020100015400016202", SampleGo: `qlistArg{qs: []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}}`,
		GoImport: "github.com/rmqalloc/rmqalloc/alloc",
	},
	{
		Name: "stringList", Doc: "client IDs or names: uvarint n+1 (0: null), then n strings (wasm/queues.go readStrings, validate.js encCids)",
		GoType: "[]string", GoRead: "readStrings",
		SampleHex: "03000161000162", SampleGo: `[]string{"a", "b"}`,
	},
	{
		Name: "queues", Doc: "queues written out in full (wasm/select.go writeQueues: refs without a base list), null for nil",
		GoType: "[]alloc.MessageQueue", GoImport: "github.com/rmqalloc/rmqalloc/alloc",
		GoWrite: "writeQueues", JSDecode: "decQueues", JSFrom: "./full_wire.js", JSType: "Readonly<MessageQueue>[] | null",
		SampleHex: "02000154016202", SampleGo: `[]alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}}`,
		SampleJS: `[{"topic":"T","brokerName":"b","queueId":1}]`,
	},
	{
		Name: "routeIn", Doc: "a topic route object (wasm/route.go readRoute, js/lib/route.js encRoute)",
		GoType: "*route.Route", GoImport: "github.com/rmqalloc/rmqalloc/alloc/route", GoRead: "readRoute",
		SampleHex: "0001000162020c0c000100016300016201000130000161",
		SampleGo:  `&route.Route{QueueDatas: []route.QueueData{{BrokerName: "b", ReadQueueNums: 1, WriteQueueNums: 6, Perm: 6}}, BrokerDatas: []route.BrokerData{{Cluster: "c", BrokerName: "b", BrokerAddrs: map[string]string{"0": "a"}}}}`,
	},
}

var fullRecords = []Record{
	{Name: "modeSetting", Doc: "a group's configured message request mode (alloc/broker.ModeSetting; mode: BROKER_MODE)", Fields: []Field{{"mode", U8}, {"popShareQueueNum", I32}}},
	{Name: "assignment", Doc: "one client's broker-side assignment (alloc/broker.Assignment)", Fields: []Field{{"queues", Custom("queues")}, {"reason", Str}}},
}

var fullOps = []Op{
	{
		Name: "queryAssignment", Num: 40, JS: "queryAssignment", Build: Full, Refusal: brokerNeedsFull,
		Doc: "the RocketMQ 5 broker's queryAssignment for clientIds (alloc/broker.QueryAssignments): the mode it resolves " +
			"and each client's queues (messageModel: MESSAGE_MODEL, brokerDefaultMode: BROKER_MODE; mqAll null: no route, cidAll null: unknown group)",
		Request: []Field{{"topic", Str}, {"consumerGroup", Str}, {"messageModel", U8}, {"strategyName", Str},
			{"serverLoadBalancerEnable", Bool}, {"brokerDefaultMode", U8}, {"brokerDefaultPopShareQueueNum", I32},
			{"configured", Opt(Rec("modeSetting"))}, {"mqAll", Custom("qlist")}, {"cidAll", Custom("stringList")}, {"clientIds", Custom("stringList")}},
		Response: []Field{{"mode", U8}, {"popShareQueueNum", I32}, {"results", List(Rec("assignment"))}},
	},
	{
		Name: "proxyAssignment", Num: 41, JS: "proxyAssignment", Build: Full, Refusal: brokerNeedsFull,
		Doc:      "the queues a RocketMQ 5 proxy assigns a gRPC consumer of topic (alloc/broker.ProxyAssignment)",
		Request:  []Field{{"topic", Str}, {"route", Custom("routeIn")}, {"orderly", Bool}},
		Response: []Field{{"queues", Custom("queues")}},
	},
}
