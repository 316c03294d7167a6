package alloc

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPropertyGroupMatchesAllocate: for every strategy, on random inputs
// with non-ASCII text, duplicate client IDs and duplicate queues, the
// whole-group view equals one Allocate call per member.
func TestPropertyGroupMatchesAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	strategies := allStrategies(t)
	for range 150 {
		var mq []MessageQueue
		var cids []string
		if r.IntN(2) == 0 {
			mq, cids = randQueues(r, r.IntN(30), r.IntN(2) == 0), randCIDs(r, r.IntN(12), true)
		} else {
			mq, cids = roomInput(r, r.IntN(30), r.IntN(12), 1+r.IntN(4))
		}
		if r.IntN(3) == 0 {
			cids = append(cids, "", " ") // members that fail check 1
		}
		// Go-sorted IDs take the map-free member index; duplicates are
		// then adjacent.
		sorted := slices.Sorted(slices.Values(cids))
		for _, s := range strategies {
			requirePlanMatchesAllocate(t, s, mq, cids)
			requirePlanMatchesAllocate(t, s, mq, sorted)
		}
	}
}

// TestPropertyEachQueueOnce: on one consistent view, AVG, AVG_BY_CIRCLE,
// CONSISTENT_HASH and MACHINE_ROOM_NEARBY (over them) hand every queue to
// exactly one member; AVG's counts differ by at most one.
func TestPropertyEachQueueOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	res, _ := SplitResolver("-", 1, 1)
	ch := mustCH(t, 1+r.IntN(20))
	var nearby []Strategy
	for _, inner := range []Strategy{Averagely(), ByCircle(), ch} {
		s := MachineRoomNearby(inner, res)
		nearby = append(nearby, s)
	}
	for range 200 {
		q, c := 1+r.IntN(60), 1+r.IntN(15)
		mq := mustSortedQueues(t, randQueues(r, q, true))
		cids := SortedClientIDs(randCIDs(r, c, false))
		for _, s := range []Strategy{Averagely(), ByCircle(), ch} {
			requireEachQueueOnce(t, requirePlanMatchesAllocate(t, s, mq, cids))
		}
		requireBalanced(t, requirePlanMatchesAllocate(t, Averagely(), mq, cids), 1)
		requireBalanced(t, requirePlanMatchesAllocate(t, ByCircle(), mq, cids), 1)
		rmq, rcids := roomInput(r, q, c, 1+r.IntN(4))
		for _, s := range nearby {
			requireEachQueueOnce(t, requirePlanMatchesAllocate(t, s, rmq, rcids))
		}
	}
}

// TestPropertyOrderIndependent: after the rebalance sort, the plan does
// not depend on the order in which queues and consumers were listed.
func TestPropertyOrderIndependent(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	strategies := allStrategies(t)
	for range 60 {
		mq, cids := randQueues(r, 1+r.IntN(30), false), randCIDs(r, 1+r.IntN(10), true)
		rmq, rcids := roomInput(r, 1+r.IntN(30), 1+r.IntN(10), 3)
		for _, s := range strategies {
			requireOrderIndependent(t, r, s, mq, cids)
			requireOrderIndependent(t, r, s, rmq, rcids)
		}
	}
}
