package broker

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// randomGroup is a topic of 1..30 queues over up to 4 brokers (in random
// order, some repeated) and 1..12 distinct client IDs (in random order).
func randomGroup(r *rand.Rand) ([]alloc.MessageQueue, []string) {
	var mq []alloc.MessageQueue
	for b := range 1 + r.IntN(4) {
		for id := range 1 + r.IntN(8) {
			mq = append(mq, alloc.MessageQueue{Topic: "T", BrokerName: "broker-" + strconv.Itoa(b), QueueID: int32(id)})
		}
	}
	for range r.IntN(3) {
		mq = append(mq, mq[r.IntN(len(mq))])
	}
	r.Shuffle(len(mq), func(i, j int) { mq[i], mq[j] = mq[j], mq[i] })
	cids := make([]string, 1+r.IntN(12))
	for i := range cids {
		cids[i] = "10.0.0." + strconv.Itoa(i) + "@1"
	}
	r.Shuffle(len(cids), func(i, j int) { cids[i], cids[j] = cids[j], cids[i] })
	return mq, cids
}

func distinct(mq []alloc.MessageQueue) map[alloc.MessageQueue]bool {
	m := map[alloc.MessageQueue]bool{}
	for _, q := range mq {
		m[q] = true
	}
	return m
}

func requireSortedSet(t *testing.T, qs []alloc.MessageQueue) {
	t.Helper()
	for i := 1; i < len(qs); i++ {
		require.Negative(t, alloc.CompareQueues(qs[i-1], qs[i]), "sorted, no duplicates: %v", qs)
	}
}

// PULL on the broker is exactly the client-side rebalance of the same
// strategy over the deduplicated, sorted lists: every queue has one owner.
func TestPropertyPullIsTheClientRebalance(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		mq, cids := randomGroup(r)
		name := []string{"AVG", "AVG_BY_CIRCLE"}[r.IntN(2)]
		req := pullReq(mq, cids...)
		req.StrategyName = name
		set := distinct(mq)
		owners := map[alloc.MessageQueue]int{}
		for i, a := range QueryAssignments(req, cids) {
			require.NotNil(t, a.Queues)
			requireSortedSet(t, a.Queues)
			spec, err := alloc.Java493.NewStrategy(alloc.StrategySpec{Name: name})
			require.NoError(t, err)
			sortedMq, _ := asSet(mq)
			want, err := spec.Allocate("g", cids[i], sortedMq, alloc.SortedClientIDs(cids))
			require.NoError(t, err)
			assert.ElementsMatch(t, want, a.Queues)
			for _, q := range a.Queues {
				owners[q]++
			}
		}
		assert.Len(t, owners, len(set), "every queue is owned")
		for q, n := range owners {
			assert.Equal(t, 1, n, "%v has one owner", q)
		}
	}
}

// POP sharing with 0 < share < clients-1 and clients <= queues: every queue
// is in exactly share+1 answers (its owner's and the share clients' before).
func TestPropertyPopShareCount(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for range 400 {
		mq, cids := randomGroup(r)
		set := distinct(mq)
		if len(cids) < 3 || len(cids) > len(set) {
			continue
		}
		share := int32(1 + r.IntN(len(cids)-2))
		count := map[alloc.MessageQueue]int{}
		for _, a := range QueryAssignments(popReq(share, mq, cids...), cids) {
			requireSortedSet(t, a.Queues)
			for _, q := range a.Queues {
				count[q]++
			}
		}
		require.Len(t, count, len(set))
		for q, n := range count {
			require.Equal(t, int(share)+1, n, "%v with share %d", q, share)
		}
		checked++
	}
	assert.Greater(t, checked, 50)
}

// POP with share <= 0 or >= clients-1: one -1 queue per broker, for anyone.
func TestPropertyPopAllQueues(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		mq, cids := randomGroup(r)
		share := []int32{-1, 0, int32(len(cids) - 1), int32(len(cids) + 5)}[r.IntN(4)]
		brokers := map[string]bool{}
		for _, q := range mq {
			brokers[q.BrokerName] = true
		}
		for _, a := range QueryAssignments(popReq(share, mq, cids...), append(cids, "stranger")) {
			requireSortedSet(t, a.Queues)
			require.Len(t, a.Queues, len(brokers))
			for _, q := range a.Queues {
				assert.Equal(t, int32(AllQueues), q.QueueID)
				assert.True(t, brokers[q.BrokerName])
			}
		}
	}
}

// POP with more clients than queues: one queue each, and none left idle.
func TestPropertyPopMoreClientsThanQueues(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		n := 4 + r.IntN(20)
		cids := make([]string, n)
		for i := range cids {
			cids[i] = "c" + strconv.Itoa(i)
		}
		mq := testkit.Parse("broker-a/0 broker-a/1 broker-b/0")[:1+r.IntN(3)]
		if len(mq) >= n-1 {
			continue
		}
		taken := map[alloc.MessageQueue]bool{}
		for _, a := range QueryAssignments(popReq(1, mq, cids...), cids) {
			require.Len(t, a.Queues, 1)
			taken[a.Queues[0]] = true
		}
		assert.Len(t, taken, len(mq))
	}
}
