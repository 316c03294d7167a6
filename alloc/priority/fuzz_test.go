package priority

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Drain never takes more than the batch or than a queue holds, reads each
// queue of a topic at most once, and fills the batch whenever the queues it
// may read hold enough.
func FuzzDrain(f *testing.F) {
	f.Add(uint8(8), uint8(2), uint8(5), uint8(0), true, true, false, uint16(3))
	f.Add(uint8(3), uint8(0), uint8(32), uint8(97), false, false, true, uint16(40))
	f.Fuzz(func(t *testing.T, n, retryN, maxMsg, randomQ uint8, asc, prioTopic, order bool, seed uint16) {
		topic := make(Backlog, int(n%32)+1)
		retry := make(Backlog, int(retryN%4))
		s := uint32(seed)
		next := func() int64 { s = s*1103515245 + 12345; return int64(s>>16) % 7 }
		for i := range topic {
			topic[i] = next()
		}
		for i := range retry {
			retry[i] = next()
		}
		b := DefaultBroker()
		b.PriorityOrderAsc = asc
		d, err := Decide(b, Request{PriorityTopic: prioTopic, Order: order, PriorityFactor: 50}, int(randomQ%100))
		require.NoError(t, err)
		batch := int(maxMsg%64) + 1
		reads, err := Drain(b, d, PathFile, topic, retry, batch)
		require.NoError(t, err)
		total, avail := 0, int64(0)
		seen := map[Read]bool{}
		for _, r := range reads {
			key := Read{Retry: r.Retry, QueueID: r.QueueID}
			require.False(t, seen[key], "queue %+v read twice", key)
			seen[key] = true
			src := topic
			if r.Retry {
				src = retry
			}
			require.False(t, r.Count <= 0 || int64(r.Count) > src[r.QueueID], "read %+v of backlog %d", r, src[r.QueueID])
			total += r.Count
		}
		for _, v := range topic {
			avail += v
		}
		if !order {
			for _, v := range retry {
				avail += v
			}
		}
		require.False(t, total > batch || int64(total) != min(int64(batch), avail), "took %d of batch %d, %d available", total, batch, avail)
	})
}
