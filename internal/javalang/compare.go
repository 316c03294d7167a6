package javalang

import (
	"cmp"
	"strings"
)

// CompareStrings orders a and b as Java's String.compareTo does: by UTF-16
// code units (see units for how bytes map to units, lone surrogates
// included). It returns -1, 0 or +1, and is a total order on any byte
// strings: where two different strings have the same units, byte order
// decides.
//
// UTF-8 byte order equals code point order, which differs from UTF-16 order
// only when a supplementary character (a surrogate pair from 0xD800) meets a
// character in U+E000..U+FFFF, or when a string is invalid. So compare
// bytes up to the first difference and only then decode units, from the
// last position that starts a unit in both strings.
func CompareStrings(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	if i == len(a) && i == len(b) {
		return 0
	}
	// a[:i] == b[:i]. A byte that is not a continuation byte always starts
	// a unit (valid sequences and WTF-8 surrogates continue only with
	// continuation bytes; an invalid byte is a unit of its own), and so does
	// the end of a string: back up to a position that starts one in both.
	for i > 0 && ((i < len(a) && isCont(a[i])) || (i < len(b) && isCont(b[i]))) {
		i--
	}
	ua, ub := units{s: a, p: i}, units{s: b, p: i}
	for {
		ca, oka := ua.next()
		cb, okb := ub.next()
		switch {
		case !oka && !okb:
			return strings.Compare(a, b) // same units: bytes decide
		case !oka:
			return -1
		case !okb:
			return 1
		case ca != cb:
			return cmp.Compare(ca, cb)
		}
	}
}
