package alloc

import (
	"strconv"
	"strings"
	"sync"
)

// Plan is a whole group's assignment: what every member's own allocate call
// returns, computed once. Build it with AllocateAll (or Broadcast).
//
// The slices a Plan returns may share memory with each other and with the
// mqAll given to AllocateAll: treat them as read-only.
type Plan struct {
	strategy string
	queues   []MessageQueue
	members  memberIndex // distinct client IDs in cidAll order
	of       [][]MessageQueue
	errs     []error

	ownersOnce sync.Once
	owners     [][]string // per index of queues
}

// AllocateAll computes every member's allocation at once. The result for a
// member equals s.Allocate(consumerGroup, member, mqAll, cidAll), queue for
// queue and in order; duplicate client IDs are one member (Java's indexOf:
// the first occurrence's position counts, later slots belong to nobody).
//
// The built-in strategies compute the whole group in one pass (AVG,
// AVG_BY_CIRCLE and MACHINE_ROOM in O(Q + C); CONSISTENT_HASH builds its ring
// once; MACHINE_ROOM_NEARBY groups the rooms once); other strategies are
// asked once per member.
//
// An error that every member would get alike — an empty mqAll or cidAll
// under a strategy that checks them — is returned instead of a plan. An
// error that only some members get (an empty client ID; a blank one under
// MACHINE_ROOM in 4.9.3) is kept per member, see Plan.Err.
func AllocateAll(s Strategy, consumerGroup string, mqAll []MessageQueue, cidAll []string) (*Plan, error) {
	if s == nil {
		return nil, &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: "strategy", Msg: "strategy is null"}
	}
	g := newGroupView(consumerGroup, mqAll, cidAll)
	if err := allocateGroup(s, g); err != nil {
		return nil, err
	}
	return newPlan(s.Name(), g), nil
}

func newPlan(name string, g *groupView) *Plan {
	return &Plan{strategy: name, queues: g.mqAll, members: g.members, of: g.of, errs: g.errs}
}

// Broadcast is the plan of a consumer group in broadcasting mode: every
// member gets every queue of mqAll, in mqAll order, and no strategy is
// consulted. Its Strategy is "BROADCASTING".
func Broadcast(mqAll []MessageQueue, cidAll []string) *Plan {
	g := newGroupView("", mqAll, cidAll)
	all := mqAll[:len(mqAll):len(mqAll)]
	if all == nil {
		all = none()
	}
	for m := range g.members.ids {
		g.of[m] = all
	}
	return newPlan("BROADCASTING", g)
}

// Strategy is the name of the strategy that made the plan.
func (p *Plan) Strategy() string { return p.strategy }

// Queues is mqAll as given to AllocateAll.
func (p *Plan) Queues() []MessageQueue { return p.queues }

// Members is the distinct client IDs of cidAll, in cidAll order.
func (p *Plan) Members() []string { return p.members.ids }

// Of is the queues member cid gets (nil for a non-member or a member whose
// call failed).
func (p *Plan) Of(cid string) []MessageQueue {
	if m, ok := p.members.lookup(cid); ok {
		return p.of[m]
	}
	return nil
}

// Err is the error member cid's own allocate call returns, if any.
func (p *Plan) Err(cid string) error {
	if m, ok := p.members.lookup(cid); ok {
		return p.errs[m]
	}
	return nil
}

// OwnersOf is the members (in Members order) whose allocation holds the
// queue Queues()[i]: none for an orphaned queue, one when the group agrees,
// more when the strategy hands it out twice (CONFIG, BROADCASTING). Equal
// queues listed twice in mqAll share their owners. An i out of range gives
// nil.
func (p *Plan) OwnersOf(i int) []string {
	if i < 0 || i >= len(p.queues) {
		return nil
	}
	p.ownersOnce.Do(p.computeOwners)
	return p.owners[i]
}

// computeOwners inverts the plan once: O(Q + total assigned).
func (p *Plan) computeOwners() {
	canon := make(map[MessageQueue]int, len(p.queues))
	first := make([]int, len(p.queues))
	for i, q := range p.queues {
		if j, ok := canon[q]; ok {
			first[i] = j
			continue
		}
		canon[q] = i
		first[i] = i
	}
	owners := make([][]string, len(p.queues))
	for m, qs := range p.of {
		for _, q := range qs {
			j, ok := canon[q]
			if !ok {
				continue // CONFIG may list queues outside mqAll
			}
			if o := owners[j]; len(o) == 0 || o[len(o)-1] != p.members.ids[m] {
				owners[j] = append(owners[j], p.members.ids[m])
			}
		}
	}
	for i, j := range first {
		owners[i] = owners[j]
	}
	p.owners = owners
}

// Map is the plan as a map from member to its queues; members whose call
// failed are left out.
func (p *Plan) Map() map[string][]MessageQueue {
	out := make(map[string][]MessageQueue, len(p.members.ids))
	for m, cid := range p.members.ids {
		if p.errs[m] == nil {
			out[cid] = p.of[m]
		}
	}
	return out
}

// String writes one line per member, in Members order:
//
//	c1: [broker-a/0 broker-a/1]
//	c2: [broker-a/2]
//	: error: currentCID: currentCID is empty
//
// A queue is written brokerName/queueId, prefixed by "topic:" when the plan's
// queues span several topics.
func (p *Plan) String() string {
	multi := false
	for _, q := range p.queues {
		if q.Topic != p.queues[0].Topic {
			multi = true
			break
		}
	}
	var b strings.Builder
	for m, cid := range p.members.ids {
		b.WriteString(cid)
		b.WriteString(": ")
		if err := p.errs[m]; err != nil {
			b.WriteString("error: ")
			b.WriteString(err.Error())
			b.WriteByte('\n')
			continue
		}
		if p.of[m] == nil {
			b.WriteString("null\n")
			continue
		}
		b.WriteByte('[')
		for i, q := range p.of[m] {
			if i > 0 {
				b.WriteByte(' ')
			}
			if multi {
				b.WriteString(q.Topic)
				b.WriteByte(':')
			}
			b.WriteString(q.BrokerName)
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(int(q.QueueID)))
		}
		b.WriteString("]\n")
	}
	return b.String()
}
