package javalang

import (
	"math"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHashCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		s    string
		want int32
	}{
		{"", 0},
		{"a", 97},
		{"ab", 97*31 + 98},
		{"hello", 99162322},
		{"polygenelubricants", math.MinInt32}, // the famous one
		{"order-1", hashRef("order-1")},
		{"😀", 31*0xD83D + 0xDE00}, // surrogate pair: two units
		{"中", 0x4E2D},
		{"ｲ", 0xFF72},
		{"\U0010FFFF", 31*0xDBFF + 0xDFFF},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, HashCode(tt.s), "HashCode(%q)", tt.s)
	}
}

// hashRef is String.hashCode spelled out over UTF-16 units.
// hashRef is String.hashCode over the units the package doc describes,
// decoded with the standard library: a WTF-8 surrogate sequence
// (ED A0..BF 80..BF) is its surrogate unit, anything else decodes as UTF-8
// (an invalid byte as U+FFFD) and is encoded as UTF-16.
func hashRef(s string) int32 {
	var us []uint16
	for len(s) > 0 {
		if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2] >= 0x80 && s[2] <= 0xBF {
			r, _ := utf8.DecodeRuneInString("\xef" + s[1:3]) // the same bits in U+F800..U+FFFF
			us = append(us, uint16(r-0xF000+0xD000))
			s = s[3:]
			continue
		}
		r, w := utf8.DecodeRuneInString(s)
		us = utf16.AppendRune(us, r)
		s = s[w:]
	}
	var h int32
	for _, u := range us {
		h = 31*h + int32(u)
	}
	return h
}

func TestLongHashCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v    int64
		want int32
	}{
		{0, 0},
		{1, 1},
		{-1, 0},
		{math.MaxInt64, math.MinInt32},
		{math.MinInt64, math.MinInt32},
		{1 << 32, 1},
		{0x1234567800000000, 0x12345678},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, LongHashCode(tt.v), "LongHashCode(%d)", tt.v)
	}
}

func TestAbsAndFloorMod(t *testing.T) {
	t.Parallel()
	assert.Equal(t, int32(math.MinInt32), Abs(math.MinInt32), "Abs(MinInt32): Java keeps it negative")
	for _, tt := range []struct{ in, want int32 }{{0, 0}, {5, 5}, {-5, 5}, {math.MaxInt32, math.MaxInt32}, {-math.MaxInt32, math.MaxInt32}} {
		assert.Equal(t, tt.want, Abs(tt.in), "Abs(%d)", tt.in)
	}
	for _, tt := range []struct{ v, n, want int64 }{
		{7, 3, 1}, {-7, 3, 2}, {7, -3, -2}, {-7, -3, -1}, {0, 5, 0}, {-6, 3, 0},
		{math.MinInt64, 3, 1}, {math.MaxInt64, 10, 7},
	} {
		assert.Equal(t, tt.want, FloorMod(tt.v, tt.n), "FloorMod(%d, %d)", tt.v, tt.n)
	}
}

func FuzzHashCode(f *testing.F) {
	f.Add("polygenelubricants")
	f.Add("😀ｲ中")
	f.Add("a\xed\xa0\x80\xed\xb5\xb5\xff") // two lone surrogates (WTF-8), an invalid byte
	f.Fuzz(func(t *testing.T, s string) {
		require.Equal(t, hashRef(s), HashCode(s), "HashCode(%q)", s)
	})
}
