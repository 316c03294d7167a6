package main

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Client-ID lists on the wire (allocate / allocateAll): u8 tag, then
//
//	0: null
//	1: an interned list: uvarint handle (js/lib/api.js interns big lists it
//	   sees again, so a group of 1,000 consumers crosses once)
//	2: inline: uvarint n+1, n × str (as readStrings)
const (
	cidsNull   = 0
	cidsHandle = 1
	cidsInline = 2
)

// cidList is a client-ID list with its sorted orders, built on demand.
// perm maps a sorted position to the position in the list JS sent.
type cidList struct {
	ids    []string
	sorted [3]*cidView
}

type cidView struct {
	ids  []string
	perm []int32 // nil: identity
}

var cidLists = map[uint32]*cidList{}

func readCidList(r *reader, field string) (*cidList, error) {
	switch r.u8() {
	case cidsNull:
		return nil, r.err
	case cidsHandle:
		id := uint32(r.uvarint())
		l := cidLists[id]
		if l == nil {
			if r.err != nil {
				return nil, r.err
			}
			return nil, disposed(field + " (an interned client-ID list)")
		}
		return l, nil
	case cidsInline:
		ids := readStrings(r)
		if ids == nil {
			ids = []string{}
		}
		return &cidList{ids: ids}, r.err
	}
	r.fail()
	return nil, r.err
}

// viewOf is the list as the strategy sees it after the requested sort.
func (l *cidList) viewOf(order sortOrder) *cidView {
	if order == unsorted {
		return &cidView{ids: l.ids}
	}
	if l.sorted[order] == nil {
		cmp := alloc.CompareStrings
		if order == goSort {
			cmp = strings.Compare // goclient.SortClientIDs: byte order
		}
		perm := sortx.Perm(len(l.ids), func(a, b int32) int { return cmp(l.ids[a], l.ids[b]) })
		ids := make([]string, len(perm))
		for i, p := range perm {
			ids[i] = l.ids[p]
		}
		l.sorted[order] = &cidView{ids: ids, perm: perm}
	}
	return l.sorted[order]
}

// origin is the position in the list JS sent of the strategy's i-th cid.
func (v *cidView) origin(i int) int32 {
	if v.perm == nil {
		return int32(i)
	}
	return v.perm[i]
}

func init() {
	// cidsNew: cids (tag 2, inline) → uvarint handle.
	register(opCidsNew, func(r *reader, w *writer) error {
		l, err := readCidList(r, "consumers")
		if err != nil {
			return err
		}
		if l == nil {
			l = &cidList{}
		}
		id := newHandle()
		cidLists[id] = l
		w.uvarint(uint64(id))
		return nil
	})
	register(opCidsFree, func(r *reader, _ *writer) error {
		delete(cidLists, uint32(r.uvarint()))
		return nil
	})
}
