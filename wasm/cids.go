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
//
// The tags are CIDS of internal/wireschema (cidsNull, ...).

// cidList is a client-ID list with its views (unsorted and the sorted
// orders), built on demand. An interned list keeps them across calls.
type cidList struct {
	ids      []string
	interned bool
	views    [3]*cidView // by sortOrder
}

// cidView is the list as a strategy sees it: perm maps a sorted position
// to the position in the list JS sent (nil: identity). For an interned
// list it also keeps the members indexed, so allocateAll over the same
// group does not hash every client ID again.
type cidView struct {
	ids       []string
	perm      []int32 // nil: identity
	interned  bool
	consumers *alloc.Consumers
}

// allocateAll is alloc.AllocateAll over this view, through the indexed
// members when the list is interned.
func (v *cidView) allocateAll(s alloc.Strategy, group string, mqAll []alloc.MessageQueue) (*alloc.Plan, error) {
	if !v.interned {
		return alloc.AllocateAll(s, group, mqAll, v.ids)
	}
	if v.consumers == nil {
		v.consumers = alloc.NewConsumers(v.ids)
	}
	return v.consumers.AllocateAll(s, group, mqAll)
}

var cidLists = map[uint32]*cidList{}

// viewOf is the list as the strategy sees it after the requested sort.
func (l *cidList) viewOf(order sortOrder) *cidView {
	if v := l.views[order]; v != nil {
		return v
	}
	v := &cidView{ids: l.ids, interned: l.interned}
	if order != unsorted {
		cmp := alloc.CompareStrings
		if order == goSort {
			cmp = strings.Compare // goclient.Client.CompareClientIDs: byte order
		}
		v.perm = sortx.Perm(len(l.ids), func(a, b int32) int { return cmp(l.ids[a], l.ids[b]) })
		v.ids = make([]string, len(v.perm))
		for i, p := range v.perm {
			v.ids[i] = l.ids[p]
		}
	}
	if l.interned || order != unsorted {
		l.views[order] = v
	}
	return v
}

func (v *cidView) origin(i int) int32 {
	if v.perm == nil {
		return int32(i)
	}
	return v.perm[i]
}

// cidsArg is a client-ID list of a request as read (the custom cids): the
// list (nil for Java null), or, for an interned list freed before the
// call, freed (the handler names the field: list).
type cidsArg struct {
	l     *cidList
	freed bool
}

// readCids reads a client-ID list (the custom cids); a handle freed
// before the call is kept as freed, for the handler to name its field.
func readCids(r *reader) cidsArg {
	switch r.u8() {
	case cidsNull:
		return cidsArg{}
	case cidsHandle:
		l := cidLists[uint32(r.uvarint())]
		return cidsArg{l: l, freed: l == nil && r.err == nil}
	case cidsInline:
		ids := readStrings(r)
		if ids == nil {
			ids = []string{}
		}
		return cidsArg{l: &cidList{ids: ids}}
	}
	r.fail()
	return cidsArg{}
}

// list is the client-ID list, or field's disposed error.
func (a cidsArg) list(field string) (*cidList, error) {
	if a.freed {
		return nil, disposed(field + " (an interned client-ID list)")
	}
	return a.l, nil
}

// handleCidsNew interns a client-ID list (null: an empty one).
func handleCidsNew(req cidsNewRequest) (cidsNewResponse, error) {
	l, err := req.Consumers.list("consumers")
	if err != nil {
		return cidsNewResponse{}, err
	}
	if l == nil {
		l = &cidList{}
	}
	l.interned = true
	id := newHandle()
	cidLists[id] = l
	return cidsNewResponse{Handle: uint64(id)}, nil
}

func handleCidsFree(req cidsFreeRequest) error {
	delete(cidLists, uint32(req.Handle))
	return nil
}
