package alloc

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuote(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"", `""`},
		{"AVG", `"AVG"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"tab\tnl\ncr\r", `"tab\tnl\ncr\x0d"`},
		{"ｲ😀", `"ｲ😀"`},
		{"bad\xff\xc3", `"bad\xff\xc3"`},
		{"\x7f", `"\x7f"`},
	} {
		assert.Equal(t, tt.want, quote(tt.in), "quote(%q)", tt.in)
	}
}

// FuzzQuote: for valid UTF-8 text quote reads back as the same string in Go
// syntax, like strconv.Quote's.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00\x7f", "ｲ😀", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		back, err := strconv.Unquote(quote(s))
		require.NoError(t, err, "quote(%q) = %s does not unquote: %v", s, quote(s), err)
		require.False(t, back != s, "quote(%q) unquotes to %q", s, back)
	})
}
