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

// contractBreaking returns queues with far-apart IDs on which the JDK's
// sort fails (found by a seeded search, so always the same list).
func contractBreaking(t *testing.T) []alloc.MessageQueue {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	for range 100000 {
		qs := make([]alloc.MessageQueue, 64+r.IntN(200))
		for i := range qs {
			qs[i] = alloc.MessageQueue{Topic: "T", BrokerName: "b", QueueID: int32(r.Uint32())}
		}
		if _, err := alloc.SortedQueues(qs); err != nil {
			return qs
		}
	}
	require.FailNow(t, "no list found that the JDK's sort rejects")
	return nil
}

// With Sort on, a Java strategy over queues the JDK cannot sort fails for
// every member with the JDK's IllegalArgumentException (the real consumers
// allocate nothing); a Go client strategy sorts its own way and allocates.
func TestPlanWhenTheJDKSortFails(t *testing.T) {
	t.Parallel()
	qs := contractBreaking(t)
	cids := []string{"c0", "c1", "c2"}

	java := mustPlan(t, alloc.Averagely(), qs, cids, Options{})
	require.Len(t, MemberErrors(java), 3)
	for m, e := range MemberErrors(java) {
		assert.Equal(t, m, e.Member)
		assert.Equal(t, alloc.JDKIllegalArgumentException, e.JavaClass)
	}
	assert.Equal(t, qs, java.Queues(), "queues stay in the order given")

	gp := mustPlan(t, goclient.Averagely(), qs, cids, Options{})
	assert.Empty(t, MemberErrors(gp))
	total := 0
	for _, sh := range testkit.Shares(gp) {
		total += len(sh)
	}
	assert.Equal(t, len(qs), total)

	// Without sorting nothing fails.
	assert.Empty(t, MemberErrors(mustPlan(t, alloc.Averagely(), qs, cids, Options{AsGiven: true})))
}

// In a mixed group over queues the JDK cannot sort, the Java consumers
// fail (and consume nothing) while the Go consumers, which sort their own
// way, share the queues among the whole member list.
func TestMixedWhenTheJDKSortFails(t *testing.T) {
	t.Parallel()
	qs := contractBreaking(t)
	res, err := Mixed(alloc.Averagely(), goclient.Averagely(), qs,
		[]Member{{ID: "c0", Client: alloc.LanguageJava}, {ID: "c1", Client: alloc.LanguageGo}}, Options{})
	require.NoError(t, err)
	require.Len(t, MemberErrors(res.Combined), 1)
	assert.Equal(t, 0, MemberErrors(res.Combined)[0].Member)
	assert.Equal(t, alloc.JDKIllegalArgumentException, MemberErrors(res.Combined)[0].JavaClass)
	assert.Empty(t, res.Combined.MemberShare(0))
	assert.Len(t, res.Combined.MemberShare(1), len(qs)/2)
}
