package timsort

import (
	"cmp"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// pushRuns lays out ascending runs of the given lengths, each starting
// below the previous one's end (so the runs are maximal), pushes them one
// by one as the sort does and checks the stack invariant on the WHOLE
// stack after every collapse: each run longer than the next, and longer
// than the next two together. The JDK 8 fix (also checking the third run
// from the top) is what keeps it below the top; de Gouw et al.'s
// counterexample is the run lengths 120 80 25 20 30.
func pushRuns(t *testing.T, lengths []int) []int32 {
	t.Helper()
	var a []int32
	base := int32(1 << 30)
	for _, n := range lengths {
		base -= int32(n) + 10
		for k := range n {
			a = append(a, base+int32(k))
		}
	}
	s := &sorter{a: a, cmp: func(x, y int32) int { return cmp.Compare(x, y) }, minGallop: minGallop}
	lo := 0
	for _, n := range lengths {
		require.Equal(t, n, ascendingRun(a[lo:], s.cmp), "run at %d", lo)
		s.runs = append(s.runs, span{lo, n})
		require.NoError(t, s.collapse())
		for i := 0; i+1 < len(s.runs); i++ {
			require.Greater(t, s.runs[i].len, s.runs[i+1].len, "stack %v after pushing %d", s.runs, n)
			if i+2 < len(s.runs) {
				require.Greater(t, s.runs[i].len, s.runs[i+1].len+s.runs[i+2].len, "stack %v after pushing %d", s.runs, n)
			}
		}
		lo += n
	}
	require.NoError(t, s.forceCollapse())
	return a
}

func TestCollapseKeepsTheWholeStackInvariant(t *testing.T) {
	t.Parallel()
	pushRuns(t, []int{120, 80, 25, 20, 30})
	r := rand.New(rand.NewPCG(13, 14))
	for range 300 {
		lengths := make([]int, 2+r.IntN(40))
		for i := range lengths {
			lengths[i] = 16 + r.IntN(200)
		}
		a := pushRuns(t, lengths)
		for i := 1; i < len(a); i++ {
			require.Less(t, a[i-1], a[i])
		}
	}
}
