package analysis

import (
	"math/rand/v2"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestViewsStaleAndNewMembers(t *testing.T) {
	// c3 joined; c1 has not seen it; c2 still lists c0, who left.
	qs := testkit.QueuesOn(6, "a")
	res, err := Views([]alloc.Strategy{alloc.Averagely()}, qs, []string{"c1", "c2", "c3"}, []View{
		{Member: "c1", Members: []string{"c1", "c2"}},
		{Member: "c2", Members: []string{"c0", "c1", "c2", "c3"}},
		{Member: "c3"},
	}, Options{})
	require.NoError(t, err)
	// c1: [a0 a1 a2]; c2 (index 2 of 4): [a4]; c3 (index 2 of 3): [a4 a5].
	assert.Equal(t, [][]int32{{0, 1, 2}, {4}, {4, 5}}, testkit.Shares(res.Combined))
	assert.Equal(t, []QueueOwners{{Queue: 4, Owners: []int32{1, 2}}}, res.DoubleOwned)
	assert.Equal(t, []int32{3}, res.Orphaned)
	assert.Equal(t, 1, res.Stats.Shared)
	assert.Equal(t, []string{"AVG", "AVG", "AVG"}, res.Strategies)
}

func TestViewsNotInOwnList(t *testing.T) {
	res, err := Views([]alloc.Strategy{alloc.Averagely()}, testkit.QueuesOn(2, "a"), []string{"c0"}, []View{{Member: "ghost"}}, Options{AsGiven: true})
	require.NoError(t, err)
	assert.Equal(t, [][]int32{{}}, testkit.Shares(res.Combined))
	assert.Equal(t, []int32{0, 1}, res.Orphaned)
	_, err = Views([]alloc.Strategy{alloc.Averagely()}, nil, nil, []View{{Member: "x", Strategy: 3}}, Options{AsGiven: true})
	assert.Error(t, err, "bad strategy index accepted")
}

// The combined plan is a whole *alloc.Plan: one member per view (a
// consumer listed twice stays twice), found by ID, its Queues sorted with
// GivenPositions back to the list given, and no client.
func TestViewsCombinedIsAPlan(t *testing.T) {
	qs := []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}, {Topic: "T", BrokerName: "a", QueueID: 0}}
	res, err := Views([]alloc.Strategy{alloc.Averagely()}, qs, []string{"c0", "c1"},
		[]View{{Member: "c1"}, {Member: "c0"}, {Member: "c1", Members: []string{"c1"}}}, Options{})
	require.NoError(t, err)
	p := res.Combined
	assert.Equal(t, []string{"c1", "c0", "c1"}, p.Members())
	assert.Equal(t, "VIEWS", p.Strategy())
	assert.Nil(t, p.Client())
	assert.Equal(t, []int32{1, 0}, p.GivenPositions())
	// Sorted: [a/0 b/1]; c0 takes a/0, c1 b/1 (and all of it alone).
	assert.Equal(t, [][]int32{{1}, {0}, {0, 1}}, testkit.Shares(p))
	assert.Equal(t, []alloc.MessageQueue{qs[0]}, p.Of("c1"), "the first view of c1")
	assert.Equal(t, []alloc.MessageQueue{qs[1], qs[0]}, p.MemberQueues(2))
	assert.Equal(t, [][]int32{{1, 2}, {0, 2}}, [][]int32{p.Owners(0), p.Owners(1)})
}

func TestSubscriptionMismatch(t *testing.T) {
	res, err := Subscription(alloc.Averagely(), testkit.QueuesOn(4, "a"), []string{"c0", "c1"}, []string{"c0"}, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"c0"}, res.Combined.Members())
	assert.Equal(t, []int32{2, 3}, res.Orphaned)
	assert.Empty(t, res.DoubleOwned)
}

func TestMixedClients(t *testing.T) {
	// Java orders 😀 before ｲ, Go after: under AVG both take q0 and
	// nobody takes q1.
	res, err := Mixed(alloc.Averagely(), goclient.Averagely(), testkit.QueuesOn(2, "b"), []Member{
		{ID: "😀", Client: alloc.LanguageJava},
		{ID: "ｲ", Client: alloc.LanguageGo},
	}, Options{})
	require.NoError(t, err)
	assert.Equal(t, [][]int32{{0}, {0}}, testkit.Shares(res.Combined))
	assert.Equal(t, []QueueOwners{{Queue: 0, Owners: []int32{0, 1}}}, res.DoubleOwned)
	assert.Equal(t, []int32{1}, res.Orphaned)
	assert.Equal(t, []string{"AVG", "go:AVG"}, res.Strategies)
	_, err = Mixed(alloc.Averagely(), goclient.Averagely(), nil, []Member{{ID: "x", Client: "rust"}}, Options{AsGiven: true})
	assert.Error(t, err, "unknown client accepted")
}

// On one consistent view, every partitioning strategy's consumers together
// take each queue at most once, and exactly what the whole-group plan says.
func TestConsistentViewsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		qs, cids := randomGroup(r)
		for _, s := range partitioning(t) {
			views := make([]View, 0, len(cids))
			seen := map[string]bool{}
			for _, c := range cids {
				if !seen[c] {
					seen[c] = true
					views = append(views, View{Member: c, Members: cids})
				}
			}
			res, err := Views([]alloc.Strategy{s}, qs, cids, views, Options{})
			require.NoError(t, err)
			require.False(t, len(res.DoubleOwned) != 0, "%s: double-owned %v on a consistent view", Label(s), res.DoubleOwned)
			p := mustPlan(t, s, qs, cids, Options{})
			assert.Equal(t, StatsOf(p, nil).Orphaned, res.Stats.Orphaned, Label(s))
			name := s.Name()
			// With a repeated client ID the later slots belong to nobody.
			if distinct := len(views) == len(cids); distinct && (name == "AVG" || name == "AVG_BY_CIRCLE" || name == "CONSISTENT_HASH") {
				require.False(t, len(res.Orphaned) != 0 && len(qs) > 0, "%s: orphans %v on a consistent view", Label(s), res.Orphaned)
			}
		}
	}
}
