package goclient

import (
	"github.com/rmqalloc/rmqalloc/alloc/internal/crc32ieee"
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// groupShares is a whole group's assignment under one Go client strategy, by
// queue position: Shares[m] lists the positions in mqAll of the queues that
// Members[m]'s own Allocate call returns, in the order it returns them.
type groupShares struct {
	Members []string  // distinct client IDs, in cidAll order
	Shares  [][]int32 // per member: positions in mqAll
	Errs    []error   // per member: the error its call returns, or nil

	first []int // per member: the index of its first occurrence in cidAll
}

// allocateGroup computes every member's allocation at once, in O(Q + C)
// time for AVG, AVG_BY_CIRCLE and NEARBY, O(Q log(vn·C) + vn·C log(vn·C))
// for CONSISTENT_HASH (one ring for the whole group). alloc.AllocateAll,
// the one public entry point (its alloc.Plan is the whole-group result),
// takes this path through each strategy's group.Allocator method;
// allocateGroup is the raw result, as positions. Shares[m] equals, as
// positions, s.Allocate(group, Members[m], mqAll, cidAll). For CONFIG,
// whose list need not come from mqAll, a configured queue maps to its first
// position in mqAll and one that mqAll lacks is left out.
func allocateGroup(s Strategy, mqAll []alloc.MessageQueue, cidAll []string) groupShares {
	g := newGroup(cidAll)
	switch st := s.(type) {
	case avg:
		g.fillAvg(len(mqAll), cidAll)
	case nearby:
		g.fillAvg(len(mqAll), cidAll)
	case circle:
		g.fillCircle(len(mqAll), cidAll)
	case consistentHash:
		g.fillConsistentHash(st, mqAll, cidAll)
	case machineRoom:
		g.fillMachineRoom(st, mqAll, cidAll)
	case config:
		g.fillConfig(st, mqAll)
	default:
		g.fillEach(s, mqAll, cidAll)
	}
	return g
}

// newGroup lists the distinct members; first[m] is the index of Members[m]'s
// first occurrence in cidAll.
func newGroup(cidAll []string) groupShares {
	g := groupShares{Members: make([]string, 0, len(cidAll)), first: make([]int, 0, len(cidAll))}
	if slices.IsSorted(cidAll) {
		// The common case (a rebalance sorts cidAll): equal IDs are
		// adjacent, no map needed.
		for i, c := range cidAll {
			if i == 0 || c != cidAll[i-1] {
				g.Members = append(g.Members, c)
				g.first = append(g.first, i)
			}
		}
	} else {
		seen := make(map[string]struct{}, len(cidAll))
		for i, c := range cidAll {
			if _, ok := seen[c]; ok {
				continue
			}
			seen[c] = struct{}{}
			g.Members = append(g.Members, c)
			g.first = append(g.first, i)
		}
	}
	g.Shares = make([][]int32, len(g.Members))
	g.Errs = make([]error, len(g.Members))
	return g
}

// active reports whether member m's call gets past the common preamble
// (non-empty cid, q queues and c client IDs, both non-zero).
func (g *groupShares) active(m int, q, c int) bool {
	return g.Members[m] != "" && q > 0 && c > 0
}

// firstIndexes is, per member, the index of its first occurrence in cidAll.
func (g *groupShares) firstIndexes([]string) []int { return g.first }

// fillAvg is avgRunsOf as positions; an inactive member's share stays nil.
func (g *groupShares) fillAvg(q int, cidAll []string) {
	var all []int32 // 0..q-1 once; every share is a capped run of it
	for m, run := range avgRunsOf(q, len(cidAll), g.Members, g.first).Runs {
		if !g.active(m, q, len(cidAll)) {
			continue
		}
		if all == nil {
			all = positions(0, q)
		}
		end := run[0] + run[1]
		g.Shares[m] = all[run[0]:end:end]
	}
}

func (g *groupShares) fillCircle(q int, cidAll []string) {
	c := len(cidAll)
	backing := make([]int32, 0, q) // every member's share, back to back
	for m, i := range g.firstIndexes(cidAll) {
		if !g.active(m, q, c) {
			continue
		}
		from := len(backing)
		for p := i; p < q; p += c {
			backing = append(backing, int32(p))
		}
		if len(backing) > from {
			g.Shares[m] = backing[from:len(backing):len(backing)]
		}
	}
}

func (g *groupShares) fillConsistentHash(s consistentHash, mqAll []alloc.MessageQueue, cidAll []string) {
	if len(mqAll) == 0 || len(cidAll) == 0 {
		return
	}
	r, err := s.ring(cidAll)
	if err != nil {
		for m := range g.Members {
			if g.Members[m] != "" {
				g.Errs[m] = err
			}
		}
		return
	}
	if len(r.keys) == 0 {
		return
	}
	first := g.firstIndexes(cidAll)
	byFirst := make(map[int32]int, len(first))
	for m, i := range first {
		byFirst[int32(i)] = m
	}
	var buf []byte
	for p, q := range mqAll {
		buf = q.AppendString(buf[:0])
		m := byFirst[r.ownerOfKey(crc32ieee.Checksum(buf))]
		if g.Members[m] != "" {
			g.Shares[m] = append(g.Shares[m], int32(p))
		}
	}
}

func (g *groupShares) fillMachineRoom(s machineRoom, mqAll []alloc.MessageQueue, cidAll []string) {
	if len(mqAll) == 0 || len(cidAll) == 0 {
		return
	}
	kept, err := s.keptPositions(mqAll)
	if err != nil {
		for m := range g.Members {
			if g.Members[m] != "" {
				g.Errs[m] = err
			}
		}
		return
	}
	c := len(cidAll)
	mod, rem := len(kept)/c, len(kept)%c
	for m, idx := range g.firstIndexes(cidAll) {
		if !g.active(m, len(mqAll), c) {
			continue
		}
		start, end := mod*idx, mod*idx+mod
		if end > len(mqAll) {
			g.Errs[m] = indexPanic("mqAll", max(start, len(mqAll)), len(mqAll))
			continue
		}
		if end > start {
			g.Shares[m] = positions(start, end-start)
		}
		if rem > idx {
			g.Shares[m] = append(g.Shares[m], kept[idx+mod*c])
		}
	}
}

// keptPositions is kept (see machineRoom.kept) as positions in mqAll.
func (s machineRoom) keptPositions(mqAll []alloc.MessageQueue) ([]int32, error) {
	times, err := s.keptCount(mqAll)
	if err != nil {
		return nil, err
	}
	var kept []int32
	for p := range mqAll {
		for range times[p] {
			kept = append(kept, int32(p))
		}
	}
	return kept, nil
}

func (g *groupShares) fillConfig(s config, mqAll []alloc.MessageQueue) {
	if len(s.list) == 0 {
		return
	}
	pos := make(map[alloc.MessageQueue]int32, len(mqAll))
	for p := len(mqAll) - 1; p >= 0; p-- {
		pos[mqAll[p]] = int32(p)
	}
	var share []int32
	for _, q := range s.list {
		if p, ok := pos[q]; ok {
			share = append(share, p)
		}
	}
	for m := range g.Members {
		g.Shares[m] = share
	}
}

// fillEach is the fallback for strategies of other packages that claim to
// be Go client strategies: one call per member, mapped to positions.
func (g *groupShares) fillEach(s Strategy, mqAll []alloc.MessageQueue, cidAll []string) {
	pos := make(map[alloc.MessageQueue]int32, len(mqAll))
	for p := len(mqAll) - 1; p >= 0; p-- {
		pos[mqAll[p]] = int32(p)
	}
	for m, cid := range g.Members {
		qs, err := s.Allocate("", cid, mqAll, cidAll)
		if err != nil {
			g.Errs[m] = err
			continue
		}
		for _, q := range qs {
			if p, ok := pos[q]; ok {
				g.Shares[m] = append(g.Shares[m], p)
			}
		}
	}
}

// positions is [start, start+n) as int32 positions.
func positions(start, n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(start + i)
	}
	return out
}
