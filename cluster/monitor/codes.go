//go:build !(js && wasm)

package monitor

import "strconv"

// RocketMQ RequestCode values the monitor sends, all read-only.
const (
	codeRouteByTopic      = 105 // GET_ROUTEINFO_BY_TOPIC: NameServer, a topic's route
	codeBrokerClusterInfo = 106 // GET_BROKER_CLUSTER_INFO: NameServer, clusters and brokers
	codeAllSubscription   = 201 // GET_ALL_SUBSCRIPTIONGROUP_CONFIG: broker, its consumer groups
	codeTopicStats        = 202 // GET_TOPIC_STATS_INFO: broker, a topic's offsets (stranded messages)
	codeConnectionList    = 203 // GET_CONSUMER_CONNECTION_LIST: broker, a group's members
	codeConsumeStats      = 208 // GET_CONSUME_STATS: broker, a group's offsets
	codeRunningInfo       = 307 // GET_CONSUMER_RUNNING_INFO: broker → one client JVM

	respSuccess           = 0
	respTopicNotExist     = 17
	respConsumerNotOnline = 206
)

// ReadCodes are the only request codes the monitor sends, with
// RocketMQ's names for them. Every one reads; none changes the cluster.
var ReadCodes = map[int]string{
	codeRouteByTopic:      "GET_ROUTEINFO_BY_TOPIC",
	codeBrokerClusterInfo: "GET_BROKER_CLUSTER_INFO",
	codeAllSubscription:   "GET_ALL_SUBSCRIPTIONGROUP_CONFIG",
	codeTopicStats:        "GET_TOPIC_STATS_INFO",
	codeConnectionList:    "GET_CONSUMER_CONNECTION_LIST",
	codeConsumeStats:      "GET_CONSUME_STATS",
	codeRunningInfo:       "GET_CONSUMER_RUNNING_INFO",
}

// codeLabel is the metric label of a request code: its RocketMQ name.
func codeLabel(code int) string {
	if n, ok := ReadCodes[code]; ok {
		return n
	}
	return strconv.Itoa(code)
}
