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
		GoType: "callQlist", GoRead: "readKeptQlist",
		SampleHex: "0200", SampleGo: `callQlist{qs: []alloc.MessageQueue{}}`,
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
		GoWrite: "writeQueues", JSDecode: "decQueues", JSFrom: "./refs.js", JSType: "Readonly<MessageQueue>[] | null",
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
		Name: "analysisAnswer", Doc: "an analysis result (wasm/analysis.go): JSON text to the end, or the positions layout " +
			"(analysis_positions.go) when the request asked for positions; JS: the call's ctx says which ('plan', 'diff' or undefined: JSON)",
		GoType: "analysisAnswer", GoWrite: "writeAnalysisAnswer", JSDecode: "decAnalysisAnswer", JSFrom: "./analysis_wire.js", JSType: "any",
		SampleHex: "7b2261223a317d", SampleGo: `analysisAnswer(func(w *writer) { w.b = append(w.b, "{\"a\":1}"...) })`, SampleJS: `{"a":1}`,
	},
	{
		Name: "routeIn", Doc: "a topic route object (wasm/route.go readRoute, js/lib/route.js encRoute)",
		GoType: "*route.Route", GoImport: "github.com/rmqalloc/rmqalloc/alloc/route", GoRead: "readRoute",
		SampleHex: "000000", SampleGo: `&route.Route{QueueDatas: []route.QueueData{}, BrokerDatas: []route.BrokerData{}}`,
	},
}

