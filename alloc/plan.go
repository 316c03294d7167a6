package alloc

import (
	"strconv"
	"strings"
	"sync"
)

// Plan is a whole group's assignment: what every member's own allocate call
// returns, computed once. Build it with AllocateAll (or Broadcast).
//
// A member is reached by its client ID (Of, Err) or, faster, by its index
// in Members (MemberQueues, MemberErr, MemberPositions). The built-in
// strategies record most results as positions in Queues; the queue slices
// are then built on first use, for every member at once.
//
// The slices a Plan returns may share memory with each other and with the
// mqAll given to AllocateAll: treat them as read-only. A Plan is safe for
// concurrent use.
type Plan struct {
	strategy string
	client   Client
	g        *groupView

	queuesOnce sync.Once // builds g.of from g.pos
	posOnce    sync.Once // derives g.pos from g.start

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
// under a strategy that checks them, the Go client's divide by zero of
// goclient.ConsistentHash(0) — is returned instead of a plan. An
// error that only some members get (an empty client ID; a blank one under
// MACHINE_ROOM in 4.9.3) is kept per member, see Plan.Err.
func AllocateAll(s Strategy, consumerGroup string, mqAll []MessageQueue, cidAll []string) (*Plan, error) {
	p, _ := newPlanView(consumerGroup, mqAll, cidAll, indexMembers(cidAll))
	return allocatePlan(s, p)
}

// allocatePlan fills p's fresh group view with s.
func allocatePlan(s Strategy, p *Plan) (*Plan, error) {
	if s == nil {
		return nil, &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: "strategy", Msg: "strategy is null"}
	}
	if err := allocateGroup(s, p.g); err != nil {
		return nil, err
	}
	p.strategy = s.Name()
	p.client = ClientOf(s)
	return p, nil
}

func newPlan(name string, g *groupView) *Plan {
	return &Plan{strategy: name, g: g}
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
	g.start = make([]int32, len(g.members.ids)) // every member: the run from 0
	for m := range g.members.ids {
		g.of[m] = all
	}
	return newPlan("BROADCASTING", g)
}

// Strategy is the name of the strategy that made the plan.
func (p *Plan) Strategy() string { return p.strategy }

// Client is the client whose strategy made the plan (ClientOf): a
// JavaClient for this package's strategies, goclient.Client for package
// goclient's; nil for Broadcast, which runs no strategy. Two plans with the
// same Strategy name but different clients can assign queues differently.
func (p *Plan) Client() Client { return p.client }

// Queues is mqAll as given to AllocateAll.
func (p *Plan) Queues() []MessageQueue { return p.g.mqAll }

// Members is the distinct client IDs of cidAll, in cidAll order. Member
// index i below is a position in this list.
func (p *Plan) Members() []string { return p.g.members.ids }

// Of is the queues member cid gets (nil for a non-member or a member whose
// call failed).
func (p *Plan) Of(cid string) []MessageQueue {
	if m, ok := p.g.members.lookup(cid); ok {
		return p.MemberQueues(m)
	}
	return nil
}

// Err is the error member cid's own allocate call returns, if any.
func (p *Plan) Err(cid string) error {
	if m, ok := p.g.members.lookup(cid); ok {
		return p.g.errs[m]
	}
	return nil
}

// MemberQueues is Of(Members()[i]) without looking the client ID up: the
// queues of member i, nil when its call failed (or CONFIG's list is null)
// or i is out of range.
//
// Example: with AVG, queues q0..q4 and cidAll [c1 c2], MemberQueues(1) is
// [q3 q4].
func (p *Plan) MemberQueues(i int) []MessageQueue {
	if i < 0 || i >= len(p.g.members.ids) {
		return nil
	}
	p.queuesOnce.Do(p.g.buildQueues)
	return p.g.of[i]
}

// MemberErr is Err(Members()[i]): the error member i's own allocate call
// returns, nil when it succeeds or i is out of range.
func (p *Plan) MemberErr(i int) error {
	if i < 0 || i >= len(p.g.members.ids) {
		return nil
	}
	return p.g.errs[i]
}

// MemberRun reports whether member i's queues are, by the strategy's
// construction, the consecutive run Queues()[start:start+n] (AVG and
// BROADCASTING shares), without building positions. When ok is false
// MemberPositions still tells where the queues stand.
//
// Example: with AVG, queues q0..q4 and cidAll [c1 c2], MemberRun(1) is
// 3, 2, true.
func (p *Plan) MemberRun(i int) (start, n int, ok bool) {
	if i < 0 || i >= len(p.g.members.ids) || p.g.start == nil || p.g.errs[i] != nil || p.g.of[i] == nil {
		return 0, 0, false
	}
	return int(p.g.start[i]), len(p.g.of[i]), true
}

