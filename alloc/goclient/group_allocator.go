package goclient

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Every strategy of this package is an alloc.GroupAllocator: AllocateAll
// (and with it the WebAssembly module's allocateAll) computes a whole Go
// client group in one pass, as positions (see AllocateGroup).

var (
	_ alloc.GroupAllocator = avg{}
	_ alloc.GroupAllocator = nearby{}
	_ alloc.GroupAllocator = circle{}
	_ alloc.GroupAllocator = consistentHash{}
	_ alloc.GroupAllocator = machineRoom{}
	_ alloc.GroupAllocator = config{}
)

// groupResult is AllocateGroup's Group as an alloc.GroupResult.
func groupResult(s Strategy, mqAll []alloc.MessageQueue, cidAll []string) alloc.GroupResult {
	g := AllocateGroup(s, mqAll, cidAll)
	return alloc.GroupResult{Members: g.Members, Positions: g.Shares, Errs: g.Errs}
}

// AllocateGroup implements alloc.GroupAllocator, as runs of mqAll.
func (s avg) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	return avgRuns(len(mqAll), cidAll), nil
}

// AllocateGroup implements alloc.GroupAllocator: the Go client's NEARBY is
// its AVG.
func (s nearby) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	return avgRuns(len(mqAll), cidAll), nil
}

// avgRuns is AVG for the whole group as runs of mqAll (the shape of
// fillAvg's shares, without building their positions).
func avgRuns(q int, cidAll []string) alloc.GroupResult {
	g := newGroup(cidAll)
	runs := make([][2]int32, len(g.Members))
	for m, i := range g.first {
		if g.active(m, q, len(cidAll)) {
			start, n := alloc.AverageRange(i, q, len(cidAll))
			runs[m] = [2]int32{int32(start), int32(n)}
		}
	}
	return alloc.GroupResult{Members: g.Members, Runs: runs, Errs: g.Errs}
}

// AllocateGroup implements alloc.GroupAllocator.
func (s circle) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements alloc.GroupAllocator: one ring for the group.
func (s consistentHash) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements alloc.GroupAllocator.
func (s machineRoom) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements alloc.GroupAllocator with queues, not positions:
// the configured list need not come from mqAll, and an unset list is the
// Go client's nil for everyone. Members share one copy of the list.
func (s config) AllocateGroup(_ string, _ []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	g := newGroup(cidAll)
	list := slices.Clip(slices.Clone(s.list))
	r := alloc.GroupResult{Members: g.Members, Queues: make([][]alloc.MessageQueue, len(g.Members))}
	for m := range r.Queues {
		r.Queues[m] = list
	}
	return r, nil
}
