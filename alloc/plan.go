package alloc

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rmqalloc/rmqalloc/alloc/internal/planlink"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Plan is a whole group's assignment: what every member's own allocate call
// returns, computed once. Build it with AllocateAll (the lists exactly as
// given), Rebalance (sorted as a rebalance sorts them) or Broadcast;
// package analysis measures plans (StatsOf), compares them (DiffPlans) and
// makes them for what-if questions.
//
// A member is reached by its client ID (Of, Err) or, faster, by its index
// in Members (MemberQueues, MemberErr, MemberPositions, MemberShare). A
// queue is named by its position in Queues, and its owners (Owners) by
// their positions in Members. The built-in strategies record most results
// as positions in Queues; the queue slices are then built on first use,
// for every member at once.
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

	given  []int32 // see GivenPositions
	linear bool    // Members repeat an ID: look IDs up one by one

	setsOnce sync.Once       // fills sets and own
	sets     [][]int32       // per member: MemberShare
	own      planlink.Owners // per queue: Owners
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
		return nil, nullStrategy("strategy")
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

// Queues is mqAll as the strategy saw it: as given to AllocateAll; for
// Rebalance, sorted in Java's order (see GivenPositions).
func (p *Plan) Queues() []MessageQueue { return p.g.mqAll }

// Members is the distinct client IDs of cidAll, in cidAll order (for
// Rebalance, Java's order). Member index i below is a position in this
// list. (In package analysis's Views, the combined plan has one member per
// view.)
func (p *Plan) Members() []string { return p.g.members.ids }

// GivenPositions is, per position of Queues, that queue's position in the
// mqAll given to Rebalance, which sorts a copy; nil when Queues is the list
// given (AllocateAll, RebalanceOptions.AsGiven, or a sort that failed). A
// caller holding the list it gave can then read shares and diffs as
// positions in it, without the queues themselves.
//
// Example: Rebalance over [b:1 a:0 a:1] has Queues [a:0 a:1 b:1] and
// GivenPositions [1 2 0].
func (p *Plan) GivenPositions() []int32 { return p.given }

// lookup is member cid's index.
func (p *Plan) lookup(cid string) (int, bool) {
	if p.linear {
		m := slices.Index(p.g.members.ids, cid)
		return m, m >= 0
	}
	return p.g.members.lookup(cid)
}

// Of is the queues member cid gets (nil for a non-member or a member whose
// call failed).
func (p *Plan) Of(cid string) []MessageQueue {
	if m, ok := p.lookup(cid); ok {
		return p.MemberQueues(m)
	}
	return nil
}

// Err is the error member cid's own allocate call returns, if any.
func (p *Plan) Err(cid string) error {
	if m, ok := p.lookup(cid); ok {
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

// MemberShare is member i's queues as positions in Queues, ascending and
// without repeats: MemberPositions sorted, or for a strategy that does not
// say where its queues come from (CONFIG) the positions of the queues it
// names (a queue outside Queues is left out; of an equal queue listed
// twice, the first). It is empty (not nil) for a member whose call failed,
// and nil only for i out of range. Built once for every member.
//
// Example: AVG over 10 queues and members [c0 c1 c2 c3] gives
// MemberShare [0 1 2] [3 4 5] [6 7] [8 9].
func (p *Plan) MemberShare(i int) []int32 {
	if i < 0 || i >= len(p.g.members.ids) {
		return nil
	}
	p.computeSets()
	return p.sets[i]
}

// Owners is the members (positions in Members, ascending) whose share
// (MemberShare) holds the queue Queues()[i]: none (nil) for an orphaned
// queue, one when the group agrees, more when the strategy hands it out
// twice (CONFIG, BROADCASTING). An i out of range gives nil.
//
// Example: with AVG, queues q0..q4 and cidAll [c1 c2], Owners(3) is [1]:
// Members()[1], c2.
func (p *Plan) Owners(i int) []int32 {
	p.computeSets()
	return p.own.Of(i)
}

// computeSets fills sets and own once: O(Q + total assigned), copying
// nothing when the strategy's positions are already ascending. (Not
// inlined: its two callers would each carry a copy of the body.)
//
//go:noinline
func (p *Plan) computeSets() {
	p.setsOnce.Do(func() {
		g := p.g
		p.posOnce.Do(func() { g.positions() })
		sets := make([][]int32, len(g.members.ids))
		var idx *queueIndex
		for m := range sets {
			sets[m] = []int32{}
			if g.errs[m] != nil {
				continue
			}
			var at []int32
			if g.pos != nil {
				at = g.pos[m]
			}
			if at == nil { // CONFIG and strategies of one's own: find the queues
				p.queuesOnce.Do(g.buildQueues)
				for _, q := range g.of[m] {
					if idx == nil {
						idx = newQueueIndex(g.mqAll)
					}
					if k := idx.pos(q); k >= 0 {
						at = append(at, k)
					}
				}
				if len(at) > 0 {
					sets[m] = sortedSet(at)
				}
				continue
			}
			switch {
			case len(at) == 0:
			case ascending(at):
				sets[m] = at
			default:
				sets[m] = sortedSet(slices.Clone(at))
			}
		}
		p.sets, p.own = sets, planlink.Invert(sets, len(g.mqAll))
	})
}

// ascending reports whether s is strictly increasing.
func ascending(s []int32) bool {
	for i := 1; i < len(s); i++ {
		if s[i] <= s[i-1] {
			return false
		}
	}
	return true
}

// sortedSet sorts s and drops repeats, in place.
func sortedSet(s []int32) []int32 {
	if !slices.IsSorted(s) {
		sortx.Int32s(s)
	}
	return slices.Compact(s)
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
