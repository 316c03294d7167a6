package broker

import (
	"github.com/rmqalloc/rmqalloc/alloc"
)

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
