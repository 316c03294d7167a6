package alloc

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// NameOnlyResolver is an optional interface of a MachineRoomResolver: when
// ResolvesByNameOnly reports true, BrokerDeployIn depends on the queue's
// BrokerName alone and both methods give the same answer (room or error)
// for the same name on every call. MACHINE_ROOM_NEARBY (Allocate and
// AllocateAll) then resolves each distinct broker name and client ID once
// per call instead of once per queue and per cidAll entry as Java does — a
// topic typically has 8 queues per broker — with the same results.
// SplitResolver's resolvers implement it.
type NameOnlyResolver interface {
	MachineRoomResolver
	ResolvesByNameOnly() bool
}

// ResolvesByNameOnly is true: the room is a field of the name.
func (splitResolver) ResolvesByNameOnly() bool { return true }

// queueCountOnly is implemented by the strategies whose group view reads
// len(mqAll) and never the queues themselves, and records every result as
// positions or runs (AVG, AVG_BY_CIRCLE): MACHINE_ROOM_NEARBY then spares
// copying each room's queues for them.
type queueCountOnly interface{ groupReadsQueueCountOnly() }

func (avgStrategy) groupReadsQueueCountOnly()    {}
func (circleStrategy) groupReadsQueueCountOnly() {}

// groupRooms is the whole group sorted into rooms, every list by position:
// room k's queues are the mqAll positions qat[qstart[k]:qstart[k+1]] (mqAll
// order), its consumers the cidAll positions cat[cstart[k]:cstart[k+1]]
// (cidAll order) with their IDs in cids at the same indexes.
type groupRooms struct {
	names          []string // by room number: order of first appearance
	croom          []int32  // per cidAll position: its room
	qstart, cstart []int32
	qat, cat       []int32
	cids           []string
	namesBuf       [8]string
	countsBuf      [3 * 9]int32 // qstart, cstart and scratch for up to 8 rooms
}

func (r *groupRooms) queuesOf(k int) []int32 { return r.qat[r.qstart[k]:r.qstart[k+1]] }
func (r *groupRooms) consumersOf(k int) []int32 {
	return r.cat[r.cstart[k]:r.cstart[k+1]]
}

// resolveRooms is group's resolution for the whole group: every queue's
// room, then every consumer's; the first failure, in Java's order, is the
// error. Under a NameOnlyResolver a name is resolved once: the first
// queue (or cidAll entry) with a name is the first to fail on it.
func (s nearbyStrategy) resolveRooms(g *groupView) (*groupRooms, error) {
	q, c, nm := len(g.mqAll), len(g.cidAll), len(g.members.ids)
	ints := make([]int32, q+2*c+nm) // qat, croom, cat, mroom
	r := &groupRooms{qat: ints[:q:q], croom: ints[q : q+c : q+c], cat: ints[q+c : q+2*c : q+2*c]}
	mroom := ints[q+2*c:]
	r.names = r.namesBuf[:0]
	var ids map[string]int32 // past 8 rooms
	roomID := func(name string) int32 {
		if ids == nil {
			for k, n := range r.names {
				if n == name {
					return int32(k)
				}
			}
			if len(r.names) < 8 {
				r.names = append(r.names, name)
				return int32(len(r.names) - 1)
			}
			ids = make(map[string]int32, 16)
			for k, n := range r.names {
				ids[n] = int32(k)
			}
		}
		k, ok := ids[name]
		if !ok {
			k = int32(len(r.names))
			ids[name] = k
			r.names = append(r.names, name)
		}
		return k
	}
	byName := false
	if nr, ok := s.resolver.(NameOnlyResolver); ok {
		byName = nr.ResolvesByNameOnly()
	}
	// The queues as runs: from runs[j].start to the next run's start, all
	// in room runs[j].room. Under a NameOnlyResolver a run is a broker's
	// queues standing together in mqAll (usually all of them), else a
	// queue.
	runs := make(queueRuns, 0, q/8+1)
	var small [64]int32
	var seen nameSet
	prev := ""
	for i := range g.mqAll {
		slot := -1
		if byName {
			name := g.mqAll[i].BrokerName
			if i > 0 && name == prev {
				continue
			}
			prev = name
			if seen.slots == nil {
				if size := seen.size(q); size <= len(small) {
					seen.slots = small[:size]
				} else {
					seen.slots = make([]int32, size)
				}
			}
			var j int32
			if j, slot = seen.find(g.mqAll, runs, name); j >= 0 {
				runs.add(i, runs[j].room)
				continue
			}
		}
		name, err := s.resolver.BrokerDeployIn(g.mqAll[i])
		if err != nil {
			return nil, err
		}
		if name == "" {
			return nil, illegalArgument("mqAll["+itoa(i)+"]", "Machine room is null for mq "+g.mqAll[i].String())
		}
		runs.add(i, roomID(name))
		if slot >= 0 {
			seen.add(g.mqAll, runs, slot, int32(len(runs)-1))
		}
	}
	resolve := func(i int, cid string) (int32, error) {
		name, err := s.resolver.ConsumerDeployIn(cid)
		if err != nil {
			return 0, err
		}
		if name == "" {
			return 0, illegalArgument("cidAll["+itoa(i)+"]", "Machine room is null for consumer id "+cid)
		}
		return roomID(name), nil
	}
	if byName {
		// Members are numbered in order of first occurrence.
		for m, cid := range g.members.ids {
			k, err := resolve(g.first[m], cid)
			if err != nil {
				return nil, err
			}
			mroom[m] = k
		}
		for i, m := range g.slot {
			r.croom[i] = mroom[m]
		}
	} else {
		for i, cid := range g.cidAll {
			k, err := resolve(i, cid)
			if err != nil {
				return nil, err
			}
			r.croom[i] = k
		}
	}
	n := len(r.names)
	counts := r.countsBuf[:]
	if n > 8 {
		counts = make([]int32, 3*(n+1))
	}
	r.qstart, r.cstart = counts[:n+1], counts[n+1:2*(n+1)]
	runs.bucket(q, r.qstart, r.qat, counts[2*(n+1):])
	bucket(r.croom, r.cstart, r.cat, counts[2*(n+1):])
	r.cids = make([]string, len(r.cat))
	for k, i := range r.cat {
		r.cids[k] = g.cidAll[i]
	}
	return r, nil
}

