package goclient

import (
	"fmt"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// benchGroup is alloc's BenchmarkGroup input (alloc/bench_test.go).
func benchGroup(q, c int) ([]alloc.MessageQueue, []string) {
	mqs := make([]alloc.MessageQueue, q)
	for i := range mqs {
		b := i / 8
		mqs[i] = alloc.MessageQueue{Topic: "BenchTopic", BrokerName: fmt.Sprintf("broker-R%d-%05d", b%4, b), QueueID: int32(i % 8)}
	}
	cids := make([]string, c)
	for i := range cids {
		cids[i] = fmt.Sprintf("10.0.%d.%d@cid-%05d-R%d", i/256, i%256, i, i%4)
	}
	return mqs, cids
}

// BenchmarkAllocateAll compares alloc.AllocateAll over the Go client's
// strategies (the group path, alloc.GroupAllocator) with the Java ones at
// 20000 queues × 1000 members: the Go client's should stay within 2×, and
// reading every member's positions is included, as the WebAssembly
// boundary reads them.
func BenchmarkAllocateAll(b *testing.B) {
	mqs, cids := benchGroup(20000, 1000)
	for _, tt := range []struct {
		name string
		s    alloc.Strategy
	}{
		{"java/AVG", alloc.Averagely()}, {"go/AVG", Averagely()},
		{"java/AVG_BY_CIRCLE", alloc.ByCircle()}, {"go/AVG_BY_CIRCLE", ByCircle()},
		{"java/CONSISTENT_HASH_vn10", alloc.ConsistentHash(10)}, {"go/CONSISTENT_HASH_vn10", ConsistentHash(10)},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p, err := alloc.AllocateAll(tt.s, "bench", mqs, cids)
				if err != nil {
					b.Fatal(err)
				}
				for m := range p.Members() {
					if _, _, ok := p.MemberRun(m); !ok {
						_ = p.MemberPositions(m)
					}
				}
			}
		})
	}
}
