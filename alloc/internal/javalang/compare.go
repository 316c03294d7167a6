package javalang

import (
	"cmp"
	"unicode/utf8"
)

// CompareStrings orders a and b as Java's String.compareTo does: by UTF-16
// code units. It returns -1, 0 or +1.
//
// UTF-8 byte order equals code point order, which differs from UTF-16 order
// only when a supplementary character (encoded as a surrogate pair starting
// at 0xD800) meets a BMP character in U+E000..U+FFFF: Java sorts the
// supplementary character first. So compare bytes up to the first differing
// rune and only then look at code units.
func CompareStrings(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == n {
		return cmp.Compare(len(a), len(b))
	}
	// Back up to the start of the rune that differs.
	// Both strings must be at a rune start, or invalid UTF-8 could make the
	// order depend on which string is a.
	for i > 0 && !(utf8.RuneStart(a[i]) && utf8.RuneStart(b[i])) {
		i--
	}
	for i < len(a) && i < len(b) {
		ra, wa := utf8.DecodeRuneInString(a[i:])
		rb, wb := utf8.DecodeRuneInString(b[i:])
		if ra != rb {
			if c := cmp.Compare(firstUnit(ra), firstUnit(rb)); c != 0 {
				return c
			}
			// Same high surrogate: low surrogates follow code point order.
			return cmp.Compare(int(ra), int(rb))
		}
		if wa != wb {
			// Both invalid bytes decoded to U+FFFD; fall back to bytes.
			return cmp.Compare(int(a[i]), int(b[i]))
		}
		i += wa
	}
	return cmp.Compare(len(a)-i, len(b)-i)
}

// firstUnit is the first UTF-16 code unit of r.
func firstUnit(r rune) int {
	if r >= 0x10000 {
		return 0xD800 + int((r-0x10000)>>10)
	}
	return int(r)
}
