package alloc

import "slices"

// Averagely is Java's AllocateMessageQueueAveragely, named "AVG": every
// consumer gets one contiguous block of mqAll, the first Q%C consumers one
// queue more than the others.
//
// Worked example: 10 queues q0..q9 and 4 consumers c0..c3 give
//
//	c0: [q0 q1 q2]  c1: [q3 q4 q5]  c2: [q6 q7]  c3: [q8 q9]
//
// With fewer queues than consumers the first Q consumers get one queue each
// and the rest none. A consumer's position is the first occurrence of its
// ID in cidAll; a later duplicate's block belongs to nobody.
func Averagely() Strategy { return avgStrategy{} }

type avgStrategy struct{}

func (avgStrategy) Name() string { return nameAVG }

func (avgStrategy) Allocate(_, currentCID string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error) {
	idx, err := check(currentCID, false, mqAll, cidAll)
	if err != nil || idx < 0 {
		return none(), err
	}
	start, n := AverageRange(idx, len(mqAll), len(cidAll))
	return slices.Clone(mqAll[start : start+n]), nil
}

// allocateGroup slices mqAll once per member: O(C), no copying. Every
// share is a run of mqAll, so positions come from the run starts.
func (avgStrategy) allocateGroup(g *groupView) error {
	if err := g.precheck(false); err != nil {
		return err
	}
	q, c := len(g.mqAll), len(g.cidAll)
	g.start = make([]int32, len(g.members.ids))
	for m := range g.members.ids {
		if g.errs[m] == nil {
			start, n := AverageRange(g.first[m], q, c)
			g.of[m] = g.mqAll[start : start+n : start+n]
			g.start[m] = int32(start)
		}
	}
	return nil
}

// AverageRange is AVG's layout, the same in the Java and Go clients: of q
// queues shared by c consumers, consumer idx gets the block that starts at
// start and holds n queues (n == 0, start == 0 when it gets none).
// Example: q=10, c=4 gives blocks (0,3) (3,3) (6,2) (8,2).
//
// It is total: with idx outside 0..c-1, or q or c not positive, consumer
// idx gets nothing, (0, 0).
func AverageRange(idx, q, c int) (start, n int) {
	if q <= 0 || c <= 0 || idx < 0 || idx >= c {
		return 0, 0
	}
	if q <= c { // one queue each for the first q consumers
		if idx < q {
			return idx, 1
		}
		return 0, 0
	}
	mod := q % c
	size := q / c
	if mod > 0 && idx < mod {
		size++
	}
	if mod > 0 && idx < mod {
		start = idx * size
	} else {
		start = idx*size + mod
	}
	n = min(size, q-start)
	if n <= 0 {
		return 0, 0
	}
	return start, n
}
