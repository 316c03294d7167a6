package goclient

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/internal/group"
)

// Every strategy of this package is a group.Allocator: alloc.AllocateAll
// (and with it the WebAssembly module's allocateAll) computes a whole Go
// client group in one pass, as positions (see allocateGroup).

// groupAnswer is a whole group's answer to alloc (see alloc/internal/group).
type groupAnswer = group.Result[alloc.MessageQueue]

type (
	groupAllocator     = group.Allocator[alloc.MessageQueue]
	consumersAllocator = group.ConsumersAllocator[alloc.MessageQueue, alloc.Consumers]
)

var (
	_ consumersAllocator = avg{}
	_ consumersAllocator = nearby{}
	_ groupAllocator     = circle{}
	_ groupAllocator     = consistentHash{}
	_ groupAllocator     = machineRoom{}
	_ groupAllocator     = config{}
)

// groupResult is allocateGroup's groupShares as a group answer.
func groupResult(s Strategy, mqAll []alloc.MessageQueue, cidAll []string) groupAnswer {
	g := allocateGroup(s, mqAll, cidAll)
	return groupAnswer{Members: g.Members, Positions: g.Shares, Errs: g.Errs}
}

// AllocateGroup implements group.Allocator, as runs of mqAll.
func (s avg) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (groupAnswer, error) {
	return avgRuns(len(mqAll), cidAll), nil
}

// AllocateGroup implements group.Allocator: the Go client's NEARBY is
// its AVG.
func (s nearby) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (groupAnswer, error) {
	return avgRuns(len(mqAll), cidAll), nil
}

// AllocateConsumers implements group.ConsumersAllocator: AVG over a list
// indexed once.
func (s avg) AllocateConsumers(_ string, mqAll []alloc.MessageQueue, c *alloc.Consumers) (groupAnswer, error) {
	return avgRunsOf(len(mqAll), len(c.IDs()), c.Members(), c.First()), nil
}

// AllocateConsumers implements group.ConsumersAllocator (NEARBY is AVG).
func (s nearby) AllocateConsumers(_ string, mqAll []alloc.MessageQueue, c *alloc.Consumers) (groupAnswer, error) {
	return avgRunsOf(len(mqAll), len(c.IDs()), c.Members(), c.First()), nil
}

// avgRuns is AVG for the whole group as runs of mqAll (the shape of
// fillAvg's shares, without building their positions).
func avgRuns(q int, cidAll []string) groupAnswer {
	g := newGroup(cidAll)
	return avgRunsOf(q, len(cidAll), g.Members, g.first)
}

// avgRunsOf is avgRuns over c client IDs whose distinct members first
// occur at first. Nobody fails: an inactive member gets an empty run.
func avgRunsOf(q, c int, members []string, first []int) groupAnswer {
	runs := make([][2]int32, len(members))
	for m, i := range first {
		if members[m] != "" && q > 0 && c > 0 { // groupShares.active
			start, n := alloc.AverageRange(i, q, c)
			runs[m] = [2]int32{int32(start), int32(n)}
		}
	}
	return groupAnswer{Members: members, Runs: runs}
}

// AllocateGroup implements group.Allocator.
func (s circle) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (groupAnswer, error) {
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements group.Allocator: one ring for the group.
// A ring that cannot be built (vn = 0, or beyond alloc.MaxRingNodes) fails
// every member alike when all are active (no empty client ID), and is then
// the error of the whole call, as AllocateAll promises.
func (s consistentHash) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (groupAnswer, error) {
	if err := s.ringErr(len(cidAll)); err != nil && len(mqAll) > 0 && len(cidAll) > 0 && !slices.Contains(cidAll, "") {
		return groupAnswer{}, err
	}
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements group.Allocator.
func (s machineRoom) AllocateGroup(_ string, mqAll []alloc.MessageQueue, cidAll []string) (groupAnswer, error) {
	return groupResult(s, mqAll, cidAll), nil
}

// AllocateGroup implements group.Allocator with queues, not positions:
// the configured list need not come from mqAll, and an unset list is the
// Go client's nil for everyone. Members share one copy of the list.
func (s config) AllocateGroup(_ string, _ []alloc.MessageQueue, cidAll []string) (groupAnswer, error) {
	g := newGroup(cidAll)
	list := slices.Clip(slices.Clone(s.list))
	r := groupAnswer{Members: g.Members, Queues: make([][]alloc.MessageQueue, len(g.Members))}
	for m := range r.Queues {
		r.Queues[m] = list
	}
	return r, nil
}
