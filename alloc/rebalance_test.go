package alloc_test

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRebalanceWorkedExamples(t *testing.T) {
	t.Parallel()
	q := func(broker string, id int32) alloc.MessageQueue {
		return alloc.MessageQueue{Topic: "T", BrokerName: broker, QueueID: id}
	}
	tests := []struct {
		name        string
		s           alloc.Strategy
		mqAll       []alloc.MessageQueue
		cidAll      []string
		asGiven     bool
		wantMembers []string
		wantShares  [][]int32
		wantOwners  [][]int32
		wantGiven   []int32 // nil: the identity, unless asGiven
	}{
		{
			name: "AVG over 10 queues and 4 members", s: alloc.Averagely(),
			mqAll: testkit.QueuesOn(10, "broker-a"), cidAll: []string{"c0", "c1", "c2", "c3"},
			wantMembers: []string{"c0", "c1", "c2", "c3"},
			wantShares:  [][]int32{{0, 1, 2}, {3, 4, 5}, {6, 7}, {8, 9}},
			wantOwners:  [][]int32{{0}, {0}, {0}, {1}, {1}, {1}, {2}, {2}, {3}, {3}},
		},
		{
			// Sorted: queues [a/0 a/1 b/0], members [c1 c2].
			name: "sorted like a rebalance", s: alloc.Averagely(),
			mqAll: []alloc.MessageQueue{q("b", 0), q("a", 1), q("a", 0)}, cidAll: []string{"c2", "c1"},
			wantMembers: []string{"c1", "c2"},
			wantShares:  [][]int32{{0, 1}, {2}},
			wantOwners:  [][]int32{{0}, {0}, {1}},
			wantGiven:   []int32{2, 1, 0},
		},
		{
			name: "as given", s: alloc.Averagely(),
			mqAll: []alloc.MessageQueue{q("b", 0), q("a", 1), q("a", 0)}, cidAll: []string{"c2", "c1"}, asGiven: true,
			wantMembers: []string{"c2", "c1"},
			wantShares:  [][]int32{{0, 1}, {2}},
			wantOwners:  [][]int32{{0}, {0}, {1}},
		},
		{
			// Java sorts 😀 (surrogates) before ｲ, Go the other way: the Go
			// client's first member is ｲ, which takes queue 0.
			name: "Go client's order mapped back to Java's", s: goclient.Averagely(),
			mqAll: testkit.QueuesOn(2, "b"), cidAll: []string{"ｲ", "😀"},
			wantMembers: []string{"😀", "ｲ"},
			wantShares:  [][]int32{{1}, {0}},
			wantOwners:  [][]int32{{1}, {0}},
		},
		{
			// Every member lists the configured queue; the other is nobody's.
			name: "CONFIG", s: alloc.ByConfig([]alloc.MessageQueue{q("b", 1)}),
			mqAll: testkit.QueuesOn(2, "b"), cidAll: []string{"c0", "c1"},
			wantMembers: []string{"c0", "c1"},
			wantShares:  [][]int32{{1}, {1}},
			wantOwners:  [][]int32{nil, {0, 1}},
		},
	}
	for _, tt := range tests {
		p, err := alloc.Rebalance(tt.s, "g", tt.mqAll, tt.cidAll, alloc.RebalanceOptions{AsGiven: tt.asGiven})
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.s.Name(), p.Strategy(), tt.name)
		assert.Equal(t, alloc.ClientOf(tt.s), p.Client(), tt.name)
		assert.Equal(t, tt.wantMembers, p.Members(), tt.name)
		assert.Equal(t, tt.wantShares, testkit.Shares(p), tt.name)
		assert.Equal(t, tt.wantOwners, testkit.Owners(p), tt.name)
		wantGiven := tt.wantGiven
		if wantGiven == nil && !tt.asGiven { // sorted already: the identity
			for i := range tt.mqAll {
				wantGiven = append(wantGiven, int32(i))
			}
		}
		assert.Equal(t, wantGiven, p.GivenPositions(), tt.name)
	}
}

