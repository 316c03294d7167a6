package alloc

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
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
		last := map[int64]int32{}
		for i := range nodes {
			pos := r.Int64N(span) - span/2
			if r.IntN(4) == 0 {
				pos += math.MaxUint32 // beyond 32 bits, as a custom HashFunc may give
			}
			nodes[i] = ringNode{pos: pos, member: int32(r.IntN(7))}
			last[pos] = nodes[i].member
		}
		ring := newRing(slices.Clone(nodes))
		if len(ring.pos) != len(last) || !slices.IsSorted(ring.pos) {
			t.Fatalf("ring positions %v for %d distinct", ring.pos, len(last))
		}
		for i, p := range ring.pos {
			if i > 0 && ring.pos[i-1] == p {
				t.Fatalf("position %d twice", p)
			}
			if ring.member[i] != last[p] {
				t.Fatalf("position %d: member %d, want %d (the last put)", p, ring.member[i], last[p])
			}
		}
	}
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
				if g.first[want[c]] != i {
					t.Fatalf("member %q first at %d, want %d", c, g.first[want[c]], i)
				}
			}
			if int(g.slot[i]) != want[c] {
				t.Fatalf("slot %d = %d, want %d", i, g.slot[i], want[c])
			}
		}
		if len(g.members.ids) != len(want) {
			t.Fatalf("%d members, want %d", len(g.members.ids), len(want))
		}
		for c, m := range want {
			if got, ok := g.members.lookup(c); !ok || got != m {
				t.Fatalf("lookup(%q) = %d, %v, want %d", c, got, ok, m)
			}
		}
		for i := range 2 * n {
			if _, ok := g.members.lookup("x" + itoa(i)); ok {
				t.Fatalf("non-member x%d found", i)
			}
		}
	}
}
