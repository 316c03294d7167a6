package alloc

import (
	"math"
	"math/bits"

	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// ringNode is one virtual node: its position and the member it stands for.
type ringNode struct {
	pos    int64
	member int32
}

// ring is the positions in increasing order (distinct) and, for each, the
// member owning it.
//
// index narrows route's search for positions in [0, 2^32), MD5's range:
// index[k] is the first node at a position >= k<<indexShift, so the node a
// position p routes to lies in index[k] .. index[k+1] for k = p>>indexShift.
// With about one bucket per node a route takes a step or two instead of
// log2(nodes) unpredictable ones; under WebAssembly, where the queues are
// routed on one thread, that halves CONSISTENT_HASH's routing time.
type ring struct {
	pos        []int64
	member     []int32
	index      []int32
	indexShift uint
}

const (
	// Rings of fewer nodes are sorted by comparison and searched without
	// an index: below this either costs more than it saves.
	ringFastMinNodes = 64
	ringIndexMaxBits = 20 // at most 4 MiB of index
	radixDigitBits   = 11 // 3 passes over 32-bit keys, 2048 counters
)

func (r ring) empty() bool { return len(r.pos) == 0 }

// route is the member of the node at the smallest position >= p, wrapping
// to the first node. The ring must not be empty.
func (r ring) route(p int64) int32 {
	lo, hi := 0, len(r.pos)
	if r.index != nil && uint64(p) <= math.MaxUint32 {
		k := p >> r.indexShift
		lo, hi = int(r.index[k]), int(r.index[k+1])
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if r.pos[mid] < p {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == len(r.pos) {
		lo = 0
	}
	return r.member[lo]
}

// newRing sorts nodes by position and keeps, of equal positions, the node
// put last (Java's TreeMap.put replaces the value). nodes must be in
// insertion order: the sort is stable, so equal positions stay in it.
func newRing(nodes []ringNode) ring {
	order := nodeOrder(nodes)
	r := ring{pos: make([]int64, 0, len(nodes)), member: make([]int32, 0, len(nodes))}
	for k, i := range order {
		n := nodes[i]
		if k+1 < len(order) && nodes[order[k+1]].pos == n.pos {
			continue // replaced by the later node
		}
		r.pos = append(r.pos, n.pos)
		r.member = append(r.member, n.member)
	}
	if len(r.pos) >= ringFastMinNodes {
		r.buildIndex()
	}
	return r
}

// buildIndex sets index with the power of two buckets just above the
// node count over [0, 2^32).
func (r *ring) buildIndex() {
	b := min(uint(bits.Len(uint(len(r.pos)))), ringIndexMaxBits)
	r.indexShift = 32 - b
	r.index = make([]int32, 1<<b+1)
	i := 0
	for k := range r.index {
		bound := int64(k) << r.indexShift
		for i < len(r.pos) && r.pos[i] < bound {
			i++
		}
		r.index[k] = int32(i)
	}
}

// nodeOrder is the positions of nodes sorted stably by position. MD5
// positions fit in 32 unsigned bits and are radix sorted: a comparison
// sort calls its comparator about n·log2(n) times, and under WebAssembly
// those calls cost more than the MD5s of the ring.
func nodeOrder(nodes []ringNode) []int32 {
	if len(nodes) < ringFastMinNodes || !allUint32(nodes) {
		return sortx.Perm(len(nodes), func(i, j int32) int { return cmpInt64(nodes[i].pos, nodes[j].pos) })
	}
	return radixOrder(nodes)
}

func allUint32(nodes []ringNode) bool {
	for _, n := range nodes {
		if uint64(n.pos) > math.MaxUint32 {
			return false
		}
	}
	return true
}

// radixOrder is a least-significant-digit radix sort of the nodes'
// 32-bit positions. Every pass is stable, so equal positions keep their
// insertion order, as the comparison sort keeps it.
func radixOrder(nodes []ringNode) []int32 {
	n := len(nodes)
	buf := make([]int32, 2*n)
	order, next := buf[:n], buf[n:]
	for i := range order {
		order[i] = int32(i)
	}
	const mask = 1<<radixDigitBits - 1
	var count [1 << radixDigitBits]int32
	for shift := uint(0); shift < 32; shift += radixDigitBits {
		clear(count[:])
		for _, nd := range nodes {
			count[uint32(nd.pos)>>shift&mask]++
		}
		sum := int32(0)
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, i := range order {
			d := uint32(nodes[i].pos) >> shift & mask
			next[count[d]] = i
			count[d]++
		}
		order, next = next, order
	}
	return order
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
