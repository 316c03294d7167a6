package candidate_test

import (
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/candidate"
)

// Sticky over 8 queues: 3 members get 3, 3 and 2 queues; when a fourth
// joins, it takes 2 and nothing moves between the other three.
func ExampleSticky() {
	qs := queues(2, 4)
	for _, cids := range [][]string{members(1, 3), members(1, 4)} {
		plan, err := alloc.AllocateAll(candidate.Sticky(), "my-group", qs, cids)
		if err != nil {
			panic(err)
		}
		fmt.Print(plan, "\n")
	}
	// Output:
	// 192.168.1.1@4001: [broker-a/2 broker-a/3 broker-b/0]
	// 192.168.1.2@4002: [broker-a/0 broker-a/1]
	// 192.168.1.3@4003: [broker-b/1 broker-b/2 broker-b/3]
	//
	// 192.168.1.1@4001: [broker-a/3 broker-b/0]
	// 192.168.1.2@4002: [broker-a/0 broker-a/1]
	// 192.168.1.3@4003: [broker-b/1 broker-b/2]
	// 192.168.1.4@4004: [broker-a/2 broker-b/3]
}
