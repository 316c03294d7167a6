package javalang

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s, sep string
		want   []string
	}{
		{"", "@", []string{""}},               // no match: the string itself
		{"abc", "@", []string{"abc"}},         // no match
		{"A@b", "@", []string{"A", "b"}},      // two pieces
		{"A@", "@", []string{"A"}},            // trailing empty dropped
		{"@", "@", []string{}},                // all empty: nothing left
		{"@@", "@", []string{}},               //
		{"A@@b", "@", []string{"A", "", "b"}}, // middle empty kept
		{"@b", "@", []string{"", "b"}},        // leading empty kept
		{"A@b@", "@", []string{"A", "b"}},     //
		{"A@b@@", "@", []string{"A", "b"}},    //
		{"@@b", "@", []string{"", "", "b"}},   //
		{"broker-A", "-", []string{"broker", "A"}},
		{"10.0.0.1@cid-00001-R1", "-", []string{"10.0.0.1@cid", "00001", "R1"}},
		{"中-😀-", "-", []string{"中", "😀"}},
		{"a😀b", "😀", []string{"a", "b"}},
	}
	for _, tt := range tests {
		got := Split(tt.s, tt.sep)
		assert.True(t, slices.Equal(got, tt.want), "Split(%q, %q) = %q, want %q (nil and empty alike)", tt.s, tt.sep, got, tt.want)
	}
}

func TestIsLiteralSeparator(t *testing.T) {
	t.Parallel()
	for _, sep := range []string{"-", "@", "#", ":", "_", "/", ",", ";", "中", "😀", " "} {
		assert.True(t, IsLiteralSeparator(sep), "IsLiteralSeparator(%q)", sep)
	}
	for _, sep := range []string{"", ".", "$", "|", "(", ")", "[", "{", "^", "?", "*", "+", "\\", "--", "ab", "-@"} {
		assert.False(t, IsLiteralSeparator(sep), "IsLiteralSeparator(%q)", sep)
	}
}

func TestIsWhitespace(t *testing.T) {
	yes := []rune{0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x1680,
		0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008, 0x2009, 0x200A,
		0x2028, 0x2029, 0x205F, 0x3000}
	for _, r := range yes {
		assert.True(t, IsWhitespace(r), "IsWhitespace(%U)", r)
	}
	// The no-break spaces and NEL are not Java whitespace.
	no := []rune{0x00, 0x08, 0x0E, 0x1B, 0x21, 'a', 0x85, 0xA0, 0x2007, 0x200B, 0x202F, 0xFEFF, 0x3001}
	for _, r := range no {
		assert.False(t, IsWhitespace(r), "IsWhitespace(%U)", r)
	}
	// Exhaustive over the BMP: exactly the 25 code points above.
	n := 0
	for r := rune(0); r <= 0xFFFF; r++ {
		if IsWhitespace(r) {
			n++
		}
	}
	assert.Equal(t, len(yes), n, "whitespace code points in the BMP")
}

func TestIsBlank(t *testing.T) {
	for _, s := range []string{"", " ", "\t", "\n", "\u3000", " \t\u2028"} {
		assert.True(t, IsBlank(s), "IsBlank(%q)", s)
	}
	for _, s := range []string{"a", " a ", "\u00a0", "\u2007", "\u202f", "\u0085"} {
		assert.False(t, IsBlank(s), "IsBlank(%q)", s)
	}
}

// splitRef is Java's split for a literal separator, from its definition:
// cut at every occurrence, then drop trailing empty strings — except that
// a string without any occurrence comes back whole.
func splitRef(s, sep string) []string {
	parts := strings.Split(s, sep)
	if len(parts) == 1 {
		return parts
	}
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

func FuzzSplit(f *testing.F) {
	f.Add("A@@b@", "@")
	f.Add("中-😀-", "-")
	f.Add("", "#")
	f.Fuzz(func(t *testing.T, s, sep string) {
		if !IsLiteralSeparator(sep) {
			return
		}
		got, want := Split(s, sep), splitRef(s, sep)
		require.True(t, slices.Equal(got, want), "Split(%q, %q) = %q, want %q (nil and empty alike)", s, sep, got, want)
	})
}
