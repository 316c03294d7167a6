package javaregex

import (
	"math"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// unbounded is Java's MAX_REPS, the maximum of *, + and {n,}.
const unbounded = math.MaxInt32

type parser struct {
	src    string // the pattern as given, for errors
	p      []rune // code points after \Q..\E removal
	pos    int
	groups int // capturing groups opened so far
	// supplementary: the search must not start inside a surrogate pair
	// (Java's StartS): the pattern holds a supplementary or surrogate code
	// point, or a character predicate that is not a BmpCharPredicate.
	supplementary bool
	names         map[string]int
}

// parseError carries a SyntaxError or UnsupportedError out of the
// recursive descent.
type parseError struct{ err error }

func (p *parser) fail(desc string) {
	panic(parseError{&SyntaxError{Desc: desc, Pattern: p.src, Index: p.pos - 1}})
}

func (p *parser) unsupported(construct string) {
	panic(parseError{&UnsupportedError{Construct: construct, Pattern: p.src}})
}

// at returns the code point k places ahead, 0 past the end (Java's
// parser sees two NULs after the pattern).
func (p *parser) at(k int) rune {
	if i := p.pos + k; i >= 0 && i < len(p.p) {
		return p.p[i]
	}
	return 0
}

// prop is Java's newCharProperty.
func (p *parser) prop(pr pred) node {
	if !pr.bmp {
		p.supplementary = true
	}
	return propNode{pr}
}

func (p *parser) read() rune {
	c := p.at(0)
	p.pos++
	return c
}

// codePoints are the code points Java's Pattern sees in s: surrogate pairs
// joined, lone surrogates kept as they are.
func codePoints(s string) []rune {
	us := javalang.UTF16(s)
	out := make([]rune, 0, len(us))
	for i := 0; i < len(us); {
		c, w := javalang.CodePointAt(us, i)
		out = append(out, c)
		i += w
	}
	return out
}

func parse(pattern string) (root node, groups int, supplementary bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			err = pe.err
		}
	}()
	cps := codePoints(pattern)
	p := &parser{src: pattern, p: removeQuoting(cps), names: map[string]int{}}
	for _, c := range cps {
		if c >= 0x10000 || c >= 0xD800 && c <= 0xDFFF {
			p.supplementary = true
		}
	}
	root = p.expr()
	if p.pos != len(p.p) {
		if p.at(0) == ')' {
			p.pos++
			p.fail("Unmatched closing ')'")
		}
		p.fail("Unexpected internal error")
	}
	return root, p.groups, p.supplementary, nil
}

