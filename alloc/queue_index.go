package alloc

// queueIndex finds a queue's position in a list. Queues are grouped by
// topic and broker; within a group a dense table indexed by queue ID (or a
// map when IDs are sparse) gives the position. Consecutive lookups on one
// broker skip the group lookup, so a typical lookup hashes no string.
type queueIndex struct {
	groups  map[groupKey]*idGroup
	lastKey groupKey
	last    *idGroup
}

type groupKey struct{ topic, broker string }

type idGroup struct {
	min    int32
	dense  []int32 // position+1 per queue ID − min; 0: absent
	sparse map[int32]int32
}

// newQueueIndex indexes qs; a queue listed twice keeps its first position.
func newQueueIndex(qs []MessageQueue) *queueIndex {
	type entry struct{ id, pos int32 }
	lists := map[groupKey][]entry{}
	for i, q := range qs {
		k := groupKey{q.Topic, q.BrokerName}
		lists[k] = append(lists[k], entry{q.QueueID, int32(i)})
	}
	x := &queueIndex{groups: make(map[groupKey]*idGroup, len(lists))}
	for k, es := range lists {
		lo, hi := es[0].id, es[0].id
		for _, e := range es {
			lo, hi = min(lo, e.id), max(hi, e.id)
		}
		g := &idGroup{min: lo}
		if span := int64(hi) - int64(lo) + 1; span <= 2*int64(len(es))+64 {
			g.dense = make([]int32, span)
			for _, e := range es {
				if g.dense[e.id-lo] == 0 {
					g.dense[e.id-lo] = e.pos + 1
				}
			}
		} else {
			g.sparse = make(map[int32]int32, len(es))
			for _, e := range es {
				if _, ok := g.sparse[e.id]; !ok {
					g.sparse[e.id] = e.pos
				}
			}
		}
		x.groups[k] = g
	}
	return x
}

// pos is q's position, or -1 when the list lacks it.
func (x *queueIndex) pos(q MessageQueue) int32 {
	g := x.last
	if g == nil || q.BrokerName != x.lastKey.broker || q.Topic != x.lastKey.topic {
		k := groupKey{q.Topic, q.BrokerName}
		g = x.groups[k]
		if g == nil {
			return -1
		}
		x.last, x.lastKey = g, k
	}
	if g.dense != nil {
		d := int64(q.QueueID) - int64(g.min)
		if d < 0 || d >= int64(len(g.dense)) {
			return -1
		}
		return g.dense[d] - 1
	}
	p, ok := g.sparse[q.QueueID]
	if !ok {
		return -1
	}
	return p
}
