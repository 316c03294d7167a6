package alloc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// AllocateFor is exactly the strategy's own call, errors included; a nil
// strategy is an error, not a panic.
func TestAllocateFor(t *testing.T) {
	t.Parallel()
	mq := queues("T", "b", 0, 1, 2, 3, 4)
	cids := []string{"c1", "c2"}
	for _, s := range []Strategy{Averagely(), ByCircle(), ConsistentHash(3), ConsistentHash(-1), ByConfig(nil)} {
		for _, member := range []string{"c1", "c2", "ghost", ""} {
			want, wantErr := s.Allocate("g", member, mq, cids)
			got, err := AllocateFor(s, Request{Group: "g", Member: member, Queues: mq, Members: cids})
			assert.Equal(t, wantErr, err, s.Name())
			assert.Equal(t, want, got, s.Name())
		}
	}
	got, err := AllocateFor(Averagely(), Request{Group: "g", Member: "c2", Queues: mq, Members: cids})
	require.NoError(t, err)
	assert.Equal(t, mq[3:], got)

	_, err = AllocateFor(nil, Request{})
	assert.Equal(t, NullPointerException, JavaClassOf(err))
}
