package analysis

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/stretchr/testify/require"
)

// mustPlan is alloc.Rebalance's plan (o.Rooms is for StatsOf).
func mustPlan(t testing.TB, s alloc.Strategy, qs []alloc.MessageQueue, cids []string, o Options) *alloc.Plan {
	t.Helper()
	p, err := alloc.Rebalance(s, "", qs, cids, alloc.RebalanceOptions{AsGiven: o.AsGiven})
	require.NoError(t, err)
	return p
}

// partitioning is every strategy that gives each queue at most one owner
// on a consistent view.
func partitioning(t testing.TB) []alloc.Strategy {
	ch := alloc.ConsistentHash(5)
	res, err := alloc.SplitResolver("@", 0, 1)
	require.NoError(t, err)
	nearby := alloc.MachineRoomNearby(alloc.ByCircle(), res)
	return []alloc.Strategy{
		alloc.Averagely(), alloc.ByCircle(), ch, alloc.ByMachineRoom([]string{"A"}), nearby,
		goclient.Averagely(), goclient.ByCircle(), goclient.ConsistentHash(5),
		goclient.ByMachineRoom([]string{"A"}), goclient.MachineRoomNearby(),
	}
}

// randomGroup is a random topic (rooms A, B, odd names) and member list.
func randomGroup(r *rand.Rand) ([]alloc.MessageQueue, []string) {
	brokers := []string{"A@b0", "B@b1", "A@b2", "ｲ@b3", "😀@b4"}
	var qs []alloc.MessageQueue
	for _, b := range brokers[:1+r.IntN(len(brokers))] {
		for i := range r.IntN(7) {
			qs = append(qs, alloc.MessageQueue{Topic: "T", BrokerName: b, QueueID: int32(i)})
		}
	}
	r.Shuffle(len(qs), func(i, j int) { qs[i], qs[j] = qs[j], qs[i] })
	rooms := []string{"A", "B", "ｲ", "😀"}
	var cids []string
	for range 1 + r.IntN(7) {
		cids = append(cids, "10.0.0."+strconv.Itoa(r.IntN(12))+"@"+rooms[r.IntN(len(rooms))])
	}
	return qs, cids
}
