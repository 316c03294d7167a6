package analysis

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// queueOrder is a queue list in canonical order (Java's rebalance order
// when sorting) and, computed once on demand, the Go client's order of it.
type queueOrder struct {
	queues []alloc.MessageQueue
	sort   bool
	// given is, per position of queues, that queue's position in the list
	// as given; nil when queues is that list itself.
	given []int32
	// javaErr is the JDK sort's failure on these queues: Java strategies
	// then fail for every member; queues stay in the order given.
	javaErr error

	goReady  bool
	goQueues []alloc.MessageQueue // the queues in the Go client's order
	goPos    []int32              // goQueues[i] == queues[goPos[i]]; nil: same order
	idx      *queueIndex
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

// goView is the queues as a Go client orders them, with the canonical
// position of each.
func (o *queueOrder) goView() ([]alloc.MessageQueue, []int32) {
	if o.goReady {
		return o.goQueues, o.goPos
	}
	o.goReady = true
	o.goQueues = o.queues
	if !o.sort {
		return o.goQueues, nil
	}
	pos := sortx.Perm(len(o.queues), func(a, b int32) int { return goclient.CompareQueues(o.queues[a], o.queues[b]) })
	identity := true
	for i, p := range pos {
		if int(p) != i {
			identity = false
			break
		}
	}
	if identity {
		return o.goQueues, nil
	}
	o.goPos = pos
	o.goQueues = make([]alloc.MessageQueue, len(pos))
	for i, p := range pos {
		o.goQueues[i] = o.queues[p]
	}
	return o.goQueues, o.goPos
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
	goCids    []string // cids in the Go client's order, on demand
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

// goView is the input a Go client sees: with sorting, the queues and client
// IDs in byte order, with the canonical position of every queue.
func (u *universe) goView() ([]alloc.MessageQueue, []int32, []string) {
	qs, pos := u.order.goView()
	if u.goCids == nil {
		u.goCids = u.cids
		if u.order.sort {
			u.goCids = slices.Clone(u.cids)
			goclient.SortClientIDs(u.goCids)
		}
	}
	return qs, pos, u.goCids
}

// plan runs s over the universe; Stats is left for the caller. Java and Go
// client strategies take one path, alloc.AllocateAll (the Go client's
// through alloc.GroupAllocator), each over the input its client sees.
func (u *universe) plan(s alloc.Strategy) *Plan {
	p := &Plan{Strategy: Label(s), Client: ClientOf(s), Queues: u.queues, Members: u.members, given: u.order.given}
	p.Shares = make([][]int32, len(u.members))
	if _, ok := s.(goclient.Strategy); ok {
		qs, pos, cids := u.goView()
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
