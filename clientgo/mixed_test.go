package clientgo_test

import (
	"slices"
	"testing"

	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/clientgo"
)

// member is one consumer of a mixed group: a Java client (its share as
// Java computes it) or a Go client running strategy.
type member struct {
	id       string
	java     bool
	strategy consumer.AllocateStrategy // Go members only
}

func topic16() []*primitive.MessageQueue {
	var out []*primitive.MessageQueue
	for _, b := range []string{"broker-a", "broker-b"} {
		for q := 0; q < 8; q++ {
			out = append(out, &primitive.MessageQueue{Topic: "TopicTest", BrokerName: b, QueueId: q})
		}
	}
	return out
}

// owners runs every member's own rebalance and counts the queues two or
// more members consume and those nobody consumes.
func owners(t *testing.T, javaStrategy alloc.Strategy, members []member) (doubled, orphaned int) {
	t.Helper()
	mqs := topic16()
	var cids []string
	for _, m := range members {
		cids = append(cids, m.id)
	}
	count := map[primitive.MessageQueue]int{}
	for _, m := range members {
		var mine []*primitive.MessageQueue
		if m.java {
			mine = clientgo.Java(javaStrategy)("g", m.id, mqs, cids)
		} else {
			qs, ids := slices.Clone(mqs), slices.Clone(cids)
			goOrder(qs, ids) // what the Go client hands its strategy
			mine = m.strategy("g", m.id, qs, ids)
		}
		for _, q := range mine {
			count[*q]++
		}
	}
	for _, q := range mqs {
		switch n := count[*q]; {
		case n == 0:
			orphaned++
		case n > 1:
			doubled++
		}
	}
	return doubled, orphaned
}

// TestMixedGroupFigures: the figures of the README's "Mixed Java and Go
// groups", with the real rocketmq-client-go v2.1.2 strategies on the Go
// members. 16 queues (2 brokers × 8), 2 Java and 2 Go consumers.
func TestMixedGroupFigures(t *testing.T) {
	// AVG with client IDs whose instance names sort differently: Java puts
	// "😀" (a surrogate pair, 0xD83D...) before "ｲ" (0xFF72), Go's bytes
	// the other way round. The Java "ｲ" and the Go "😀" then both think they
	// are third and take the same 4 queues; the fourth range goes unconsumed.
	avg := []member{
		{id: "192.168.1.1@4001", java: true},
		{id: "192.168.1.1@ｲ", java: true},
		{id: "192.168.1.1@😀", strategy: consumer.AllocateByAveragely},
		{id: "192.168.1.2@4002", strategy: consumer.AllocateByAveragely},
	}
	doubled, orphaned := owners(t, alloc.Averagely(), avg)
	assert.Equal(t, 4, doubled, "AVG, Go client's own strategy: queues consumed twice")
	assert.Equal(t, 4, orphaned, "AVG, Go client's own strategy: queues nobody consumes")

	// CONSISTENT_HASH with plain ASCII IDs: the two clients' rings differ.
	ch := []member{
		{id: "192.168.1.1@4001", java: true},
		{id: "192.168.1.2@4002", strategy: consumer.AllocateByConsistentHash(10)},
		{id: "192.168.1.3@4003", java: true},
		{id: "192.168.1.4@4004", strategy: consumer.AllocateByConsistentHash(10)},
	}
	doubled, orphaned = owners(t, alloc.ConsistentHash(10), ch)
	t.Logf("CONSISTENT_HASH: %d doubled, %d orphaned", doubled, orphaned)
	assert.Equal(t, 3, doubled, "CONSISTENT_HASH, Go client's own strategy: queues consumed twice")
	assert.Equal(t, 4, orphaned, "CONSISTENT_HASH, Go client's own strategy: queues nobody consumes")

	// The main module's emulation of the Go client (analysis.Mixed) finds
	// the same, from the same inputs.
	for _, g := range []struct {
		java, golang     alloc.Strategy
		members          []member
		doubled, orphans int
	}{
		{alloc.Averagely(), goclient.Averagely(), avg, 4, 4},
		{alloc.ConsistentHash(10), goclient.ConsistentHash(10), ch, 3, 4},
	} {
		var qs []alloc.MessageQueue
		for _, q := range topic16() {
			qs = append(qs, alloc.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: int32(q.QueueId)})
		}
		var ms []analysis.Member
		for _, m := range g.members {
			client := alloc.LanguageGo
			if m.java {
				client = alloc.LanguageJava
			}
			ms = append(ms, analysis.Member{ID: m.id, Client: client})
		}
		res, err := analysis.Mixed(g.java, g.golang, qs, ms, analysis.Options{})
		require.NoError(t, err)
		assert.Len(t, res.DoubleOwned, g.doubled, g.java.Name())
		assert.Len(t, res.Orphaned, g.orphans, g.java.Name())
	}

	// With clientgo on the Go members, every queue has one owner.
	for i := range avg {
		avg[i].strategy = clientgo.Averagely()
	}
	for i := range ch {
		ch[i].strategy = clientgo.ConsistentHash(10)
	}
	for _, g := range []struct {
		s       alloc.Strategy
		members []member
	}{{alloc.Averagely(), avg}, {alloc.ConsistentHash(10), ch}} {
		doubled, orphaned := owners(t, g.s, g.members)
		require.Zero(t, doubled, g.s.Name())
		require.Zero(t, orphaned, g.s.Name())
	}
}

