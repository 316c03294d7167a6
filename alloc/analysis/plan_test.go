package analysis

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlanStatsWorkedExample(t *testing.T) {
	p := mustPlan(t, alloc.Averagely(), testkit.QueuesOn(10, "broker-a"), []string{"c0", "c1", "c2", "c3"}, Options{AsGiven: true})
	assert.Equal(t, [][]int32{{0, 1, 2}, {3, 4, 5}, {6, 7}, {8, 9}}, testkit.Shares(p))
	st := StatsOf(p, nil)
	assert.Equal(t, []int{3, 3, 2, 2}, st.PerMember)
	assert.Equal(t, []int{2, 3, 3, 0, 0, 0, 10}, []int{st.Min, st.Max, st.Ideal, st.BalanceGap, st.Orphaned, st.Shared, st.Assigned})
	assert.Equal(t, 2.5, st.Mean)
	assert.Equal(t, 0.5, st.StdDev)
	assert.Equal(t, []int{}, st.Idle)
	assert.Equal(t, []BrokerSpread{{Broker: "broker-a", Queues: 10, Consumers: 4, MaxPerConsumer: 3}}, st.Brokers)
	assert.Equal(t, []int32{1}, p.Owners(4))

	idle := mustPlan(t, alloc.Averagely(), testkit.QueuesOn(4, "broker-a"), []string{"c0", "c1", "c2", "c3", "c4"}, Options{AsGiven: true})
	assert.Equal(t, []int{4}, StatsOf(idle, nil).Idle)
	assert.Equal(t, 0, StatsOf(idle, nil).Min)
}

func TestPlanSortsPerClient(t *testing.T) {
	// Java orders "😀" (surrogates) before "ｲ" (U+FF72); Go the other way.
	qs := []alloc.MessageQueue{{Topic: "T", BrokerName: "ｲ"}, {Topic: "T", BrokerName: "😀"}}
	cids := []string{"ｲ", "😀"}
	java := mustPlan(t, alloc.Averagely(), qs, cids, Options{})
	golang := mustPlan(t, goclient.Averagely(), qs, cids, Options{})
	assert.Equal(t, "😀", java.Queues()[0].BrokerName)
	assert.Equal(t, []string{"😀", "ｲ"}, java.Members())
	assert.Equal(t, java.Queues(), golang.Queues(), "canonical order is Java's for both clients")
	assert.Equal(t, java.Members(), golang.Members())
	assert.Equal(t, [][]int32{{0}, {1}}, testkit.Shares(java))
	assert.Equal(t, [][]int32{{0}, {1}}, testkit.Shares(golang), "Go sorts both lists the other way round: same pairs")

	// Over one broker the member order alone decides: Java gives q0 to 😀,
	// Go gives q0 to ｲ.
	java = mustPlan(t, alloc.Averagely(), testkit.QueuesOn(2, "b"), cids, Options{})
	golang = mustPlan(t, goclient.Averagely(), testkit.QueuesOn(2, "b"), cids, Options{})
	assert.Equal(t, [][]int32{{0}, {1}}, testkit.Shares(java))
	assert.Equal(t, [][]int32{{1}, {0}}, testkit.Shares(golang))
	assert.Equal(t, goclient.Client, golang.Client())
	assert.Equal(t, "go:AVG", PlanLabel(golang))
}

func TestPlanErrorsPerMember(t *testing.T) {
	p := mustPlan(t, alloc.Averagely(), nil, []string{"c0", "c1"}, Options{AsGiven: true})
	assert.Len(t, MemberErrors(p), 2)
	assert.Equal(t, alloc.IllegalArgumentException, MemberErrors(p)[0].JavaClass)
	g := mustPlan(t, goclient.ConsistentHash(0), testkit.QueuesOn(2, "b"), []string{"c0", "c1"}, Options{AsGiven: true})
	assert.Len(t, MemberErrors(g), 2)
	assert.Equal(t, goclient.PanicClass, MemberErrors(g)[1].JavaClass)
	assert.Equal(t, 2, StatsOf(g, nil).Orphaned)
	_, err := alloc.Rebalance(nil, "", nil, nil, alloc.RebalanceOptions{AsGiven: true})
	assert.Error(t, err, "nil strategy accepted")
}

func TestRoomsAndLocality(t *testing.T) {
	res, err := alloc.SplitResolver("@", 0, 1)
	require.NoError(t, err)
	// AVG over A@b0/0..3 then B@b1/0..3; members c0@A, c1@B, c2@B.
	p := mustPlan(t, alloc.Averagely(), testkit.QueuesOn(4, "A@b0", "B@b1"), []string{"c0@A", "c1@B", "c2@B"}, Options{AsGiven: true})
	// c0@A [A0 A1 A2], c1@B [A3 B0 B1], c2@B [B2 B3]: 7 of 8 local.
	assert.True(t, StatsOf(p, res).HasRooms)
	assert.Equal(t, 7.0/8, StatsOf(p, res).Locality)
	assert.Equal(t, []RoomSpread{
		{Room: "A", Queues: 4, Members: 1, Local: 3, Remote: 1},
		{Room: "B", Queues: 4, Members: 2, Local: 4},
	}, StatsOf(p, res).Rooms)
	f := RoomFuncs(func(q alloc.MessageQueue) string { return q.BrokerName[:1] }, func(c string) string { return c[len(c)-1:] })
	p2 := mustPlan(t, alloc.Averagely(), testkit.QueuesOn(4, "A@b0", "B@b1"), []string{"c0@A", "c1@B", "c2@B"}, Options{AsGiven: true})
	assert.Equal(t, StatsOf(p, res).Rooms, StatsOf(p2, f).Rooms)
}

// On one consistent view, partitioning strategies never hand a queue out
// twice, and the plan matches every member's own Allocate call.
func TestPlanMatchesAllocateProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		qs, cids := randomGroup(r)
		for _, s := range partitioning(t) {
			p := mustPlan(t, s, qs, cids, Options{})
			require.False(t, StatsOf(p, nil).Shared != 0, "%s: %d shared queues on a consistent view", PlanLabel(p), StatsOf(p, nil).Shared)
			sq, err := alloc.SortedQueues(qs)
			require.NoError(t, err)
			sc := alloc.SortedClientIDs(cids)
			if g, ok := s.(goclient.Strategy); ok {
				sq, sc = slices.Clone(qs), slices.Clone(cids)
				_ = goclient.Client.SortQueues(sq)
				goclient.Client.SortClientIDs(sc)
				s = g
			}
			for m, cid := range p.Members() {
				want, err := s.Allocate("g", cid, sq, sc)
				if err != nil {
					continue
				}
				got := make([]alloc.MessageQueue, len(p.MemberShare(m)))
				for i, q := range p.MemberShare(m) {
					got[i] = p.Queues()[q]
				}
				w := slices.Clone(want)
				slices.SortFunc(w, alloc.CompareQueues)
				require.True(t, slices.Equal(got, w), "%s %s: plan %v, Allocate %v", PlanLabel(p), cid, got, w)
			}
		}
	}
}
