package alloc

import (
	"slices"

	fnv1a32 "github.com/rmqalloc/rmqalloc/alloc/internal/fnv1a"
)

// memberTable is the WebAssembly build's memberIndex (members_index.go): a
// group's distinct client IDs in cidAll order and the way back from an ID
// to its number: a hash table, or (slots nil) a binary search when the IDs
// are sorted in Go's string order.
//
// Under WebAssembly a Go map hashes strings with emulated 64-bit
// multiplies; this open-addressing table with a 32-bit FNV-1a hash indexes
// 1,000 client IDs about twice as fast. It is compiled (and tested) in
// every build.
type memberTable struct {
	ids   []string
	slots []uint64 // hash<<32 | member number+1; 0 is empty. len: a power of two
}

// unsorted prepares a table for up to n IDs, at most a quarter full.
func (x *memberTable) unsorted(n int) {
	size := 8
	for size < 4*n {
		size <<= 1
	}
	x.slots = make([]uint64, size)
}

// fnv1a is the 32-bit FNV-1a hash of s.
func fnv1a(s string) uint32 { return fnv1a32.Sum32(s) }

// find is the slot holding cid, or the empty slot where it would go.
func (x *memberTable) find(cid string) (slot int, h uint32) {
	h = fnv1a(cid)
	mask := uint32(len(x.slots) - 1)
	j := h & mask
	for {
		e := x.slots[j]
		if e == 0 || (uint32(e>>32) == h && x.ids[uint32(e)-1] == cid) {
			return int(j), h
		}
		j = (j + 1) & mask
	}
}

// add is the number of member cid, adding it when new.
func (x *memberTable) add(cid string) (m int, added bool) {
	j, h := x.find(cid)
	if e := x.slots[j]; e != 0 {
		return int(uint32(e) - 1), false
	}
	x.ids = append(x.ids, cid)
	x.slots[j] = uint64(h)<<32 | uint64(len(x.ids))
	return len(x.ids) - 1, true
}

// lookup is the number of member cid.
func (x *memberTable) lookup(cid string) (int, bool) {
	if x.slots == nil {
		return slices.BinarySearch(x.ids, cid)
	}
	j, _ := x.find(cid)
	if e := x.slots[j]; e != 0 {
		return int(uint32(e) - 1), true
	}
	return 0, false
}
