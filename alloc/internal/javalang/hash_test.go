package javalang

import (
	"math"
	"testing"
	"unicode/utf16"
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
		if got := HashCode(tt.s); got != tt.want {
			t.Errorf("HashCode(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// hashRef is String.hashCode spelled out over UTF-16 units.
func hashRef(s string) int32 {
	var h int32
	for _, u := range utf16.Encode([]rune(s)) {
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
		if got := LongHashCode(tt.v); got != tt.want {
			t.Errorf("LongHashCode(%d) = %d, want %d", tt.v, got, tt.want)
		}
	}
}

func TestAbsAndFloorMod(t *testing.T) {
	t.Parallel()
	if got := Abs(math.MinInt32); got != math.MinInt32 {
		t.Errorf("Abs(MinInt32) = %d, want MinInt32 (Java keeps it negative)", got)
	}
	for _, tt := range []struct{ in, want int32 }{{0, 0}, {5, 5}, {-5, 5}, {math.MaxInt32, math.MaxInt32}, {-math.MaxInt32, math.MaxInt32}} {
		if got := Abs(tt.in); got != tt.want {
			t.Errorf("Abs(%d) = %d, want %d", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ v, n, want int64 }{
		{7, 3, 1}, {-7, 3, 2}, {7, -3, -2}, {-7, -3, -1}, {0, 5, 0}, {-6, 3, 0},
		{math.MinInt64, 3, 1}, {math.MaxInt64, 10, 7},
	} {
		if got := FloorMod(tt.v, tt.n); got != tt.want {
			t.Errorf("FloorMod(%d, %d) = %d, want %d", tt.v, tt.n, got, tt.want)
		}
	}
}

func FuzzHashCode(f *testing.F) {
	f.Add("polygenelubricants")
	f.Add("😀ｲ中")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := HashCode(s), hashRef(s); got != want {
			t.Fatalf("HashCode(%q) = %d, want %d", s, got, want)
		}
	})
}
