package analysis

import (
	"math/rand/v2"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGivenPositionsWorkedExample(t *testing.T) {
	t.Parallel()
	qs := []alloc.MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 1}, {Topic: "T", BrokerName: "a", QueueID: 0}, {Topic: "T", BrokerName: "a", QueueID: 1}}
	p := mustPlan(t, alloc.Averagely(), qs, []string{"c0"}, Options{})
	assert.Equal(t, []int32{1, 2, 0}, p.GivenPositions())
	assert.Nil(t, mustPlan(t, alloc.Averagely(), qs, []string{"c0"}, Options{AsGiven: true}).GivenPositions(), "unsorted: Queues is the list given")
}

// GivenPositions is a permutation that maps every position of Queues to an
// equal queue of the list given, whatever the client and duplicates.
func TestGivenPositionsMapQueuesBack(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(12, 34))
	for range 200 {
		qs, cids := randomGroup(r)
		if len(qs) > 0 && r.IntN(3) == 0 {
			qs = append(qs, qs[r.IntN(len(qs))]) // a queue listed twice
		}
		for _, s := range []alloc.Strategy{alloc.Averagely(), goclient.Averagely()} {
			p := mustPlan(t, s, qs, cids, Options{})
			given := p.GivenPositions()
			if given == nil {
				require.Equal(t, qs, p.Queues())
				continue
			}
			require.Len(t, given, len(qs))
			seen := make([]bool, len(qs))
			for k, i := range given {
				require.False(t, seen[i], "position %d given twice", i)
				seen[i] = true
				require.Equal(t, qs[i], p.Queues()[k])
			}
		}
	}
}

func TestGivenPositionsNilWhenTheJDKSortFails(t *testing.T) {
	t.Parallel()
	qs := contractBreaking(t)
	p := mustPlan(t, alloc.Averagely(), qs, []string{"c0"}, Options{})
	assert.Nil(t, p.GivenPositions())
	assert.Equal(t, qs, p.Queues())
}
