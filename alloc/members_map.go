package alloc

import "slices"

// memberMap is the native build's memberIndex (members_index.go): a
// group's distinct client IDs in cidAll order and the way back from an ID
// to its number: a map, or (index nil) a binary search when the IDs are
// sorted in Go's string order. Natively the map is faster than memberTable.
type memberMap struct {
	ids   []string
	index map[string]int
}

// unsorted prepares the map for up to n IDs.
func (x *memberMap) unsorted(n int) {
	x.index = make(map[string]int, n)
}

// add is the number of member cid, adding it when new.
func (x *memberMap) add(cid string) (m int, added bool) {
	if m, ok := x.index[cid]; ok {
		return m, false
	}
	m = len(x.ids)
	x.index[cid] = m
	x.ids = append(x.ids, cid)
	return m, true
}

// lookup is the number of member cid.
func (x *memberMap) lookup(cid string) (int, bool) {
	if x.index != nil {
		m, ok := x.index[cid]
		return m, ok
	}
	return slices.BinarySearch(x.ids, cid)
}