// An error every member gets alike is every member's, not the call's.
func TestRebalanceRecordsGroupErrorsPerMember(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		s         alloc.Strategy
		mqAll     []alloc.MessageQueue
		wantClass string
	}{
		{"no queues", alloc.Averagely(), nil, alloc.IllegalArgumentException},
		{"Go client ring of 0 nodes", goclient.ConsistentHash(0), testkit.QueuesOn(2, "b"), goclient.PanicClass},
	}
	for _, tt := range tests {
		_, err := alloc.AllocateAll(tt.s, "g", tt.mqAll, []string{"c0", "c1"})
		require.Error(t, err, "%s: AllocateAll returns it", tt.name)
		p, err := alloc.Rebalance(tt.s, "g", tt.mqAll, []string{"c0", "c1"}, alloc.RebalanceOptions{})
		require.NoError(t, err, tt.name)
		for m := range p.Members() {
			assert.Equal(t, tt.wantClass, alloc.JavaClassOf(p.MemberErr(m)), "%s: member %d", tt.name, m)
			assert.Equal(t, []int32{}, p.MemberShare(m), tt.name)
			assert.Nil(t, p.MemberQueues(m), tt.name)
		}
	}
	_, err := alloc.Rebalance(nil, "g", nil, nil, alloc.RebalanceOptions{})
	assert.Equal(t, alloc.NullPointerException, alloc.JavaClassOf(err))
}

// Each member's queues, in order, are its own Allocate call's over the
// lists sorted as its client sorts them; MemberShare is them as ascending
// positions in Queues, and Owners inverts MemberShare.
func TestRebalanceMatchesEachMembersCall(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(21, 22))
	res, err := alloc.SplitResolver("@", 0, 1)
	require.NoError(t, err)
	strategies := []alloc.Strategy{
		alloc.Averagely(), alloc.ByCircle(), alloc.ConsistentHash(3), alloc.MachineRoomNearby(alloc.Averagely(), res),
		goclient.Averagely(), goclient.ByCircle(), goclient.ConsistentHash(3), goclient.ByConfig(testkit.QueuesOn(1, "A@b0")),
	}
	brokers := []string{"A@b0", "B@b1", "ｲ@b2", "😀@b3"}
	for range 200 {
		var mqAll []alloc.MessageQueue
		for _, b := range brokers[:1+r.IntN(len(brokers))] {
			for i := range r.IntN(6) {
				mqAll = append(mqAll, alloc.MessageQueue{Topic: "T", BrokerName: b, QueueID: int32(i)})
			}
		}
		r.Shuffle(len(mqAll), func(i, j int) { mqAll[i], mqAll[j] = mqAll[j], mqAll[i] })
		var cidAll []string
		for range 1 + r.IntN(6) {
			cidAll = append(cidAll, "10.0.0."+strconv.Itoa(r.IntN(9))+"@"+[]string{"A", "B", "ｲ", "😀"}[r.IntN(4)])
		}
		for _, s := range strategies {
			c := alloc.ClientOf(s)
			qs, cids := slices.Clone(mqAll), slices.Clone(cidAll)
			require.NoError(t, c.SortQueues(qs))
			c.SortClientIDs(cids)
			p, err := alloc.Rebalance(s, "g", mqAll, cidAll, alloc.RebalanceOptions{})
			require.NoError(t, err)
			for m, cid := range p.Members() {
				want, wantErr := s.Allocate("g", cid, qs, cids)
				if wantErr != nil {
					require.Error(t, p.MemberErr(m), "%s %s", s.Name(), cid)
					continue
				}
				require.NoError(t, p.MemberErr(m), "%s %s", s.Name(), cid)
				require.Equal(t, want, p.MemberQueues(m), "%s %s", s.Name(), cid)
				wantShare := []int32{}
				for _, q := range want {
					if k := slices.Index(p.Queues(), q); k >= 0 { // CONFIG may name others
						wantShare = append(wantShare, int32(k))
					}
				}
				slices.Sort(wantShare)
				require.Equal(t, slices.Compact(wantShare), p.MemberShare(m), "%s %s", s.Name(), cid)
				for _, k := range p.MemberShare(m) {
					require.Contains(t, p.Owners(int(k)), int32(m), "%s %s", s.Name(), cid)
				}
			}
		}
	}
}
