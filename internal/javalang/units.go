package javalang

import "unicode/utf8"

// Strings reach this package as bytes: UTF-8 for ordinary Java strings, and
// WTF-8 for strings that hold a lone surrogate (JS and Java strings may: the
// JS package sends such a unit as the 3-byte form ED A0..BF 80..BF that
// UTF-8 forbids). units walks a string as the UTF-16 code units Java would
// hold for it:
//
//   - a valid rune below U+10000 is one unit, a supplementary one two;
//   - a WTF-8 surrogate sequence is that surrogate unit;
//   - any other invalid byte is one U+FFFD unit (what Java's UTF-8 decoder
//     makes of it).
//
// Different byte strings can give the same units (an invalid byte and a
// real U+FFFD, or a surrogate pair written as two WTF-8 sequences and as one
// 4-byte rune); CompareStrings breaks those ties by bytes.
type units struct {
	s   string
	p   int
	low uint16 // pending low surrogate of a supplementary rune, 0 if none
}

// isCont reports whether c is a UTF-8 continuation byte.
func isCont(c byte) bool { return c&0xC0 == 0x80 }

// wtf8Surrogate returns the surrogate unit encoded at s[p:], if any.
func wtf8Surrogate(s string, p int) (uint16, bool) {
	if p+2 < len(s) && s[p] == 0xED && s[p+1] >= 0xA0 && s[p+1] <= 0xBF && isCont(s[p+2]) {
		return 0xD000 | uint16(s[p+1]&0x3F)<<6 | uint16(s[p+2]&0x3F), true
	}
	return 0, false
}

// next returns the next unit, or false at the end.
func (u *units) next() (uint16, bool) {
	if u.low != 0 {
		c := u.low
		u.low = 0
		return c, true
	}
	if u.p >= len(u.s) {
		return 0, false
	}
	if c := u.s[u.p]; c < utf8.RuneSelf {
		u.p++
		return uint16(c), true
	}
	if c, ok := wtf8Surrogate(u.s, u.p); ok {
		u.p += 3
		return c, true
	}
	r, w := utf8.DecodeRuneInString(u.s[u.p:])
	u.p += w
	if r >= 0x10000 {
		r -= 0x10000
		u.low = uint16(0xDC00 + r&0x3FF)
		return uint16(0xD800 + r>>10), true
	}
	return uint16(r), true // U+FFFD for an invalid byte
}

// HasSurrogates reports whether s holds a WTF-8 surrogate sequence (a lone
// surrogate unit of a JS or Java string).
func HasSurrogates(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if _, ok := wtf8Surrogate(s, i); ok {
			return true
		}
	}
	return false
}

// AppendJavaUTF8 appends the bytes Java's String.getBytes(UTF_8) gives for
// s: s itself, except that each lone surrogate (a WTF-8 surrogate sequence)
// becomes '?', as Java's encoder replaces what it cannot map.
func AppendJavaUTF8(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if s[i] == 0xED {
			if _, ok := wtf8Surrogate(s, i); ok {
				dst = append(dst, '?')
				i += 3
				continue
			}
		}
		dst = append(dst, s[i])
		i++
	}
	return dst
}
