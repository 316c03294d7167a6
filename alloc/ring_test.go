package alloc

import (
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// TestNewRing: the ring holds every distinct position once, in increasing
// order (negative positions first, as Java's Long keys), each owned by the
// last node put there.
func TestNewRing(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		n := r.IntN(60)
		span := int64(1 + r.IntN(40)) // small: many equal positions
		nodes := make([]ringNode, n)
		for i := range nodes {
			pos := r.Int64N(span) - span/2
			if r.IntN(4) == 0 {
				pos += math.MaxUint32 // beyond 32 bits, as a custom HashFunc may give
			}
			nodes[i] = ringNode{pos: pos, member: int32(r.IntN(7))}
		}
		requireRingOf(t, nodes)
	}
}

// requireRingOf builds the ring of nodes and checks it against a reference
// from a map and a plain sort: every distinct position once, in increasing
// order, owned by the last node put there.
func requireRingOf(t *testing.T, nodes []ringNode) ring {
	t.Helper()
	last := map[int64]int32{}
	for _, n := range nodes {
		last[n.pos] = n.member
	}
	ring := newRing(slices.Clone(nodes))
	want := slices.Sorted(maps.Keys(last))
	require.False(t, !slices.Equal(ring.pos, want), "%d nodes: ring positions differ from the %d sorted distinct ones", len(nodes), len(want))
	for i, p := range ring.pos {
		require.False(t, ring.member[i] != last[p], "position %d: member %d, want %d (the last put)", p, ring.member[i], last[p])
	}
	return ring
}

// TestNewRingLarge: rings large enough to be radix sorted and indexed
// agree with a reference built from a map and a plain sort, over MD5's
// 32-bit range, with repeated positions, and with a few positions outside
// it (a custom HashFunc's), which take the comparison sort.
func TestNewRingLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{ringFastMinNodes, 1000, 20000} {
		for _, wide := range []bool{false, true} {
			nodes := make([]ringNode, n)
			for i := range nodes {
				pos := int64(r.Uint32())
				if i%7 == 3 {
					pos = nodes[r.IntN(i)].pos // a replacement
				}
				if wide && i%50 == 0 {
					pos = -pos - 1 + int64(r.IntN(2))*(math.MaxUint32+pos+2)
				}
				nodes[i] = ringNode{pos: pos, member: int32(r.IntN(1000))}
			}
			ring := requireRingOf(t, nodes)
			requireRoutes(t, ring, r)
		}
	}
}

// requireRoutes checks route against a linear search, at random
// positions, at every node's position and beside it, and beyond 32 bits.
func requireRoutes(t *testing.T, ring ring, r *rand.Rand) {
	t.Helper()
	linear := func(p int64) int32 {
		for i, q := range ring.pos {
			if q >= p {
				return ring.member[i]
			}
		}
		return ring.member[0]
	}
	probes := []int64{math.MinInt64, -1, 0, 1, math.MaxUint32, math.MaxUint32 + 1, math.MaxInt64}
	for _, p := range ring.pos {
		probes = append(probes, p-1, p, p+1)
	}
	for range 2000 {
		probes = append(probes, int64(r.Uint32()))
	}
	for _, p := range probes {
		got, want := ring.route(p), linear(p)
		require.False(t, got != want, "route(%d) = %d, want %d (%d nodes)", p, got, want, len(ring.pos))
	}
}

// TestRadixOrderIsStable: equal positions keep their insertion order.
func TestRadixOrderIsStable(t *testing.T) {
	nodes := make([]ringNode, 300)
	for i := range nodes {
		nodes[i] = ringNode{pos: int64(i%3) << 30, member: int32(i)}
	}
	order := radixOrder(nodes)
	want := sortx.Perm(len(nodes), func(i, j int32) int { return cmpInt64(nodes[i].pos, nodes[j].pos) })
	require.True(t, slices.Equal(order, want), "radix order %v..., want %v...", order[:8], want[:8])
}

// TestMemberIndexUnsorted: the member index of an unsorted cidAll numbers
// IDs by first occurrence and finds every one, and no non-member.
func TestMemberIndexUnsorted(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 3, 100, 3000} {
		cids := make([]string, n)
		for i := range cids {
			cids[i] = "c" + itoa(r.IntN(n)) // about a third repeat
		}
		cids = append([]string{"zz"}, cids...) // never sorted
		g := newGroupView("g", nil, cids)
		want := map[string]int{}
		for i, c := range cids {
			if _, ok := want[c]; !ok {
				want[c] = len(want)
				require.False(t, g.first[want[c]] != i, "member %q first at %d, want %d", c, g.first[want[c]], i)
			}
			require.False(t, int(g.slot[i]) != want[c], "slot %d = %d, want %d", i, g.slot[i], want[c])
		}
		require.False(t, len(g.members.ids) != len(want), "%d members, want %d", len(g.members.ids), len(want))
		for c, m := range want {
			got, ok := g.members.lookup(c)
			require.True(t, ok, "lookup(%q)", c)
			require.Equal(t, m, int(got), "lookup(%q)", c)
		}
		for i := range 2 * n {
			_, ok := g.members.lookup("x" + itoa(i))
			require.False(t, ok, "non-member x%d found", i)
		}
	}
}

// FuzzRing: for any nodes (4-byte positions, some beyond 32 bits), the
// ring is the distinct positions in order, each owned by the last node put
// there, and route agrees with a linear search.
func FuzzRing(f *testing.F) {
	f.Add([]byte("\x00\x00\x00\x01\xff\xff\xff\xff\x00\x00\x00\x01"), uint64(1))
	f.Add(make([]byte, 4*ringFastMinNodes), uint64(7))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		var nodes []ringNode
		for i := 0; i+4 <= len(data) && len(nodes) < 5000; i += 4 {
			pos := int64(data[i])<<24 | int64(data[i+1])<<16 | int64(data[i+2])<<8 | int64(data[i+3])
			if data[i]&data[i+1] == 0xff {
				pos = -pos // beyond MD5's range, as a custom HashFunc may give
			}
			nodes = append(nodes, ringNode{pos: pos, member: int32(i)})
		}
		if len(nodes) == 0 {
			return
		}
		ring := requireRingOf(t, nodes)
		requireRoutes(t, ring, rand.New(rand.NewPCG(seed, 1)))
	})
}
