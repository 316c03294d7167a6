package alloc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firstQueueGroup gives every member mqAll[0] (Allocate), and answers the
// group with the result it is told to.
type firstQueueGroup struct {
	result GroupResult
	calls  *int
}

func (firstQueueGroup) Name() string { return "FIRST" }
func (s firstQueueGroup) Allocate(_, _ string, mqAll []MessageQueue, _ []string) ([]MessageQueue, error) {
	*s.calls++
	return mqAll[:1], nil
}
func (s firstQueueGroup) AllocateGroup(string, []MessageQueue, []string) (GroupResult, error) {
	return s.result, nil
}

func TestAllocateAllUsesAGroupAllocator(t *testing.T) {
	t.Parallel()
	mq := queues("T", "b", 0, 1, 2)
	cids := []string{"c1", "c2"}
	tests := []struct {
		name      string
		result    GroupResult
		wantCalls int // Allocate calls: 0 when the group result is used
	}{
		{"positions", GroupResult{Members: cids, Positions: [][]int32{{0}, {0}}}, 0},
		{"queues", GroupResult{Members: cids, Queues: [][]MessageQueue{mq[:1], mq[:1]}}, 0},
		{"other members", GroupResult{Members: []string{"c2", "c1"}, Positions: [][]int32{{0}, {0}}}, 2},
		{"position outside mqAll", GroupResult{Members: cids, Positions: [][]int32{{0}, {3}}}, 2},
		{"too few shares", GroupResult{Members: cids, Positions: [][]int32{{0}}}, 2},
	}
	for _, tt := range tests {
		calls := 0
		plan, err := AllocateAll(firstQueueGroup{result: tt.result, calls: &calls}, "g", mq, cids)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.wantCalls, calls, tt.name)
		for _, c := range cids {
			assert.Equal(t, mq[:1], plan.Of(c), tt.name)
		}
	}
}
