package analysis_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
	"github.com/rmqalloc/rmqalloc/alloc/candidate"
)

// TestCompareAgainstScenario: Compare's join figures are RunScenario's,
// and its window model is applied as documented.
func TestCompareAgainstScenario(t *testing.T) {
	g := analysis.CompareGroup{Queues: 16, Brokers: 2, Members: 3}
	named := []analysis.Named{{"avg", alloc.Averagely()}, {"sticky", candidate.Sticky()}}
	res, err := analysis.Compare(g, named)
	require.NoError(t, err)
	sc := analysis.Scenario{Topic: "TopicTest", Brokers: []string{"broker-a", "broker-b"}, QueuesPerBroker: 8,
		Members: []string{analysis.CompareMember(1), analysis.CompareMember(2), analysis.CompareMember(3)},
		Changes: []analysis.Change{{Kind: analysis.ChangeJoin, Members: []string{"192.168.1.4@4004"}}}}
	run, err := analysis.RunScenario(sc, []alloc.Strategy{alloc.Averagely(), candidate.Sticky()}, analysis.RunOptions{})
	require.NoError(t, err)
	for i, row := range res.Rows {
		join := row.Changes[0]
		assert.Equal(t, analysis.CompareJoin, join.Change)
		assert.Equal(t, run.Steps[1].Diffs[i].Moved, join.Moved, row.Label)
		assert.Equal(t, run.Steps[1].Diffs[i].MinMoves, join.MinMoves, row.Label)
		// Nobody left: every moved queue overlaps, 5 s each.
		assert.Equal(t, join.Moved, join.Overlap, row.Label)
		assert.Equal(t, 5*join.Moved, join.DupQueueSeconds, row.Label)
		// A leave: the leaver's queues do not overlap.
		leave := row.Changes[1]
		assert.Less(t, leave.Overlap, leave.Moved, row.Label)
		add := row.Changes[3]
		assert.Equal(t, 55*add.Overlap, add.DupQueueSeconds, row.Label)
		total := 0
		for _, c := range row.Changes {
			total += c.DupQueueSeconds
		}
		assert.Equal(t, total, row.DupQueueSeconds)
		assert.Equal(t, 5, row.Min)
		assert.Equal(t, 6, row.Max)
		// Balanced plans: the least from the strategy's own plan is at least
		// the least from any balanced plan.
		for k, c := range row.Changes {
			assert.GreaterOrEqual(t, c.MinMoves, res.Least[k], "%s %s", row.Label, c.Change)
		}
	}
	assert.Equal(t, []int{4, 5, 30, 0, 0}, res.Least)
}

// TestCompareJavaEqualsGoOnASCII: with ASCII client IDs Java's and the Go
// client's AVG sort alike, so they move alike.
func TestCompareJavaEqualsGoOnASCII(t *testing.T) {
	res, err := analysis.Compare(analysis.CompareGroup{Queues: 64, Brokers: 4, Members: 8}, nil)
	require.NoError(t, err)
	byLabel := map[string]analysis.CompareRow{}
	for _, r := range res.Rows {
		byLabel[r.Label] = r
		assert.Zero(t, r.Errors, r.Label)
	}
	java, golang := byLabel["java AVG"], byLabel["go AVG"]
	golang.Label, golang.Strategy = java.Label, java.Strategy
	assert.Equal(t, java, golang)
	assert.Equal(t, 8, byLabel["STICKY"].Min)
	assert.Equal(t, 8, byLabel["STICKY"].Max)
}

func TestCompareBadInput(t *testing.T) {
	for _, tc := range []struct {
		g    analysis.CompareGroup
		want string
	}{
		{analysis.CompareGroup{Queues: 16, Brokers: 0, Members: 3}, "group.brokers: must be at least 1, got 0"},
		{analysis.CompareGroup{Queues: 15, Brokers: 4, Members: 3}, "group.queues: must be a positive multiple of group.brokers (4), got 15"},
		{analysis.CompareGroup{Queues: 16, Brokers: 4, Members: 0}, "group.members: must be from 1 to 1024, got 0"},
	} {
		_, err := analysis.Compare(tc.g, nil)
		assert.EqualError(t, err, tc.want)
	}
	_, err := analysis.Compare(analysis.CompareGroup{Queues: 4, Brokers: 1, Members: 1}, []analysis.Named{{"x", nil}})
	assert.EqualError(t, err, "strategies[0]: strategy is null")
}

func TestMaxOverMin(t *testing.T) {
	assert.Equal(t, "1.50", analysis.MaxOverMin(2, 3))
	assert.Equal(t, "∞", analysis.MaxOverMin(0, 3))
	assert.Equal(t, "1.00", analysis.MaxOverMin(0, 0))
}

// FuzzCompare: any small group compares without errors, and every balanced
// strategy's least-from-its-own-plan is at least the least from any
// balanced plan.
func FuzzCompare(f *testing.F) {
	f.Add(uint8(16), uint8(4), uint8(3))
	f.Add(uint8(1), uint8(1), uint8(9))
	f.Fuzz(func(t *testing.T, perBroker, brokers, members uint8) {
		if perBroker == 0 || brokers == 0 || members == 0 || brokers > 6 || members > 12 || perBroker > 40 {
			return
		}
		g := analysis.CompareGroup{Queues: int(perBroker) * int(brokers), Brokers: int(brokers), Members: int(members)}
		named := []analysis.Named{{"avg", alloc.Averagely()}, {"sticky", candidate.Sticky()}, {"bounded", candidate.BoundedLoad(4, 110)}}
		res, err := analysis.Compare(g, named)
		require.NoError(t, err)
		for _, row := range res.Rows {
			require.Zero(t, row.Errors, row.Label)
			require.LessOrEqual(t, row.Max, candidate.Capacity(g.Queues, g.Members, 110), row.Label) // AVG and STICKY: ⌈n/c⌉
			for k, c := range row.Changes {
				require.GreaterOrEqual(t, c.Moved, 0)
				require.LessOrEqual(t, c.Overlap, c.Moved)
				if row.Label != "bounded" {
					require.GreaterOrEqual(t, c.MinMoves, res.Least[k], "%s %s %+v", row.Label, c.Change, g)
				}
			}
		}
	})
}
