// Package sortx is the module's one stable sort. Every sort under alloc/
// and wasm/ goes through it instead of slices.Sort*, whose generic code is
// stenciled once per element shape (8–20 KB of WebAssembly each): here the
// merge sort exists once, over int32 indexes, and Func adds only a small
// permutation step per element type.
//
// Example: Func(s, cmp) with s = [b1 a b2] and cmp comparing letters gives
// [a b1 b2] — equal elements keep their order (b1 before b2), as Java's
// Collections.sort does.
package sortx

import "cmp"

// insertionMax is the length up to which a run is sorted by insertion
// (stable, no allocation); longer input is merge sorted from such runs.
const insertionMax = 16

// Stable sorts s in place by cmp (negative: a before b), keeping equal
// elements in their order. cmp sees the elements of s, so s can hold
// values (cmp compares them) or indexes into other data (cmp looks them
// up). Example: Stable([3 1 2], cmp.Compare) leaves [1 2 3].
func Stable(s []int32, cmp func(a, b int32) int) {
	n := len(s)
	if n <= insertionMax {
		insertion(s, cmp)
		return
	}
	for lo := 0; lo < n; lo += insertionMax {
		insertion(s[lo:min(lo+insertionMax, n)], cmp)
	}
	buf := make([]int32, n)
	src, dst := s, buf
	for w := insertionMax; w < n; w *= 2 {
		for lo := 0; lo < n; lo += 2 * w {
			mid, hi := min(lo+w, n), min(lo+2*w, n)
			if mid == hi || cmp(src[mid-1], src[mid]) <= 0 {
				copy(dst[lo:hi], src[lo:hi]) // already in order
				continue
			}
			merge(dst[lo:hi], src[lo:mid], src[mid:hi], cmp)
		}
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
}

// insertion sorts a short s stably.
func insertion(s []int32, cmp func(a, b int32) int) {
	for i := 1; i < len(s); i++ {
		x := s[i]
		j := i
		for ; j > 0 && cmp(x, s[j-1]) < 0; j-- {
			s[j] = s[j-1]
		}
		s[j] = x
	}
}

// merge merges the sorted a and b into out (len(a)+len(b) long), taking
// from a on ties.
func merge(out, a, b []int32, cmp func(a, b int32) int) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if cmp(b[j], a[i]) < 0 {
			out[k] = b[j]
			j++
		} else {
			out[k] = a[i]
			i++
		}
		k++
	}
	k += copy(out[k:], a[i:])
	copy(out[k:], b[j:])
}

// Perm returns the permutation that sorts n elements stably: position k of
// the sorted order holds the element at index Perm[k]. cmp compares two
// indexes. Example: for the elements ["b" "c" "a"] by string order, Perm
// is [2 0 1].
func Perm(n int, cmp func(i, j int32) int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	Stable(p, cmp)
	return p
}

// Func sorts s in place by cmp, stably (equal elements keep their order),
// like slices.SortStableFunc. It suits any total or partial order: with a
// total order (no two distinct elements compare equal) the result is the
// same as any sort's.
func Func[T any](s []T, cmp func(a, b T) int) {
	n := len(s)
	if n < 2 {
		return
	}
	var small [insertionMax]int32
	var p []int32
	if n <= insertionMax {
		p = small[:n]
	} else {
		p = make([]int32, n)
	}
	for i := range p {
		p[i] = int32(i)
	}
	Stable(p, func(i, j int32) int { return cmp(s[i], s[j]) })
	// Apply p in place, cycle by cycle: s[k] takes the old s[p[k]]. A
	// visited position is marked with -1.
	for i := range p {
		if p[i] < 0 {
			continue
		}
		if int(p[i]) == i {
			p[i] = -1
			continue
		}
		first := s[i]
		j := i
		for {
			k := int(p[j])
			p[j] = -1
			if k == i {
				s[j] = first
				break
			}
			s[j] = s[k]
			j = k
		}
	}
}

// Int32s sorts s in ascending order.
func Int32s(s []int32) {
	Stable(s, cmp.Compare[int32])
}