// queueRuns is mqAll cut into runs of queues in one room: from start to
// the next run's start.
type queueRuns []queueRun

type queueRun struct{ start, room int32 }

func (r *queueRuns) add(start int, room int32) {
	*r = append(*r, queueRun{int32(start), room})
}

// bucket is bucket over the runs of q queues.
func (r queueRuns) bucket(q int, start, at, next []int32) {
	clear(start)
	end := func(j int) int32 {
		if j+1 < len(r) {
			return r[j+1].start
		}
		return int32(q)
	}
	for j, run := range r {
		start[run.room+1] += end(j) - run.start
	}
	n := len(start) - 1
	for k := 0; k < n; k++ {
		start[k+1] += start[k]
	}
	copy(next, start[:n])
	for j, run := range r {
		at := at[next[run.room]:]
		lo, hi := run.start, end(j)
		for p := lo; p < hi; p++ {
			at[p-lo] = p
		}
		next[run.room] += hi - lo
	}
}

// nameSet is a set of broker names as runs of queueRuns (the name of run
// j is that of mqAll[runs[j].start]), an open-addressing table without
// pointers: cheaper to build and for the collector than a map.
type nameSet struct {
	slots []int32 // run + 1; 0 is empty. len: a power of two
	n     int     // names held, at most half of len(slots)
}

// size is the table size for n queues: n/8 names (8 queues per broker),
// at most half full; add grows it.
func (nameSet) size(n int) int {
	size := 16
	for size < n/4 {
		size <<= 1
	}
	return size
}

// find is the run named name, or -1 and the empty slot where the name
// goes.
func (t *nameSet) find(mqAll []MessageQueue, runs queueRuns, name string) (run int32, slot int) {
	mask := len(t.slots) - 1
	for j := int(hashName(name)) & mask; ; j = (j + 1) & mask {
		p := t.slots[j]
		if p == 0 {
			return -1, j
		}
		if mqAll[runs[p-1].start].BrokerName == name {
			return p - 1, -1
		}
	}
}

// add puts run (the last one, of a name find did not find) in slot.
func (t *nameSet) add(mqAll []MessageQueue, runs queueRuns, slot int, run int32) {
	t.slots[slot] = run + 1
	t.n++
	if 2*t.n <= len(t.slots) {
		return
	}
	old := t.slots
	t.slots = make([]int32, 2*len(old))
	mask := len(t.slots) - 1
	for _, p := range old {
		if p == 0 {
			continue
		}
		j := int(hashName(mqAll[runs[p-1].start].BrokerName)) & mask
		for t.slots[j] != 0 {
			j = (j + 1) & mask
		}
		t.slots[j] = p
	}
}

// bucket is a counting sort of positions by key: the positions of key k,
// in order, are at[start[k]:start[k+1]]. start has one more element than
// there are keys; next is scratch of at least as many.
func bucket(keys, start, at, next []int32) {
	clear(start)
	for _, k := range keys {
		start[k+1]++
	}
	n := len(start) - 1
	for k := 0; k < n; k++ {
		start[k+1] += start[k]
	}
	copy(next, start[:n])
	for i, k := range keys {
		at[next[k]] = int32(i)
		next[k]++
	}
}

