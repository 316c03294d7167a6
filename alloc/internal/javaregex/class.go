package javaregex

// pred is a character predicate over code points (Java's CharPredicate).
// bmp: Java's BmpCharPredicate, which never matches a surrogate or a
// supplementary character; a pattern with any other predicate searches as
// if it held a supplementary character (never starting inside a pair).
type pred struct {
	f   func(c rune) bool
	bmp bool
}

func (p pred) is(c rune) bool { return p.f(c) }

func union(a, b pred) pred {
	if a.f == nil {
		return b
	}
	return pred{func(c rune) bool { return a.f(c) || b.f(c) }, a.bmp && b.bmp}
}
func and(a, b pred) pred {
	return pred{func(c rune) bool { return a.f(c) && b.f(c) }, a.bmp && b.bmp}
}
func negate(a pred) pred { return pred{func(c rune) bool { return !a.f(c) }, false} }
func single(ch rune) pred {
	return pred{func(c rune) bool { return c == ch }, ch < 0xD800 || ch > 0xDFFF && ch < 0x10000}
}
func rangeOf(lo, hi rune) pred {
	return pred{func(c rune) bool { return c >= lo && c <= hi }, hi < 0xD800 || lo > 0xDFFF && hi < 0x10000}
}

// bitClass is Java's BitClass: the characters below 256 a class lists one
// by one. It is shared, and read at match time, by every predicate built
// from it within one class, as in Java.
type bitClass struct{ set [256]bool }

func (b *bitClass) pred() pred {
	return pred{func(c rune) bool { return c < 256 && b.set[c] }, true}
}

// The predefined classes without UNICODE_CHARACTER_CLASS: ASCII only.
var (
	asciiDigit = pred{func(c rune) bool { return c >= '0' && c <= '9' }, true}
	asciiSpace = pred{func(c rune) bool { return c == ' ' || c >= 0x09 && c <= 0x0D }, true}
	asciiWord  = pred{func(c rune) bool { return c >= '0' && c <= '9' || isASCIIAlpha(c) || c == '_' }, true}
	vertWS     = pred{func(c rune) bool { return c >= 0x0A && c <= 0x0D || c == 0x85 || c == 0x2028 || c == 0x2029 }, true}
	horizWS    = pred{func(c rune) bool {
		return c == 0x09 || c == 0x20 || c == 0xA0 || c == 0x1680 || c == 0x180E ||
			c >= 0x2000 && c <= 0x200A || c == 0x202F || c == 0x205F || c == 0x3000
	}, true}
	// dot is . without DOTALL: anything but the line terminators.
	dot = pred{func(c rune) bool { return c != '\n' && c != '\r' && c|1 != 0x2029 && c != 0x85 }, false}
)

// class parses a character class. The parser stands on its first
// character: just after '[' when bracket is true (then a leading '^'
// negates and the closing ']' is consumed), or just after "&&" (the right
// operand of an intersection, which leaves the ']' in place).
func (p *parser) class(bracket bool) pred {
	var prev, curr pred // zero: none yet
	bits := &bitClass{}
	hasBits, neg := false, false
	if bracket && p.at(0) == '^' {
		p.pos++
		neg = true
	}
	for {
		ch := p.at(0)
		switch {
		case ch == '[':
			p.pos++
			curr = p.class(true)
			prev = union(prev, curr)
			continue
		case ch == '&' && p.at(1) == '&':
			p.pos += 2
			var right pred
			for c := p.at(0); c != ']' && c != '&'; c = p.at(0) {
				if c == '[' {
					p.pos++
					right = union(right, p.class(true))
				} else {
					right = union(right, p.class(false))
				}
			}
			if hasBits {
				if prev.f == nil {
					curr = bits.pred()
					prev = curr
				} else {
					prev = union(prev, bits.pred())
				}
				hasBits = false
			}
			if right.f != nil {
				curr = right
			}
			if prev.f == nil {
				if right.f == nil {
					p.fail("Bad class syntax")
				}
				prev = right
			} else {
				if curr.f == nil {
					p.fail("Bad intersection syntax")
				}
				prev = and(prev, curr)
			}
			continue
		case ch == 0 && p.pos >= len(p.p):
			p.fail("Unclosed character class")
		case ch == ']' && (prev.f != nil || hasBits):
			if bracket {
				p.pos++
			}
			if prev.f == nil {
				prev = bits.pred()
			} else if hasBits {
				prev = union(prev, bits.pred())
			}
			if neg {
				return negate(prev)
			}
			return prev
		}
		// Anything else, including a ']' that opens the class, is a member.
		if curr = p.classMember(bits); curr.f == nil {
			hasBits = true
		} else {
			prev = union(prev, curr)
		}
	}
}

// classMember parses one character, range or predefined class of a class;
// it returns the zero pred when it only added a character to bits.
func (p *parser) classMember(bits *bitClass) pred {
	var ch rune
	if p.at(0) == '\\' {
		if c := p.at(1); c == 'p' || c == 'P' {
			p.unsupported(`\` + string(c) + ` (Unicode property classes)`)
		}
		isRange := p.at(2) == '-'
		c, pr, _ := p.escape(true, true, isRange)
		if c < 0 {
			return pr
		}
		ch = c
	} else {
		ch = p.at(0)
		p.pos++
	}
	if p.at(0) == '-' {
		end := p.at(1)
		if end == '[' {
			return bitsOrSingle(bits, ch)
		}
		if end != ']' {
			p.pos++
			m := p.at(0)
			if m == '\\' {
				m, _, _ = p.escape(true, false, true)
			} else {
				p.pos++
			}
			if m < ch {
				p.fail("Illegal character range")
			}
			return rangeOf(ch, m)
		}
	}
	return bitsOrSingle(bits, ch)
}

func bitsOrSingle(bits *bitClass, ch rune) pred {
	if ch >= 0 && ch < 256 {
		bits.set[ch] = true
		return pred{}
	}
	return single(ch)
}
