package javalang

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wtf8 encodes UTF-16 units as the JS package sends them: pairs as one
// 4-byte rune, lone surrogates as 3-byte WTF-8 sequences.
func wtf8(us []uint16) string {
	var b []byte
	for i := 0; i < len(us); i++ {
		c := rune(us[i])
		if utf16.IsSurrogate(c) && c < 0xDC00 && i+1 < len(us) && us[i+1] >= 0xDC00 && us[i+1] <= 0xDFFF {
			b = append(b, string(utf16.DecodeRune(c, rune(us[i+1])))...)
			i++
			continue
		}
		if utf16.IsSurrogate(c) {
			b = append(b, 0xED, byte(0x80|(c>>6)&0x3F), byte(0x80|c&0x3F))
			continue
		}
		b = append(b, string(c)...)
	}
	return string(b)
}

func compareUnits(a, b []uint16) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return cmp.Compare(a[i], b[i])
		}
	}
	return cmp.Compare(len(a), len(b))
}

func hashUnits(us []uint16) int32 {
	var h int32
	for _, u := range us {
		h = 31*h + int32(u)
	}
	return h
}

func TestLoneSurrogates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a, b []uint16
		want int
	}{
		{"D800 before DC00", []uint16{0xD800}, []uint16{0xDC00}, -1},
		{"lone high before U+E000", []uint16{0xD800}, []uint16{0xE000}, -1},
		{"lone high after U+D7FF", []uint16{0xD800}, []uint16{0xD7FF}, 1},
		{"lone D83D before emoji (prefix)", []uint16{0xD83D}, []uint16{0xD83D, 0xDE00}, -1},
		{"lone low after emoji", []uint16{0xDE00}, []uint16{0xD83D, 0xDE00}, 1},
		{"equal", []uint16{'a', 0xDFFF}, []uint16{'a', 0xDFFF}, 0},
		{"reversed pair", []uint16{0xDC00, 0xD800}, []uint16{0xD800, 0xDC00}, 1},
	}
	for _, tt := range tests {
		a, b := wtf8(tt.a), wtf8(tt.b)
		assert.Equal(t, tt.want, CompareStrings(a, b), tt.name)
		assert.Equal(t, -tt.want, CompareStrings(b, a), tt.name)
		assert.Equal(t, tt.want, compareUnits(tt.a, tt.b), "reference: "+tt.name)
	}
	assert.Equal(t, int32(0xD800), HashCode(wtf8([]uint16{0xD800})))
	assert.Equal(t, int32(31*0xDC00+'a'), HashCode(wtf8([]uint16{0xDC00, 'a'})))
	assert.True(t, HasSurrogates(wtf8([]uint16{'x', 0xDABC})))
	assert.False(t, HasSurrogates("😀\ufffd"))
	assert.Equal(t, "a?b😀", string(AppendJavaUTF8(nil, wtf8([]uint16{'a', 0xDABC, 'b', 0xD83D, 0xDE00}))))
}

// TestUnitsMatchJava: on random UTF-16 strings (lone surrogates often), the
// WTF-8 forms compare and hash as the units do.
func TestUnitsMatchJava(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []uint16{'a', 'b', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF}
	gen := func() []uint16 {
		us := make([]uint16, r.IntN(5))
		for i := range us {
			us[i] = alphabet[r.IntN(len(alphabet))]
		}
		return us
	}
	for range 20000 {
		a, b := gen(), gen()
		sa, sb := wtf8(a), wtf8(b)
		require.Equal(t, compareUnits(a, b), CompareStrings(sa, sb), "%x vs %x", a, b)
		require.Equal(t, hashUnits(a), HashCode(sa), "%x", a)
	}
}

// TestCompareStringsTotalOrder: on random byte strings (mostly invalid
// UTF-8), CompareStrings is antisymmetric, zero only for equal strings, and
// transitive, so sorting any strings gives one order.
func TestCompareStringsTotalOrder(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "\xc3", "\xa9", "\xed", "\xa0", "\x80", "\xbf", "\xf0\x9f", "\x98\x80", "\ue000", "😀", "\ufffd", "\xff", "\xed\xa0\xbd", "\xed\xb8\x80"}
	gen := func() string {
		var s string
		for range r.IntN(4) {
			s += pieces[r.IntN(len(pieces))]
		}
		return s
	}
	strs := make([]string, 400)
	for i := range strs {
		strs[i] = gen()
	}
	strs = append(strs, "\ue000\xc3", "\xf0\x9f", "😀") // the cycle
	for _, a := range strs {
		for _, b := range strs {
			c := CompareStrings(a, b)
			require.Equal(t, -c, CompareStrings(b, a), "%q %q", a, b)
			require.Equal(t, a == b, c == 0, "%q %q", a, b)
		}
	}
	for range 200000 {
		a, b, c := strs[r.IntN(len(strs))], strs[r.IntN(len(strs))], strs[r.IntN(len(strs))]
		if CompareStrings(a, b) <= 0 && CompareStrings(b, c) <= 0 {
			require.LessOrEqual(t, CompareStrings(a, c), 0, "%q <= %q <= %q", a, b, c)
		}
	}
	sorted := slices.Clone(strs)
	slices.SortFunc(sorted, CompareStrings)
	for i := 1; i < len(sorted); i++ {
		for j := 0; j < i; j += 37 {
			require.LessOrEqual(t, CompareStrings(sorted[j], sorted[i]), 0)
		}
	}
}

func FuzzCompareStringsTotal(f *testing.F) {
	f.Add("\ue000\xc3", "\xf0\x9f", "😀")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		ab, ba := CompareStrings(a, b), CompareStrings(b, a)
		require.Equal(t, -ba, ab, "not antisymmetric: %q %q", a, b)
		require.Equal(t, a == b, ab == 0, "not antisymmetric: %q %q", a, b)
		require.False(t, ab <= 0 && CompareStrings(b, c) <= 0 && CompareStrings(a, c) > 0, "not transitive: %q %q %q", a, b, c)
	})
}
