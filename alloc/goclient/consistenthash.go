package goclient

import (
	"github.com/rmqalloc/rmqalloc/alloc/internal/crc32ieee"
	"sort"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// DefaultVirtualNodeCnt is the virtual node count the vectors use when a spec
// gives none (Java's default; the Go client has no default of its own).
const DefaultVirtualNodeCnt = 10

// ConsistentHash is the Go client's AllocateByConsistentHash(virtualNodeCnt),
// built on github.com/stathat/consistent v1.0.0 — a different ring from
// Java's:
//
//   - for every cid of cidAll in order (a repeated cid adds the same keys
//     again), for i = 0..vn-1 the ring maps CRC-32 (IEEE) of
//     strconv.Itoa(i)+cid to cid; a key already present is overwritten by
//     the later cid;
//   - a queue belongs to the first ring key strictly greater than the CRC-32
//     of its display string "MessageQueue [topic=T, brokerName=B, queueId=N]",
//     wrapping to the smallest key;
//   - vn = 0: the library divides by zero on the first Add and the Go client
//     panics (reported as an error, see PanicClass) — for members only, since
//     non-members return before the ring is built;
//   - vn < 0: the ring stays empty and everybody gets [].
//
// A ring of more than alloc.MaxRingNodes nodes (vn × len(cidAll)) is
// refused with an IllegalArgumentException-class error on
// "strategy.virtualNodeCnt" (the Go client would try to build it).
//
// The result keeps mqAll's order.
//
// Example: vn 1, cidAll [a b]: the ring holds crc32("0b") = 0x3d232478 → b
// and crc32("0a") = 0xa42a75c2 → a; a queue whose display string hashes to
// 0x50000000 goes to a (the first key greater than it), one hashing to
// 0xf0000000 wraps around to b.
func ConsistentHash(virtualNodeCnt int) Strategy { return consistentHash{vn: virtualNodeCnt} }

type consistentHash struct{ vn int }

func (consistentHash) Name() string         { return "CONSISTENT_HASH" }
func (consistentHash) Client() alloc.Client { return Client }
func (consistentHash) goClient()            {}

func (s consistentHash) Allocate(_, cid string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	if indexOf(cid, mqAll, cidAll) < 0 {
		return empty(), nil
	}
	r, err := s.ring(cidAll)
	if err != nil {
		return nil, err
	}
	out := empty()
	for _, q := range mqAll {
		if o, ok := r.owner(q); ok && cidAll[o] == cid {
			out = append(out, q)
		}
	}
	return out, nil
}

// ring is a built consistent-hash ring: sorted keys and, per key, the index
// in cidAll of the cid it maps to (its first occurrence).
type ring struct {
	keys   []uint32
	owners []int32
}

// ring builds the ring of cidAll. Members are identified by the index of
// their first occurrence in cidAll.
func (s consistentHash) ring(cidAll []string) (ring, error) {
	if err := s.ringErr(len(cidAll)); err != nil || s.vn < 0 {
		return ring{}, err
	}
	first := make(map[string]int32, len(cidAll))
	for i, c := range cidAll {
		if _, ok := first[c]; !ok {
			first[c] = int32(i)
		}
	}
	type node struct {
		key   uint32
		seq   int // insertion order: the later write wins
		owner int32
	}
	nodes := make([]node, 0, len(cidAll)*s.vn)
	var buf []byte
	for _, c := range cidAll {
		o := first[c]
		for i := 0; i < s.vn; i++ {
			buf = strconv.AppendInt(buf[:0], int64(i), 10)
			buf = append(buf, c...)
			nodes = append(nodes, node{key: crc32ieee.Checksum(buf), seq: len(nodes), owner: o})
		}
	}
	sortx.Func(nodes, func(a, b node) int {
		if a.key != b.key {
			if a.key < b.key {
				return -1
			}
			return 1
		}
		return a.seq - b.seq
	})
	r := ring{keys: make([]uint32, 0, len(nodes)), owners: make([]int32, 0, len(nodes))}
	for i, n := range nodes {
		if i+1 < len(nodes) && nodes[i+1].key == n.key {
			continue // overwritten by a later node
		}
		r.keys = append(r.keys, n.key)
		r.owners = append(r.owners, n.owner)
	}
	return r, nil
}

// ringErr is why a ring of c client IDs cannot be built: the library's
// divide by zero for vn = 0, this port's limit for a huge one.
func (s consistentHash) ringErr(c int) error {
	if s.vn == 0 {
		return divideByZero("strategy.virtualNodeCnt")
	}
	if s.vn > alloc.MaxRingNodes/max(1, c) {
		return &alloc.Error{Kind: alloc.ErrLimit, Field: "strategy.virtualNodeCnt",
			Msg: "a ring of " + strconv.Itoa(c) + " consumers × " + strconv.Itoa(s.vn) + " virtual nodes exceeds " + strconv.Itoa(alloc.MaxRingNodes) + " nodes"}
	}
	return nil
}

// owner is the cidAll index owning q; false on an empty ring.
func (r ring) owner(q alloc.MessageQueue) (int32, bool) {
	if len(r.keys) == 0 {
		return 0, false
	}
	return r.ownerOfKey(crc32ieee.Checksum(q.AppendString(nil))), true
}

// ownerOfKey is the owner of the first key strictly greater than h,
// wrapping to the first key.
func (r ring) ownerOfKey(h uint32) int32 {
	i := sort.Search(len(r.keys), func(i int) bool { return r.keys[i] > h })
	if i == len(r.keys) {
		i = 0
	}
	return r.owners[i]
}
