// Package timsort is the sort Java's Collections.sort runs on a list of
// Comparables (ComparableTimSort, the same from JDK 7 to 21), reproduced
// step for step so that it gives the JDK's result even for a comparison
// that is not a consistent order — such as MessageQueue.compareTo, which
// returns the wrapping difference `queueId - o.queueId`. With such a
// comparison the result depends on exactly which pairs the sort compares
// and when, and the JDK sometimes notices the inconsistency and throws
// IllegalArgumentException("Comparison method violates its general
// contract!"); Perm and Func then return ErrContract.
//
// The algorithm is Tim Peters' timsort (listsort.txt) with the JDK's
// parameters: runs shorter than minRun are extended by binary insertion;
// a strictly descending run is reversed in place; lists shorter than 32
// are sorted by binary insertion alone; pending runs are merged while the
// stack invariants (with the JDK 8 fix that also checks the third run from
// the top) do not hold; merges gallop once one side wins 7 times in a row,
// and the threshold adapts across merges.
//
// For a consistent order the result equals any stable sort's.
//
// The sort works on int32 indexes (the comparison looks the elements up),
// so its code exists once whatever the element type.
package timsort

import "errors"

// ErrContract is the JDK's "Comparison method violates its general
// contract!": the comparison was found inconsistent while merging.
//
//lint:ignore ST1005 the JDK's own message, which the sort vectors record
var ErrContract = errors.New("Comparison method violates its general contract!")

const (
	minMerge  = 32 // shorter lists: binary insertion sort only
	minGallop = 7  // initial wins in a row before a merge gallops
)

// Perm returns the permutation the JDK's sort makes of n elements: position
// k of the result holds the element at index Perm[k]. cmp compares two
// indexes (negative: first is less). On ErrContract the permutation is nil.
// Example: elements ["b" "c" "a"] by string order give [2 0 1].
func Perm(n int, cmp func(i, j int32) int) ([]int32, error) {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	if err := Sort(p, cmp); err != nil {
		return nil, err
	}
	return p, nil
}

// Func sorts s in place as the JDK sorts a list of Comparables ordered by
// cmp. On ErrContract s is left as it was (the JDK leaves its array half
// merged; callers here discard it either way).
func Func[T any](s []T, cmp func(a, b T) int) error {
	if len(s) < 2 {
		return nil
	}
	p, err := Perm(len(s), func(i, j int32) int { return cmp(s[i], s[j]) })
	if err != nil {
		return err
	}
	sorted := make([]T, len(s))
	for k, i := range p {
		sorted[k] = s[i]
	}
	copy(s, sorted)
	return nil
}

// Sort sorts the index slice a in place; cmp compares elements of a. On
// ErrContract a is left half merged, as the JDK leaves its array (still a
// permutation of the input).
func Sort(a []int32, cmp func(x, y int32) int) error {
	n := len(a)
	if n < 2 {
		return nil
	}
	if n < minMerge {
		run := ascendingRun(a, cmp)
		binaryInsertion(a, run, cmp)
		return nil
	}
	s := &sorter{a: a, cmp: cmp, minGallop: minGallop}
	minRun := minRunLength(n)
	for lo := 0; lo < n; {
		run := ascendingRun(a[lo:], cmp)
		if run < minRun {
			force := min(n-lo, minRun)
			binaryInsertion(a[lo:lo+force], run, cmp)
			run = force
		}
		s.runs = append(s.runs, span{lo, run})
		if err := s.collapse(); err != nil {
			return err
		}
		lo += run
	}
	return s.forceCollapse()
}

