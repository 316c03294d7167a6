package alloc_test

import (
	"fmt"
	"log"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// The README's Go example: a rebalance of 2 brokers × 4 queues over 3
// consumers with AVG. Keep the two in sync.
func Example() {
	var mqAll []alloc.MessageQueue
	for _, broker := range []string{"broker-b", "broker-a"} {
		for id := int32(0); id < 4; id++ {
			mqAll = append(mqAll, alloc.MessageQueue{Topic: "TopicTest", BrokerName: broker, QueueID: id})
		}
	}
	cidAll := []string{"192.168.1.9@4242", "192.168.1.10@4242", "192.168.1.11@4242"}

	// What every consumer's rebalance does first: the JDK's sort, in Java's order.
	// It fails only as the JDK's does, for queue IDs more than 2^31 apart.
	if err := alloc.SortQueues(mqAll); err != nil {
		log.Fatal(err)
	}
	alloc.SortClientIDs(cidAll)

	plan, err := alloc.AllocateAll(alloc.Averagely(), "my-group", mqAll, cidAll)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(plan)

	// One consumer's own call, exactly Java's allocate(...).
	mine, _ := alloc.Averagely().Allocate("my-group", "192.168.1.9@4242", mqAll, cidAll)
	fmt.Println(mine)

	// Rebalance sorts the lists itself, as each member's client does, and
	// names queues and members by position in plan.Queues() and plan.Members().
	rp, _ := alloc.Rebalance(alloc.Averagely(), "my-group", mqAll, cidAll, alloc.RebalanceOptions{})
	fmt.Println(rp.MemberShare(2), rp.Owners(3)) // 192.168.1.9's queues; broker-a/3's owner
	// Output:
	// 192.168.1.10@4242: [broker-a/0 broker-a/1 broker-a/2]
	// 192.168.1.11@4242: [broker-a/3 broker-b/0 broker-b/1]
	// 192.168.1.9@4242: [broker-b/2 broker-b/3]
	// [MessageQueue [topic=TopicTest, brokerName=broker-b, queueId=2] MessageQueue [topic=TopicTest, brokerName=broker-b, queueId=3]]
	// [6 7] [1]
}
