package alloc

import "slices"

// groupView is the input and the output of a whole-group computation: the
// queues, the group's distinct members and, per member, its result or its
// error. Plan wraps one; MACHINE_ROOM_NEARBY builds smaller ones per room.
type groupView struct {
	consumerGroup string
	mqAll         []MessageQueue
	cidAll        []string
	members       memberIndex
	first         []int   // per member: position of its first occurrence in cidAll
	slot          []int32 // per cidAll position: the member it names
	of            [][]MessageQueue
	errs          []error
}

// newGroupView indexes cidAll once: O(C).
func newGroupView(consumerGroup string, mqAll []MessageQueue, cidAll []string) *groupView {
	g := &groupView{
		consumerGroup: consumerGroup,
		mqAll:         mqAll,
		cidAll:        cidAll,
		first:         make([]int, 0, len(cidAll)),
		slot:          make([]int32, len(cidAll)),
	}
	g.members.ids = make([]string, 0, len(cidAll))
	if slices.IsSorted(cidAll) {
		// The common case (a rebalance sorts cidAll; for plain ASCII
		// Java's order is Go's): equal IDs are adjacent, no map needed.
		for i, c := range cidAll {
			if i == 0 || c != cidAll[i-1] {
				g.members.ids = append(g.members.ids, c)
				g.first = append(g.first, i)
			}
			g.slot[i] = int32(len(g.members.ids) - 1)
		}
	} else {
		g.members.index = make(map[string]int, len(cidAll))
		for i, c := range cidAll {
			m, ok := g.members.index[c]
			if !ok {
				m = len(g.members.ids)
				g.members.index[c] = m
				g.members.ids = append(g.members.ids, c)
				g.first = append(g.first, i)
			}
			g.slot[i] = int32(m)
		}
	}
	g.of = make([][]MessageQueue, len(g.members.ids))
	g.errs = make([]error, len(g.members.ids))
	return g
}

// memberIndex is a group's distinct client IDs in cidAll order and the
// way back from an ID to its number: a map, or (index nil) a binary search
// when the IDs are sorted in Go's string order.
type memberIndex struct {
	ids   []string
	index map[string]int
}

// lookup is the number of member cid.
func (x *memberIndex) lookup(cid string) (int, bool) {
	if x.index != nil {
		m, ok := x.index[cid]
		return m, ok
	}
	return slices.BinarySearch(x.ids, cid)
}

// withQueues is the same group over other queues, with fresh outputs.
func (g *groupView) withQueues(mqAll []MessageQueue) *groupView {
	h := *g
	h.mqAll = mqAll
	h.of = make([][]MessageQueue, len(g.members.ids))
	h.errs = make([]error, len(g.members.ids))
	return &h
}

// groupAllocator is implemented by the built-in strategies: they fill a
// groupView in one pass instead of one Allocate call per member. The
// result for every member must equal its own Allocate call; an error that
// every member gets alike (empty mqAll or cidAll) is returned instead.
type groupAllocator interface {
	allocateGroup(g *groupView) error
}

// allocateGroup fills g with s: the fast path when s has one, else one
// Allocate call per member (for strategies defined outside this package).
func allocateGroup(s Strategy, g *groupView) error {
	if ga, ok := s.(groupAllocator); ok {
		return ga.allocateGroup(g)
	}
	for m, cid := range g.members.ids {
		g.of[m], g.errs[m] = s.Allocate(g.consumerGroup, cid, g.mqAll, g.cidAll)
	}
	return nil
}

// precheck runs checks 1 to 3 for the whole group: empty lists fail the
// group; a member whose ID fails check 1 gets that error. Check 4 holds for
// every member by construction.
func (g *groupView) precheck(blank bool) error {
	if err := checkLists(g.mqAll, g.cidAll); err != nil {
		return err
	}
	for m, cid := range g.members.ids {
		if err := checkCID(cid, blank); err != nil {
			g.errs[m] = err
		}
	}
	return nil
}

// fillEmpty gives every member without a result or an error the empty
// result.
func (g *groupView) fillEmpty() {
	for m := range g.members.ids {
		if g.errs[m] == nil && g.of[m] == nil {
			g.of[m] = none()
		}
	}
}

// gather is the shared tail of strategies that give each queue at most one
// owner: owner[i] is the member that gets mqAll[i] (or -1). Every member's
// queues, in mqAll order, are laid out in one backing array.
func (g *groupView) gather(owner []int32) {
	counts := make([]int, len(g.members.ids)+1)
	for _, m := range owner {
		if m >= 0 {
			counts[m+1]++
		}
	}
	for m := 1; m < len(counts); m++ {
		counts[m] += counts[m-1]
	}
	backing := make([]MessageQueue, counts[len(g.members.ids)])
	next := make([]int, len(g.members.ids))
	copy(next, counts)
	for i, m := range owner {
		if m >= 0 {
			backing[next[m]] = g.mqAll[i]
			next[m]++
		}
	}
	for m := range g.members.ids {
		if g.errs[m] == nil {
			lo, hi := counts[m], counts[m+1]
			g.of[m] = backing[lo:hi:hi]
		}
	}
}
