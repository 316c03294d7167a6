//go:build !wasm

package alloc

import "slices"

// memberIndex is a group's distinct client IDs in cidAll order and the
// way back from an ID to its number: a map, or (index nil) a binary search
// when the IDs are sorted in Go's string order. (members_table.go is the
// WebAssembly build's.)
type memberIndex struct {
	ids   []string
	index map[string]int
}

// unsorted prepares the map for up to n IDs.
func (x *memberIndex) unsorted(n int) {
	x.index = make(map[string]int, n)
}

// add is the number of member cid, adding it when new.
func (x *memberIndex) add(cid string) (m int, added bool) {
	if m, ok := x.index[cid]; ok {
		return m, false
	}
	m = len(x.ids)
	x.index[cid] = m
	x.ids = append(x.ids, cid)
	return m, true
}

// lookup is the number of member cid.
func (x *memberIndex) lookup(cid string) (int, bool) {
	if x.index != nil {
		m, ok := x.index[cid]
		return m, ok
	}
	return slices.BinarySearch(x.ids, cid)
}
