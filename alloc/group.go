package alloc

import "slices"

// groupView is the input and the output of a whole-group computation: the
// queues, the group's distinct members and, per member, its result or its
// error. Plan wraps one; MACHINE_ROOM_NEARBY builds smaller ones per room.
//
// A strategy gives a member's result in one of three shapes:
//   - of[m], the queues themselves (CONFIG, strategies from outside this
//     package; positions unknown);
//   - of[m] = mqAll[start[m]:start[m]+n] (AVG, BROADCASTING): positions are
//     derived on demand by positions;
//   - pos[m], positions in mqAll, with lazyQueues set (the rest): of is then
//     built from pos on demand by buildQueues, in one backing array, so a
//     caller that only needs positions (the WebAssembly boundary) never
//     copies queues.
type groupView struct {
	consumerGroup string
	mqAll         []MessageQueue
	cidAll        []string
	cidIndex      // cidAll's members (indexMembers)
	of            [][]MessageQueue
	errs          []error
	pos           [][]int32  // per member: positions in mqAll of its queues (nil: unknown)
	start         []int32    // when set: of[m] is the run of mqAll from start[m]
	lazyQueues    bool       // of is still to be built from pos
	consumers     *Consumers // the indexed list cidAll came from, if any
}

// newGroupView indexes cidAll once: O(C).
func newGroupView(consumerGroup string, mqAll []MessageQueue, cidAll []string) *groupView {
	g := new(groupView)
	g.init(consumerGroup, mqAll, cidAll, indexMembers(cidAll))
	return g
}

// planView is a Plan and its group view in one allocation.
type planView struct {
	p Plan
	g groupView
}

// newPlanView is a group view over cidAll, indexed as idx, and the Plan
// that wraps it, allocated together; the caller sets the plan's strategy.
func newPlanView(consumerGroup string, mqAll []MessageQueue, cidAll []string, idx cidIndex) (*Plan, *groupView) {
	pv := new(planView)
	pv.g.init(consumerGroup, mqAll, cidAll, idx)
	pv.p.g = &pv.g
	return &pv.p, &pv.g
}

// identityLen is how many of the shared identity numberings are kept.
const identityLen = 1024

// identityInts and identityInt32s are 0, 1, 2, ...: the first and slot of
// every group without duplicate IDs of up to identityLen consumers, shared
// read-only (nothing writes first or slot after init).
var identityInts, identityInt32s = func() ([]int, []int32) {
	a, b := make([]int, identityLen), make([]int32, identityLen)
	for i := range a {
		a[i], b[i] = i, int32(i)
	}
	return a, b
}()

func (g *groupView) init(consumerGroup string, mqAll []MessageQueue, cidAll []string, idx cidIndex) {
	g.consumerGroup = consumerGroup
	g.mqAll = mqAll
	g.cidAll = cidAll
	g.cidIndex = idx
	g.of = make([][]MessageQueue, len(g.members.ids))
	g.errs = make([]error, len(g.members.ids))
}

// cidIndex is a client-ID list's distinct members, numbered in order of
// first occurrence. Read-only once built: plans over the same list share it.
type cidIndex struct {
	members memberIndex
	first   []int   // per member: position of its first occurrence in cidAll
	slot    []int32 // per cidAll position: the member it names
}

