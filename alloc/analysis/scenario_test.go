package analysis

import (
	"errors"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScenarioSteps(t *testing.T) {
	sc := Scenario{Topic: "T", Brokers: []string{"a", "b"}, QueuesPerBroker: 2, Members: []string{"c0", "c1"},
		Changes: []Change{
			{Kind: ChangeJoin, Members: []string{"c2"}},
			{Kind: ChangeCrash, Members: []string{"c0"}},
			{Kind: ChangeLeave, Members: []string{"c0"}},
			{Kind: ChangeQueues, Queues: 3},
			{Kind: ChangeAddBroker, Broker: "c"},
			{Kind: ChangeRemoveBroker, Broker: "a"},
		}}
	var progress [][2]int
	res, err := RunScenario(sc, []alloc.Strategy{alloc.Averagely(), goclient.Averagely()}, RunOptions{
		Progress: func(done, total int) { progress = append(progress, [2]int{done, total}) },
	})
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 7}, {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}}, progress)
	assert.Equal(t, []string{"AVG", "go:AVG"}, res.Strategies)
	assert.Len(t, res.Steps, 7)
	queues := []int{}
	for _, st := range res.Steps {
		queues = append(queues, st.Queues)
	}
	assert.Equal(t, []int{4, 4, 4, 4, 6, 9, 6}, queues)
	assert.Nil(t, res.Steps[0].Diffs)
	// Step 2: c0 crashed but is listed: its share [a0 a1] is unconsumed.
	assert.Equal(t, []string{"c0"}, res.Steps[2].Crashed)
	assert.Equal(t, []int{2, 2}, res.Steps[2].Unconsumed)
	assert.Equal(t, 0, res.Steps[2].Diffs[0].Moved)
	assert.Equal(t, []string{"c1", "c2"}, res.Steps[3].Members)
	assert.Equal(t, []int{0, 0}, res.Steps[3].Unconsumed)
	// join: 4 queues over c0..c2 (2,1,1) from (2,2): b0 moves c1→c2.
	assert.Equal(t, 1, res.Steps[1].Diffs[0].Moved)
	assert.Equal(t, 1, res.Steps[1].Diffs[0].MinMoves)
	tot := res.Totals[0]
	sumMoved, sumMin := 0, 0
	for _, st := range res.Steps[1:] {
		sumMoved += st.Diffs[0].Moved
		sumMin += st.Diffs[0].MinMoves
	}
	assert.Equal(t, []int{sumMoved, sumMin, sumMoved - sumMin}, []int{tot.Moved, tot.MinMoves, tot.Excess})
	assert.Equal(t, res.Totals[1].Moved, res.Totals[0].Moved, "Java and Go AVG agree on ASCII names")
}

func TestScenarioErrors(t *testing.T) {
	bad := []Scenario{
		{QueuesPerBroker: -1},
		{Changes: []Change{{Kind: "explode"}}},
		{Changes: []Change{{Kind: ChangeRemoveBroker, Broker: "zz"}}},
		{Changes: []Change{{Kind: ChangeQueues, Queues: -2}}},
		{Brokers: []string{"a", "b"}, QueuesPerBroker: MaxScenarioQueues},
		{Brokers: []string{"a"}, Changes: []Change{{Kind: ChangeQueues, Queues: 1 << 40}}},
	}
	for _, sc := range bad {
		_, err := RunScenario(sc, []alloc.Strategy{alloc.Averagely()}, RunOptions{})
		var e *alloc.Error
		assert.False(t, !errors.As(err, &e) || e.Field == "", "%+v: error %v", sc, err)
	}
	_, err := RunScenario(Scenario{}, []alloc.Strategy{nil}, RunOptions{})
	assert.Error(t, err, "nil strategy accepted")
}

func TestScenarioEmptyGroup(t *testing.T) {
	sc := Scenario{Topic: "T", Brokers: []string{"a"}, QueuesPerBroker: 2, Members: []string{"c0"},
		Changes: []Change{{Kind: ChangeLeave, Members: []string{"c0"}}, {Kind: ChangeJoin, Members: []string{"c1"}}}}
	res, err := RunScenario(sc, []alloc.Strategy{alloc.Averagely()}, RunOptions{})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Steps[1].Stats[0].Orphaned)
	assert.Equal(t, 2, res.Steps[1].Diffs[0].MinMoves, "no members: every owned queue loses its owner")
	assert.Equal(t, 2, res.Steps[2].Diffs[0].Moved)
}
