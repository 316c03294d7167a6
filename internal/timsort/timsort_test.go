package timsort

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// item is a key with its original position, to check stability.
type item struct{ key, pos int }

func byKey(a, b item) int { return cmp.Compare(a.key, b.key) }

func TestMinRunLength(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ n, want int }{
		{0, 0}, {31, 31}, {32, 16}, {33, 17}, {63, 32}, {64, 16}, {65, 17},
		{100, 25}, {1000, 32}, {1024, 16}, {1025, 17},
	} {
		assert.Equal(t, tt.want, minRunLength(tt.n), "n=%d", tt.n)
	}
}

func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	p, err := Perm(3, func(i, j int32) int { return cmp.Compare([]string{"b", "c", "a"}[i], []string{"b", "c", "a"}[j]) })
	require.NoError(t, err)
	assert.Equal(t, []int32{2, 0, 1}, p)

	// A strictly descending run is reversed; equal keys keep their order.
	s := []item{{3, 0}, {2, 1}, {1, 2}, {1, 3}, {0, 4}}
	require.NoError(t, Func(s, byKey))
	assert.Equal(t, []item{{0, 4}, {1, 2}, {1, 3}, {2, 1}, {3, 0}}, s)
}

// shapes are inputs that exercise runs, reversals, galloping and the
// merge-stack rules.
func shapes(r *rand.Rand, n int) map[string][]item {
	mk := func(key func(i int) int) []item {
		s := make([]item, n)
		for i := range s {
			s[i] = item{key(i), i}
		}
		return s
	}
	return map[string][]item{
		"random":      mk(func(int) int { return r.IntN(1 << 20) }),
		"fewKeys":     mk(func(int) int { return r.IntN(4) }),
		"ascending":   mk(func(i int) int { return i }),
		"descending":  mk(func(i int) int { return -i }),
		"sawtooth":    mk(func(i int) int { return i % 37 }),
		"descSaw":     mk(func(i int) int { return -(i % 53) }),
		"blocks":      mk(func(i int) int { return (i / 100) * ((i % 2) + 1) }),
		"nearSorted":  mk(func(i int) int { return i + r.IntN(5) }),
		"twoRuns":     mk(func(i int) int { return (i * 2) % (n + 1) }),
		"interleaved": mk(func(i int) int { return (i%2)*n + i/2 }),
	}
}

// For a consistent order the JDK's sort is a stable sort: it must agree
// with sort.SliceStable on every shape and size, including sizes around
// the insertion limit (32), minRun's boundaries and thousands.
func TestAgreesWithStableSortOnConsistentOrders(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	sizes := []int{0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 500, 1000, 1023, 4097, 20000}
	for range 30 {
		sizes = append(sizes, r.IntN(3000))
	}
	for _, n := range sizes {
		for name, in := range shapes(r, n) {
			want := slices.Clone(in)
			sort.SliceStable(want, func(i, j int) bool { return want[i].key < want[j].key })
			got := slices.Clone(in)
			require.NoError(t, Func(got, byKey), "%s n=%d", name, n)
			require.Equal(t, want, got, "%s n=%d", name, n)
		}
	}
}

// Java's MessageQueue.compareTo on queue IDs: the wrapping difference.
func wrapCompare(a, b int32) int { return cmp.Compare(a-b, 0) }

// An inconsistent comparison never panics: the sort ends with a
// permutation of the input or with ErrContract. The wrapping comparison
// over far-apart ids reaches both outcomes.
func TestInconsistentOrderNeverPanics(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	outcomes := map[bool]int{}
	for range 3000 {
		n := r.IntN(400)
		ids := make([]int32, n)
		for i := range ids {
			ids[i] = int32(r.Uint32())
		}
		got := slices.Clone(ids)
		err := Func(got, wrapCompare)
		outcomes[err == nil]++
		if err != nil {
			require.ErrorIs(t, err, ErrContract)
			require.Equal(t, ids, got, "left as it was on error")
			continue
		}
		a, b := slices.Clone(ids), slices.Clone(got)
		slices.Sort(a)
		slices.Sort(b)
		require.Equal(t, a, b, "a permutation of the input")
	}
	assert.Positive(t, outcomes[true])
	assert.Positive(t, outcomes[false])
}

// FuzzArbitraryComparison drives the sort with comparison answers read
// from the fuzz input (not even antisymmetric): it must neither panic nor
// lose elements, even when it fails.
func FuzzArbitraryComparison(f *testing.F) {
	f.Add(uint16(40), []byte{0, 1, 2, 3, 4, 5})
	f.Add(uint16(300), []byte{7, 7, 7, 0, 200, 13})
	f.Fuzz(func(t *testing.T, n uint16, answers []byte) {
		if len(answers) == 0 {
			answers = []byte{0}
		}
		k := 0
		p := make([]int32, int(n)%2000)
		for i := range p {
			p[i] = int32(i)
		}
		err := Sort(p, func(x, y int32) int {
			k++
			return int(answers[k%len(answers)]%3) - 1
		})
		if err != nil {
			require.ErrorIs(t, err, ErrContract)
		}
		// Sorted or half merged, p is still a permutation.
		seen := make([]bool, len(p))
		for _, i := range p {
			require.False(t, seen[i])
			seen[i] = true
		}
	})
}
