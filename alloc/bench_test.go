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

// BenchmarkGroup measures one whole group's allocation (AllocateAll).
func BenchmarkGroup(b *testing.B) {
	ch, err := ConsistentHash(10)
	if err != nil {
		b.Fatal(err)
	}
	res, err := SplitResolver("-", 1, 2)
	if err != nil {
		b.Fatal(err)
	}
	nearby, err := MachineRoomNearby(Averagely(), res)
	if err != nil {
		b.Fatal(err)
	}
	strategies := []struct {
		name string
		s    Strategy
	}{
		{"AVG", Averagely()},
		{"AVG_BY_CIRCLE", ByCircle()},
		{"CONSISTENT_HASH_vn10", ch},
		{"NEARBY_AVG_4rooms", nearby},
	}
	sizes := [][2]int{{16, 4}, {256, 32}, {4096, 256}, {20000, 1000}}
	for _, st := range strategies {
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
