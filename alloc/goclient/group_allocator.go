package goclient

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Every strategy of this package is an alloc.GroupAllocator: AllocateAll
// (and with it the WebAssembly module's allocateAll) computes a whole Go
// client group in one pass, as positions (see allocateGroup).

var (
	_ alloc.ConsumersAllocator = avg{}
	_ alloc.ConsumersAllocator = nearby{}
	_ alloc.GroupAllocator     = circle{}
	_ alloc.GroupAllocator     = consistentHash{}
	_ alloc.GroupAllocator     = machineRoom{}
	_ alloc.GroupAllocator     = config{}
)

// groupResult is allocateGroup's groupShares as an alloc.GroupResult.
func groupResult(s Strategy, mqAll []alloc.MessageQueue, cidAll []string) alloc.GroupResult {
	g := allocateGroup(s, mqAll, cidAll)
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

// AllocateConsumers implements alloc.ConsumersAllocator: AVG over a list
// indexed once.
func (s avg) AllocateConsumers(_ string, mqAll []alloc.MessageQueue, c *alloc.Consumers) (alloc.GroupResult, error) {
	return avgRunsOf(len(mqAll), len(c.IDs()), c.Members(), c.First()), nil
}

// AllocateConsumers implements alloc.ConsumersAllocator (NEARBY is AVG).
func (s nearby) AllocateConsumers(_ string, mqAll []alloc.MessageQueue, c *alloc.Consumers) (alloc.GroupResult, error) {
	return avgRunsOf(len(mqAll), len(c.IDs()), c.Members(), c.First()), nil
}

// avgRuns is AVG for the whole group as runs of mqAll (the shape of
// fillAvg's shares, without building their positions).
func avgRuns(q int, cidAll []string) alloc.GroupResult {
	g := newGroup(cidAll)
	return avgRunsOf(q, len(cidAll), g.Members, g.first)
}

// avgRunsOf is avgRuns over c client IDs whose distinct members first
// occur at first. Nobody fails: an inactive member gets an empty run.
func avgRunsOf(q, c int, members []string, first []int) alloc.GroupResult {
	runs := make([][2]int32, len(members))
	for m, i := range first {
		if members[m] != "" && q > 0 && c > 0 { // groupShares.active
			start, n := alloc.AverageRange(i, q, c)
			runs[m] = [2]int32{int32(start), int32(n)}
		}
	}
	return alloc.GroupResult{Members: members, Runs: runs}
}

// AllocateGroup implements alloc.GroupAllocator.
func (s circle) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements alloc.GroupAllocator: one ring for the group.
// A ring that cannot be built (vn = 0, or beyond alloc.MaxRingNodes) fails
// every member alike when all are active (no empty client ID), and is then
// the error of the whole call, as AllocateAll promises.
func (s consistentHash) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (alloc.GroupResult, error) {
	if err := s.ringErr(len(cidAll)); err != nil && len(mqAll) > 0 && len(cidAll) > 0 && !slices.Contains(cidAll, "") {
		return alloc.GroupResult{}, err
	}
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