// Runs is the whole plan as runs of Queues(), when every member's share is
// one by the strategy's construction (AVG, BROADCASTING) and no member
// failed: member i gets Queues()[start[i]:start[i]+n[i]]. ok is false
// otherwise; use MemberRun or MemberPositions per member then. start is
// the plan's own (read-only), n a fresh slice.
//
// Example: with AVG, queues q0..q4 and cidAll [c1 c2], Runs is
// [0 3], [3 2], true.
func (p *Plan) Runs() (start, n []int32, ok bool) {
	if p.g.start == nil {
		return nil, nil, false
	}
	n = make([]int32, len(p.g.of))
	for m, qs := range p.g.of {
		if p.g.errs[m] != nil {
			return nil, nil, false
		}
		n[m] = int32(len(qs))
	}
	return p.g.start, n, true
}

// MemberPositions is where member i's queues stand in Queues(): element k
// is the index in Queues() of MemberQueues(i)[k] (of an equal queue listed
// twice, the position the strategy picked). It is nil when member i's call
// failed, i is out of range, or the strategy does not say where its
// queues come from (CONFIG, strategies defined outside this package, and
// MACHINE_ROOM_NEARBY over those); an empty share is an empty, non-nil
// slice. No queue is copied to answer it.
//
// Example: with AVG_BY_CIRCLE, 5 queues and cidAll [c1 c2],
// MemberPositions(0) is [0 2 4] and MemberPositions(1) is [1 3].
func (p *Plan) MemberPositions(i int) []int32 {
	if i < 0 || i >= len(p.g.members.ids) || p.g.errs[i] != nil {
		return nil
	}
	p.posOnce.Do(func() { p.g.positions() })
	if p.g.pos == nil {
		return nil
	}
	return p.g.pos[i]
}

// OwnersOf is the members (in Members order) whose allocation holds the
// queue Queues()[i]: none for an orphaned queue, one when the group agrees,
// more when the strategy hands it out twice (CONFIG, BROADCASTING). Equal
// queues listed twice in mqAll share their owners. An i out of range gives
// nil.
func (p *Plan) OwnersOf(i int) []string {
	if i < 0 || i >= len(p.g.mqAll) {
		return nil
	}
	p.ownersOnce.Do(p.computeOwners)
	return p.owners[i]
}

// computeOwners inverts the plan once: O(Q + total assigned).
func (p *Plan) computeOwners() {
	p.queuesOnce.Do(p.g.buildQueues)
	queues, members, of := p.g.mqAll, p.g.members.ids, p.g.of
	canon := make(map[MessageQueue]int, len(queues))
	first := make([]int, len(queues))
	for i, q := range queues {
		if j, ok := canon[q]; ok {
			first[i] = j
			continue
		}
		canon[q] = i
		first[i] = i
	}
	owners := make([][]string, len(queues))
	for m, qs := range of {
		for _, q := range qs {
			j, ok := canon[q]
			if !ok {
				continue // CONFIG may list queues outside mqAll
			}
			if o := owners[j]; len(o) == 0 || o[len(o)-1] != members[m] {
				owners[j] = append(owners[j], members[m])
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
	out := make(map[string][]MessageQueue, len(p.g.members.ids))
	for m, cid := range p.g.members.ids {
		if p.g.errs[m] == nil {
			out[cid] = p.MemberQueues(m)
		}
	}
	return out
}

// String writes one line per member, in Members order:
//
//	c1: [broker-a/0 broker-a/1]
//	c2: [broker-a/2]
//	: error: currentCID is empty
//
// A queue is written brokerName/queueId, prefixed by "topic:" when the plan's
// queues span several topics.
func (p *Plan) String() string {
	p.queuesOnce.Do(p.g.buildQueues)
	queues, members, of, errs := p.g.mqAll, p.g.members.ids, p.g.of, p.g.errs
	multi := false
	for _, q := range queues {
		if q.Topic != queues[0].Topic {
			multi = true
			break
		}
	}
	var b strings.Builder
	for m, cid := range members {
		b.WriteString(cid)
		b.WriteString(": ")
		if err := errs[m]; err != nil {
			b.WriteString("error: ")
			b.WriteString(err.Error())
			b.WriteByte('\n')
			continue
		}
		if of[m] == nil {
			b.WriteString("null\n")
			continue
		}
		b.WriteByte('[')
		for i, q := range of[m] {
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
