package javalang

import (
	"cmp"
	"slices"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// javaCompare is String.compareTo spelled out over UTF-16 code units: the
// reference the fast CompareStrings must match.
func javaCompare(a, b string) int {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return cmp.Compare(int(ua[i]), int(ub[i]))
		}
	}
	return cmp.Compare(len(ua), len(ub))
}

func TestCompareStrings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "a", -1},
		{"a", "", 1},
		{"abc", "abc", 0},
		{"abc", "abd", -1},
		{"ab", "abc", -1},
		{"192.168.1.10", "192.168.1.11", -1},
		{"192.168.1.11", "192.168.1.9", -1},
		{"192.168.1.10", "192.168.1.9", -1},
		{"B", "a", -1},               // upper case first
		{"😀", "ｲ", -1},               // surrogate D83D < FF72: Java puts the emoji first
		{"ｲ", "😀", 1},                // and Go's byte order says the opposite
		{"😀", "\uE000", -1},          // private use area sorts after supplementary
		{"\uD7FF", "😀", -1},          // below the surrogates
		{"😀", "😁", -1},               // same high surrogate, low surrogate decides
		{"𝄞", "😀", -1},               // U+1D11E (D834) < U+1F600 (D83D)
		{"a😀b", "aｲb", -1},           // difference in the middle
		{"broker-😀", "broker-ｂ", -1}, // as in the vectors
		{"中", "ｲ", -1},
		{"é", "z", 1},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, CompareStrings(tt.a, tt.b), "CompareStrings(%q, %q)", tt.a, tt.b)
		assert.Equal(t, tt.want, javaCompare(tt.a, tt.b), "reference javaCompare(%q, %q)", tt.a, tt.b)
	}
}

// TestCompareStringsSortOrder sorts a mixed list the way the rebalance
// does and checks the exact Java order.
func TestCompareStringsSortOrder(t *testing.T) {
	in := []string{"ｲﾝｽﾀﾝｽ-1", "😀-1", "192.168.1.9", "192.168.1.10", "192.168.1.11", "Ｃｏｎｓｕｍｅｒ-1", "consumer-1", "\uE000", "中"}
	want := []string{"192.168.1.10", "192.168.1.11", "192.168.1.9", "consumer-1", "中", "😀-1", "\uE000", "Ｃｏｎｓｕｍｅｒ-1", "ｲﾝｽﾀﾝｽ-1"}
	got := slices.Clone(in)
	slices.SortStableFunc(got, CompareStrings)
	assert.Equal(t, want, got, "sorted")
}

// TestCompareStringsExhaustive compares every pair from a set of single
// characters around the interesting boundaries, and their two-character
// combinations, with the UTF-16 reference.
func TestCompareStringsExhaustive(t *testing.T) {
	chars := []rune{0, 'A', 'a', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFF72, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF}
	var strs []string
	for _, a := range chars {
		strs = append(strs, string(a))
		for _, b := range chars {
			strs = append(strs, string(a)+string(b))
		}
	}
	for _, a := range strs {
		for _, b := range strs {
			require.Equal(t, javaCompare(a, b), CompareStrings(a, b), "CompareStrings(%q, %q)", a, b)
		}
	}
}

func FuzzCompareStrings(f *testing.F) {
	f.Add("😀", "ｲ")
	f.Add("192.168.1.10", "192.168.1.9")
	f.Add("", "a")
	f.Fuzz(func(t *testing.T, a, b string) {
		if !utf8.ValidString(a) || !utf8.ValidString(b) {
			// Java strings reach us as valid UTF-8 (JSON and JS strings
			// are); invalid bytes have no Java counterpart to compare with.
			_ = CompareStrings(a, b) // must not panic
			return
		}
		require.Equal(t, javaCompare(a, b), CompareStrings(a, b), "CompareStrings(%q, %q)", a, b)
	})
}