// orphans is the rooms with queues but no consumer, in Java string order.
func (r *groupRooms) orphans() []int {
	var out []int
	for k := range r.names {
		if r.qstart[k+1] > r.qstart[k] && r.cstart[k+1] == r.cstart[k] {
			out = append(out, k)
		}
	}
	sortx.Func(out, func(a, b int) int { return javalang.CompareStrings(r.names[a], r.names[b]) })
	return out
}

// roomQueues is room k's queues as a list for inner: a run of mqAll when
// they stand together, else a copy — or, for an inner that reads only
// their number (queueCountOnly), a run of mqAll of the right length that
// stands in for them: such an inner's results are positions in the list,
// mapped back through queuesOf, and its queues are never read.
func (s nearbyStrategy) roomQueues(g *groupView, r *groupRooms, k int) []MessageQueue {
	at := r.queuesOf(k)
	lo, n := int(at[0]), len(at)
	if int(at[n-1]) == lo+n-1 {
		return g.mqAll[lo : lo+n : lo+n]
	}
	if _, ok := s.inner.(queueCountOnly); ok {
		return g.mqAll[:n:n]
	}
	out := make([]MessageQueue, n)
	for j, i := range at {
		out[j] = g.mqAll[i]
	}
	return out
}

// roomView is the group view of one room with queues and consumers: its
// consumers (cidAll order) over its queues. Sub member j is g's member
// toParent[j].
type roomView struct {
	groupView
	room     int32
	toParent []int32
}

// ownRoomViews builds the view of every room with queues and consumers,
// numbered from g's members without a new index, all views' lists carved
// from shared arrays. A view's members.lookup is not usable; no strategy's
// group path calls it.
func (s nearbyStrategy) ownRoomViews(g *groupView, r *groupRooms) []roomView {
	nv, nc, most := 0, 0, 0
	for k := range r.names {
		if n := int(r.cstart[k+1] - r.cstart[k]); n > 0 && r.qstart[k+1] > r.qstart[k] {
			nv++
			nc += n
			most = max(most, n)
		}
	}
	views := make([]roomView, nv)
	of := make([][]MessageQueue, nc)
	errs := make([]error, nc)
	// No duplicate ID (the rule): member m is cidAll[m], and so in each
	// room sub member j is the room's j-th consumer.
	distinct := len(g.members.ids) == len(g.cidAll) && most <= identityLen
	var slots, seenRoom, num, parents []int32
	var firsts []int
	var ids []string
	if !distinct {
		nm := len(g.members.ids)
		ints := make([]int32, nc+3*nm)
		slots, seenRoom, num, parents = ints[:nc], ints[nc:nc+nm], ints[nc+nm:nc+2*nm], ints[nc+2*nm:nc+2*nm]
		firsts = make([]int, 0, nm)
		ids = make([]string, 0, nm)
	}
	v := 0
	for k := range r.names {
		cat := r.consumersOf(k)
		if r.qstart[k+1] == r.qstart[k] || len(cat) == 0 {
			continue
		}
		rv := &views[v]
		v++
		rv.room = int32(k)
		sub := &rv.groupView
		sub.consumerGroup = g.consumerGroup
		sub.mqAll = s.roomQueues(g, r, k)
		sub.cidAll = r.cids[r.cstart[k]:r.cstart[k+1]]
		n := len(cat)
		if distinct {
			sub.first, sub.slot = identityInts[:n:n], identityInt32s[:n:n]
			sub.members.ids = sub.cidAll
			rv.toParent = cat
		} else {
			sub.slot, slots = slots[:n:n], slots[n:]
			f0, p0 := len(firsts), len(parents)
			for j, i := range cat {
				m := g.slot[i]
				// seenRoom[m] is the room + 1 in which m was last numbered.
				if seenRoom[m] != int32(k)+1 {
					seenRoom[m] = int32(k) + 1
					num[m] = int32(len(parents) - p0)
					firsts = append(firsts, j)
					parents = append(parents, m)
					ids = append(ids, g.members.ids[m])
				}
				sub.slot[j] = num[m]
			}
			f1 := len(firsts)
			sub.first = firsts[f0:f1:f1]
			sub.members.ids = ids[f0:f1:f1]
			rv.toParent = parents[p0:len(parents):len(parents)]
		}
		nm := len(sub.members.ids)
		sub.of, of = of[:nm:nm], of[nm:]
		sub.errs, errs = errs[:nm:nm], errs[nm:]
	}
	return views
}

