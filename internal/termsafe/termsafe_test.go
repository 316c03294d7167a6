package termsafe

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestEscape(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text\n\twith tab", "plain text\n\twith tab"},
		{"ｲ emoji 🙂 é", "ｲ emoji 🙂 é"},
		{"\x1b]0;owned\x07title", `\x1b]0;owned\atitle`},
		{"clear\x1b[2J\x1b[H", `clear\x1b[2J\x1b[H`},
		{"cr\r\nlf", `cr\r` + "\n" + "lf"},
		{"c1 \u009b31m", `c1 \u009b31m`},
		{"bad \xff byte", `bad \xff byte`},
		{"del\x7f", `del\x7f`},
		{"\x00nul", `\x00nul`},
	} {
		assert.Equal(t, tt.want, Escape(tt.in), "%q", tt.in)
	}
}

// Whatever goes in, what comes out has no control character but newline
// and tab, and is valid UTF-8.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a\x1bb", "\u009b", "\xff\xfe", "ok"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Escape(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q: %q", s, out)
		}
		for _, r := range out {
			if control(r) {
				t.Fatalf("control %U left in %q (from %q)", r, out, s)
			}
		}
	})
}
