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
		if sorted, err := alloc.SortedQueues(queues); err != nil {
			o.javaErr = err
		} else {
			o.queues = sorted
		}
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

// plan runs s over the universe; Stats is left for the caller.
func (u *universe) plan(s alloc.Strategy) *Plan {
	p := &Plan{Strategy: Label(s), Client: ClientOf(s), Queues: u.queues, Members: u.members}
	p.Shares = make([][]int32, len(u.members))
	if gs, ok := s.(goclient.Strategy); ok {
		u.planGo(p, gs)
	} else {
		u.planJava(p, s)
	}
	for m, sh := range p.Shares {
		if sh == nil {
			p.Shares[m] = []int32{}
		}
	}
	p.owners = invert(p.Shares, len(u.queues))
	return p
}

func (u *universe) planGo(p *Plan, s goclient.Strategy) {
	qs, pos, cids := u.goView()
	g := goclient.AllocateGroup(s, qs, cids)
	for gm, cid := range g.Members {
		m := u.memberIdx[cid]
		if err := g.Errs[gm]; err != nil {
			p.Errors = append(p.Errors, memberError(m, err))
			continue
		}
		share := make([]int32, len(g.Shares[gm]))
		for i, q := range g.Shares[gm] {
			if pos != nil {
				q = pos[q]
			}
			share[i] = q
		}
		p.Shares[m] = sortedSet(share)
	}
	sortx.Func(p.Errors, func(a, b MemberError) int { return a.Member - b.Member })
}

func (u *universe) planJava(p *Plan, s alloc.Strategy) {
	err := u.order.javaErr
	var ap *alloc.Plan
	if err == nil {
		ap, err = alloc.AllocateAll(s, "", u.queues, u.cids)
	}
	if err != nil {
		for m := range u.members {
			p.Errors = append(p.Errors, memberError(int32(m), err))
		}
		return
	}
	for m, cid := range u.members {
		if err := ap.Err(cid); err != nil {
			p.Errors = append(p.Errors, memberError(int32(m), err))
		}
	}
	idx := u.order.index()
	for m, cid := range u.members {
		of := ap.Of(cid)
		if len(of) == 0 {
			continue
		}
		share := make([]int32, 0, len(of))
		for _, q := range of {
			if p := idx.pos(q); p >= 0 {
				share = append(share, p)
			}
		}
		p.Shares[m] = sortedSet(share)
	}
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
