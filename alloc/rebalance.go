package alloc

import (
	"slices"
	"sync"

	"github.com/rmqalloc/rmqalloc/alloc/internal/planlink"
)

// RebalanceOptions tunes Rebalance.
type RebalanceOptions struct {
	// AsGiven gives the strategy mqAll and cidAll in the order given, as
	// AllocateAll does. By default (false) copies are sorted the way the
	// strategy's client sorts them before allocating, as a rebalance does;
	// the plan's Queues and Members are then in Java's order whatever the
	// client (GivenPositions maps them back). When the JDK's sort fails on
	// the queues (SortQueues), every member of a Java strategy gets that
	// error and Queues stay in the order given.
	AsGiven bool
}

// Rebalance is the plan a rebalance of the group computes: every member's
// allocate call over mqAll and cidAll sorted the way s's client sorts them
// (unless o.AsGiven), each member's result given as positions in the plan's
// Queues (Java's order). It takes AllocateAll's arguments, in the same
// order; AllocateAll gives the strategy exactly the lists given.
//
// An error that every member gets alike (the Java client's
// IllegalArgumentException for an empty queue or member list) is recorded
// for every member (MemberErr), not returned; only a nil strategy fails.
//
// Example: AVG over 10 queues and members [c0 c1 c2 c3] gives the shares
// (MemberShare) [0 1 2] [3 4 5] [6 7] [8 9].
func Rebalance(s Strategy, consumerGroup string, mqAll []MessageQueue, cidAll []string, o RebalanceOptions) (*Plan, error) {
	publishLink()
	if s == nil {
		return nil, nullStrategy("strategy")
	}
	return newRebalanceView(consumerGroup, newQueueOrder(mqAll, !o.AsGiven), cidAll).plan(s), nil
}

// queueOrder is a queue list in canonical order (Java's rebalance order
// when sorting) and, computed once per client on demand, another client's
// order of it.
type queueOrder struct {
	queues []MessageQueue
	sort   bool
	// given is, per position of queues, that queue's position in the list
	// as given; nil when queues is that list itself.
	given []int32
	// javaErr is the JDK sort's failure on these queues: Java strategies
	// then fail for every member; queues stay in the order given.
	javaErr error

	others map[Client]*clientOrder // non-Java clients' orders
}

// clientOrder is the queues as one client orders them.
type clientOrder struct {
	queues []MessageQueue // the queues in the client's order
	pos    []int32        // queues[i] == canonical[pos[i]]; nil: same order
}

func newQueueOrder(queues []MessageQueue, sort bool) *queueOrder {
	o := &queueOrder{queues: queues, sort: sort}
	if sort {
		perm, err := SortQueuePerm(queues)
		if err != nil {
			o.javaErr = err
			return o
		}
		sorted := make([]MessageQueue, len(perm))
		for k, i := range perm {
			sorted[k] = queues[i]
		}
		o.queues, o.given = sorted, perm
	}
	return o
}

// clientView is the queues as client c (not a Java one) orders them, with
// the canonical position of each (nil: the canonical order).
func (o *queueOrder) clientView(c Client) ([]MessageQueue, []int32) {
	if v, ok := o.others[c]; ok {
		return v.queues, v.pos
	}
	v := &clientOrder{queues: o.queues}
	if o.others == nil {
		o.others = map[Client]*clientOrder{}
	}
	o.others[c] = v
	if !o.sort {
		return v.queues, nil
	}
	pos, err := c.SortQueuePerm(o.queues)
	if err != nil { // no client but Java's fails to sort; keep the order
		return v.queues, nil
	}
	identity := true
	for i, p := range pos {
		if int(p) != i {
			identity = false
			break
		}
	}
	if identity {
		return v.queues, nil
	}
	v.pos = pos
	v.queues = make([]MessageQueue, len(pos))
	for i, p := range pos {
		v.queues[i] = o.queues[p]
	}
	return v.queues, v.pos
}

// rebalanceView is one set of inputs (queues and client IDs) that several
// strategies allocate: it sorts once per client order and maps every
// result back to canonical positions.
type rebalanceView struct {
	consumerGroup string
	order         *queueOrder
	cids          []string // cidAll in canonical order, repeats kept
	idx           cidIndex // cids' members
	otherCids     map[Client][]string
}

// newRebalanceView is a view over already ordered queues, which several
// views may share.
func newRebalanceView(consumerGroup string, order *queueOrder, cidAll []string) *rebalanceView {
	v := &rebalanceView{consumerGroup: consumerGroup, order: order, cids: cidAll}
	if order.sort {
		v.cids = SortedClientIDs(cidAll)
	}
	v.idx = indexMembers(v.cids)
	return v
}

// clientCids is the client IDs in client c's order.
func (v *rebalanceView) clientCids(c Client) []string {
	cids, ok := v.otherCids[c]
	if !ok {
		cids = slices.Clone(v.cids)
		c.SortClientIDs(cids)
		if slices.Equal(cids, v.cids) {
			cids = v.cids
		}
		if v.otherCids == nil {
			v.otherCids = map[Client][]string{}
		}
		v.otherCids[c] = cids
	}
	return cids
}

