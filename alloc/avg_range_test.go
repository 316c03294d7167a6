package alloc

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAverageRange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		q, c int
		want [][2]int // (start, n) per consumer
	}{
		{10, 4, [][2]int{{0, 3}, {3, 3}, {6, 2}, {8, 2}}},
		{8, 4, [][2]int{{0, 2}, {2, 2}, {4, 2}, {6, 2}}},
		{2, 4, [][2]int{{0, 1}, {1, 1}, {0, 0}, {0, 0}}},
		{0, 1, [][2]int{{0, 0}}},
	}
	for _, tt := range tests {
		for idx, w := range tt.want {
			start, n := AverageRange(idx, tt.q, tt.c)
			assert.Equal(t, w, [2]int{start, n}, "AverageRange(%d, %d, %d)", idx, tt.q, tt.c)
		}
	}
}

// Outside its domain a consumer gets nothing; no input panics.
func TestAverageRangeIsTotal(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ idx, q, c int }{
		{0, 10, 0},  // no consumers (was a division by zero)
		{-1, 10, 4}, // was (-3, 3)
		{4, 10, 4},  // past the last consumer
		{0, -5, 3},
		{0, 10, -2},
		{math.MinInt, math.MaxInt, math.MaxInt},
		{math.MaxInt - 1, math.MaxInt - 1, math.MaxInt}, // idx+q would overflow
	} {
		start, n := AverageRange(tt.idx, tt.q, tt.c)
		assert.Equal(t, [2]int{0, 0}, [2]int{start, n}, "AverageRange(%d, %d, %d)", tt.idx, tt.q, tt.c)
	}
}

// FuzzAverageRange: the blocks of consumers 0..c-1 tile 0..q-1 in order.
func FuzzAverageRange(f *testing.F) {
	f.Add(10, 4)
	f.Add(3, 7)
	f.Fuzz(func(t *testing.T, q, c int) {
		q, c = q%5000, c%300
		next := 0
		for idx := -1; idx <= c; idx++ {
			start, n := AverageRange(idx, q, c)
			if n == 0 {
				assert.Zero(t, start)
				continue
			}
			assert.Equal(t, next, start)
			next += n
		}
		if q > 0 && c > 0 {
			assert.Equal(t, q, next)
		}
	})
}
