package mqadmin_test

import (
	"fmt"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// The topicRoute text as mqadmin prints it: log lines first, unquoted
// integer keys (fastjson), tabs.
func ExampleParseTopicRoute() {
	text := "RocketMQLog:WARN No appenders could be found for logger.\n" +
		"{\n\t\"brokerDatas\":[{\"brokerAddrs\":{0:\"192.168.0.1:10911\",1:\"192.168.1.1:10911\"\n\t\t},\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\"}],\n" +
		"\t\"filterServerTable\":{},\n\t\"queueDatas\":[{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4}]\n}\n"
	r, err := mqadmin.ParseTopicRoute(text)
	if err != nil {
		panic(err)
	}
	sub, _ := r.SubscribeQueues("TopicTest")
	fmt.Println(r.BrokerDatas[0].BrokerAddrs["0"], len(sub))

	_, err = mqadmin.ParseTopicRoute(text[:150])
	fmt.Println(err)
	// Output:
	// 192.168.0.1:10911 4
	// route: line 4, column 16: expected '"' to close the string, found the end of the text (is the paste cut?)
}
