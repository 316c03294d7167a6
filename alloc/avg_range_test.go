package alloc

import "testing"

func TestAverageRange(t *testing.T) {
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
			if start, n := AverageRange(idx, tt.q, tt.c); start != w[0] || n != w[1] {
				t.Errorf("AverageRange(%d, %d, %d) = (%d, %d), want (%d, %d)", idx, tt.q, tt.c, start, n, w[0], w[1])
			}
		}
	}
}
