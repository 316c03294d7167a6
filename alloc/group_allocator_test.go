package alloc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firstQueueGroup gives every member mqAll[0] (Allocate), and answers the
// group with the result it is told to.
type firstQueueGroup struct {
	result groupResult
	calls  *int
}

func (firstQueueGroup) Name() string { return "FIRST" }
func (s firstQueueGroup) Allocate(_, _ string, mqAll []MessageQueue, _ []string) ([]MessageQueue, error) {
	*s.calls++
	return mqAll[:1], nil
}
func (s firstQueueGroup) AllocateGroup(string, []MessageQueue, []string) (groupResult, error) {
	return s.result, nil
}

func TestAllocateAllUsesAGroupAllocator(t *testing.T) {
	t.Parallel()
	mq := queues("T", "b", 0, 1, 2)
	cids := []string{"c1", "c2"}
	tests := []struct {
		name      string
		result    groupResult
		wantCalls int // Allocate calls: 0 when the group result is used
	}{
		{"positions", groupResult{Members: cids, Positions: [][]int32{{0}, {0}}}, 0},
		{"queues", groupResult{Members: cids, Queues: [][]MessageQueue{mq[:1], mq[:1]}}, 0},
		{"other members", groupResult{Members: []string{"c2", "c1"}, Positions: [][]int32{{0}, {0}}}, 2},
		{"position outside mqAll", groupResult{Members: cids, Positions: [][]int32{{0}, {3}}}, 2},
		{"too few shares", groupResult{Members: cids, Positions: [][]int32{{0}}}, 2},
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

// runsStrategy answers AVG for the group as Runs, the shape without
// positions; AllocateAll must give what each member's own call gives.
type runsStrategy struct{ Strategy }

func (s runsStrategy) AllocateGroup(_ string, mqAll []MessageQueue, cidAll []string) (groupResult, error) {
	r := groupResult{}
	seen := map[string]bool{}
	for i, c := range cidAll {
		if seen[c] {
			continue
		}
		seen[c] = true
		start, n := AverageRange(i, len(mqAll), len(cidAll))
		r.Members = append(r.Members, c)
		r.Runs = append(r.Runs, [2]int32{int32(start), int32(n)})
	}
	return r, nil
}

func TestGroupResultRuns(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ q, c int }{{10, 4}, {3, 5}, {16, 4}, {1, 1}} {
		mqs, cids := benchTopic(tt.q, tt.c)
		cids = append(cids, cids[0]) // a duplicate: its slot belongs to nobody
		s := runsStrategy{Averagely()}
		plan, err := AllocateAll(s, "g", mqs, cids)
		require.NoError(t, err)
		for m, cid := range plan.Members() {
			want, err := Averagely().Allocate("g", cid, mqs, cids)
			require.NoError(t, err)
			assert.Equal(t, want, plan.MemberQueues(m), "q=%d c=%d %s", tt.q, tt.c, cid)
		}
	}
	// A run outside mqAll is refused: one Allocate call per member instead.
	mqs, cids := benchTopic(4, 2)
	bad := badRuns{Averagely()}
	plan, err := AllocateAll(bad, "g", mqs, cids)
	require.NoError(t, err)
	want, _ := Averagely().Allocate("g", cids[0], mqs, cids)
	assert.Equal(t, want, plan.MemberQueues(0))
}

type badRuns struct{ Strategy }

func (s badRuns) AllocateGroup(_ string, mqAll []MessageQueue, cidAll []string) (groupResult, error) {
	return groupResult{Members: cidAll, Runs: [][2]int32{{0, 99}, {0, 1}}}, nil
}
