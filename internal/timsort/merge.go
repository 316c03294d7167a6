package timsort

// The two merges of adjacent runs a[base1:base1+len1] and
// a[base2:base2+len2] (base2 == base1+len1). mergeAt has trimmed them so
// that run 2's first element belongs before run 1's first and run 1's last
// belongs after run 2's last; both merges take that as given without
// comparing, as the JDK does. An inconsistent comparison can make one run
// run out before the merge expects it to: that is ErrContract.

// mergeLo merges when run 1 is the shorter: run 1 moves to the buffer and
// the merge fills a from the left.
func (s *sorter) mergeLo(base1, len1, base2, len2 int) error {
	a, cmp := s.a, s.cmp
	tmp := s.buffer(len1)
	copy(tmp, a[base1:base1+len1])
	c1, c2, dest := 0, base2, base1 // cursors in tmp and in run 2, and the write position

	a[dest] = a[c2]
	dest, c2 = dest+1, c2+1
	if len2--; len2 == 0 {
		copy(a[dest:], tmp[c1:c1+len1])
		return nil
	}
	if len1 == 1 {
		copy(a[dest:], a[c2:c2+len2])
		a[dest+len2] = tmp[c1]
		return nil
	}

	mg := s.minGallop
merge:
	for {
		wins1, wins2 := 0, 0 // wins in a row of each run
		// One pair at a time until a run wins mg times in a row.
		for {
			if cmp(a[c2], tmp[c1]) < 0 {
				a[dest] = a[c2]
				dest, c2, wins2, wins1 = dest+1, c2+1, wins2+1, 0
				if len2--; len2 == 0 {
					break merge
				}
			} else {
				a[dest] = tmp[c1]
				dest, c1, wins1, wins2 = dest+1, c1+1, wins1+1, 0
				if len1--; len1 == 1 {
					break merge
				}
			}
			if wins1|wins2 >= mg {
				break
			}
		}
		// Gallop: copy whole stretches while they stay long.
		for {
			wins1 = gallopRight(a[c2], tmp[c1:c1+len1], 0, cmp)
			if wins1 != 0 {
				copy(a[dest:], tmp[c1:c1+wins1])
				dest, c1, len1 = dest+wins1, c1+wins1, len1-wins1
				if len1 <= 1 {
					break merge
				}
			}
			a[dest] = a[c2]
			dest, c2 = dest+1, c2+1
			if len2--; len2 == 0 {
				break merge
			}
			wins2 = gallopLeft(tmp[c1], a[c2:c2+len2], 0, cmp)
			if wins2 != 0 {
				copy(a[dest:], a[c2:c2+wins2])
				dest, c2, len2 = dest+wins2, c2+wins2, len2-wins2
				if len2 == 0 {
					break merge
				}
			}
			a[dest] = tmp[c1]
			dest, c1 = dest+1, c1+1
			if len1--; len1 == 1 {
				break merge
			}
			mg--
			if wins1 < minGallop && wins2 < minGallop {
				break
			}
		}
		// Galloping stopped paying: make it harder to start again.
		mg = max(mg, 0) + 2
	}
	s.endGallop(mg)

	switch {
	case len1 == 1:
		copy(a[dest:], a[c2:c2+len2])
		a[dest+len2] = tmp[c1]
	case len1 == 0:
		return ErrContract
	default:
		copy(a[dest:], tmp[c1:c1+len1])
	}
	return nil
}

// mergeHi merges when run 2 is the shorter: run 2 moves to the buffer and
// the merge fills a from the right.
func (s *sorter) mergeHi(base1, len1, base2, len2 int) error {
	a, cmp := s.a, s.cmp
	tmp := s.buffer(len2)
	copy(tmp, a[base2:base2+len2])
	c1, c2, dest := base1+len1-1, len2-1, base2+len2-1 // last unmerged of run 1 and of tmp, write position

	a[dest] = a[c1]
	dest, c1 = dest-1, c1-1
	if len1--; len1 == 0 {
		copy(a[dest-(len2-1):], tmp[:len2])
		return nil
	}
	if len2 == 1 {
		dest, c1 = dest-len1, c1-len1
		copy(a[dest+1:dest+1+len1], a[c1+1:c1+1+len1])
		a[dest] = tmp[c2]
		return nil
	}

	mg := s.minGallop
merge:
	for {
		wins1, wins2 := 0, 0
		for {
			if cmp(tmp[c2], a[c1]) < 0 {
				a[dest] = a[c1]
				dest, c1, wins1, wins2 = dest-1, c1-1, wins1+1, 0
				if len1--; len1 == 0 {
					break merge
				}
			} else {
				a[dest] = tmp[c2]
				dest, c2, wins2, wins1 = dest-1, c2-1, wins2+1, 0
				if len2--; len2 == 1 {
					break merge
				}
			}
			if wins1|wins2 >= mg {
				break
			}
		}
		for {
			wins1 = len1 - gallopRight(tmp[c2], a[base1:base1+len1], len1-1, cmp)
			if wins1 != 0 {
				dest, c1, len1 = dest-wins1, c1-wins1, len1-wins1
				copy(a[dest+1:dest+1+wins1], a[c1+1:c1+1+wins1])
				if len1 == 0 {
					break merge
				}
			}
			a[dest] = tmp[c2]
			dest, c2 = dest-1, c2-1
			if len2--; len2 == 1 {
				break merge
			}
			wins2 = len2 - gallopLeft(a[c1], tmp[:len2], len2-1, cmp)
			if wins2 != 0 {
				dest, c2, len2 = dest-wins2, c2-wins2, len2-wins2
				copy(a[dest+1:dest+1+wins2], tmp[c2+1:c2+1+wins2])
				if len2 <= 1 {
					break merge
				}
			}
			a[dest] = a[c1]
			dest, c1 = dest-1, c1-1
			if len1--; len1 == 0 {
				break merge
			}
			mg--
			if wins1 < minGallop && wins2 < minGallop {
				break
			}
		}
		mg = max(mg, 0) + 2
	}
	s.endGallop(mg)

	switch {
	case len2 == 1:
		dest, c1 = dest-len1, c1-len1
		copy(a[dest+1:dest+1+len1], a[c1+1:c1+1+len1])
		a[dest] = tmp[c2]
	case len2 == 0:
		return ErrContract
	default:
		copy(a[dest-(len2-1):], tmp[:len2])
	}
	return nil
}
