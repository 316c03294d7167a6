package alloc

// ByCircle is Java's AllocateMessageQueueAveragelyByCircle, named
// "AVG_BY_CIRCLE": consumer number idx gets every queue whose position i in
// mqAll has i % C == idx, dealt round the circle.
//
// Worked example: 8 queues q0..q7 and 3 consumers give
//
//	c0: [q0 q3 q6]  c1: [q1 q4 q7]  c2: [q2 q5]
//
// A consumer's position is the first occurrence of its ID in cidAll; a
// later duplicate's share belongs to nobody.
func ByCircle() Strategy { return circleStrategy{} }

type circleStrategy struct{}

func (circleStrategy) Name() string { return nameAVGByCircle }

func (circleStrategy) Allocate(_, currentCID string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error) {
	idx, err := check(currentCID, false, mqAll, cidAll)
	if err != nil || idx < 0 {
		return none(), err
	}
	out := make([]MessageQueue, 0, (len(mqAll)-idx+len(cidAll)-1)/len(cidAll))
	for i := idx; i < len(mqAll); i += len(cidAll) {
		out = append(out, mqAll[i])
	}
	return out, nil
}

// allocateGroup deals mqAll once: O(Q + C). It records positions only
// (one backing array of int32 for every member): the queues are copied
// when first asked for.
func (circleStrategy) allocateGroup(g *groupView) error {
	if err := g.precheck(false); err != nil {
		return err
	}
	q, c := len(g.mqAll), len(g.cidAll)
	total := 0
	for m, idx := range g.first {
		if g.errs[m] == nil && idx < q {
			total += (q - idx + c - 1) / c
		}
	}
	backing := make([]int32, total)
	pos := make([][]int32, len(g.members.ids))
	at := 0
	for m, idx := range g.first {
		if g.errs[m] != nil {
			continue
		}
		n := 0
		if idx < q {
			n = (q - idx + c - 1) / c
		}
		out := backing[at : at+n : at+n]
		for k := range out {
			out[k] = int32(idx + k*c)
		}
		pos[m] = out
		at += n
	}
	g.setPositions(pos)
	return nil
}