// ownShare is where member m's share of its own room is: member j of
// views[v-1] (v == 0: its room has no queues, or its call failed).
type ownShare struct{ v, j int32 }

// allocateGroup resolves and groups the rooms once, then runs inner's
// whole-group view once per room with consumers and once per room without.
// A member's own room is that of its first cidAll entry, as in its own
// call. When inner gives positions (the built-in strategies but CONFIG),
// so does the result, mapped back through each room's positions in mqAll.
func (s nearbyStrategy) allocateGroup(g *groupView) error {
	if err := g.precheck(false); err != nil {
		return err
	}
	r, err := s.resolveRooms(g)
	if err != nil {
		for m := range g.members.ids {
			if g.errs[m] == nil {
				g.errs[m] = err
			}
		}
		return nil
	}
	fail := func(m int, err error) {
		if g.errs[m] == nil {
			g.errs[m] = err
		}
	}
	own := make([]ownShare, len(g.members.ids))
	views := s.ownRoomViews(g, r)
	for v := range views {
		sub, k := &views[v].groupView, views[v].room
		gerr := allocateGroup(s.inner, sub)
		for j, pm := range views[v].toParent {
			m := int(pm)
			if r.croom[g.first[m]] != k {
				continue // not m's own room (a resolver that changed its mind)
			}
			switch {
			case gerr != nil:
				fail(m, gerr)
			case sub.errs[j] != nil:
				fail(m, sub.errs[j])
			case returnedNull(sub, j):
				fail(m, s.innerNull())
			default:
				own[m] = ownShare{v: int32(v) + 1, j: int32(j)}
			}
		}
	}
	// Then every member's share of each room without consumers.
	orphans := r.orphans()
	shared := make([]*groupView, 0, len(orphans))
	for _, k := range orphans {
		sub := g.withQueues(s.roomQueues(g, r, k))
		gerr := allocateGroup(s.inner, sub)
		for m := range g.members.ids {
			switch {
			case gerr != nil:
				fail(m, gerr)
			case sub.errs[m] != nil:
				fail(m, sub.errs[m])
			case returnedNull(sub, m):
				fail(m, s.innerNull())
			}
		}
		shared = append(shared, sub)
	}
	positioned := func(sub *groupView) bool { return sub.pos != nil || sub.start != nil }
	byPos := true
	for v := range views {
		byPos = byPos && positioned(&views[v].groupView)
	}
	for _, sub := range shared {
		byPos = byPos && positioned(sub)
	}
	if byPos {
		g.setPositions(roomPositions(g, r, orphans, shared, views, own))
		return nil
	}
	for v := range views {
		views[v].buildQueues()
	}
	for _, sub := range shared {
		sub.buildQueues()
	}
	for m := range g.members.ids {
		if g.errs[m] != nil {
			continue
		}
		var mine []MessageQueue
		if o := own[m]; o.v > 0 {
			mine = views[o.v-1].of[o.j]
		}
		out := slices.Clip(mine)
		if len(shared) > 0 {
			n := len(mine)
			for _, sub := range shared {
				n += len(sub.of[m])
			}
			out = make([]MessageQueue, 0, n)
			out = append(out, mine...)
			for _, sub := range shared {
				out = append(out, sub.of[m]...)
			}
		}
		if out == nil {
			out = none() // Java's result list is never null
		}
		g.of[m] = out
	}
	return nil
}

// roomPositions lays out every member's positions in mqAll, in one backing
// array: its own room's share, then its share of each orphan room, each
// mapped from room positions to mqAll positions.
func roomPositions(g *groupView, r *groupRooms, orphans []int, shared []*groupView, views []roomView, own []ownShare) [][]int32 {
	total := 0
	for m := range g.members.ids {
		if g.errs[m] != nil {
			continue
		}
		if o := own[m]; o.v > 0 {
			total += views[o.v-1].shareLen(int(o.j))
		}
		for _, sub := range shared {
			total += sub.shareLen(m)
		}
	}
	backing := make([]int32, 0, total)
	pos := make([][]int32, len(g.members.ids))
	for m := range g.members.ids {
		if g.errs[m] != nil {
			continue
		}
		lo := len(backing)
		if o := own[m]; o.v > 0 {
			backing = views[o.v-1].appendPositions(backing, int(o.j), r.queuesOf(int(views[o.v-1].room)))
		}
		for i, sub := range shared {
			backing = sub.appendPositions(backing, m, r.queuesOf(orphans[i]))
		}
		pos[m] = backing[lo:len(backing):len(backing)]
	}
	return pos
}