// indexMembers numbers cidAll's distinct IDs in order of first occurrence.
// O(C).
func indexMembers(cidAll []string) cidIndex {
	var (
		members memberIndex
		first   []int
		slot    []int32
	)
	members.ids = make([]string, 0, len(cidAll))
	n := len(cidAll)
	distinct := true
	if slices.IsSorted(cidAll) {
		// The common case (a rebalance sorts cidAll; for plain ASCII
		// Java's order is Go's): equal IDs are adjacent, no map needed.
		for i := 1; i < n && distinct; i++ {
			distinct = cidAll[i] != cidAll[i-1]
		}
		if distinct {
			members.ids = append(members.ids, cidAll...)
		} else {
			first, slot = make([]int, 0, n), make([]int32, n)
			for i, c := range cidAll {
				if i == 0 || c != cidAll[i-1] {
					members.ids = append(members.ids, c)
					first = append(first, i)
				}
				slot[i] = int32(len(members.ids) - 1)
			}
		}
	} else {
		members.unsorted(n)
		for _, c := range cidAll {
			if _, added := members.add(c); !added {
				distinct = false
				break
			}
		}
		if !distinct {
			// Number again, now keeping each position's member.
			members.ids = members.ids[:0]
			members.unsorted(n)
			first, slot = make([]int, 0, n), make([]int32, n)
			for i, c := range cidAll {
				m, added := members.add(c)
				if added {
					first = append(first, i)
				}
				slot[i] = int32(m)
			}
		}
	}
	if distinct {
		// Member m is cidAll[m].
		if n <= identityLen {
			first, slot = identityInts[:n:n], identityInt32s[:n:n]
		} else {
			first, slot = make([]int, n), make([]int32, n)
			for i := range first {
				first[i], slot[i] = i, int32(i)
			}
		}
	}
	return cidIndex{members, first, slot}
}

// withQueues is the same group over other queues, with fresh outputs.
func (g *groupView) withQueues(mqAll []MessageQueue) *groupView {
	v := new(groupView)
	v.init(g.consumerGroup, mqAll, g.cidAll, g.cidIndex)
	return v
}

// groupAllocator is implemented by the built-in strategies: they fill a
// groupView in one pass instead of one Allocate call per member. The
// result for every member must equal its own Allocate call; an error that
// every member gets alike (empty mqAll or cidAll) is returned instead.
type groupAllocator interface {
	allocateGroup(g *groupView) error
}

// allocateGroup fills g with s: the built-in fast path, else an external
// group.Allocator's (goclient, candidate), else one Allocate call per
// member.
func allocateGroup(s Strategy, g *groupView) error {
	if ga, ok := s.(groupAllocator); ok {
		return ga.allocateGroup(g)
	}
	if ga, ok := s.(externalGroupAllocator); ok {
		var r groupResult
		var err error
		if ca, ok := s.(externalConsumersGroups); ok && g.consumers != nil {
			r, err = ca.AllocateConsumers(g.consumerGroup, g.mqAll, g.consumers)
		} else {
			r, err = ga.AllocateGroup(g.consumerGroup, g.mqAll, g.cidAll)
		}
		if err != nil {
			return err
		}
		if g.fill(r) {
			return nil
		}
		// A result that does not fit the group: ask each member instead.
	}
	for m, cid := range g.members.ids {
		g.of[m], g.errs[m] = s.Allocate(g.consumerGroup, cid, g.mqAll, g.cidAll)
	}
	return nil
}

// fill takes a group.Allocator's result; false (g untouched) when it does
// not describe this group: other members, lists of the wrong length, a
// position outside mqAll.
func (g *groupView) fill(r groupResult) bool {
	n := len(g.members.ids)
	if !sameStrings(r.Members, g.members.ids) || (r.Errs != nil && len(r.Errs) != n) {
		return false
	}
	if r.Positions == nil && r.Queues == nil && r.Runs != nil {
		return g.fillRuns(r)
	}
	if r.Positions != nil {
		if len(r.Positions) != n {
			return false
		}
		for _, p := range r.Positions {
			for _, i := range p {
				if i < 0 || int(i) >= len(g.mqAll) {
					return false
				}
			}
		}
	} else if len(r.Queues) != n {
		return false
	}
	copy(g.errs, r.Errs)
	if r.Positions == nil {
		for m := range n {
			if g.errs[m] == nil {
				g.of[m] = r.Queues[m]
			}
		}
		return true
	}
	pos := make([][]int32, n)
	for m, p := range r.Positions {
		if g.errs[m] == nil {
			pos[m] = p
			if p == nil {
				pos[m] = []int32{}
			}
		}
	}
	g.setPositions(pos)
	return true
}

// sameStrings is slices.Equal, at once when both are the same slice (a
// group.ConsumersAllocator returning Consumers.Members).
func sameStrings(a, b []string) bool {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) {
		return true
	}
	return slices.Equal(a, b)
}