// minRunLength is the run length below which runs are extended: n itself
// below 32, else the top five bits of n plus one if any lower bit is set,
// so that n/minRun is a power of two or a little less.
func minRunLength(n int) int {
	r := 0
	for n >= minMerge {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

// ascendingRun returns the length of the run at the start of a, reversing
// it first when it is strictly descending (a non-strict descent would break
// stability). The run is at least 1 long (2 when len(a) >= 2).
func ascendingRun(a []int32, cmp func(x, y int32) int) int {
	if len(a) < 2 {
		return len(a)
	}
	end := 2
	if cmp(a[1], a[0]) < 0 {
		for end < len(a) && cmp(a[end], a[end-1]) < 0 {
			end++
		}
		for i, j := 0, end-1; i < j; i, j = i+1, j-1 {
			a[i], a[j] = a[j], a[i]
		}
		return end
	}
	for end < len(a) && cmp(a[end], a[end-1]) >= 0 {
		end++
	}
	return end
}

// binaryInsertion sorts a whose first sorted elements are already in
// order, inserting each next element after the last element not greater
// than it (found by binary search), which keeps equal elements in order.
func binaryInsertion(a []int32, sorted int, cmp func(x, y int32) int) {
	if sorted == 0 {
		sorted = 1
	}
	for i := sorted; i < len(a); i++ {
		pivot := a[i]
		left, right := 0, i
		for left < right {
			mid := int(uint(left+right) >> 1)
			if cmp(pivot, a[mid]) < 0 {
				right = mid
			} else {
				left = mid + 1
			}
		}
		copy(a[left+1:i+1], a[left:i])
		a[left] = pivot
	}
}

// span is a pending run: a[base : base+len] is sorted.
type span struct{ base, len int }

type sorter struct {
	a         []int32
	cmp       func(x, y int32) int
	runs      []span
	minGallop int     // adapts across merges, like the JDK's field
	tmp       []int32 // merge buffer, reused
}

// collapse merges pending runs until, for the top runs X Y Z W (W on top),
// Y > Z + W, X > Y + Z (the JDK 8 fix) and Z > W hold.
func (s *sorter) collapse() error {
	for len(s.runs) > 1 {
		n := len(s.runs) - 2
		r := s.runs
		if n > 0 && r[n-1].len <= r[n].len+r[n+1].len || n > 1 && r[n-2].len <= r[n].len+r[n-1].len {
			if r[n-1].len < r[n+1].len {
				n--
			}
		} else if r[n].len > r[n+1].len {
			return nil
		}
		if err := s.mergeAt(n); err != nil {
			return err
		}
	}
	return nil
}

// forceCollapse merges all pending runs, at the end of the sort.
func (s *sorter) forceCollapse() error {
	for len(s.runs) > 1 {
		n := len(s.runs) - 2
		if n > 0 && s.runs[n-1].len < s.runs[n+1].len {
			n--
		}
		if err := s.mergeAt(n); err != nil {
			return err
		}
	}
	return nil
}

// mergeAt merges runs i and i+1 of the stack. Elements of run i that are
// not greater than run i+1's first stay put, as do elements of run i+1 not
// less than run i's last; what remains is merged from the shorter side.
func (s *sorter) mergeAt(i int) error {
	r1, r2 := s.runs[i], s.runs[i+1]
	s.runs[i].len = r1.len + r2.len
	s.runs = append(s.runs[:i+1], s.runs[i+2:]...)

	a := s.a
	k := gallopRight(a[r2.base], a[r1.base:r1.base+r1.len], 0, s.cmp)
	base1, len1 := r1.base+k, r1.len-k
	if len1 == 0 {
		return nil
	}
	len2 := gallopLeft(a[base1+len1-1], a[r2.base:r2.base+r2.len], r2.len-1, s.cmp)
	if len2 == 0 {
		return nil
	}
	if len1 <= len2 {
		return s.mergeLo(base1, len1, r2.base, len2)
	}
	return s.mergeHi(base1, len1, r2.base, len2)
}

// gallopLeft returns the position in the sorted run where key would go
// before any equal elements: run[k-1] < key <= run[k]. The search starts at
// hint and widens by powers of two before a binary search.
func gallopLeft(key int32, run []int32, hint int, cmp func(x, y int32) int) int {
	last, ofs := 0, 1 // run[hint+last] < key <= run[hint+ofs], or mirrored
	if cmp(key, run[hint]) > 0 {
		maxOfs := len(run) - hint
		for ofs < maxOfs && cmp(key, run[hint+ofs]) > 0 {
			last, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxOfs)
		last, ofs = last+hint, ofs+hint
	} else {
		maxOfs := hint + 1
		for ofs < maxOfs && cmp(key, run[hint-ofs]) <= 0 {
			last, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxOfs)
		last, ofs = hint-ofs, hint-last
	}
	// Now run[last] < key <= run[ofs]; narrow down between them.
	last++
	for last < ofs {
		m := last + (ofs-last)>>1
		if cmp(key, run[m]) > 0 {
			last = m + 1
		} else {
			ofs = m
		}
	}
	return ofs
}

// gallopRight is gallopLeft placing key after any equal elements:
// run[k-1] <= key < run[k].
func gallopRight(key int32, run []int32, hint int, cmp func(x, y int32) int) int {
	last, ofs := 0, 1
	if cmp(key, run[hint]) < 0 {
		maxOfs := hint + 1
		for ofs < maxOfs && cmp(key, run[hint-ofs]) < 0 {
			last, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxOfs)
		last, ofs = hint-ofs, hint-last
	} else {
		maxOfs := len(run) - hint
		for ofs < maxOfs && cmp(key, run[hint+ofs]) >= 0 {
			last, ofs = ofs, ofs<<1+1
		}
		ofs = min(ofs, maxOfs)
		last, ofs = last+hint, ofs+hint
	}
	last++
	for last < ofs {
		m := last + (ofs-last)>>1
		if cmp(key, run[m]) < 0 {
			ofs = m
		} else {
			last = m + 1
		}
	}
	return ofs
}

func (s *sorter) buffer(n int) []int32 {
	if cap(s.tmp) < n {
		s.tmp = make([]int32, n)
	}
	return s.tmp[:n]
}

// endGallop turns the local threshold back into the sorter's, after a
// merge: never below 1.
func (s *sorter) endGallop(mg int) {
	s.minGallop = max(mg, 1)
}
