package javaregex

// removeQuoting rewrites every \Q..\E span of p into escaped characters,
// as Java's Pattern does before parsing: inside a span, ASCII letters and
// non-ASCII code points stay as they are, other ASCII characters get a
// backslash, a backslash becomes \\, and a digit right after \Q becomes \x3d
// (so that it cannot extend an escape before the \Q). A missing \E quotes to
// the end.
func removeQuoting(p []rune) []rune {
	i := 0
	for i < len(p)-1 {
		if p[i] != '\\' {
			i++
		} else if p[i+1] != 'Q' {
			i += 2
		} else {
			break
		}
	}
	if i >= len(p)-1 {
		return p
	}
	out := append(make([]rune, 0, len(p)*2), p[:i]...)
	i += 2
	inQuote, beginQuote := true, true
	at := func(k int) rune {
		if k < len(p) {
			return p[k]
		}
		return 0
	}
	for i < len(p) {
		c := p[i]
		i++
		switch {
		case c >= 0x80 || isASCIIAlpha(c):
			out = append(out, c)
		case isASCIIDigit(c):
			if beginQuote {
				out = append(out, '\\', 'x', '3')
			}
			out = append(out, c)
		case c != '\\':
			if inQuote {
				out = append(out, '\\')
			}
			out = append(out, c)
		case inQuote:
			if at(i) == 'E' {
				i++
				inQuote = false
			} else {
				out = append(out, '\\', '\\')
			}
		default: // a backslash outside a span
			if at(i) == 'Q' {
				i++
				inQuote, beginQuote = true, true
				continue
			}
			out = append(out, c)
			if i != len(p) {
				out = append(out, p[i])
				i++
			}
		}
		beginQuote = false
	}
	return out
}

func isASCIIAlpha(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isASCIIDigit(c rune) bool { return c >= '0' && c <= '9' }
func isHex(c rune) bool {
	return isASCIIDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
func hexVal(c rune) int {
	switch {
	case c <= '9':
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
