package planlink

import "slices"

// Owners is the inverse of a plan's shares in compressed form: the
// members owning queue i are List[Start[i]:Start[i+1]], ascending. Package
// alloc builds it once per plan; package analysis reads the same index.
type Owners struct {
	Start []int32
	List  []int32
}

// Of is the owners of queue i (nil for none or an i out of range); the
// slice is capped so an append cannot write into the next queue's owners.
func (o Owners) Of(i int) []int32 {
	if i < 0 || i+1 >= len(o.Start) {
		return nil
	}
	lo, hi := o.Start[i], o.Start[i+1]
	if lo == hi {
		return nil
	}
	return o.List[lo:hi:hi]
}

// Count is the number of owners of queue i.
func (o Owners) Count(i int) int { return int(o.Start[i+1] - o.Start[i]) }

// Invert builds Owners from shares (positions per member) over q queues:
// O(Q + assigned).
func Invert(shares [][]int32, q int) Owners {
	start := make([]int32, q+1)
	for _, sh := range shares {
		for _, p := range sh {
			start[p+1]++
		}
	}
	for i := 1; i <= q; i++ {
		start[i] += start[i-1]
	}
	list := make([]int32, start[q])
	next := slices.Clone(start[:q])
	for m, sh := range shares {
		for _, p := range sh {
			list[next[p]] = int32(m)
			next[p]++
		}
	}
	return Owners{Start: start, List: list}
}
