package doctor

import "github.com/rmqalloc/rmqalloc/alloc"

// queueIndex finds a queue's position in one topic's queue list without
// hashing the topic and broker names for every queue (at 100,000 queues a
// map keyed by them costs most in cache misses): broker name, then queue ID
// in a dense table, as routes number a broker's queues 0..n-1; IDs far
// beyond a broker's queue count go to a map.
type queueIndex struct {
	byBroker map[string][]int32 // broker -> position+1 by queue ID (0: none)
	sparse   map[bkey]int
	// The last broker asked: a status file lists its queues by broker.
	lastName string
	last     []int32
}

func newQueueIndex(qs []alloc.MessageQueue) *queueIndex {
	count := map[string]int{}
	for _, q := range qs {
		count[q.BrokerName]++
	}
	x := &queueIndex{byBroker: make(map[string][]int32, len(count))}
	for i, q := range qs {
		if q.QueueID < 0 || int(q.QueueID) >= 2*count[q.BrokerName]+64 {
			if x.sparse == nil {
				x.sparse = map[bkey]int{}
			}
			x.sparse[bkey{q.BrokerName, q.QueueID}] = i
			continue
		}
		t := x.byBroker[q.BrokerName]
		if int(q.QueueID) >= len(t) {
			t = append(t, make([]int32, int(q.QueueID)+1-len(t))...)
			x.byBroker[q.BrokerName] = t
		}
		t[q.QueueID] = int32(i + 1)
	}
	return x
}

// find is the position of broker's queue id; ok is false when the list has none.
func (x *queueIndex) find(broker string, id int32) (int, bool) {
	if broker != x.lastName || x.last == nil {
		x.lastName, x.last = broker, x.byBroker[broker]
	}
	if id >= 0 && int(id) < len(x.last) && x.last[id] != 0 {
		return int(x.last[id]) - 1, true
	}
	i, ok := x.sparse[bkey{broker, id}]
	return i, ok
}
