package alloc

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConsistentHashParallelExact: hashing in chunks on several goroutines
// gives the plan of one goroutine, queue for queue.
func TestConsistentHashParallelExact(t *testing.T) {
	mqs, cids := benchTopic(3000, 120)
	s := mustCH(t, 10)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	serial, err := AllocateAll(s, "g", mqs, cids)
	require.NoError(t, err)
	for _, procs := range []int{2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		p, err := AllocateAll(s, "g", mqs, cids)
		require.NoError(t, err)
		require.Equal(t, serial.String(), p.String(), "GOMAXPROCS %d", procs)
	}
	// And one member's own call, which builds the same ring.
	own, err := s.Allocate("g", cids[7], mqs, cids)
	require.NoError(t, err)
	require.Equal(t, serial.Of(cids[7]), own)
}

// TestConsistentHashFuncNotConcurrent: a HashFunc of the caller's is never
// called from two goroutines at once (under -race, its unsynchronized
// counter would be reported).
func TestConsistentHashFuncNotConcurrent(t *testing.T) {
	calls := 0
	s := ConsistentHashFunc(10, func(key string) int64 {
		calls++
		return md5Hash(key)
	})
	require.NoError(t, Validate(s))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	mqs, cids := benchTopic(2000, 100)
	_, err := AllocateAll(s, "g", mqs, cids)
	require.NoError(t, err)
	require.Equal(t, 2000+100*10, calls)
}
