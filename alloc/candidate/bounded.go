package candidate

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// BoundedLoad is consistent hashing with bounded loads (Mirrokni, Thorup
// and Zadimoghaddam): a ring of virtualNodes points per member; queues, in
// mqAll's order (a rebalance sorts it first), each go clockwise from their
// own point to the first member holding fewer than
// ⌈n · balanceFactor / (100 · c)⌉ queues (n queues, c members). So no
// member holds more than balanceFactor percent of the average, rounded up;
// 125 is HAProxy's hash-balance-factor advice. It needs virtualNodes ≥ 1
// and balanceFactor ≥ 100; otherwise every call answers an error. Its Name
// is "BOUNDED_LOAD".
func BoundedLoad(virtualNodes, balanceFactor int) alloc.Strategy {
	s := strategy{p: bounded{vn: virtualNodes, factor: balanceFactor}}
	switch {
	case virtualNodes < 1:
		s.err = paramErr("strategy.virtualNodes", "must be at least 1, got "+strconv.Itoa(virtualNodes))
	case balanceFactor < 100:
		s.err = paramErr("strategy.balanceFactor", "must be at least 100 (percent of the average load), got "+strconv.Itoa(balanceFactor))
	case balanceFactor > 1<<20:
		s.err = paramErr("strategy.balanceFactor", "must be at most "+strconv.Itoa(1<<20)+", got "+strconv.Itoa(balanceFactor))
	}
	return s
}

type bounded struct{ vn, factor int }

func (b bounded) name() string { return "BOUNDED_LOAD" }

// Capacity is the most queues BoundedLoad gives a member: ⌈n·f/(100·c)⌉.
func Capacity(queues, members, balanceFactor int) int {
	d := int64(100) * int64(members)
	return int((int64(queues)*int64(balanceFactor) + d - 1) / d)
}

type ringNode struct {
	key    uint64
	member int32
}

func (b bounded) plan(mqAll []alloc.MessageQueue, members []string) ([][]int32, error) {
	if int64(len(members))*int64(b.vn) > MaxRingNodes {
		return nil, limitErr("cidAll", "members × virtual nodes above "+strconv.Itoa(MaxRingNodes))
	}
	ring := make([]ringNode, 0, len(members)*b.vn)
	var buf []byte
	for m, id := range members {
		for i := 0; i < b.vn; i++ {
			var k uint64
			buf, k = nodeKey(buf, id, i)
			ring = append(ring, ringNode{key: k, member: int32(m)})
		}
	}
	// Equal keys: the earlier member first (a stable sort keeps i order).
	slices.SortStableFunc(ring, func(x, y ringNode) int {
		return cmp.Or(cmp.Compare(x.key, y.key), cmp.Compare(x.member, y.member))
	})
	capacity := Capacity(len(mqAll), len(members), b.factor)
	load := make([]int, len(members))
	shares := make([][]int32, len(members))
	for q, k := range queueKeys(mqAll) {
		i, _ := slices.BinarySearchFunc(ring, k, func(n ringNode, k uint64) int { return cmp.Compare(n.key, k) })
		// c · capacity ≥ n: some member has room, within one turn.
		for load[ring[i%len(ring)].member] >= capacity {
			i++
		}
		m := ring[i%len(ring)].member
		load[m]++
		shares[m] = append(shares[m], int32(q))
	}
	return shares, nil
}
