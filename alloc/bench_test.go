package alloc

import (
	"fmt"
	"testing"
)

// benchTopic builds the benchmark input: queue i on broker
// broker-R<b%4>-<b as 5 digits> with b = i/8 and queueId i%8; client i is
// 10.0.<i/256>.<i%256>@cid-<i as 5 digits>-R<i%4>.
func benchTopic(q, c int) ([]MessageQueue, []string) {
	mqs := make([]MessageQueue, q)
	for i := range mqs {
		b := i / 8
		mqs[i] = MessageQueue{Topic: "BenchTopic", BrokerName: fmt.Sprintf("broker-R%d-%05d", b%4, b), QueueID: int32(i % 8)}
	}
	cids := make([]string, c)
	for i := range cids {
		cids[i] = fmt.Sprintf("10.0.%d.%d@cid-%05d-R%d", i/256, i%256, i, i%4)
	}
	return mqs, cids
}

type benchStrategy struct {
	name string
	s    Strategy
}

// benchStrategies are the strategies of BenchmarkGroup, by benchmark name.
func benchStrategies(b testing.TB) []benchStrategy {
	ch := ConsistentHash(10)
	res, err := SplitResolver("-", 1, 2)
	if err != nil {
		b.Fatal(err)
	}
	nearby := MachineRoomNearby(Averagely(), res)
	return []benchStrategy{
		{"AVG", Averagely()},
		{"AVG_BY_CIRCLE", ByCircle()},
		{"CONSISTENT_HASH_vn10", ch},
		{"NEARBY_AVG_4rooms", nearby},
	}
}

// BenchmarkGroup measures one whole group's allocation (AllocateAll).
func BenchmarkGroup(b *testing.B) {
	sizes := [][2]int{{16, 4}, {256, 32}, {4096, 256}, {20000, 1000}}
	for _, st := range benchStrategies(b) {
		b.Run(st.name, func(b *testing.B) {
			for _, sz := range sizes {
				mqs, cids := benchTopic(sz[0], sz[1])
				b.Run(fmt.Sprintf("Q=%d,C=%d", sz[0], sz[1]), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if _, err := AllocateAll(st.s, "bench", mqs, cids); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkGroupQueues is BenchmarkGroup at 20000×1000 plus reading every
// member's queues: strategies that keep positions build the queue slices on
// first read, and this charges that work too.
func BenchmarkGroupQueues(b *testing.B) {
	mqs, cids := benchTopic(20000, 1000)
	for _, st := range benchStrategies(b) {
		b.Run(st.name+"/Q=20000,C=1000", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				plan, err := AllocateAll(st.s, "bench", mqs, cids)
				if err != nil {
					b.Fatal(err)
				}
				for i := range plan.Members() {
					_ = plan.MemberQueues(i)
				}
			}
		})
	}
}

// BenchmarkPerConsumer is the baseline the group view is measured against:
// what the real clients compute, each consumer calling Allocate for itself
// on the same view. At 20000×1000 it runs every consumer for AVG and
// AVG_BY_CIRCLE, and one consumer's single call for CONSISTENT_HASH and
// NEARBY (a whole group of those takes minutes, as in Java).
func BenchmarkPerConsumer(b *testing.B) {
	mqs, cids := benchTopic(20000, 1000)
	for _, st := range benchStrategies(b) {
		members := cids
		name := st.name + "/all/Q=20000,C=1000"
		if st.name == "CONSISTENT_HASH_vn10" || st.name == "NEARBY_AVG_4rooms" {
			members = cids[:1]
			name = st.name + "/one/Q=20000,C=1000"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, cid := range members {
					if _, err := st.s.Allocate("bench", cid, mqs, cids); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
