// Package termsafe makes text from inputs and servers safe to print on a
// terminal: a client ID, a remark or a file's line may carry escape
// sequences (set the window title, clear the screen, move the cursor) that
// must be shown, not run. JSON output needs none of this: its encoder
// escapes control characters itself.
package termsafe

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escape returns s with every control character but newline and tab (C0,
// DEL, the C1 range U+0080–U+009F that some terminals also obey) and every
// byte that is not UTF-8 written as an escape: \x1b, \r, \u009b, \xff. Text
// without them is returned as is.
func Escape(s string) string {
	if !needs(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(hex2(s[i]))
		case control(r):
			q := strconv.QuoteRune(r) // '\x1b', '\r', '\u009b'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func control(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f
}

func needs(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f {
			if c < 0x80 {
				return true
			}
			// non-ASCII: look at the runes
			for _, r := range s[i:] {
				if r == utf8.RuneError || control(r) {
					return true
				}
			}
			return false
		}
	}
	return false
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
