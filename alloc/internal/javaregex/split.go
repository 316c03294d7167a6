package javaregex

import (
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// Regexp is a compiled Java regular expression.
type Regexp struct {
	root          node
	groups        int
	supplementary bool // the pattern holds a supplementary or surrogate code point
}

// Compile is Pattern.compile(pattern) without flags. The error is a
// *SyntaxError or an *UnsupportedError.
func Compile(pattern string) (*Regexp, error) {
	root, groups, supp, err := parse(pattern)
	if err != nil {
		return nil, err
	}
	return &Regexp{root: root, groups: groups, supplementary: supp}, nil
}

// find is Matcher.search(from): the leftmost match starting at from or
// later. Java tries every unit as a start, except that a pattern holding a
// supplementary character never starts inside a surrogate pair.
func (re *Regexp) find(m *matcher, from int) (start, end int, ok bool) {
	for i := from; i <= len(m.in); i++ {
		if re.supplementary && i > from && isHigh(m.in[i-1]) && i < len(m.in) && isLow(m.in[i]) {
			continue
		}
		for c := range m.caps {
			m.caps[c] = -1
		}
		end = -1
		if re.root.match(m, i, func(j int) bool { end = j; return true }) {
			return i, end, true
		}
		if m.steps > MaxSteps {
			return 0, 0, false
		}
	}
	return 0, 0, false
}

func isHigh(c uint16) bool { return c >= 0xD800 && c <= 0xDBFF }
func isLow(c uint16) bool  { return c >= 0xDC00 && c <= 0xDFFF }

// Split is Java's s.split(regex) (limit 0): the pieces between matches,
// trailing empty pieces dropped; a zero-width match at the start gives no
// leading empty piece (Java 8+); with no match, s itself.
func (re *Regexp) Split(s string) ([]string, error) {
	in := javalang.UTF16(s)
	m := &matcher{in: in, caps: make([]int, 2*(re.groups+1))}
	var pieces []string
	index, first, last := 0, -1, 0
	for {
		from := last
		if from == first {
			from++ // after an empty match, search on from the next unit
		}
		if from > len(in) {
			break
		}
		start, end, ok := re.find(m, from)
		if m.steps > MaxSteps {
			return nil, ErrBudget
		}
		if !ok {
			break
		}
		first, last, m.lastMatch = start, end, end
		if index == 0 && start == 0 && end == 0 {
			continue
		}
		pieces = append(pieces, javalang.FromUTF16(in[index:start]))
		index = end
	}
	if index == 0 {
		return []string{s}, nil
	}
	pieces = append(pieces, javalang.FromUTF16(in[index:]))
	n := len(pieces)
	for n > 0 && pieces[n-1] == "" {
		n--
	}
	return pieces[:n], nil
}
