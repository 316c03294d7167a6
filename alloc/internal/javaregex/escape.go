package javaregex

// escape parses the escape sequence at p.pos (a backslash) as Java's
// Pattern.escape does. It returns the character it stands for, or -1 with
// the predicate (\d \s \w \h \v and their complements) or, outside a class
// when create is true, the node (anchors, back references) it stands for.
// isRange: the escape starts a range in a class, where \v is U+000B.
func (p *parser) escape(inClass, create, isRange bool) (rune, pred, node) {
	ch := p.at(1)
	p.pos += 2
	var pr pred // zero: not a predefined class
	switch ch {
	case '0':
		return p.octal(), pred{}, nil
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if inClass {
			break
		}
		if create {
			return -1, pred{}, p.backref(int(ch - '0'))
		}
		return -1, pred{}, nil
	case 'A':
		if inClass {
			break
		}
		return -1, pred{}, beginNode{}
	case 'G':
		if inClass {
			break
		}
		return -1, pred{}, lastMatchNode{}
	case 'Z':
		if inClass {
			break
		}
		return -1, pred{}, dollarNode{}
	case 'z':
		if inClass {
			break
		}
		return -1, pred{}, endNode{}
	case 'R':
		if inClass {
			break
		}
		return -1, pred{}, lineEndingNode{}
	case 'b', 'B', 'X':
		if inClass {
			break
		}
		p.unsupported(`\` + string(ch) + ` (word and grapheme boundaries differ between JDK versions)`)
	case 'N':
		p.unsupported(`\N{...} (named characters)`)
	case 'k':
		if inClass {
			break
		}
		if p.read() != '<' {
			p.fail(`\k is not followed by '<' for named capturing group`)
		}
		name := p.groupName(p.read())
		num, ok := p.names[name]
		if !ok {
			p.fail("named capturing group <" + name + "> does not exist")
		}
		return -1, pred{}, backrefNode{num}
	case 'd':
		pr = asciiDigit
	case 'D':
		pr = negate(asciiDigit)
	case 's':
		pr = asciiSpace
	case 'S':
		pr = negate(asciiSpace)
	case 'w':
		pr = asciiWord
	case 'W':
		pr = negate(asciiWord)
	case 'h':
		pr = horizWS
	case 'H':
		pr = negate(horizWS)
	case 'v':
		if isRange {
			return 0x0B, pred{}, nil
		}
		pr = vertWS
	case 'V':
		pr = negate(vertWS)
	case 'a':
		return 0x07, pred{}, nil
	case 'c':
		if p.pos < len(p.p) {
			return p.read() ^ 64, pred{}, nil
		}
		p.fail("Illegal control escape sequence")
	case 'e':
		return 0x1B, pred{}, nil
	case 'f':
		return '\f', pred{}, nil
	case 'n':
		return '\n', pred{}, nil
	case 'r':
		return '\r', pred{}, nil
	case 't':
		return '\t', pred{}, nil
	case 'u':
		return p.unicodeEscape(), pred{}, nil
	case 'x':
		return p.hexEscape(), pred{}, nil
	default:
		if !isASCIIAlpha(ch) {
			return ch, pred{}, nil // an escaped non-letter stands for itself
		}
	}
	if pr.f != nil {
		if inClass {
			return -1, pr, nil
		}
		return -1, pred{}, propNode{pr}
	}
	p.fail("Illegal/unsupported escape sequence")
	return 0, pred{}, nil
}

// backref reads the digits of \n greedily while they name a group already
// opened, the first digit always.
func (p *parser) backref(n int) node {
	for isASCIIDigit(p.at(0)) {
		m := n*10 + int(p.at(0)-'0')
		if p.groups < m {
			break
		}
		n = m
		p.pos++
	}
	return backrefNode{n}
}

func isOctal(c rune) bool { return c >= '0' && c <= '7' }

// octal: \0n, \0nn, \0mnn with m at most 3.
func (p *parser) octal() rune {
	n := p.read()
	if !isOctal(n) {
		p.fail("Illegal octal escape sequence")
	}
	m := p.read()
	if !isOctal(m) {
		p.pos--
		return n - '0'
	}
	o := p.read()
	if isOctal(o) && n <= '3' {
		return (n-'0')*64 + (m-'0')*8 + (o - '0')
	}
	p.pos--
	return (n-'0')*8 + (m - '0')
}

// hexEscape: \xhh or \x{h...h}.
func (p *parser) hexEscape() rune {
	n := p.read()
	if isHex(n) {
		if m := p.read(); isHex(m) {
			return rune(hexVal(n)*16 + hexVal(m))
		}
	} else if n == '{' && isHex(p.at(0)) {
		ch := 0
		for {
			n = p.read()
			if !isHex(n) {
				break
			}
			ch = ch<<4 + hexVal(n)
			if ch > 0x10FFFF {
				p.fail("Hexadecimal codepoint is too big")
			}
		}
		if n != '}' {
			p.fail("Unclosed hexadecimal escape sequence")
		}
		return rune(ch)
	}
	p.fail("Illegal hexadecimal escape sequence")
	return 0
}

// unicodeEscape: \uhhhh; a high surrogate followed by \u and a low one
// is the supplementary code point.
func (p *parser) unicodeEscape() rune {
	n := p.hex4()
	if n >= 0xD800 && n <= 0xDBFF {
		save := p.pos
		if p.read() == '\\' && p.read() == 'u' {
			if n2 := p.hex4(); n2 >= 0xDC00 && n2 <= 0xDFFF {
				return 0x10000 + (n-0xD800)<<10 + (n2 - 0xDC00)
			}
		}
		p.pos = save
	}
	return n
}

func (p *parser) hex4() rune {
	n := 0
	for range 4 {
		c := p.read()
		if !isHex(c) {
			p.fail("Illegal Unicode escape sequence")
		}
		n = n*16 + hexVal(c)
	}
	return rune(n)
}
