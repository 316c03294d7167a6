package wireschema

// The full build's analysis, doctor, broker-assignment and go-producer ops.

const qlistDoc = "a queue list of a request (wasm/queues.go qlist: null, an interned Topic or inline), " +
	"which the handler takes naming its field (a freed Topic's error); JS: validate.js encQueues"

// The samples of request customs hold no string: the golden requests put
// their bytes amid other fields, and a string there would be missing from
// the JS encoder's string table (the fields after it would shift).
var fullCustoms = []CustomType{
	{
		Name: "qlist", Doc: qlistDoc,
		GoType: "qlistArg", GoRead: "readQlistArg",
		SampleHex: "0200", SampleGo: `qlistArg{qs: []alloc.MessageQueue{}}`,
		GoImport: "github.com/rmqalloc/rmqalloc/alloc",
	},
	{
		Name: "stringList", Doc: "client IDs or names: uvarint n+1 (0: null), then n strings (wasm/queues.go readStrings, validate.js encCids)",
		GoType: "[]string", GoRead: "readStrings",
		SampleHex: "01", SampleGo: `[]string{}`,
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
		SampleHex: "000000", SampleGo: `&route.Route{QueueDatas: []route.QueueData{}, BrokerDatas: []route.BrokerData{}}`,
	},
}

var fullRecords = []Record{
	{Name: "modeSetting", Doc: "a group's configured message request mode (alloc/broker.ModeSetting; mode: BROKER_MODE)", Fields: []Field{{"mode", U8}, {"popShareQueueNum", I32}}},
	{Name: "assignment", Doc: "one client's broker-side assignment (alloc/broker.Assignment)", Fields: []Field{{"queues", Custom("queues")}, {"reason", Str}}},
	{Name: "topicIndex", Doc: "where the Go client's round-robin selector starts for a topic", Fields: []Field{{"topic", Str}, {"index", Uvarint}}},
	{Name: "goSend", Doc: "one send of a goSelect sequence: its topic, its own queue list (absent: the request's), " +
		"the broker of the last failed send, the sharding key and the queue set on the message (the manual selector)",
		Fields: []Field{{"topic", Str}, {"mqs", Opt(Custom("qlist"))}, {"lastBrokerName", Str}, {"shardingKey", Str}, {"queue", Opt(Rec("queue"))}}},
	{Name: "brokerEndpoints", Doc: "a broker's endpoints (host:port addresses) for the publishing balancer", Fields: []Field{{"brokerName", Str}, {"addresses", List(Str)}}},
	{Name: "takeStep", Doc: "one TakeMessageQueues call: the isolated endpoints (each a list of addresses) and the count", Fields: []Field{{"isolated", List(List(Str))}, {"count", I32}}},
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
	{
		Name: "goRoute", Num: 60, JS: "goRoute", Build: Full, Refusal: goProducersNeedFull,
		Doc: "rocketmq-client-go v2.1.2's publish list of a route (alloc/producer.GoPublishQueues; producer: the list " +
			"a producer's selector gets, GoProducerPublishQueues); queueDatasNull and nullBrokerAddrs (brokerDatas indexes) say what JSON had null",
		Request:  []Field{{"topic", Str}, {"route", Custom("routeIn")}, {"queueDatasNull", Bool}, {"nullBrokerAddrs", List(Uvarint)}, {"producer", Bool}},
		Response: []Field{{"queues", Custom("queues")}},
	},
	{
		Name: "goSelect", Num: 61, JS: "goSelect", Build: Full, Refusal: goProducersNeedFull,
		Doc: "the Go client's QueueSelectors over a sequence of sends (selector: GO_SELECTOR; seed: the random and hash " +
			"selectors' source): the queue each send picks (absent: none)",
		Request:  []Field{{"selector", U8}, {"seed", I64}, {"startIndex", List(Rec("topicIndex"))}, {"mqs", Custom("qlist")}, {"steps", List(Rec("goSend"))}},
		Response: []Field{{"picks", List(Opt(Rec("queue")))}},
	},
	{
		Name: "takeMessageQueues", Num: 62, JS: "takeMessageQueues", Build: Full, Refusal: goProducersNeedFull,
		Doc: "the gRPC clients' publishing load balancer (alloc/producer.NewPublishingBalancer; client: BALANCER) over a " +
			"sequence of TakeMessageQueues calls: each one's queues and the index after the last",
		Request: []Field{{"client", U8}, {"mqs", Custom("qlist")}, {"endpoints", List(Rec("brokerEndpoints"))}, {"startIndex", I32},
			{"steps", List(Rec("takeStep"))}},
		Response: []Field{{"steps", List(Custom("queues"))}, {"index", I32}},
	},
}

const goProducersNeedFull = "the Go producers (goPublishQueues, goSelect, takeMessageQueues) need the full module: load({ analysis: true })"