// plan runs s over the view. A client other than Java sees, when sorting,
// the queues and client IDs in its own order; its result is mapped back
// to canonical positions and members.
func (v *rebalanceView) plan(s Strategy) *Plan {
	c := ClientOf(s)
	qs, pos, cids, err := v.order.queues, []int32(nil), v.cids, v.order.javaErr
	if c.Language() != LanguageJava {
		err = nil
		if v.order.sort {
			qs, pos = v.order.clientView(c)
			cids = v.clientCids(c)
		}
	}
	var p *Plan
	switch {
	case err != nil:
	case pos == nil && sameStrings(cids, v.cids):
		// The client sees the canonical lists: allocate over them.
		p, _ = newPlanView(v.consumerGroup, v.order.queues, v.cids, v.idx)
		p, err = allocatePlan(s, p)
	default:
		var inner *Plan
		inner, err = AllocateAll(s, v.consumerGroup, qs, cids)
		if err == nil {
			p = v.mapBack(s, inner, pos)
		}
	}
	if err != nil {
		p = v.failed(s, err)
	}
	p.given = v.order.given
	return p
}

// mapBack is inner (over the client's order, pos mapping its queue
// positions to canonical ones; nil: the same) as a plan over the
// canonical queues and members.
func (v *rebalanceView) mapBack(s Strategy, inner *Plan, pos []int32) *Plan {
	p, g := newPlanView(v.consumerGroup, v.order.queues, v.cids, v.idx)
	p.strategy, p.client = s.Name(), ClientOf(s)
	shares := make([][]int32, len(g.members.ids))
	for am, cid := range inner.Members() {
		m, _ := g.members.lookup(cid)
		if err := inner.MemberErr(am); err != nil {
			g.errs[m] = err
			continue
		}
		at := inner.MemberPositions(am)
		if at == nil { // CONFIG: the queues need not come from mqAll
			g.of[m] = inner.MemberQueues(am)
			continue
		}
		share := make([]int32, len(at))
		for i, k := range at {
			if pos != nil {
				k = pos[k]
			}
			share[i] = k
		}
		shares[m] = share
	}
	g.setPositions(shares)
	return p
}

// failed is s's plan over the view when every member gets err.
func (v *rebalanceView) failed(s Strategy, err error) *Plan {
	p, g := newPlanView(v.consumerGroup, v.order.queues, v.cids, v.idx)
	p.strategy, p.client = s.Name(), ClientOf(s)
	for m := range g.errs {
		g.errs[m] = err
	}
	g.setPositions(make([][]int32, len(g.members.ids)))
	return p
}

// combinePlan is a plan of given shares (ascending positions in queues)
// and errors (nil: none); members may repeat (a lookup by ID finds the
// first).
func combinePlan(name string, client Client, queues []MessageQueue, members []string, shares [][]int32, errs []error, given []int32) *Plan {
	idx := indexMembers(members)
	linear := len(idx.members.ids) != len(members)
	if linear {
		// One entry per given member, found by a linear search.
		idx = cidIndex{first: make([]int, len(members)), slot: make([]int32, len(members))}
		idx.members.ids = members
		for i := range members {
			idx.first[i], idx.slot[i] = i, int32(i)
		}
	}
	p, g := newPlanView("", queues, members, idx)
	p.strategy, p.client, p.given, p.linear = name, client, given, linear
	if errs != nil {
		copy(g.errs, errs)
	}
	pos := make([][]int32, len(shares))
	for m, sh := range shares {
		if g.errs[m] == nil {
			pos[m] = sh
		}
	}
	g.setPositions(pos)
	p.setsOnce.Do(func() { p.sets, p.own = shares, planlink.Invert(shares, len(queues)) })
	return p
}

// link is package analysis's view of this package (planlink).
type link struct{}

var linkOnce sync.Once

// publishLink makes link available to package analysis (planlink.Impl),
// once. Rebalance calls it, and package analysis calls Rebalance before it
// asks for the link, rather than an init function storing it: a program
// that never calls Rebalance (the WebAssembly core module) then does not
// keep link's code (about 2 KB of the module's gzip budget).
func publishLink() { linkOnce.Do(func() { planlink.Impl = link{} }) }

func (link) Order(queues []MessageQueue, sort bool) (any, []MessageQueue, []int32) {
	o := newQueueOrder(queues, sort)
	return o, o.queues, o.given
}

func (link) View(consumerGroup string, order any, cidAll []string) (any, []string) {
	v := newRebalanceView(consumerGroup, order.(*queueOrder), cidAll)
	return v, v.idx.members.ids
}

func (link) Plan(view any, s Strategy) *Plan { return view.(*rebalanceView).plan(s) }

func (link) Combine(name string, client Client, queues []MessageQueue, members []string, shares [][]int32, errs []error, given []int32) *Plan {
	return combinePlan(name, client, queues, members, shares, errs, given)
}

func (link) Sets(p *Plan) ([][]int32, planlink.Owners) {
	p.computeSets()
	return p.sets, p.own
}

func (link) Mapping(from, to []MessageQueue) []int32 { return queueMapping(from, to) }

// queueMapping is, per position of from, the position of the same queue in
// to (its first occurrence) or -1; nil when the lists are equal.
func queueMapping(from, to []MessageQueue) []int32 {
	if len(from) == len(to) && (len(from) == 0 || &from[0] == &to[0] || slices.Equal(from, to)) {
		return nil
	}
	idx := newQueueIndex(to)
	out := make([]int32, len(from))
	for i, q := range from {
		out[i] = idx.pos(q)
	}
	return out
}
