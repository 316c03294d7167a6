package goclient

import (
	"fmt"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// benchTopic is alloc's benchmark input (alloc/bench_test.go): queue i on
// broker broker-R<b%4>-<b as 5 digits> with b = i/8 and queueId i%8;
// client i is 10.0.<i/256>.<i%256>@cid-<i as 5 digits>-R<i%4>.
func benchTopic(q, c int) ([]alloc.MessageQueue, []string) {
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
// strategies (the group path, group.Allocator) with the Java ones at
// 20000 queues × 1000 members: the Go client's should stay within 2×, and
// reading every member's positions is included, as the WebAssembly
// boundary reads them.
func BenchmarkAllocateAll(b *testing.B) {
	mqs, cids := benchTopic(20000, 1000)
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

// BenchmarkClientGoAVG is the Go client's AVG over alloc's BenchmarkGroup
// inputs, the baseline make bench compares MACHINE_ROOM_NEARBY's group
// with: "each" is what the Go client does in a rebalance, one Allocate call
// per member (each consumer for itself); "group" is this package's
// AllocateGroup.
func BenchmarkClientGoAVG(b *testing.B) {
	s := Averagely()
	for _, sz := range [][2]int{{16, 4}, {256, 32}, {4096, 256}, {20000, 1000}} {
		mqs, cids := benchTopic(sz[0], sz[1])
		size := fmt.Sprintf("Q=%d,C=%d", sz[0], sz[1])
		b.Run("each/"+size, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, cid := range cids {
					if _, err := s.Allocate("bench", cid, mqs, cids); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("group/"+size, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = allocateGroup(s, mqs, cids)
			}
		})
	}
}
