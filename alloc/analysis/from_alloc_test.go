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

func TestFromAllocWorkedExample(t *testing.T) {
	t.Parallel()
	ap, err := alloc.AllocateAll(alloc.Averagely(), "g", testkit.QueuesOn(5, "b"), []string{"c1", "c2"})
	require.NoError(t, err)
	p := FromAlloc(ap)
	assert.Equal(t, "AVG", p.Strategy)
	assert.Equal(t, alloc.Client(alloc.Java493), p.Client)
	assert.Equal(t, [][]int32{{0, 1, 2}, {3, 4}}, p.Shares)
	assert.Equal(t, []int32{1}, p.Owners(3))
}

// FromAlloc of AllocateAll's plan is NewPlan's plan (unsorted input), and
// DiffPlans answers alike whichever kind of plan it is given.
func TestFromAllocAgreesWithNewPlan(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(9, 10))
	java := append([]alloc.Strategy{}, partitioning(t)...)
	java = append(java, alloc.ByConfig(testkit.QueuesOn(2, "A@b0")), alloc.ByConfig(nil), alloc.ByMachineRoom([]string{"A", "B"}))
	for range 200 {
		qs, cids := randomGroup(r)
		qs2, cids2 := randomGroup(r)
		for _, s := range java {
			a, errA := alloc.AllocateAll(s, "", qs, cids)
			b, errB := alloc.AllocateAll(s, "", qs2, cids2)
			if errA != nil || errB != nil {
				continue // group-wide errors make no plan
			}
			pa, pb := mustPlan(t, s, qs, cids, Options{AsGiven: true}), mustPlan(t, s, qs2, cids2, Options{AsGiven: true})
			fa := FromAlloc(a)
			require.Equal(t, pa.Shares, fa.Shares, s.Name())
			require.Equal(t, pa.Errors, fa.Errors, s.Name())
			require.Equal(t, pa.Stats, fa.Stats, s.Name())
			require.Equal(t, pa.Members, fa.Members, s.Name())
			require.Equal(t, pa.Client, fa.Client, s.Name())
			require.Equal(t, pa.Strategy, fa.Strategy, s.Name())

			want := DiffPlans(pa, pb)
			require.Equal(t, want, DiffPlans(a, b), s.Name())
			require.Equal(t, want, DiffPlans(pa, b), s.Name())
			require.Equal(t, want, DiffPlans(a, pb), s.Name())
		}
	}
}

// A go-client plan read through FromAlloc is the Go client's, and a diff
// of a Java plan with it says the clients differ (it once said AVG → AVG).
func TestFromAllocKnowsTheGoClient(t *testing.T) {
	t.Parallel()
	qs, cids := testkit.QueuesOn(5, "b"), []string{"c1", "c2"}
	javaPlan, err := alloc.AllocateAll(alloc.Averagely(), "g", qs, cids)
	require.NoError(t, err)
	goPlan, err := alloc.AllocateAll(goclient.Averagely(), "g", qs, cids)
	require.NoError(t, err)

	p := FromAlloc(goPlan)
	assert.Equal(t, goclient.Client, p.Client)
	assert.Equal(t, p.Strategy, "go:AVG")
	d := DiffPlans(javaPlan, goPlan)
	assert.Equal(t, d.From, "AVG")
	assert.Equal(t, d.To, "go:AVG")
}