// expr: sequences separated by '|'.
func (p *parser) expr() node {
	var alts []node
	for {
		alts = append(alts, p.sequence())
		if p.at(0) != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return altNode(alts)
}

func (p *parser) sequence() node {
	var seq seqNode
	for {
		var n node
		switch ch := p.at(0); {
		case ch == '(':
			if n = p.group(); n == nil {
				continue // (?) sets no flag and matches nothing
			}
			seq = append(seq, n)
			continue // group applies its own quantifier
		case ch == '[':
			p.pos++
			n = p.prop(p.class(true))
		case ch == '\\' && (p.at(1) == 'p' || p.at(1) == 'P'):
			p.unsupported(`\` + string(p.at(1)) + ` (Unicode property classes)`)
		case ch == '^':
			p.pos++
			n = beginNode{}
		case ch == '$':
			p.pos++
			n = dollarNode{}
		case ch == '.':
			p.pos++
			n = p.prop(dot)
		case ch == '|' || ch == ')':
			return seq
		case ch == '?' || ch == '*' || ch == '+':
			p.pos++
			p.fail("Dangling meta character '" + string(ch) + "'")
		case ch == 0 && p.pos >= len(p.p):
			return seq
		default: // literals, escapes, and a dangling ] or }
			n = p.atom()
		}
		seq = append(seq, p.closure(n, false))
	}
}

// atom reads a run of literal characters (Java's Slice); a quantifier after
// it applies to its last character only, so that one is given back.
func (p *parser) atom() node {
	var lit []rune
	prev := -1
loop:
	for {
		ch := p.at(0)
		switch {
		case ch == '*' || ch == '+' || ch == '?' || ch == '{':
			if len(lit) > 1 {
				p.pos = prev
				lit = lit[:len(lit)-1]
			}
			break loop
		case ch == '$' || ch == '.' || ch == '^' || ch == '(' || ch == '[' || ch == '|' || ch == ')':
			break loop
		case ch == '\\':
			if c := p.at(1); c == 'p' || c == 'P' {
				if len(lit) > 0 {
					break loop
				}
				p.unsupported(`\` + string(c) + ` (Unicode property classes)`)
			}
			prev = p.pos
			c, pr, n := p.escape(false, len(lit) == 0, false)
			if c >= 0 {
				lit = append(lit, c)
				continue
			}
			if len(lit) == 0 {
				if pr.f != nil {
					return p.prop(pr)
				}
				return n
			}
			p.pos = prev
			break loop
		case ch == 0 && p.pos >= len(p.p):
			break loop
		default:
			prev = p.pos
			lit = append(lit, ch)
			p.pos++
		}
	}
	if len(lit) == 1 {
		return p.prop(single(lit[0]))
	}
	return sliceNode(lit)
}

// closure applies a quantifier that follows n, if any. isGroup: n is a
// group (Java builds other nodes for quantified groups, which matters to
// look-behind lengths).
func (p *parser) closure(n node, isGroup bool) node {
	var lo, hi int
	openEnded := false // *, + or {n,}: Java's CharPropertyGreedy on a character
	switch p.at(0) {
	case '?':
		lo, hi = 0, 1
	case '*':
		lo, hi, openEnded = 0, unbounded, true
	case '+':
		lo, hi, openEnded = 1, unbounded, true
	case '{':
		p.pos++
		if !isASCIIDigit(p.at(0)) {
			p.fail("Illegal repetition")
		}
		lo = p.number()
		hi = lo
		if p.at(0) == ',' {
			p.pos++
			if p.at(0) == '}' {
				hi, openEnded = unbounded, true
			} else {
				hi = 0
				if isASCIIDigit(p.at(0)) {
					hi = p.number()
				}
			}
		}
		if p.at(0) != '}' {
			p.pos++
			p.fail("Unclosed counted closure")
		}
		if hi < lo {
			p.fail("Illegal repetition range")
		}
	default:
		return n
	}
	p.pos++
	kind := greedy
	switch p.at(0) {
	case '?':
		kind = lazy
		p.pos++
	case '+':
		kind = possessive
		p.pos++
	}
	r := &repeatNode{body: n, min: lo, max: hi, kind: kind}
	_, isProp := n.(propNode)
	switch {
	case lo == 0 && hi == 1:
		r.java = javaQues
	case isGroup && kind != possessive:
		r.java = javaGroupCurly
		info := newTreeInfo()
		if !info.study(n) {
			r.java = javaLoop
		}
	case isProp && openEnded && kind == greedy:
		r.java = javaCharGreedy
	default:
		r.java = javaCurly
	}
	return r
}

func (p *parser) number() int {
	n := 0
	for isASCIIDigit(p.at(0)) {
		n = n*10 + int(p.read()-'0')
		if n > math.MaxInt32 {
			p.fail("Illegal repetition range")
		}
	}
	return n
}

func (p *parser) groupName(ch rune) string {
	if !isASCIIAlpha(ch) {
		p.fail("capturing group name does not start with a Latin letter")
	}
	name := []rune{ch}
	for {
		ch = p.read()
		if !isASCIIAlpha(ch) && !isASCIIDigit(ch) {
			break
		}
		name = append(name, ch)
	}
	if ch != '>' {
		p.fail("named capturing group is missing trailing '>'")
	}
	return string(name)
}

// group parses ( ... ) with the quantifier that follows; nil for (?).
func (p *parser) group() node {
	p.pos++ // (
	var n node
	isGroup := false // a group, not a look-around or atomic group
	if p.at(0) != '?' {
		p.groups++
		idx := p.groups
		n = &groupNode{idx: idx, body: p.expr()}
		isGroup = true
	} else {
		p.pos++
		switch ch := p.read(); ch {
		case ':':
			n = &groupNode{body: p.expr()}
			isGroup = true
		case '=', '!':
			n = &lookNode{body: p.expr(), neg: ch == '!'}
		case '>':
			n = &atomicNode{body: p.expr()}
		case '<':
			c := p.read()
			if c != '=' && c != '!' {
				name := p.groupName(c)
				if _, dup := p.names[name]; dup {
					p.fail("Named capturing group <" + name + "> is already defined")
				}
				p.groups++
				p.names[name] = p.groups
				n = &groupNode{idx: p.groups, body: p.expr()}
				isGroup = true
				break
			}
			start := p.pos
			body := p.expr()
			for _, r := range p.p[start:min(p.pos, len(p.p))] {
				if r >= 0x10000 || r >= 0xD800 && r <= 0xDFFF {
					p.unsupported("a look-behind group with a supplementary character")
				}
			}
			info := newTreeInfo()
			info.study(body)
			if !info.maxValid {
				p.fail("Look-behind group does not have an obvious maximum length")
			}
			n = &lookNode{body: body, neg: c == '!', behind: true, minLen: info.minLength, maxLen: info.maxLength}
		case '$', '@':
			p.fail("Unknown group type")
		case 'i', 'd', 'm', 's', 'u', 'c', 'x', 'U', '-':
			p.unsupported("inline modifiers (?" + string(ch) + "...)")
		case ')':
			return nil
		default:
			p.fail("Unknown inline modifier")
		}
	}
	if p.at(0) != ')' {
		p.fail("Unclosed group")
	}
	p.pos++
	return p.closure(n, isGroup)
}
