package main

import (
	"unsafe"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// allocHead is what allocate and allocateAll share:
//
//	u8 client, spec strategy, str consumerGroup, qlist mqAll,
//	cids cidAll (cids.go), u8 sort, u8 needPerm
type allocHead struct {
	client   byte
	strategy alloc.Strategy
	group    string
	mqs      *view
	cids     *cidView // nil for Java's null
	needPerm bool
}

func readAllocHead(r *reader) (*allocHead, error) {
	h := &allocHead{client: r.u8()}
	if int(h.client) >= len(clients) {
		r.fail()
		return nil, r.err
	}
	s, err := readStrategy(r, h.client)
	if err != nil {
		return nil, err
	}
	h.strategy = s
	h.group = r.str()
	qs, t, _, err := readCallQueueList(r, "mqAll")
	if err != nil {
		return nil, err
	}
	cids, err := readCidList(r, "cidAll")
	if err != nil {
		return nil, err
	}
	sort, needPerm := r.bool(), r.bool()
	if r.err != nil {
		return nil, r.err
	}
	order := unsorted
	if sort {
		order = clients[h.client].order
	}
	h.mqs = viewOf(qs, t, order)
	if h.mqs.err != nil {
		return nil, h.mqs.err // the JDK's sort failed: no consumer allocates
	}
	h.needPerm = needPerm
	if cids != nil {
		h.cids = cids.viewOf(order)
	}
	return h, nil
}

func (h *allocHead) ids() []string {
	if h.cids == nil {
		return nil
	}
	return h.cids.ids
}

func (h *allocHead) writePerm(w *writer) {
	if h.needPerm {
		writePerm(w, h.mqs)
	}
}

func init() {
	// allocate: head, str currentCID → [perm], refs.
	register(opAllocate, func(r *reader, w *writer) error {
		h, err := readAllocHead(r)
		if err != nil {
			return err
		}
		cid := r.str()
		if r.err != nil {
			return r.err
		}
		qs, err := h.strategy.Allocate(h.group, cid, h.mqs.qs, h.ids())
		if err != nil {
			return err
		}
		h.writePerm(w)
		writeRefs(w, h.mqs, qs)
		return nil
	})
	// allocateAll: head → [perm], plan (writePlan).
	register(opAllocateAll, func(r *reader, w *writer) error {
		h, err := readAllocHead(r)
		if err != nil {
			return err
		}
		var p *alloc.Plan
		if h.cids == nil {
			p, err = alloc.AllocateAll(h.strategy, h.group, h.mqs.qs, nil)
		} else {
			p, err = h.cids.allocateAll(h.strategy, h.group, h.mqs.qs)
		}
		if err != nil {
			return err
		}
		h.writePerm(w)
		writePlan(w, h, p)
		return nil
	})
}

// Member result kinds of a plan.
const (
	memberRefs  = 0 // refs list (uvarint n+1, 0 = null)
	memberError = 1 // error body
	memberRange = 2 // uvarint start, uvarint count: view positions start.. (AVG's shape)
)

// Plan forms: how a plan's members follow its member count.
const (
	planFormNames     = 0 // per member: str id, u8 kind, then refs | error | range
	planFormPositions = 1 // the same with the id as a uvarint position in the cid list JS sent
	planFormRuns      = 2 // every member a run (AVG): u8 hasPerm, [n × i32 origin], n × i32 start, n × i32 count
)

// writePlan writes:
//
//	str strategy name ("" for the go client)
//	uvarint members, u8 form (planForm*), then the members
//
// Without duplicate cids the members are the cid list JS sent, by position
// (sorted: through the view's perm). A plan that is all runs (AVG, no
// member failed) goes as three int32 arrays, copied rather than encoded.
func writePlan(w *writer, h *allocHead, p *alloc.Plan) {
	name := p.Strategy()
	if h.client == clientGo {
		name = ""
	}
	w.str(name)
	members := p.Members()
	w.uvarint(uint64(len(members)))
	byPos := h.cids != nil && len(members) == len(h.cids.ids)
	if start, count, ok := p.Runs(); ok && byPos {
		w.u8(planFormRuns)
		w.bool(h.cids.perm != nil)
		if h.cids.perm != nil {
			w.b = appendInt32s(w.b, h.cids.perm)
		}
		w.b = appendInt32s(appendInt32s(w.b, start), count)
		return
	}
	if byPos {
		w.u8(planFormPositions)
	} else {
		w.u8(planFormNames)
	}
	for m, cid := range members {
		if byPos {
			w.uvarint(uint64(h.cids.origin(m)))
		} else {
			w.str(cid)
		}
		// By member index: no string lookups. Positions (in the view the
		// strategy saw) are refs as they stand, and no queue is copied.
		if err := p.MemberErr(m); err != nil {
			w.u8(memberError)
			writeErrorBody(w, err)
			continue
		}
		if start, n, ok := p.MemberRun(m); ok {
			writeRun(w, start, n)
			continue
		}
		if pos := p.MemberPositions(m); pos != nil {
			writePositions(w, pos)
			continue
		}
		// CONFIG and the like: queues, found in the view by address or value.
		qs := p.MemberQueues(m)
		if start, ok := h.mqs.span(qs); ok {
			w.u8(memberRange)
			w.uvarint(uint64(start))
			w.uvarint(uint64(len(qs)))
			continue
		}
		w.u8(memberRefs)
		writeRefs(w, h.mqs, qs)
	}
}

// appendInt32s appends s as little-endian int32s: a copy of its memory on
// little-endian machines (WebAssembly is one), else one by one. Not
// inlined: one copy serves writePlan's three calls.
//
//go:noinline
func appendInt32s(b []byte, s []int32) []byte {
	if littleEndian {
		return append(b, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), 4*len(s))...)
	}
	for _, v := range s {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return b
}

// writeRun writes the share of view positions start..start+n-1: a range,
// or an empty refs list.
func writeRun(w *writer, start, n int) {
	if n == 0 {
		w.u8(memberRefs)
		w.uvarint(1)
		return
	}
	w.u8(memberRange)
	w.uvarint(uint64(start))
	w.uvarint(uint64(n))
}

// writePositions writes a member's share given as view positions: a range
// when they run consecutively, else refs.
func writePositions(w *writer, pos []int32) {
	run := len(pos) > 0
	for k := 1; k < len(pos) && run; k++ {
		run = pos[k] == pos[k-1]+1
	}
	if run {
		writeRun(w, int(pos[0]), len(pos))
		return
	}
	w.u8(memberRefs)
	w.uvarint(uint64(len(pos)) + 1)
	for _, k := range pos {
		w.uvarint(uint64(k) + 1)
	}
}

// span reports whether qs is a non-empty sub-slice of the view's own array,
// and where it starts.
func (v *view) span(qs []alloc.MessageQueue) (int, bool) {
	if len(qs) == 0 || len(v.qs) == 0 {
		return 0, false
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(v.qs)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(qs)))
	if p < base || (p-base)%queueSize != 0 {
		return 0, false
	}
	start := int((p - base) / queueSize)
	if start+len(qs) > len(v.qs) {
		return 0, false
	}
	return start, true
}
