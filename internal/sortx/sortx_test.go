package sortx

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type item struct {
	key string
	seq int
}

func byKey(a, b item) int { return strings.Compare(a.key, b.key) }

func TestFuncWorkedExamples(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		in   []item
		want []item
	}{
		{"empty", nil, nil},
		{"one", []item{{"a", 0}}, []item{{"a", 0}}},
		{"ties keep their order", []item{{"b", 1}, {"a", 2}, {"b", 3}}, []item{{"a", 2}, {"b", 1}, {"b", 3}}},
		{"reversed", []item{{"c", 0}, {"b", 1}, {"a", 2}}, []item{{"a", 2}, {"b", 1}, {"c", 0}}},
		{"all equal", []item{{"x", 0}, {"x", 1}, {"x", 2}}, []item{{"x", 0}, {"x", 1}, {"x", 2}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := slices.Clone(c.in)
			Func(s, byKey)
			require.Equal(t, c.want, s)
		})
	}
}

func TestStableWorkedExample(t *testing.T) {
	s := []int32{3, 1, 2}
	Stable(s, cmp.Compare[int32])
	require.Equal(t, []int32{1, 2, 3}, s)
}

func TestPermWorkedExample(t *testing.T) {
	names := []string{"b", "c", "a"}
	p := Perm(len(names), func(i, j int32) int { return strings.Compare(names[i], names[j]) })
	require.Equal(t, []int32{2, 0, 1}, p)
}

func TestInt32s(t *testing.T) {
	s := []int32{5, -1, 3, 3, -1 << 31, 1<<31 - 1, 0}
	Int32s(s)
	require.Equal(t, []int32{-1 << 31, -1, 0, 3, 3, 5, 1<<31 - 1}, s)
}

// lcg is a tiny deterministic generator for the property tests.
type lcg uint64

func (g *lcg) next(n int) int {
	*g = *g*6364136223846793005 + 1442695040888963407
	return int(uint64(*g>>33) % uint64(n))
}

// TestFuncMatchesSlicesStable: for many lengths (across the insertion and
// merge paths, with odd run counts) and key ranges (many ties or none),
// Func gives exactly slices.SortStableFunc's result.
func TestFuncMatchesSlicesStable(t *testing.T) {
	t.Parallel()
	g := lcg(1)
	for _, n := range []int{2, 3, 15, 16, 17, 31, 32, 33, 47, 100, 257, 1000, 4099} {
		for _, keys := range []int{1, 3, 50, 1 << 30} {
			in := make([]item, n)
			for i := range in {
				in[i] = item{key: string(rune('a'+g.next(min(keys, 26)))) + strings.Repeat("z", g.next(min(keys, 4))), seq: i}
			}
			got, want := slices.Clone(in), slices.Clone(in)
			Func(got, byKey)
			slices.SortStableFunc(want, byKey)
			require.Equal(t, want, got, "n=%d keys=%d", n, keys)
		}
	}
}

// TestStableOnPresortedAndReversed covers the merge's fast path (runs
// already in order) and its worst case.
func TestStableOnPresortedAndReversed(t *testing.T) {
	for _, n := range []int{16, 17, 64, 1000} {
		up := make([]int32, n)
		down := make([]int32, n)
		for i := range up {
			up[i] = int32(i)
			down[i] = int32(n - 1 - i)
		}
		Int32s(up)
		Int32s(down)
		require.True(t, slices.IsSorted(up))
		require.Equal(t, up, down)
	}
}

func TestFuncSmallDoesNotAllocate(t *testing.T) {
	s := []int{3, 1, 2, 9, 4, 4, 0}
	allocs := testing.AllocsPerRun(10, func() {
		s[0], s[6] = s[6], s[0]
		Func(s, cmp.Compare[int])
	})
	require.Equal(t, 0.0, allocs)
	require.True(t, slices.IsSorted(s))
}

// FuzzFunc: any input sorts to slices.SortStableFunc's result (so the
// order is right and ties keep their order), and nothing panics.
func FuzzFunc(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 1, 2})
	f.Add([]byte("the quick brown fox jumps over the lazy dog, twice: the quick brown fox"))
	f.Fuzz(func(t *testing.T, b []byte) {
		in := make([]item, len(b))
		for i, c := range b {
			in[i] = item{key: string(rune('a' + c%7)), seq: i}
		}
		got, want := slices.Clone(in), slices.Clone(in)
		Func(got, byKey)
		slices.SortStableFunc(want, byKey)
		require.True(t, slices.Equal(got, want), "got %v, want %v", got, want)
	})
}

// benchInput is n items in a shuffled order with ~n/4 distinct keys.
func benchInput(n int) []item {
	g := lcg(7)
	in := make([]item, n)
	for i := range in {
		in[i] = item{key: "broker-" + string(rune('a'+g.next(26))) + string(rune('a'+g.next(26))), seq: g.next(1 << 20)}
	}
	return in
}

func BenchmarkFunc(b *testing.B) {
	in := benchInput(20000)
	s := make([]item, len(in))
	for b.Loop() {
		copy(s, in)
		Func(s, byKey)
	}
}

// BenchmarkSlicesStable is the baseline Func replaced.
func BenchmarkSlicesStable(b *testing.B) {
	in := benchInput(20000)
	s := make([]item, len(in))
	for b.Loop() {
		copy(s, in)
		slices.SortStableFunc(s, byKey)
	}
}