var fullRecords = []Record{
	{Name: "clientStrategy", Doc: "a strategy and the client (CLIENT) that builds it (wasm/strategy.go strategyOf)", Fields: []Field{{"client", U8}, {"spec", Custom("strategySpec")}}},
	{Name: "rooms", Doc: "how member and broker names split into machine rooms (alloc.SplitResolver)", Fields: []Field{{"sep", Str}, {"brokerField", I32}, {"consumerField", I32}},
		Shape: &Shape{TS: "RoomResolver", Doc: "NEARBY's room resolver: room = name.split(sep)[field], Java's split: sep is a java.util.regex pattern, trailing empty pieces dropped.",
			Fields: map[string]string{
				"sep":           "",
				"brokerField":   "Field of brokerName that names a queue's room (int ≥ 0).",
				"consumerField": "Field of the client ID that names a consumer's room (int ≥ 0).",
			}}},
	{Name: "planInput", Doc: "what analysis.NewPlan takes: a strategy, the queues, the members, whether to sort as a rebalance does and the rooms (absent: none)",
		Fields: []Field{{"strategy", Rec("clientStrategy")}, {"queues", Custom("qlist")}, {"members", Custom("stringList")}, {"sort", Bool}, {"rooms", Opt(Rec("rooms"))}}},
	{Name: "scenarioChange", Doc: "a step of a scenario (alloc/analysis.Change)", Fields: []Field{{"kind", Str}, {"members", Custom("stringList")}, {"broker", Str}, {"queues", I32}}},
	{Name: "memberView", Doc: "what a member sees (alloc/analysis.View): its member list (null: the group's) and its strategy's index", Fields: []Field{{"member", Str}, {"members", Custom("stringList")}, {"strategy", I32}}},
	{Name: "mixedMember", Doc: "a member of a mixed group and its client (alloc/analysis.Member)", Fields: []Field{{"id", Str}, {"client", Str}}},
	{Name: "routeText", Doc: "a route as mqadmin topicRoute printed it, for topic (cluster/doctor.RouteText)", Fields: []Field{{"topic", Str}, {"text", Text}}},
	{Name: "statusText", Doc: "a consumerStatus output, named (a client ID, as files are named; cluster/doctor.StatusText)", Fields: []Field{{"name", Str}, {"text", Text}}},
	{Name: "doctorInput", Doc: "one snapshot's texts (cluster/doctor.Input)", Fields: []Field{{"routes", List(Rec("routeText"))}, {"connection", Text},
		{"progress", Text}, {"status", List(Rec("statusText"))}, {"strategy", Str}, {"profile", Str}, {"capturedAt", Str},
		{"progressErr", Text}, {"statusErr", Text}, {"topicStatus", List(Rec("routeText"))}, {"stuckAfter", Str}}},
	{Name: "doctorSnapshot", Doc: "a snapshot of a series (cluster/doctor.Snapshot: at is RFC 3339; a single input has them empty)",
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
		Name: "analysisPlan", Num: 20, JS: "analysisPlan", Build: Full, Refusal: analysisNeedsFull,
		Doc:      "a plan with its statistics (alloc/analysis.NewPlan), as JSON or by positions in the given list",
		Request:  []Field{{"plan", Rec("planInput")}, {"positions", Bool}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "analysisDiff", Num: 21, JS: "analysisDiff", Build: Full, Refusal: analysisNeedsFull,
		Doc:      "two plans and what moved between them (alloc/analysis.DiffPlans), as JSON {from, to, diff} or by positions",
		Request:  []Field{{"from", Rec("planInput")}, {"to", Rec("planInput")}, {"positions", Bool}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "analysisScenario", Num: 22, JS: "analysisScenario", Build: Full, Refusal: analysisNeedsFull,
		Doc: "a scenario run over strategies (alloc/analysis.RunScenario; sort: ANALYSIS_SORT), as JSON",
		Request: []Field{{"topic", Str}, {"brokers", Custom("stringList")}, {"queuesPerBroker", I32}, {"members", Custom("stringList")},
			{"changes", List(Rec("scenarioChange"))}, {"strategies", List(Rec("clientStrategy"))}, {"sort", U8}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "analysisViews", Num: 23, JS: "analysisViews", Build: Full, Refusal: analysisNeedsFull,
		Doc: "members that see different member lists or run different strategies (alloc/analysis.Views), as JSON",
		Request: []Field{{"strategies", List(Rec("clientStrategy"))}, {"queues", Custom("qlist")}, {"members", Custom("stringList")},
			{"views", List(Rec("memberView"))}, {"sort", Bool}, {"rooms", Opt(Rec("rooms"))}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "analysisSubscription", Num: 24, JS: "analysisSubscription", Build: Full, Refusal: analysisNeedsFull,
		Doc: "a group where only subscribers subscribe the topic (alloc/analysis.Subscription), as JSON",
		Request: []Field{{"strategy", Rec("clientStrategy")}, {"queues", Custom("qlist")}, {"members", Custom("stringList")},
			{"subscribers", Custom("stringList")}, {"sort", Bool}, {"rooms", Opt(Rec("rooms"))}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "analysisMixed", Num: 25, JS: "analysisMixed", Build: Full, Refusal: analysisNeedsFull,
		Doc: "a group of Java and Go clients (alloc/analysis.Mixed), as JSON",
		Request: []Field{{"java", Rec("clientStrategy")}, {"go", Rec("clientStrategy")}, {"queues", Custom("qlist")},
			{"members", List(Rec("mixedMember"))}, {"sort", Bool}, {"rooms", Opt(Rec("rooms"))}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "analysisCompare", Num: 26, JS: "analysisCompare", Build: Full, Refusal: analysisNeedsFull,
		Doc:      "the strategies compared on a group (alloc/analysis.Compare over CompareStrategies), as JSON with the Markdown table",
		Request:  []Field{{"queues", I32}, {"brokers", I32}, {"members", I32}},
		Response: []Field{{"answer", Custom("analysisAnswer")}},
	},
	{
		Name: "doctorRun", Num: 30, JS: "doctorRun", Build: Full, Refusal: doctorNeedsFull,
		Doc: "the doctor's report on one snapshot (cluster/doctor.Diagnose) or, with want's series bit, on a series " +
			"(DiagnoseSeries); want (WANT) also says which of text (fitted in width columns, 0: 80) and json to answer",
		Request:  []Field{{"want", U8}, {"width", Uvarint}, {"snapshots", List(Rec("doctorSnapshot"))}},
		Response: []Field{{"ok", Bool}, {"judged", Bool}, {"text", Str}, {"json", Raw}},
	},
	{
		Name: "parseRoute", Num: 32, JS: "parseRoute", Build: Full, Refusal: parseRouteNeedsFull,
		Doc:      "a route as mqadmin topicRoute prints it (fastjson) or as JSON, read (cluster/mqadmin.ParseTopicRoute)",
		Request:  []Field{{"text", Text}},
		Response: []Field{{"route", Custom("routeOut")}},
	},
	{
		Name: "routeText", Num: 33, JS: "routeText", Build: Full, Refusal: routeTextNeedsFull,
		Doc:      "routeToQueues over a route as text: its publish and subscribe queues for topic",
		Request:  []Field{{"topic", Str}, {"text", Text}},
		Response: []Field{{"publish", Custom("queues")}, {"subscribe", Custom("queues")}},
		Answer:   routeQueues,
	},
	{
		Name: "queryAssignment", Num: 40, JS: "queryAssignment", Build: Full, Refusal: brokerNeedsFull,
		Doc: "the RocketMQ 5 broker's queryAssignment for clientIds (alloc/broker.QueryAssignments): the mode it resolves " +
			"and each client's queues (messageModel: MESSAGE_MODEL, brokerDefaultMode: BROKER_MODE; mqAll null: no route, cidAll null: unknown group)",
		Request: []Field{{"topic", Str}, {"consumerGroup", Str}, {"messageModel", U8}, {"strategyName", Str},
			{"serverLoadBalancerEnable", Bool}, {"brokerDefaultMode", U8}, {"brokerDefaultPopShareQueueNum", I32},
			{"configured", Opt(Rec("modeSetting"))}, {"mqAll", Custom("qlist")}, {"cidAll", Custom("stringList")}, {"clientIds", Custom("stringList")}},
		Response: []Field{{"mode", EnumOf("BROKER_MODE")}, {"popShareQueueNum", I32}, {"results", List(Rec("assignment"))}},
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
		Answer: &Shape{TS: "TakeMessageQueuesResult", Doc: "rmq.takeMessageQueues' answer.",
			Types: map[string]string{"steps": "MessageQueue[][]"}, // a step without candidates is [] (wasm/goproducer.go)
			Fields: map[string]string{
				"steps": "Each step's candidates: attempt k of the send goes to steps[i][(k-1) % length].",
				"index": "The balancer's index after the last step.",
			}},
	},
}

const analysisNeedsFull = "rmq.analysis needs the full module: load({ analysis: true })"

const routeTextNeedsFull = "a route as text (what mqadmin topicRoute prints) needs the full module: load({ analysis: true }); " +
	"the core module takes the route as an object"

const parseRouteNeedsFull = "rmq.parse.topicRoute needs the full module: load({ analysis: true }); " +
	"the core module takes the route as an object (rmq.routeToQueues)"

const goProducersNeedFull = "the Go producers (goPublishQueues, goSelect, takeMessageQueues) need the full module: load({ analysis: true })"
