package broker_test

import (
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/broker"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

func topicQueues() []alloc.MessageQueue {
	var mq []alloc.MessageQueue
	for _, b := range []struct {
		name string
		n    int32
	}{{"broker-a", 4}, {"broker-b", 2}} {
		for id := range b.n {
			mq = append(mq, alloc.MessageQueue{Topic: "T", BrokerName: b.name, QueueID: id})
		}
	}
	return mq
}

func printAnswers(req broker.Request, clients []string) {
	for i, a := range broker.QueryAssignments(req, clients) {
		fmt.Println(clients[i], a.Mode, a.Queues)
	}
}

// The package doc's worked example: PULL, then POP with one shared
// neighbour, then POP with sharing wide enough to mean "everything".
func Example() {
	clients := []string{"c1", "c2", "c3"}
	req := broker.Request{Topic: "T", ConsumerGroup: "g", StrategyName: "AVG",
		Broker: broker.DefaultBrokerConfig(), MqAll: topicQueues(), CidAll: clients}
	printAnswers(req, clients)

	req.Configured = &broker.ModeSetting{Mode: broker.Pop, PopShareQueueNum: 1}
	printAnswers(req, clients)

	req.Configured.PopShareQueueNum = 2
	printAnswers(req, clients[:1])
	// Output:
	// c1 PULL [MessageQueue [topic=T, brokerName=broker-a, queueId=0] MessageQueue [topic=T, brokerName=broker-a, queueId=1]]
	// c2 PULL [MessageQueue [topic=T, brokerName=broker-a, queueId=2] MessageQueue [topic=T, brokerName=broker-a, queueId=3]]
	// c3 PULL [MessageQueue [topic=T, brokerName=broker-b, queueId=0] MessageQueue [topic=T, brokerName=broker-b, queueId=1]]
	// c1 POP [MessageQueue [topic=T, brokerName=broker-a, queueId=0] MessageQueue [topic=T, brokerName=broker-a, queueId=1] MessageQueue [topic=T, brokerName=broker-a, queueId=2] MessageQueue [topic=T, brokerName=broker-a, queueId=3]]
	// c2 POP [MessageQueue [topic=T, brokerName=broker-a, queueId=2] MessageQueue [topic=T, brokerName=broker-a, queueId=3] MessageQueue [topic=T, brokerName=broker-b, queueId=0] MessageQueue [topic=T, brokerName=broker-b, queueId=1]]
	// c3 POP [MessageQueue [topic=T, brokerName=broker-a, queueId=0] MessageQueue [topic=T, brokerName=broker-a, queueId=1] MessageQueue [topic=T, brokerName=broker-b, queueId=0] MessageQueue [topic=T, brokerName=broker-b, queueId=1]]
	// c1 POP [MessageQueue [topic=T, brokerName=broker-a, queueId=-1] MessageQueue [topic=T, brokerName=broker-b, queueId=-1]]
}

// A CONSISTENT_HASH group that switched to clientRebalance=false gets no
// queues at all: the broker does not run that strategy.
func ExampleWhereAllocated() {
	s := broker.Settings{Client: broker.ClassicPush, ClientRebalance: false, StrategyName: "CONSISTENT_HASH"}
	d := broker.WhereAllocated(s)
	fmt.Println(d.Path, d.NoAssignment)
	a := broker.QueryAssignment(broker.Request{Topic: "T", StrategyName: "CONSISTENT_HASH", Broker: broker.DefaultBrokerConfig(),
		MqAll: topicQueues(), CidAll: []string{"c1"}}, "c1")
	fmt.Println(a.Queues == nil, a.Reason)
	// Output:
	// broker true
	// true the broker runs only AVG and AVG_BY_CIRCLE, not "CONSISTENT_HASH"
}

// What every gRPC push consumer of the group gets: one "all queues" entry
// per readable broker that has a master, or every read queue for FIFO.
func ExampleProxyAssignment() {
	r := &route.Route{
		QueueDatas: []route.QueueData{
			{BrokerName: "broker-a", ReadQueueNums: 2, WriteQueueNums: 2, Perm: 6},
			{BrokerName: "broker-b", ReadQueueNums: 4, WriteQueueNums: 4, Perm: 2},
		},
		BrokerDatas: []route.BrokerData{
			{BrokerName: "broker-a", BrokerAddrs: map[string]string{"0": "10.0.0.1:10911"}},
			{BrokerName: "broker-b", BrokerAddrs: map[string]string{"0": "10.0.0.2:10911"}},
		},
	}
	qs, _ := broker.ProxyAssignment("T", r, false)
	fmt.Println(qs)
	fifo, _ := broker.ProxyAssignment("T", r, true)
	fmt.Println(len(fifo))
	r.QueueDatas = r.QueueDatas[1:]
	_, err := broker.ProxyAssignment("T", r, false)
	fmt.Println(err)
	// Output:
	// [MessageQueue [topic=T, brokerName=broker-a, queueId=-1]]
	// 2
	// FORBIDDEN: no readable queue
}
