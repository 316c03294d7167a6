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
		Name: "routeOut", Doc: "a topic route as routeToQueues takes it (wasm/route_text.go writeRoute, brokerAddrs in ID order)",
		GoType: "*route.Route", GoImport: "github.com/rmqalloc/rmqalloc/alloc/route",
		GoWrite: "writeRoute", JSDecode: "decRoute", JSFrom: "./full_wire.js", JSType: "Route",
		SampleHex: "0001016202020c0001016301620101300161",
		SampleGo: `&route.Route{QueueDatas: []route.QueueData{{BrokerName: "b", ReadQueueNums: 1, WriteQueueNums: 1, Perm: 6}}, ` +
			`BrokerDatas: []route.BrokerData{{Cluster: "c", BrokerName: "b", BrokerAddrs: map[string]string{"0": "a"}}}}`,
		SampleJS: `{"orderTopicConf":null,"queueDatas":[{"brokerName":"b","readQueueNums":1,"writeQueueNums":1,"perm":6,"topicSysFlag":0}],` +
			`"brokerDatas":[{"cluster":"c","brokerName":"b","brokerAddrs":{"0":"a"}}]}`,
	},
	{
		Name: "routeIn", Doc: "a topic route object (wasm/route.go readRoute, js/lib/route.js encRoute)",
		GoType: "*route.Route", GoImport: "github.com/rmqalloc/rmqalloc/alloc/route", GoRead: "readRoute",
		SampleHex: "000000", SampleGo: `&route.Route{QueueDatas: []route.QueueData{}, BrokerDatas: []route.BrokerData{}}`,
	},
}

var fullRecords = []Record{
	{Name: "routeText", Doc: "a route as mqadmin topicRoute printed it, for topic (alloc/doctor.RouteText)", Fields: []Field{{"topic", Str}, {"text", Text}}},
	{Name: "statusText", Doc: "a consumerStatus output, named (a client ID, as files are named; alloc/doctor.StatusText)", Fields: []Field{{"name", Str}, {"text", Text}}},
	{Name: "doctorInput", Doc: "one snapshot's texts (alloc/doctor.Input)", Fields: []Field{{"routes", List(Rec("routeText"))}, {"connection", Text},
		{"progress", Text}, {"status", List(Rec("statusText"))}, {"strategy", Str}, {"profile", Str}, {"capturedAt", Str}}},
	{Name: "doctorSnapshot", Doc: "a snapshot of a series (alloc/doctor.Snapshot: at is RFC 3339; a single input has them empty)",
		Fields: []Field{{"name", Str}, {"at", Str}, {"atSource", Str}, {"input", Rec("doctorInput")}}},
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
		Name: "doctorRun", Num: 30, JS: "doctorRun", Build: Full, Refusal: doctorNeedsFull,
		Doc: "the doctor's report on one snapshot (alloc/doctor.Diagnose) or, with want's series bit, on a series " +
			"(DiagnoseSeries); want (WANT) also says which of text (fitted in width columns, 0: 80) and json to answer",
		Request:  []Field{{"want", U8}, {"width", Uvarint}, {"snapshots", List(Rec("doctorSnapshot"))}},
		Response: []Field{{"ok", Bool}, {"judged", Bool}, {"text", Str}, {"json", Raw}},
	},
	{
		Name: "parseRoute", Num: 32, JS: "parseRoute", Build: Full, Refusal: parseRouteNeedsFull,
		Doc:      "a route as mqadmin topicRoute prints it (fastjson) or as JSON, read (alloc/mqadmin.ParseTopicRoute)",
		Request:  []Field{{"text", Text}},
		Response: []Field{{"route", Custom("routeOut")}},
	},
	{
		Name: "routeText", Num: 33, JS: "routeText", Build: Full, Refusal: routeTextNeedsFull,
		Doc:      "routeToQueues over a route as text: its publish and subscribe queues for topic",
		Request:  []Field{{"topic", Str}, {"text", Text}},
		Response: []Field{{"publish", Custom("queues")}, {"subscribe", Custom("queues")}},
	},
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

const routeTextNeedsFull = "a route as text (what mqadmin topicRoute prints) needs the full module: load({ analysis: true }); " +
	"the core module takes the route as an object"

const parseRouteNeedsFull = "rmq.parse.topicRoute needs the full module: load({ analysis: true }); " +
	"the core module takes the route as an object (rmq.routeToQueues)"

const goProducersNeedFull = "the Go producers (goPublishQueues, goSelect, takeMessageQueues) need the full module: load({ analysis: true })"
