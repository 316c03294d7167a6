package analysis

import (
	"errors"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
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
	noErr(t, err)
	eq(t, progress, [][2]int{{1, 7}, {2, 7}, {3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}})
	eq(t, res.Strategies, []string{"AVG", "go:AVG"})
	eq(t, len(res.Steps), 7)
	queues := []int{}
	for _, st := range res.Steps {
		queues = append(queues, st.Queues)
	}
	eq(t, queues, []int{4, 4, 4, 4, 6, 9, 6})
	eq(t, res.Steps[0].Diffs == nil, true)
	// Step 2: c0 crashed but is listed: its share [a0 a1] is unconsumed.
	eq(t, res.Steps[2].Crashed, []string{"c0"})
	eq(t, res.Steps[2].Unconsumed, []int{2, 2})
	eq(t, res.Steps[2].Diffs[0].Moved, 0)
	eq(t, res.Steps[3].Members, []string{"c1", "c2"})
	eq(t, res.Steps[3].Unconsumed, []int{0, 0})
	// join: 4 queues over c0..c2 (2,1,1) from (2,2): b0 moves c1→c2.
	eq(t, res.Steps[1].Diffs[0].Moved, 1)
	eq(t, res.Steps[1].Diffs[0].MinMoves, 1)
	tot := res.Totals[0]
	sumMoved, sumMin := 0, 0
	for _, st := range res.Steps[1:] {
		sumMoved += st.Diffs[0].Moved
		sumMin += st.Diffs[0].MinMoves
	}
	eq(t, []int{tot.Moved, tot.MinMoves, tot.Excess}, []int{sumMoved, sumMin, sumMoved - sumMin})
	eq(t, res.Totals[0].Moved, res.Totals[1].Moved, "Java and Go AVG agree on ASCII names")
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
		if !errors.As(err, &e) || e.Field == "" {
			t.Errorf("%+v: error %v", sc, err)
		}
	}
	_, err := RunScenario(Scenario{}, []alloc.Strategy{nil}, RunOptions{})
	if err == nil {
		t.Error("nil strategy accepted")
	}
}

func TestScenarioEmptyGroup(t *testing.T) {
	sc := Scenario{Topic: "T", Brokers: []string{"a"}, QueuesPerBroker: 2, Members: []string{"c0"},
		Changes: []Change{{Kind: ChangeLeave, Members: []string{"c0"}}, {Kind: ChangeJoin, Members: []string{"c1"}}}}
	res, err := RunScenario(sc, []alloc.Strategy{alloc.Averagely()}, RunOptions{})
	noErr(t, err)
	eq(t, res.Steps[1].Plans[0].Stats.Orphaned, 2)
	eq(t, res.Steps[1].Diffs[0].MinMoves, 2, "no members: every owned queue loses its owner")
	eq(t, res.Steps[2].Diffs[0].Moved, 2)
}
