package javalang

import "unicode/utf8"

// UTF16 returns the UTF-16 code units Java holds for s (see units: WTF-8
// surrogate sequences are their lone units, invalid bytes U+FFFD).
func UTF16(s string) []uint16 {
	out := make([]uint16, 0, len(s))
	u := units{s: s}
	for {
		c, ok := u.next()
		if !ok {
			return out
		}
		out = append(out, c)
	}
}

// FromUTF16 is the inverse of UTF16: a surrogate pair becomes its 4-byte
// rune, a lone surrogate its 3-byte WTF-8 sequence (as the JS package sends
// one), everything else UTF-8.
func FromUTF16(us []uint16) string {
	b := make([]byte, 0, len(us))
	for i := 0; i < len(us); i++ {
		c := rune(us[i])
		if c >= 0xD800 && c <= 0xDBFF && i+1 < len(us) && us[i+1] >= 0xDC00 && us[i+1] <= 0xDFFF {
			b = utf8.AppendRune(b, 0x10000+(c-0xD800)<<10+rune(us[i+1]-0xDC00))
			i++
			continue
		}
		if c >= 0xD800 && c <= 0xDFFF { // lone: WTF-8, which utf8 refuses to write
			b = append(b, 0xED, byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
			continue
		}
		b = utf8.AppendRune(b, c)
	}
	return string(b)
}

// CodePointAt is Java's Character.codePointAt(seq, i): the supplementary
// code point when a high surrogate at i is followed by a low one, else the
// unit itself; width is how many units it spans.
func CodePointAt(us []uint16, i int) (cp rune, width int) {
	c := rune(us[i])
	if c >= 0xD800 && c <= 0xDBFF && i+1 < len(us) && us[i+1] >= 0xDC00 && us[i+1] <= 0xDFFF {
		return 0x10000 + (c-0xD800)<<10 + rune(us[i+1]-0xDC00), 2
	}
	return c, 1
}
