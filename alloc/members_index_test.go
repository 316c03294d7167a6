package alloc

import (
	"hash/fnv"
	"hash/maphash"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// indexer is what indexMembers asks of a memberIndex; memberTable (the
// WebAssembly build's) and memberMap (the native build's) both have it.
type indexer interface {
	unsorted(n int)
	add(cid string) (int, bool)
	lookup(cid string) (int, bool)
}

// Both member indexes number IDs alike, in order of first occurrence, and
// find every one of them and nothing else — so the native tests cover the
// WebAssembly build's table too.
func TestMemberIndexesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		n := r.IntN(300)
		cids := make([]string, n)
		for i := range cids {
			cids[i] = "10.0.0." + strconv.Itoa(r.IntN(n+1)) + "@1"
		}
		for _, x := range []indexer{&memberTable{}, &memberMap{}} {
			x.unsorted(n)
			first := map[string]int{}
			for _, c := range cids {
				m, added := x.add(c)
				want, seen := first[c]
				if !seen {
					want = len(first)
					first[c] = want
				}
				require.Equal(t, m, want, "%T %q", x, c)
				require.Equal(t, added, !seen, "%T %q", x, c)
			}
			for c, want := range first {
				m, ok := x.lookup(c)
				require.True(t, ok, "%T %q", x, c)
				require.Equal(t, m, want, "%T %q", x, c)
			}
			_, ok := x.lookup("absent")
			assert.False(t, ok, "%T", x)
		}
	}
}

// fnv1a (the WebAssembly build's member and broker-name hash) is 32-bit
// FNV-1a, as hash/fnv computes it.
func TestFNV1a(t *testing.T) {
	for _, s := range []string{"", "a", "broker-a", "10.0.0.1@123", "中文"} {
		h := fnv.New32a()
		h.Write([]byte(s))
		assert.Equal(t, fnv1a(s), h.Sum32(), "%q", s)
	}
	seed := maphash.MakeSeed()
	assert.Equal(t, hashNameMaphash(seed, "broker-a"), hashNameMaphash(seed, "broker-a"), "the native name hash is a function")
}
