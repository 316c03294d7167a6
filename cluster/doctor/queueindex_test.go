package doctor

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// queueIndex answers as a map from (broker, queue ID) to the last position
// does, over dense, sparse, negative and repeated IDs, and for queues it
// does not hold.
func TestQueueIndexIsAMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		var qs []alloc.MessageQueue
		for n := r.IntN(60); len(qs) < n; {
			id := int32(r.IntN(20))
			switch r.IntN(8) {
			case 0:
				id = -id - 1
			case 1:
				id = int32(r.IntN(1 << 30))
			}
			qs = append(qs, alloc.MessageQueue{Topic: "T", BrokerName: "b" + strconv.Itoa(r.IntN(4)), QueueID: id})
		}
		want := map[bkey]int{}
		for i, q := range qs {
			want[bkey{q.BrokerName, q.QueueID}] = i
		}
		x := newQueueIndex(qs)
		for k := 0; k < 200; k++ {
			b, id := "b"+strconv.Itoa(r.IntN(5)), int32(r.IntN(30)-5)
			if k%2 == 0 && len(qs) > 0 {
				q := qs[r.IntN(len(qs))]
				b, id = q.BrokerName, q.QueueID
			}
			i, ok := x.find(b, id)
			wi, wok := want[bkey{b, id}]
			require.False(t, ok != wok || (ok && i != wi), "round %d: find(%s, %d) = %d, %v; want %d, %v (queues %v)", round, b, id, i, ok, wi, wok, qs)
		}
	}
}
