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

func TestAllocateAllPlanWorkedExample(t *testing.T) {
	t.Parallel()
	ap, err := alloc.AllocateAll(alloc.Averagely(), "g", testkit.QueuesOn(5, "b"), []string{"c1", "c2"})
	require.NoError(t, err)
	assert.Equal(t, "AVG", PlanLabel(ap))
	assert.Equal(t, alloc.Client(alloc.Java493), ap.Client())
	assert.Equal(t, [][]int32{{0, 1, 2}, {3, 4}}, testkit.Shares(ap))
	assert.Equal(t, []int32{1}, ap.Owners(3))
	assert.Equal(t, []int{3, 2}, StatsOf(ap, nil).PerMember)
}

// AllocateAll's plan is Rebalance's over the lists as given (AsGiven)
// whenever AllocateAll makes one, and DiffPlans answers alike over either.
func TestAllocateAllAgreesWithRebalanceAsGiven(t *testing.T) {
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
			require.Equal(t, testkit.Shares(pa), testkit.Shares(a), s.Name())
			require.Equal(t, MemberErrors(pa), MemberErrors(a), s.Name())
			require.Equal(t, StatsOf(pa, nil), StatsOf(a, nil), s.Name())
			require.Equal(t, pa.Members(), a.Members(), s.Name())
			require.Equal(t, pa.Client(), a.Client(), s.Name())
			require.Equal(t, PlanLabel(pa), PlanLabel(a), s.Name())

			want := DiffPlans(pa, pb)
			require.Equal(t, want, DiffPlans(a, b), s.Name())
			require.Equal(t, want, DiffPlans(pa, b), s.Name())
			require.Equal(t, want, DiffPlans(a, pb), s.Name())
		}
	}
}

// A go-client plan is labelled as the Go client's, and a diff of a Java
// plan with it says the clients differ (it once said AVG → AVG).
func TestPlanLabelKnowsTheGoClient(t *testing.T) {
	t.Parallel()
	qs, cids := testkit.QueuesOn(5, "b"), []string{"c1", "c2"}
	javaPlan, err := alloc.AllocateAll(alloc.Averagely(), "g", qs, cids)
	require.NoError(t, err)
	goPlan, err := alloc.AllocateAll(goclient.Averagely(), "g", qs, cids)
	require.NoError(t, err)

	assert.Equal(t, goclient.Client, goPlan.Client())
	assert.Equal(t, "go:AVG", PlanLabel(goPlan))
	d := DiffPlans(javaPlan, goPlan)
	assert.Equal(t, "AVG", d.From)
	assert.Equal(t, "go:AVG", d.To)
	assert.Equal(t, "BROADCASTING", PlanLabel(alloc.Broadcast(qs, cids)))
}