// fillRuns records a group result given as runs of mqAll (Runs), as AVG's
// own fast path does: slices of mqAll, positions derived on demand.
func (g *groupView) fillRuns(r groupResult) bool {
	n := len(g.members.ids)
	if len(r.Runs) != n {
		return false
	}
	for _, run := range r.Runs {
		if run[0] < 0 || run[1] < 0 || int(run[0])+int(run[1]) > len(g.mqAll) {
			return false
		}
	}
	copy(g.errs, r.Errs)
	g.start = make([]int32, n)
	for m, run := range r.Runs {
		if g.errs[m] == nil {
			lo, hi := int(run[0]), int(run[0])+int(run[1])
			g.of[m] = g.mqAll[lo:hi:hi]
			if hi == lo {
				g.of[m] = none() // [], never nil, even over an empty mqAll
			}
			g.start[m] = run[0]
		}
	}
	return true
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

// failChecked gives err to every member that passed the checks (Java
// would throw it from each of their calls).
func (g *groupView) failChecked(err error) {
	for m := range g.members.ids {
		if g.errs[m] == nil {
			g.errs[m] = err
		}
	}
	g.setPositions(make([][]int32, len(g.members.ids)))
}

// gather is the shared tail of strategies that give each queue at most one
// owner: owner[i] is the member that gets mqAll[i] (or -1). Every member's
// positions, in mqAll order, are laid out in one backing array; the queues
// follow on demand.
func (g *groupView) gather(owner []int32) {
	counts := make([]int32, len(g.members.ids)+1)
	for _, m := range owner {
		if m >= 0 {
			counts[m+1]++
		}
	}
	for m := 1; m < len(counts); m++ {
		counts[m] += counts[m-1]
	}
	backing := make([]int32, counts[len(g.members.ids)])
	next := make([]int32, len(g.members.ids))
	copy(next, counts)
	for i, m := range owner {
		if m >= 0 {
			backing[next[m]] = int32(i)
			next[m]++
		}
	}
	pos := make([][]int32, len(g.members.ids))
	for m := range g.members.ids {
		if g.errs[m] == nil {
			lo, hi := counts[m], counts[m+1]
			pos[m] = backing[lo:hi:hi]
		}
	}
	g.setPositions(pos)
}

// setPositions records every member's result as positions in mqAll (nil
// for a member with an error); the queues are built on demand.
func (g *groupView) setPositions(pos [][]int32) {
	g.pos = pos
	g.lazyQueues = true
}

// buildQueues turns positions into queues, every member's in one backing
// array, once. Plan calls it under a sync.Once.
func (g *groupView) buildQueues() {
	if !g.lazyQueues {
		return
	}
	g.lazyQueues = false
	total := 0
	for _, p := range g.pos {
		total += len(p)
	}
	backing := make([]MessageQueue, total)
	at := 0
	for m, p := range g.pos {
		if p == nil {
			continue
		}
		if len(p) == 0 {
			g.of[m] = none()
			continue
		}
		out := backing[at : at+len(p) : at+len(p)]
		for k, i := range p {
			out[k] = g.mqAll[i]
		}
		g.of[m] = out
		at += len(p)
	}
}

// positions is every member's positions in mqAll: the recorded ones, or
// for a run-shaped result (start set) slices of 0, 1, 2, ... built here
// once; nil when the strategy gives none. A nil entry is a member with an
// error (or, after MACHINE_ROOM_NEARBY over a foreign inner strategy, one
// without known positions).
func (g *groupView) positions() [][]int32 {
	if g.pos != nil || g.start == nil {
		return g.pos
	}
	iota := make([]int32, len(g.mqAll))
	for i := range iota {
		iota[i] = int32(i)
	}
	pos := make([][]int32, len(g.members.ids))
	for m, qs := range g.of {
		if g.errs[m] == nil && qs != nil {
			lo := int(g.start[m])
			pos[m] = iota[lo : lo+len(qs) : lo+len(qs)]
		}
	}
	g.pos = pos
	return pos
}
