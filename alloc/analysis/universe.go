package analysis

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// queueOrder is a queue list in canonical order (Java's rebalance order
// when sorting) and, computed once per client on demand, another client's
// order of it.
type queueOrder struct {
	queues []alloc.MessageQueue
	sort   bool
	// given is, per position of queues, that queue's position in the list
	// as given; nil when queues is that list itself.
	given []int32
	// javaErr is the JDK sort's failure on these queues: Java strategies
	// then fail for every member; queues stay in the order given.
	javaErr error

	others map[alloc.Client]*clientOrder // non-Java clients' orders
	idx    *queueIndex
}

// clientOrder is the queues as one client orders them.
type clientOrder struct {
	queues []alloc.MessageQueue // the queues in the client's order
	pos    []int32              // queues[i] == canonical[pos[i]]; nil: same order
}

// index is the queues' position index, built once.
func (o *queueOrder) index() *queueIndex {
	if o.idx == nil {
		o.idx = newQueueIndex(o.queues)
	}
	return o.idx
}

func newQueueOrder(queues []alloc.MessageQueue, sort bool) *queueOrder {
	o := &queueOrder{queues: queues, sort: sort}
	if sort {
		perm, err := alloc.SortQueuePerm(queues)
		if err != nil {
			o.javaErr = err
			return o
		}
		sorted := make([]alloc.MessageQueue, len(perm))
		for k, i := range perm {
			sorted[k] = queues[i]
		}
		o.queues, o.given = sorted, perm
	}
	return o
}

// clientView is the queues as client c (not a Java one) orders them, with
// the canonical position of each.
func (o *queueOrder) clientView(c alloc.Client) ([]alloc.MessageQueue, []int32) {
	if v, ok := o.others[c]; ok {
		return v.queues, v.pos
	}
	v := &clientOrder{queues: o.queues}
	if o.others == nil {
		o.others = map[alloc.Client]*clientOrder{}
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
	v.queues = make([]alloc.MessageQueue, len(pos))
	for i, p := range pos {
		v.queues[i] = o.queues[p]
	}
	return v.queues, v.pos
}

// universe is one set of inputs (queues and client IDs) that several
// strategies allocate: it sorts once per client order and maps every
// result back to canonical positions.
type universe struct {
	order     *queueOrder
	queues    []alloc.MessageQueue // order.queues
	cids      []string             // cidAll in canonical order, repeats kept
	members   []string             // distinct cids, in cids order
	memberIdx map[string]int32
	otherCids map[alloc.Client][]string // cids in a non-Java client's order, on demand
}

func newUniverse(queues []alloc.MessageQueue, cidAll []string, sort bool) *universe {
	return newUniverseIn(newQueueOrder(queues, sort), cidAll)
}

// newUniverseIn is a universe over already ordered queues, which several
// universes may share.
func newUniverseIn(order *queueOrder, cidAll []string) *universe {
	u := &universe{order: order, queues: order.queues, cids: cidAll}
	if order.sort {
		u.cids = alloc.SortedClientIDs(cidAll)
	}
	u.memberIdx = make(map[string]int32, len(u.cids))
	for _, c := range u.cids {
		if _, ok := u.memberIdx[c]; !ok {
			u.memberIdx[c] = int32(len(u.members))
			u.members = append(u.members, c)
		}
	}
	return u
}

// clientView is the input a client other than Java sees: with sorting,
// the queues and client IDs in its order, with the canonical position of
// every queue.
func (u *universe) clientView(c alloc.Client) ([]alloc.MessageQueue, []int32, []string) {
	qs, pos := u.order.clientView(c)
	cids, ok := u.otherCids[c]
	if !ok {
		cids = u.cids
		if u.order.sort {
			cids = slices.Clone(u.cids)
			c.SortClientIDs(cids)
		}
		if u.otherCids == nil {
			u.otherCids = map[alloc.Client][]string{}
		}
		u.otherCids[c] = cids
	}
	return qs, pos, cids
}

// plan runs s over the universe; Stats is left for the caller. Every
// client's strategies take one path, alloc.AllocateAll (the Go client's
// through their whole-group fast path), each over the input its client sees.
func (u *universe) plan(s alloc.Strategy) *Plan {
	c := alloc.ClientOf(s)
	p := &Plan{Strategy: Label(s), Client: c, Queues: u.queues, Members: u.members, given: u.order.given}
	p.Shares = make([][]int32, len(u.members))
	if c.Language() != alloc.LanguageJava {
		qs, pos, cids := u.clientView(c)
		u.fill(p, s, qs, pos, cids, nil)
	} else {
		u.fill(p, s, u.queues, nil, u.cids, u.order.javaErr)
	}
	for m, sh := range p.Shares {
		if sh == nil {
			p.Shares[m] = []int32{}
		}
	}
	p.owners = invert(p.Shares, len(u.queues))
	return p
}

// fill allocates qs among cids under s (unless err, the input's own
// failure, stands for every member) and records each member's share in
// canonical positions: pos maps a position of qs to one of u.queues (nil:
// qs is u.queues).
func (u *universe) fill(p *Plan, s alloc.Strategy, qs []alloc.MessageQueue, pos []int32, cids []string, err error) {
	var ap *alloc.Plan
	if err == nil {
		ap, err = alloc.AllocateAll(s, "", qs, cids)
	}
	if err != nil {
		for m := range u.members {
			p.Errors = append(p.Errors, memberError(int32(m), err))
		}
		return
	}
	for am, cid := range ap.Members() {
		m := u.memberIdx[cid]
		if err := ap.MemberErr(am); err != nil {
			p.Errors = append(p.Errors, memberError(m, err))
			continue
		}
		var share []int32
		if at := ap.MemberPositions(am); at != nil {
			share = make([]int32, len(at))
			for i, k := range at {
				if pos != nil {
					k = pos[k]
				}
				share[i] = k
			}
		} else { // CONFIG: the queues need not come from qs; find them
			idx := u.order.index()
			for _, q := range ap.MemberQueues(am) {
				if k := idx.pos(q); k >= 0 {
					share = append(share, k)
				}
			}
		}
		if len(share) > 0 {
			p.Shares[m] = sortedSet(share)
		}
	}
	sortx.Func(p.Errors, func(a, b MemberError) int { return a.Member - b.Member })
}

func memberError(m int32, err error) MemberError {
	class := alloc.JavaClassOf(err)
	if class == "" {
		class = "Error"
	}
	return MemberError{Member: int(m), JavaClass: class, Message: err.Error()}
}

// sortedSet sorts s and drops repeats, in place.
func sortedSet(s []int32) []int32 {
	if !slices.IsSorted(s) {
		sortx.Int32s(s)
	}
	return slices.Compact(s)
}

// joinKey is a map key for a list of strings.
func joinKey(parts []string) string { return strings.Join(parts, "\x00") }
