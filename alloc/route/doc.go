// Package route turns a RocketMQ topic route — the TopicRouteData that
// `mqadmin topicRoute -t T` prints and the name server hands to every client
// — into the two queue lists the classic Java client derives from it: the
// producer's publish list (TopicPublishInfo.messageQueueList) and the
// consumer's subscribe set.
//
// Parse reads the tool's output as printed: fastjson's almost-JSON with
// unquoted integer map keys ({0:"192.168.0.1:10911"}), log lines before it,
// a BOM; errors give the line and column. The Route type also carries json
// struct tags, so native Go programs can json.Unmarshal standard JSON into
// it; this package itself never imports encoding/json (it is linked into
// the size-budgeted WebAssembly build).
//
// Worked example, route with brokers broker-b (perm 6, 2 write / 4 read
// queues) and broker-a (perm 4, read only, 2 read queues), both with a
// master:
//
//	publish:   [T broker-b 0] [T broker-b 1]            (write bit only)
//	subscribe: [T broker-a 0] [T broker-a 1]
//	           [T broker-b 0] … [T broker-b 3]           (read bit, sorted)
//
// With orderTopicConf "broker-a:2;broker-c:1" the publish list is
// [T broker-a 0] [T broker-a 1] [T broker-c 0] whatever queueDatas say, and
// the subscribe set still comes from queueDatas.
//
// Routes are plain values: a Route is safe for concurrent reads, and the
// conversions never modify it (Java sorts queueDatas in place; here a copy
// is sorted).
package route
