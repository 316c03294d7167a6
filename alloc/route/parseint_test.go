package route

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Every expectation below was printed by Java 17's Integer.parseInt.
func TestParseInt(t *testing.T) {
	t.Parallel()
	ok := []struct {
		in   string
		want int32
	}{
		{"+5", 5}, {"-0", 0}, {"00012", 12},
		{"2147483647", 2147483647}, {"-2147483648", -2147483648},
		{"\u0663", 3},        // Arabic-Indic three
		{"\uff11\uff12", 12}, // fullwidth 1 2
		{"\u0660\u0669", 9},  // Arabic-Indic 0 9
		{"\u1040\u1049", 9},  // Myanmar 0 9
		{"\uff10", 0},        // fullwidth 0
		{"\u0b6f", 9},        // Oriya nine
	}
	for _, tt := range ok {
		got, err := parseInt(tt.in)
		if assert.Nil(t, err, "ParseInt(%q)", tt.in) {
			assert.Equal(t, tt.want, got, "ParseInt(%q)", tt.in)
		}
	}
	bad := []string{"2147483648", "-2147483649", "", "+", "-", " 1", "1 ", "0x10", "1_0",
		"\U0001D7CF", // mathematical bold 1: a surrogate pair in Java
		"+-1", "-\u0669\u0669\u0669\u0669\u0669\u0669\u0669\u0669\u0669\u0669", "\u2460", "1.0", "x"}
	for _, in := range bad {
		_, err := parseInt(in)
		var e *alloc.Error
		if !assert.ErrorAs(t, err, &e, "ParseInt(%q)", in) || !assert.Equal(t, alloc.NumberFormatException, e.JavaClass, "ParseInt(%q)", in) || !assert.ErrorIs(t, err, alloc.ErrNumberFormat, "ParseInt(%q)", in) {
			continue
		}
		assert.Equal(t, "For input string: \""+in+"\"", e.Msg, "ParseInt(%q) message", in)
	}
}

// FuzzParseInt: on ASCII input Java's parseInt and Go's strconv.ParseInt
// (base 10, 32 bits) accept the same strings with the same values.
func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"4", "x", "+0", "-2147483648", "2147483648", "", "٣", "1_0", "0x1f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseInt(s)
		if !isASCII(s) {
			if err != nil {
				require.Equal(t, alloc.NumberFormatException, alloc.JavaClassOf(err), "%q: %v", s, err)
			}
			return
		}
		want, werr := strconv.ParseInt(s, 10, 32)
		require.Equal(t, werr == nil, err == nil, "%q: got %d, %v; strconv %d, %v", s, got, err, want, werr)
		if err == nil {
			require.Equal(t, want, int64(got), "%q", s)
		}
	})
}

func isASCII(s string) bool {
	return utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }) < 0
}
