package main

import (
	"unsafe"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// allocHead is what allocate and allocateAll share: the strategy built
// for the client, the queue and client-ID lists as the strategy sees them
// (sorted when asked) and whether JS wants the sort's permutation back.
type allocHead struct {
	client   byte
	strategy alloc.Strategy
	group    string
	mqs      *view
	cids     *cidView // nil for Java's null
	needPerm bool
}

// newAllocHead checks and builds the head of an allocate (cidField
// "cidAll") or allocateAll ("consumers") request, in the order the real
// client fails: the strategy, the lists, then the JDK's sort.
func newAllocHead(client byte, spec alloc.StrategySpec, group string, mqAll callQlist, cidAll cidsArg, cidField string, sort, needPerm bool) (*allocHead, error) {
	if int(client) >= len(clients) {
		return nil, errMalformed{} // JS sends only the CLIENT bytes meta lists
	}
	s, err := strategyOf(client, spec)
	if err != nil {
		return nil, err
	}
	qs, err := mqAll.list("mqAll")
	if err != nil {
		return nil, err
	}
	cids, err := cidAll.list(cidField)
	if err != nil {
		return nil, err
	}
	order := unsorted
	if sort {
		order = sortOrder(clients[client].SortOrder)
	}
	h := &allocHead{client: client, strategy: s, group: group, mqs: viewOf(qs, mqAll.t, order), needPerm: needPerm}
	if h.mqs.err != nil {
		return nil, h.mqs.err // the JDK's sort failed: no consumer allocates
	}
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

// handleAllocate: the current consumer's queues (refs into the list sent).
func handleAllocate(req allocateRequest) (allocateResponse, error) {
	h, err := newAllocHead(req.Client, req.Strategy, req.ConsumerGroup, req.MqAll, req.CidAll, "cidAll", req.Sort, req.NeedPerm)
	if err != nil {
		return allocateResponse{}, err
	}
	qs, err := h.strategy.Allocate(h.group, req.CurrentCID, h.mqs.qs, h.ids())
	if err != nil {
		return allocateResponse{}, err
	}
	return allocateResponse{Queues: allocQueues{h: h, qs: qs}}, nil
}

// handleAllocateAll: every member's queues.
func handleAllocateAll(req allocateAllRequest) (allocateAllResponse, error) {
	h, err := newAllocHead(req.Client, req.Strategy, req.ConsumerGroup, req.MqAll, req.Consumers, "consumers", req.Sort, req.NeedPerm)
	if err != nil {
		return allocateAllResponse{}, err
	}
	var p *alloc.Plan
	if h.cids == nil {
		p, err = alloc.AllocateAll(h.strategy, h.group, h.mqs.qs, nil)
	} else {
		p, err = h.cids.allocateAll(h.strategy, h.group, h.mqs.qs)
	}
	if err != nil {
		return allocateAllResponse{}, err
	}
	return allocateAllResponse{Plan: allocPlan{h: h, p: p}}, nil
}

// allocQueues is allocate's answer (the custom allocQueues): the sort's
// permutation when JS asked for it, then the queues as refs.
type allocQueues struct {
	h  *allocHead
	qs []alloc.MessageQueue
}

func writeAllocQueues(w *writer, a allocQueues) {
	if a.h.needPerm {
		writePerm(w, a.h.mqs)
	}
	writeRefs(w, a.h.mqs, a.qs)
}

// allocPlan is allocateAll's answer (the custom allocPlan): the
// permutation when asked, then the plan (writePlan).
type allocPlan struct {
	h *allocHead
	p *alloc.Plan
}

func writeAllocPlan(w *writer, a allocPlan) {
	if a.h.needPerm {
		writePerm(w, a.h.mqs)
	}
	writePlan(w, a.h, a.p)
}

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
