package javaregex

import "github.com/rmqalloc/rmqalloc/internal/javalang"

// matcher holds one match attempt's state. Nodes match in continuation-
// passing style: n.match(m, i, k) tries n at unit i and calls k with each
// end position, in Java's order of preference, until k returns true.
type matcher struct {
	in        []uint16 // the input's UTF-16 units
	caps      []int    // start, end of each group, -1 when unset
	lastMatch int      // \G: end of the previous match
	steps     int
}

type cont func(j int) bool

type node interface {
	match(m *matcher, i int, k cont) bool
}

// tick counts work; past MaxSteps every node fails and the search reports
// ErrBudget.
func (m *matcher) tick() bool {
	m.steps++
	return m.steps <= MaxSteps
}

type propNode struct{ p pred }

func (n propNode) match(m *matcher, i int, k cont) bool {
	if !m.tick() || i >= len(m.in) {
		return false
	}
	c, w := javalang.CodePointAt(m.in, i)
	return n.p.is(c) && k(i+w)
}

// sliceNode is a run of literal characters, compared by code point.
type sliceNode []rune

func (n sliceNode) match(m *matcher, i int, k cont) bool {
	if !m.tick() {
		return false
	}
	for _, want := range n {
		if i >= len(m.in) {
			return false
		}
		c, w := javalang.CodePointAt(m.in, i)
		if c != want {
			return false
		}
		i += w
	}
	return k(i)
}

type seqNode []node

func (n seqNode) match(m *matcher, i int, k cont) bool { return n.from(0, m, i, k) }

func (n seqNode) from(e int, m *matcher, i int, k cont) bool {
	if e == len(n) {
		return k(i)
	}
	return n[e].match(m, i, func(j int) bool { return n.from(e+1, m, j, k) })
}

type altNode []node

func (n altNode) match(m *matcher, i int, k cont) bool {
	for _, a := range n {
		if !m.tick() {
			return false
		}
		if a.match(m, i, k) {
			return true
		}
	}
	return false
}

// groupNode is a group; idx 0 for (?:...), else the capturing group number.
type groupNode struct {
	idx  int
	body node
}

func (n *groupNode) match(m *matcher, i int, k cont) bool {
	if n.idx == 0 {
		return n.body.match(m, i, k)
	}
	return n.body.match(m, i, func(j int) bool {
		s, e := m.caps[2*n.idx], m.caps[2*n.idx+1]
		m.caps[2*n.idx], m.caps[2*n.idx+1] = i, j
		if k(j) {
			return true
		}
		m.caps[2*n.idx], m.caps[2*n.idx+1] = s, e
		return false
	})
}

const (
	greedy = iota
	lazy
	possessive
)

type repeatNode struct {
	body     node
	min, max int
	kind     int
	java     int // the Java node kind, for look-behind lengths (see study.go)
}

func (n *repeatNode) match(m *matcher, i int, k cont) bool {
	if n.kind == possessive {
		return n.possessive(m, i, k)
	}
	return n.from(0, m, i, k)
}

// from tries more iterations after count of them ended at i. An iteration
// that matches nothing ends the loop, minimum reached or not (Java's guard
// against looping on empty matches).
func (n *repeatNode) from(count int, m *matcher, i int, k cont) bool {
	if !m.tick() {
		return false
	}
	more := func() bool {
		return count < n.max && n.body.match(m, i, func(j int) bool {
			if j == i {
				return k(j)
			}
			return n.from(count+1, m, j, k)
		})
	}
	if count < n.min {
		return more()
	}
	if n.kind == lazy {
		return k(i) || more()
	}
	return more() || k(i)
}

// possessive takes each iteration's first match and never gives one back.
func (n *repeatNode) possessive(m *matcher, i int, k cont) bool {
	saved := append([]int(nil), m.caps...)
	for count := 0; count < n.max; count++ {
		end := -1
		if !n.body.match(m, i, func(j int) bool { end = j; return true }) {
			if count < n.min {
				copy(m.caps, saved)
				return false
			}
			break
		}
		if end == i && count >= n.min {
			break
		}
		i = end
	}
	if k(i) {
		return true
	}
	copy(m.caps, saved)
	return false
}

// atomicNode is (?>...): the body's first match only.
type atomicNode struct{ body node }

func (n *atomicNode) match(m *matcher, i int, k cont) bool {
	saved := append([]int(nil), m.caps...)
	end := -1
	if n.body.match(m, i, func(j int) bool { end = j; return true }) && k(end) {
		return true
	}
	copy(m.caps, saved)
	return false
}

// lookNode is a look-ahead, or a look-behind trying the starts Java tries:
// from i-minLen back to i-maxLen, the body having to end at i.
type lookNode struct {
	body           node
	neg, behind    bool
	minLen, maxLen int32
}

func (n *lookNode) match(m *matcher, i int, k cont) bool {
	saved := append([]int(nil), m.caps...)
	found := false
	if n.behind {
		from := max(int32(i)-n.maxLen, 0)
		for j := int32(i) - n.minLen; !found && j >= from; j-- {
			found = n.body.match(m, int(j), func(e int) bool { return e == i })
		}
	} else {
		found = n.body.match(m, i, func(int) bool { return true })
	}
	if found == n.neg {
		copy(m.caps, saved)
		return false
	}
	if n.neg {
		copy(m.caps, saved)
	}
	if k(i) {
		return true
	}
	copy(m.caps, saved)
	return false
}

type backrefNode struct{ idx int }

func (n backrefNode) match(m *matcher, i int, k cont) bool {
	if 2*n.idx >= len(m.caps) || m.caps[2*n.idx] < 0 {
		return false // no such group, or it did not take part
	}
	s, e := m.caps[2*n.idx], m.caps[2*n.idx+1]
	if i+e-s > len(m.in) {
		return false
	}
	for x := s; x < e; x++ {
		if m.in[i+x-s] != m.in[x] {
			return false
		}
	}
	return k(i + e - s)
}

// beginNode is ^ and \A; endNode is \z.
type beginNode struct{}

func (beginNode) match(m *matcher, i int, k cont) bool { return i == 0 && k(i) }

type endNode struct{}

func (endNode) match(m *matcher, i int, k cont) bool { return i == len(m.in) && k(i) }

type lastMatchNode struct{}

func (lastMatchNode) match(m *matcher, i int, k cont) bool { return i == m.lastMatch && k(i) }

// dollarNode is $ and \Z without MULTILINE: the end of input, or before a
// line terminator that ends it (\r\n counting as one, and never between
// its \r and \n).
type dollarNode struct{}

func (dollarNode) match(m *matcher, i int, k cont) bool {
	end := len(m.in)
	if i < end-2 {
		return false
	}
	if i == end-2 && (m.in[i] != '\r' || m.in[i+1] != '\n') {
		return false
	}
	if i < end {
		switch c := m.in[i]; {
		case c == '\n':
			if i > 0 && m.in[i-1] == '\r' {
				return false
			}
		case c == '\r' || c == 0x85 || c|1 == 0x2029:
		default:
			return false
		}
	}
	return k(i)
}

// lineEndingNode is \R: \r\n, else one of \n \x0B \f \r \x85 \u2028 \u2029.
type lineEndingNode struct{}

func (lineEndingNode) match(m *matcher, i int, k cont) bool {
	if i >= len(m.in) {
		return false
	}
	c := m.in[i]
	if c == '\r' && i+1 < len(m.in) && m.in[i+1] == '\n' && k(i+2) {
		return true
	}
	if c >= 0x0A && c <= 0x0D || c == 0x85 || c|1 == 0x2029 {
		return k(i + 1)
	}
	return false
}
