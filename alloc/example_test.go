package alloc_test

import (
	"errors"
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// topicQueues is n queues of topic T on broker-a.
func topicQueues(n int) []alloc.MessageQueue {
	qs := make([]alloc.MessageQueue, n)
	for i := range qs {
		qs[i] = alloc.MessageQueue{Topic: "T", BrokerName: "broker-a", QueueID: int32(i)}
	}
	return qs
}

func ids(qs []alloc.MessageQueue) []int32 {
	out := make([]int32, len(qs))
	for i, q := range qs {
		out[i] = q.QueueID
	}
	return out
}

func ExampleAveragely() {
	mqAll := topicQueues(10)
	cidAll := []string{"c0", "c1", "c2", "c3"}
	s := alloc.Averagely()
	for _, cid := range cidAll {
		qs, _ := s.Allocate("group", cid, mqAll, cidAll)
		fmt.Println(cid, ids(qs))
	}
	// Output:
	// c0 [0 1 2]
	// c1 [3 4 5]
	// c2 [6 7]
	// c3 [8 9]
}

func ExampleByCircle() {
	mqAll := topicQueues(8)
	cidAll := []string{"c0", "c1", "c2"}
	s := alloc.ByCircle()
	for _, cid := range cidAll {
		qs, _ := s.Allocate("group", cid, mqAll, cidAll)
		fmt.Println(cid, ids(qs))
	}
	// Output:
	// c0 [0 3 6]
	// c1 [1 4 7]
	// c2 [2 5]
}

func ExampleConsistentHash() {
	s := alloc.ConsistentHash(alloc.DefaultVirtualNodeCnt)
	mqAll := topicQueues(5)
	cidAll := []string{" ", "\t", "\u3000", "\u00a0", "c1"}
	plan, _ := alloc.AllocateAll(s, "group", mqAll, cidAll)
	for _, cid := range cidAll {
		fmt.Printf("%q %v\n", cid, ids(plan.Of(cid)))
	}
	// Java's constructor throws here; Validate (and every call) reports it.
	err := alloc.Validate(alloc.ConsistentHash(-1))
	fmt.Println(err, alloc.JavaClassOf(err))
	// Output:
	// " " []
	// "\t" [0 1 3 4]
	// "\u3000" []
	// "\u00a0" [2]
	// "c1" []
	// virtualNodeCnt: illegal virtualNodeCnt :-1 IllegalArgumentException
}

func ExampleMachineRoomNearby() {
	var mqAll []alloc.MessageQueue
	for i, b := range []string{"A", "A", "A", "B", "B", "B", "C", "C"} {
		mqAll = append(mqAll, alloc.MessageQueue{Topic: "topic", BrokerName: "broker-" + b, QueueID: int32(i)})
	}
	cidAll := []string{"Consumer1-A", "Consumer2-A", "Consumer3-C", "Consumer4-D"}
	// Rooms: field 1 of broker name and of client ID split on "-".
	resolver, _ := alloc.SplitResolver("-", 1, 1)
	s := alloc.MachineRoomNearby(alloc.ByCircle(), resolver)
	plan, _ := alloc.AllocateAll(s, "group", mqAll, cidAll)
	fmt.Println(plan.Strategy())
	fmt.Print(plan)
	// Output:
	// MACHINE_ROOM_NEARBY-AVG_BY_CIRCLE
	// Consumer1-A: [broker-A/0 broker-A/2 broker-B/3]
	// Consumer2-A: [broker-A/1 broker-B/4]
	// Consumer3-C: [broker-C/6 broker-C/7 broker-B/5]
	// Consumer4-D: []
}

func ExampleAllocateAll() {
	mqAll := topicQueues(5)
	cidAll := []string{"c1", "c2", "c1", "c3"} // c1 twice: its second slot is nobody's
	plan, err := alloc.AllocateAll(alloc.Averagely(), "group", mqAll, cidAll)
	if err != nil {
		panic(err)
	}
	fmt.Print(plan)
	for i := range plan.Queues() {
		var owners []string
		for _, m := range plan.Owners(i) { // positions in Members
			owners = append(owners, plan.Members()[m])
		}
		fmt.Println(i, owners)
	}
	// Output:
	// c1: [broker-a/0 broker-a/1]
	// c2: [broker-a/2]
	// c3: [broker-a/4]
	// 0 [c1]
	// 1 [c1]
	// 2 [c2]
	// 3 []
	// 4 [c3]
}

// Rebalance sorts the queues and client IDs as the strategy's client does
// in a rebalance; shares and owners are positions in the sorted lists.
func ExampleRebalance() {
	mqAll := []alloc.MessageQueue{
		{Topic: "T", BrokerName: "broker-b", QueueID: 0},
		{Topic: "T", BrokerName: "broker-a", QueueID: 1},
		{Topic: "T", BrokerName: "broker-a", QueueID: 0},
	}
	plan, err := alloc.Rebalance(alloc.Averagely(), "group", mqAll, []string{"c2", "c1"}, alloc.RebalanceOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Print(plan)
	fmt.Println(plan.MemberShare(0), plan.MemberShare(1), plan.GivenPositions())
	fmt.Println(plan.Owners(2))
	// Output:
	// c1: [broker-a/0 broker-a/1]
	// c2: [broker-b/0]
	// [0 1] [2] [2 1 0]
	// [1]
}

func ExampleSortClientIDs() {
	cids := []string{"192.168.1.9@1", "192.168.1.11@1", "192.168.1.10@1", "😀@1", "ｲ@1"}
	alloc.SortClientIDs(cids)
	fmt.Println(cids)
	// Output:
	// [192.168.1.10@1 192.168.1.11@1 192.168.1.9@1 😀@1 ｲ@1]
}

func ExampleJavaClient_NewStrategy() {
	vn := 3
	s, err := alloc.Java493.NewStrategy(alloc.StrategySpec{
		Name:     "MACHINE_ROOM_NEARBY",
		Inner:    &alloc.StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &vn},
		Resolver: &alloc.SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1},
	})
	fmt.Println(s.Name(), err)
	_, err = alloc.Java493.NewStrategy(alloc.StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &alloc.StrategySpec{Name: "AVG"},
		Resolver: &alloc.SplitResolverSpec{Sep: `\p{Punct}`}})
	fmt.Println(errors.Is(err, alloc.ErrUnsupported), alloc.JavaClassOf(err) == "")
	// Output:
	// MACHINE_ROOM_NEARBY-CONSISTENT_HASH <nil>
	// true true
}

// AllocateFor takes the call's arguments by name, so the group and the
// member cannot be swapped by accident.
func ExampleAllocateFor() {
	mine, err := alloc.AllocateFor(alloc.Averagely(), alloc.Request{
		Group:   "my-group",
		Member:  "c2",
		Queues:  topicQueues(5),
		Members: []string{"c1", "c2"},
	})
	fmt.Println(ids(mine), err)
	// Output:
	// [3 4] <nil>
}
