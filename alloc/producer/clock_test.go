package producer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// TestDefaultStartIsRandom: without StartIndex, producers start at
// different places (the chance that 8 default producers over 1000 queues
// all pick the same first queue is 1e-21).
func TestDefaultStartIsRandom(t *testing.T) {
	first := map[int32]bool{}
	for range 8 {
		p, err := New(testkit.Queues("a", 1000), Options{Client: alloc.Java533})
		require.NoError(t, err)
		q, err := p.Select(Attempt{})
		require.NoError(t, err)
		first[q.QueueID] = true
	}
	require.GreaterOrEqual(t, len(first), 2, "8 default producers all started at the same queue %v", first)
}
