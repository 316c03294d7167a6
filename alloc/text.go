package alloc

import (
	"strconv"
	"unicode/utf8"
)

// quote writes s in double quotes for an error message, escaping quotes,
// backslashes, control characters and bytes that are not UTF-8 (\xNN).
// Written here rather than strconv.Quote, whose printable-rune tables cost
// the WebAssembly module about 19 KB.
func quote(s string) string {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
			continue
		}
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
		i++
	}
	return string(append(b, '"'))
}

// itoa is strconv.Itoa, short for building messages.
func itoa(n int) string { return strconv.Itoa(n) }