// TestWithStrategy: the functions are what consumer.WithStrategy takes.
func TestWithStrategy(t *testing.T) {
	for _, s := range []consumer.AllocateStrategy{
		clientgo.Averagely(), clientgo.ByCircle(), clientgo.ConsistentHash(10),
		clientgo.ByConfig(topic16()[:2]), clientgo.ByMachineRoom([]string{"a"}, alloc.Java533),
		clientgo.MachineRoomNearby(alloc.Averagely(), mustResolver(t)),
		clientgo.Rendezvous(), clientgo.BoundedLoad(10, 125), clientgo.Sticky(),
	} {
		assert.NotNil(t, consumer.WithStrategy(s))
	}
}

func mustResolver(t *testing.T) alloc.MachineRoomResolver {
	r, err := alloc.SplitResolver("-", 1, 1)
	require.NoError(t, err)
	return r
}

// TestCandidatesCoverOnce: a group of Go consumers on a candidate strategy
// consumes every queue exactly once, whatever order each one got the lists in.
func TestCandidatesCoverOnce(t *testing.T) {
	cids := []string{"192.168.1.1@4001", "192.168.1.2@4002", "192.168.1.3@4003"}
	for _, s := range []consumer.AllocateStrategy{clientgo.Rendezvous(), clientgo.BoundedLoad(10, 125), clientgo.Sticky()} {
		var members []member
		for _, id := range cids {
			members = append(members, member{id: id, strategy: s})
		}
		doubled, orphaned := owners(t, alloc.Averagely(), members)
		assert.Zero(t, doubled)
		assert.Zero(t, orphaned)
	}
}

// TestBadInputIsNil: where Java's rebalance would throw, the strategy
// returns nil (the Go client then holds no queue of the topic).
func TestBadInputIsNil(t *testing.T) {
	mqs := topic16()
	assert.Nil(t, clientgo.Averagely()("g", "", mqs, []string{"a"}))
	assert.Nil(t, clientgo.Averagely()("g", "a", nil, []string{"a"}))
	assert.Nil(t, clientgo.Averagely()("g", "a", mqs, nil))
	assert.Nil(t, clientgo.Averagely()("g", "a", []*primitive.MessageQueue{nil}, []string{"a"}))
	assert.Nil(t, clientgo.BoundedLoad(0, 125)("g", "a", mqs, []string{"a"}))
	// A queue ID Java's int cannot hold.
	assert.Nil(t, clientgo.Averagely()("g", "a", []*primitive.MessageQueue{{Topic: "T", BrokerName: "b", QueueId: 1 << 40}}, []string{"a"}))
	assert.Empty(t, clientgo.Averagely()("g", "not-a-member", mqs, []string{"a"}))
}
