package doctor

import (
	"slices"
	"strings"
)

// A POP member (RocketMQ 5.x, clientRebalance=false with the broker's POP
// mode) does not allocate for itself: the broker gives it queues to pop,
// and its status file lists them in #Consumer Pop Detail# (queue -1: every
// queue of that broker). Several POP members may pop one queue: the broker
// hands each message to one of them (pop with invisible time, then ack),
// so that is one consumption, not two. A queue that a client-rebalance
// member holds (pulls, from its own offset) while a POP member pops it is
// consumed twice: each message once by the puller and once by a popper.

// poppedPositions is, for each position of st.queues, the members whose
// status files pop it (sorted); nil when no member pops anything of the
// topic. Queue -1 stands for every queue of its broker in st.queues.
func (d *diagnosis) poppedPositions(st *topicState) [][]string {
	if d.broadcasting || d.mode != modeCID {
		return nil
	}
	var out [][]string
	var pos *queueIndex // built on the first explicit POP queue: most groups have none
	for k := range d.in.status {
		sf := &d.in.status[k]
		if _, member := d.g.byCID[sf.cid]; !member {
			continue
		}
		for _, q := range sf.info.PopQueues {
			if q.Topic != st.tp.name {
				continue
			}
			if out == nil {
				out = make([][]string, len(st.queues))
			}
			mark := func(i int) {
				if !slices.Contains(out[i], sf.cid) {
					out[i] = append(out[i], sf.cid)
					slices.Sort(out[i])
				}
			}
			if q.QueueID >= 0 {
				if pos == nil {
					pos = newQueueIndex(st.queues)
				}
				if i, ok := pos.find(q.BrokerName, q.QueueID); ok {
					mark(i)
				}
				continue
			}
			for i, rq := range st.queues {
				if rq.BrokerName == q.BrokerName {
					mark(i)
				}
			}
		}
	}
	return out
}

// popExpected makes the broker's POP assignment the expected owners of the
// members that pop queues of the topic (and of the other broker-assigned
// members when some pop it): their own allocate call does not run, what
// the broker gave them (their Pop Detail) does.
func (d *diagnosis) popExpected(st *topicState) {
	popped := d.poppedPositions(st)
	if popped == nil {
		return
	}
	poppers := map[string]bool{}
	for _, ps := range popped {
		for _, c := range ps {
			poppers[c] = true
		}
	}
	// The broker's mode is per topic and group: when members pop the
	// topic, the other clientRebalance=false members are in POP mode too,
	// with what the broker gave them (maybe nothing).
	for _, m := range st.subs {
		if m.clientRebal == "false" {
			poppers[m.cid] = true
		}
	}
	for i := range st.expected {
		e := slices.DeleteFunc(slices.Clone(st.expected[i]), func(c string) bool { return poppers[c] })
		if i < len(popped) {
			e = append(e, popped[i]...)
		}
		slices.Sort(e)
		st.expected[i] = slices.Compact(e)
	}
}

// popActual adds the POP members to the actual owners of the queues they
// pop, and keeps who pops what in st.poppers.
func (d *diagnosis) popActual(st *topicState) {
	st.poppers = d.poppedPositions(st)
	for i, ps := range st.poppers {
		if len(ps) == 0 || st.actual[i] == nil {
			continue
		}
		a := append(slices.Clone(st.actual[i]), ps...)
		slices.Sort(a)
		st.actual[i] = slices.Compact(a)
	}
}

// popperList is who pops position i (nil: nobody).
func (st *topicState) popperList(i int) []string {
	if st.poppers == nil {
		return nil
	}
	return st.poppers[i]
}

// pullers are the actual owners of position i that do not pop it: members
// that hold it in their own (client-rebalance or broker PULL) table.
func (st *topicState) pullers(i int) []string {
	if st.poppers == nil || st.actual[i] == nil {
		return st.actual[i]
	}
	return slices.DeleteFunc(slices.Clone(st.actual[i]), func(c string) bool { return slices.Contains(st.poppers[i], c) })
}

// queueStatus is status, with POP members counted as one consumer of the
// queues they pop: popped only, it is consumed once (OK when those are the
// expected owners); popped and pulled, twice (DOUBLE_OWNED).
func (d *diagnosis) queueStatus(st *topicState, i int, expected, actual []string) string {
	if st.poppers == nil || len(st.poppers[i]) == 0 || actual == nil {
		return d.status(expected, actual)
	}
	switch {
	case len(st.pullers(i)) > 0:
		return StatusDoubleOwned
	case d.sameLabels(expected, actual):
		return StatusOK
	case len(expected) == 0:
		return StatusUnexpectedOwner
	}
	return StatusWrongOwner
}

// popMix names, for DOUBLE_OWNED queues that are both pulled and popped,
// who pulls and who pops them; "" and nil when none of qs is popped.
func (st *topicState) popMix(qs []int) (string, []string) {
	if st.poppers == nil {
		return "", nil
	}
	var pulls, pops []string
	for _, i := range qs {
		if len(st.poppers[i]) == 0 {
			continue
		}
		for _, c := range st.pullers(i) {
			if !slices.Contains(pulls, c) {
				pulls = append(pulls, c)
			}
		}
		for _, c := range st.poppers[i] {
			if !slices.Contains(pops, c) {
				pops = append(pops, c)
			}
		}
	}
	if len(pulls) == 0 || len(pops) == 0 {
		return "", nil
	}
	slices.Sort(pulls)
	slices.Sort(pops)
	msg := "; pull and POP mixed in one group: " + strings.Join(pulls, ", ") + " pulls " + pronoun(len(qs)) +
		" (its own queue table, from the group's offset) while " + strings.Join(pops, ", ") + " pops " + pronoun(len(qs)) +
		" (the broker's POP assignment), so each message there is consumed once by each side." +
		" Run every member of the group in one mode (all POP consumers, or all clientRebalance=true)"
	return msg, append(pulls, pops...)
}
