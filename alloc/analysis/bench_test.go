package analysis

import (
	"strconv"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// bigScenario is 20 brokers × 1000 queues (20000) and 1000 consumers in
// two rooms, then 10 changes.
func bigScenario() Scenario {
	sc := Scenario{Topic: "TopicTest", QueuesPerBroker: 1000}
	for b := 0; b < 20; b++ {
		sc.Brokers = append(sc.Brokers, "AB"[b%2:b%2+1]+"@broker-"+strconv.Itoa(b))
	}
	cid := func(i int) string {
		return "10.0." + strconv.Itoa(i/250) + "." + strconv.Itoa(i%250) + "@" + "AB"[i%2:i%2+1]
	}
	for i := 0; i < 1000; i++ {
		sc.Members = append(sc.Members, cid(i))
	}
	var joins, leaves, crashes []string
	for i := 1000; i < 1050; i++ {
		joins = append(joins, cid(i))
	}
	for i := 100; i < 150; i++ {
		leaves = append(leaves, cid(i))
	}
	for i := 500; i < 510; i++ {
		crashes = append(crashes, cid(i))
	}
	sc.Changes = []Change{
		{Kind: ChangeJoin, Members: joins},
		{Kind: ChangeLeave, Members: leaves},
		{Kind: ChangeCrash, Members: crashes},
		{Kind: ChangeLeave, Members: crashes},
		{Kind: ChangeQueues, Queues: 1100},
		{Kind: ChangeAddBroker, Broker: "A@broker-20"},
		{Kind: ChangeJoin, Members: []string{cid(2000)}},
		{Kind: ChangeRemoveBroker, Broker: "B@broker-1"},
		{Kind: ChangeQueues, Queues: 1000},
		{Kind: ChangeLeave, Members: []string{cid(0)}},
	}
	return sc
}

// allStrategies is every strategy of both clients, as the playground
// offers them.
func allStrategies(tb testing.TB) []alloc.Strategy {
	ch := alloc.ConsistentHash(10)
	res, err := alloc.SplitResolver("@", 0, 1)
	if err != nil {
		tb.Fatal(err)
	}
	nearby := alloc.MachineRoomNearby(alloc.Averagely(), res)
	return []alloc.Strategy{
		alloc.Averagely(), alloc.ByCircle(), ch, alloc.ByMachineRoom([]string{"A", "B"}), nearby,
		goclient.Averagely(), goclient.ByCircle(), goclient.ConsistentHash(10),
		goclient.ByMachineRoom([]string{"A", "B"}), goclient.MachineRoomNearby(),
	}
}

// BenchmarkScenario plays a 10-step scenario over 20000 queues × 1000
// consumers for all ten strategies (Java's and the Go client's).
func BenchmarkScenario(b *testing.B) {
	sc := bigScenario()
	strategies := allStrategies(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RunScenario(sc, strategies, RunOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiff compares two 20000-queue plans of 1000 and 1050 members.
func BenchmarkDiff(b *testing.B) {
	sc := bigScenario()
	st, _ := newScenarioState(sc)
	before := mustPlan(b, alloc.Averagely(), st.queues(), sc.Members, Options{})
	after := mustPlan(b, alloc.Averagely(), st.queues(), append(sc.Members, sc.Changes[0].Members...), Options{})
	b.ResetTimer()
	for b.Loop() {
		DiffPlans(before, after)
	}
}
