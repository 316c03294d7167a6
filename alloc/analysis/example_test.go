package analysis_test

import (
	"fmt"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// queues is n queues of topic T on each broker.
func queues(n int, brokers ...string) []alloc.MessageQueue {
	var qs []alloc.MessageQueue
	for _, b := range brokers {
		for i := 0; i < n; i++ {
			qs = append(qs, alloc.MessageQueue{Topic: "T", BrokerName: b, QueueID: int32(i)})
		}
	}
	return qs
}

// names writes positions as brokerName/queueId.
func names(p *alloc.Plan, pos []int32) string {
	s := make([]string, len(pos))
	for i, q := range pos {
		s[i] = p.Queues()[q].BrokerName + "/" + fmt.Sprint(p.Queues()[q].QueueID)
	}
	return "[" + strings.Join(s, " ") + "]"
}

func ExampleStatsOf() {
	p, _ := alloc.Rebalance(alloc.Averagely(), "group", queues(5, "a", "b"), []string{"c0", "c1", "c2", "c3"}, alloc.RebalanceOptions{})
	for m, cid := range p.Members() {
		fmt.Println(cid, names(p, p.MemberShare(m)))
	}
	st := analysis.StatsOf(p, nil)
	fmt.Printf("min %d max %d mean %.1f stddev %.2f idle %v\n", st.Min, st.Max, st.Mean, st.StdDev, st.Idle)
	for _, b := range st.Brokers {
		fmt.Printf("%s: %d queues on %d consumers, at most %d each\n", b.Broker, b.Queues, b.Consumers, b.MaxPerConsumer)
	}
	// Output:
	// c0 [a/0 a/1 a/2]
	// c1 [a/3 a/4 b/0]
	// c2 [b/1 b/2]
	// c3 [b/3 b/4]
	// min 2 max 3 mean 2.5 stddev 0.50 idle []
	// a: 5 queues on 2 consumers, at most 3 each
	// b: 5 queues on 3 consumers, at most 2 each
}

func ExampleDiffPlans() {
	qs := queues(6, "a")
	before, _ := alloc.Rebalance(alloc.Averagely(), "group", qs, []string{"c0", "c1"}, alloc.RebalanceOptions{})
	after, _ := alloc.Rebalance(alloc.Averagely(), "group", qs, []string{"c0", "c1", "c2"}, alloc.RebalanceOptions{})
	d := analysis.DiffPlans(before, after)
	fmt.Printf("moved %d kept %d, least possible %d, excess %d\n", d.Moved, d.Kept, d.MinMoves, d.Excess)
	fmt.Println("moved:", names(after, d.MovedQueues))
	for _, m := range d.Members {
		fmt.Printf("%s gained %s lost %s\n", m.Member, names(after, m.Gained), names(before, m.Lost))
	}
	// Output:
	// moved 3 kept 3, least possible 2, excess 1
	// moved: [a/2 a/4 a/5]
	// c0 gained [] lost [a/2]
	// c1 gained [a/2] lost [a/4 a/5]
	// c2 gained [a/4 a/5] lost []
}

func ExampleRunScenario() {
	ch := alloc.ConsistentHash(10)
	sc := analysis.Scenario{
		Topic: "T", Brokers: []string{"broker-a", "broker-b"}, QueuesPerBroker: 8,
		Members: []string{"10.0.0.1@7", "10.0.0.2@7", "10.0.0.3@7", "10.0.0.4@7"},
		Changes: []analysis.Change{
			{Kind: analysis.ChangeJoin, Members: []string{"10.0.0.5@7"}},
			{Kind: analysis.ChangeCrash, Members: []string{"10.0.0.2@7"}},
			{Kind: analysis.ChangeLeave, Members: []string{"10.0.0.2@7"}},
			{Kind: analysis.ChangeQueues, Queues: 16},
			{Kind: analysis.ChangeAddBroker, Broker: "broker-c"},
		},
	}
	strategies := []alloc.Strategy{alloc.Averagely(), alloc.ByCircle(), ch, goclient.ConsistentHash(10)}
	res, _ := analysis.RunScenario(sc, strategies, analysis.RunOptions{})
	row := func(cells ...string) {
		line := ""
		for _, c := range cells {
			line += fmt.Sprintf("%-19s", c)
		}
		fmt.Println(strings.TrimRight(line, " "))
	}
	row(append([]string{"step"}, res.Strategies...)...)
	for _, st := range res.Steps {
		cells := []string{"start"}
		if st.Change.Kind != "" {
			cells[0] = st.Change.Kind
		}
		for i, stats := range st.Stats {
			moved := "-"
			if st.Diffs != nil {
				moved = fmt.Sprintf("%d/%d", st.Diffs[i].Moved, st.Diffs[i].MinMoves)
			}
			cells = append(cells, fmt.Sprintf("%s %d..%d u%d", moved, stats.Min, stats.Max, st.Unconsumed[i]))
		}
		row(cells...)
	}
	for _, t := range res.Totals {
		fmt.Printf("%s: moved %d, least %d, excess %d, worst balance gap %d\n", t.Strategy, t.Moved, t.MinMoves, t.Excess, t.MaxBalanceGap)
	}
	// Output:
	// step               AVG                AVG_BY_CIRCLE      CONSISTENT_HASH    go:CONSISTENT_HASH
	// start              - 4..4 u0          - 4..4 u0          - 3..5 u0          - 0..13 u0
	// join               6/3 3..4 u0        12/3 3..4 u0       2/3 2..5 u0        7/9 0..7 u0
	// crash              0/0 3..4 u3        0/0 3..4 u3        0/1 2..5 u3        0/6 0..7 u2
	// leave              6/3 4..4 u0        15/3 4..4 u0       3/4 3..5 u0        2/7 1..7 u0
	// queues             8/0 8..8 u0        0/0 8..8 u0        0/0 6..10 u0       0/0 2..13 u0
	// addBroker          20/0 12..12 u0     0/0 12..12 u0      0/0 9..15 u0       0/1 4..20 u0
	// AVG: moved 40, least 6, excess 34, worst balance gap 0
	// AVG_BY_CIRCLE: moved 27, least 6, excess 21, worst balance gap 0
	// CONSISTENT_HASH: moved 5, least 8, excess -3, worst balance gap 3
	// go:CONSISTENT_HASH: moved 9, least 23, excess -14, worst balance gap 9
}

func ExampleViews() {
	// c3 has just joined; c1 has not seen it yet.
	qs := queues(6, "a")
	res, _ := analysis.Views([]alloc.Strategy{alloc.Averagely()}, qs, []string{"c1", "c2", "c3"}, []analysis.View{
		{Member: "c1", Members: []string{"c1", "c2"}},
		{Member: "c2"},
		{Member: "c3"},
	}, analysis.Options{})
	p := res.Combined
	for c, cid := range p.Members() {
		fmt.Println(cid, names(p, p.MemberShare(c)))
	}
	for _, d := range res.DoubleOwned {
		fmt.Println("double:", names(p, []int32{d.Queue}), "by", d.Owners)
	}
	fmt.Println("orphaned:", names(p, res.Orphaned))
	// Output:
	// c1 [a/0 a/1 a/2]
	// c2 [a/2 a/3]
	// c3 [a/4 a/5]
	// double: [a/2] by [0 1]
	// orphaned: []
}

func ExampleSubscription() {
	res, _ := analysis.Subscription(alloc.Averagely(), queues(4, "a"), []string{"c0", "c1"}, []string{"c0"}, analysis.Options{})
	fmt.Println("never consumed:", names(res.Combined, res.Orphaned))
	// Output:
	// never consumed: [a/2 a/3]
}

func ExampleMixed() {
	java := alloc.ConsistentHash(10)
	members := []analysis.Member{
		{ID: "10.0.0.1@1", Client: alloc.LanguageJava},
		{ID: "10.0.0.2@1", Client: alloc.LanguageGo},
		{ID: "10.0.0.3@1", Client: alloc.LanguageJava},
	}
	res, _ := analysis.Mixed(java, goclient.ConsistentHash(10), queues(4, "broker-a", "broker-b"), members, analysis.Options{})
	p := res.Combined
	for c, cid := range p.Members() {
		fmt.Println(cid, res.Strategies[c], names(p, p.MemberShare(c)))
	}
	fmt.Println("double-owned:", len(res.DoubleOwned), "orphaned:", names(p, res.Orphaned))
	// Output:
	// 10.0.0.1@1 CONSISTENT_HASH [broker-a/0 broker-b/1]
	// 10.0.0.2@1 go:CONSISTENT_HASH [broker-a/0 broker-a/1 broker-a/3 broker-b/2]
	// 10.0.0.3@1 CONSISTENT_HASH [broker-a/2 broker-a/3]
	// double-owned: 2 orphaned: [broker-b/0 broker-b/3]
}
