//go:build rmqfull

package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// Plans and diffs by position (issue 12): the caller holds the queue list
// it sent (often an interned Topic), so the answer leaves the queues out
// and gives every queue as its position in that list. At 2M queues the
// JSON queue objects were most of the answer's bytes and of the time JS
// spent parsing it.
//
// A positions answer is binary: sections of JSON text for the small parts
// (u32 length, little-endian, then UTF-8) and int32 lists for the big ones
// (uvarint n, then n little-endian int32s), which JS copies into typed
// arrays without parsing.

// int32sLE writes vs as uvarint n and n little-endian int32s.
func (w *writer) int32sLE(vs []int32) {
	w.uvarint(uint64(len(vs)))
	for _, v := range vs {
		u := uint32(v)
		w.b = append(w.b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
	}
}

// jsonSection writes what f writes as JSON, prefixed with its length.
func (w *writer) jsonSection(f func(j jsonw)) {
	at := len(w.b)
	w.b = append(w.b, 0, 0, 0, 0)
	f(jsonw{w})
	n := uint32(len(w.b) - at - 4)
	w.b[at], w.b[at+1], w.b[at+2], w.b[at+3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
}

// givenOf maps a plan's queue positions to positions in the list given.
func givenOf(p *alloc.Plan) func(int32) int32 {
	g := p.GivenPositions()
	if g == nil {
		return func(k int32) int32 { return k }
	}
	return func(k int32) int32 { return g[k] }
}

// flatLists writes lists as one int32 list of offsets (len(lists)+1) and
// one of their items, each mapped through at.
func (w *writer) flatLists(n int, list func(i int) []int32, at func(int32) int32) {
	start := make([]int32, n+1)
	total := 0
	for i := 0; i < n; i++ {
		total += len(list(i))
		start[i+1] = int32(total)
	}
	w.int32sLE(start)
	items := make([]int32, 0, total)
	for i := 0; i < n; i++ {
		for _, k := range list(i) {
			items = append(items, at(k))
		}
	}
	w.int32sLE(items)
}

// writePlanPositions: JSON {strategy, client, members, errors, stats};
// int32s order (the given position of each of the plan's queues, in the
// plan's order); shares as offsets and items (given positions, each
// member's in the plan's order).
func writePlanPositions(w *writer, p *alloc.Plan, st *analysis.Stats) {
	w.jsonSection(func(j jsonw) { writePlanFields(j, p, st, false) })
	order := p.GivenPositions()
	if order == nil {
		order = make([]int32, len(p.Queues()))
		for i := range order {
			order[i] = int32(i)
		}
	}
	w.int32sLE(order)
	w.flatLists(len(p.Members()), p.MemberShare, givenOf(p))
}

// writeDiffPositions: plan a, plan b (writePlanPositions), then JSON {from,
// to, counts, members: [{member, inFrom, inTo}]}; int32s movedQueues
// (given positions in b's list); gained (offsets, items: b's list) and lost
// (offsets, items: a's list) per member.
func writeDiffPositions(w *writer, a *alloc.Plan, as *analysis.Stats, b *alloc.Plan, bs *analysis.Stats) {
	d := analysis.DiffPlans(a, b)
	writePlanPositions(w, a, as)
	writePlanPositions(w, b, bs)
	w.jsonSection(func(j jsonw) { writeDiffFields(j, d, false) })
	atB := givenOf(b)
	moved := make([]int32, len(d.MovedQueues))
	for i, k := range d.MovedQueues {
		moved[i] = atB(k)
	}
	w.int32sLE(moved)
	w.flatLists(len(d.Members), func(i int) []int32 { return d.Members[i].Gained }, atB)
	w.flatLists(len(d.Members), func(i int) []int32 { return d.Members[i].Lost }, givenOf(a))
}
