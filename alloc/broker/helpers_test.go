package broker

import (
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// qs parses "a/0 a/1 b/-1" into queues of topic T on broker-a, broker-b, …
func qs(s string) []alloc.MessageQueue {
	out := []alloc.MessageQueue{}
	for _, f := range strings.Fields(s) {
		b, id, _ := strings.Cut(f, "/")
		n, err := strconv.Atoi(id)
		if err != nil {
			panic(err)
		}
		out = append(out, alloc.MessageQueue{Topic: "T", BrokerName: "broker-" + b, QueueID: int32(n)})
	}
	return out
}

// show prints queues back as "a/0 a/1", or "null" for nil.
func show(q []alloc.MessageQueue) string {
	if q == nil {
		return "null"
	}
	parts := make([]string, len(q))
	for i, x := range q {
		parts[i] = strings.TrimPrefix(x.BrokerName, "broker-") + "/" + strconv.Itoa(int(x.QueueID))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// pullReq is a PULL, AVG, load-balanced request over mqAll and cidAll.
func pullReq(mqAll []alloc.MessageQueue, cidAll ...string) Request {
	return Request{Topic: "T", ConsumerGroup: "g", StrategyName: "AVG", Broker: DefaultBrokerConfig(), MqAll: mqAll, CidAll: cidAll}
}

// popReq is pullReq with the mode set to POP with share n.
func popReq(n int32, mqAll []alloc.MessageQueue, cidAll ...string) Request {
	r := pullReq(mqAll, cidAll...)
	r.Configured = &ModeSetting{Mode: Pop, PopShareQueueNum: n}
	return r
}
