package route_test

import (
	"encoding/json"
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// Native Go programs can decode a route as JSON straight into Route.
func ExampleRoute() {
	const routeJSON = `{
	  "orderTopicConf": null,
	  "queueDatas": [
	    {"brokerName": "broker-b", "readQueueNums": 4, "writeQueueNums": 2, "perm": 6, "topicSysFlag": 0},
	    {"brokerName": "broker-a", "readQueueNums": 2, "writeQueueNums": 2, "perm": 4, "topicSysFlag": 0}
	  ],
	  "brokerDatas": [
	    {"cluster": "DefaultCluster", "brokerName": "broker-a", "brokerAddrs": {"0": "10.0.0.1:10911"}},
	    {"cluster": "DefaultCluster", "brokerName": "broker-b", "brokerAddrs": {"0": "10.0.0.2:10911", "1": "10.0.0.3:10911"}}
	  ]
	}`
	var r route.Route
	if err := json.Unmarshal([]byte(routeJSON), &r); err != nil {
		panic(err)
	}
	pub, sub, err := r.Queues("TopicTest")
	fmt.Println(err)
	fmt.Println("publish:", short(pub))
	fmt.Println("subscribe:", short(sub))
	// Output:
	// <nil>
	// publish: [broker-b/0 broker-b/1]
	// subscribe: [broker-a/0 broker-a/1 broker-b/0 broker-b/1 broker-b/2 broker-b/3]
}

// An ordered topic: orderTopicConf decides the publish list; a malformed one
// fails with the exception the Java client throws.
func ExampleRoute_PublishQueues() {
	conf := "broker-a:2;broker-c:1"
	r := route.Route{OrderTopicConf: &conf}
	pub, _ := r.PublishQueues("T")
	fmt.Println(short(pub))

	bad := "broker-a:2;broker-c:x"
	r.OrderTopicConf = &bad
	_, err := r.PublishQueues("T")
	fmt.Println(alloc.JavaClassOf(err))
	fmt.Println(err)
	// Output:
	// [broker-a/0 broker-a/1 broker-c/0]
	// NumberFormatException
	// orderTopicConf: For input string: "x" (item 1)
}

func short(qs []alloc.MessageQueue) []string {
	var out []string
	for _, q := range qs {
		out = append(out, fmt.Sprintf("%s/%d", q.BrokerName, q.QueueID))
	}
	return out
}
