package analysis

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiffWorkedExample(t *testing.T) {
	qs := testkit.QueuesOn(6, "a")
	a := mustPlan(t, alloc.Averagely(), qs, []string{"c0", "c1"}, Options{AsGiven: true})
	b := mustPlan(t, alloc.Averagely(), qs, []string{"c0", "c1", "c2"}, Options{AsGiven: true})
	d := DiffPlans(a, b)
	assert.Equal(t, []int{6, 3, 3, 0, 0, 2, 1}, []int{d.Common, d.Kept, d.Moved, d.Added, d.Removed, d.MinMoves, d.Excess})
	assert.Equal(t, []int32{2, 4, 5}, d.MovedQueues)
	assert.Equal(t, []MemberChange{
		{Member: "c0", InFrom: true, InTo: true, Gained: []int32{}, Lost: []int32{2}},
		{Member: "c1", InFrom: true, InTo: true, Gained: []int32{2}, Lost: []int32{4, 5}},
		{Member: "c2", InTo: true, Gained: []int32{4, 5}, Lost: []int32{}},
	}, d.Members)
}

func TestDiffQueuesAddedAndRemoved(t *testing.T) {
	a := mustPlan(t, alloc.Averagely(), testkit.QueuesOn(2, "a", "b"), []string{"c0", "c1"}, Options{AsGiven: true})
	b := mustPlan(t, alloc.Averagely(), testkit.QueuesOn(2, "b", "c"), []string{"c1"}, Options{AsGiven: true})
	d := DiffPlans(a, b)
	// a: c0 [a0 a1], c1 [b0 b1]; b: c1 [b0 b1 c0 c1].
	assert.Equal(t, []int{2, 2, 0, 2, 2}, []int{d.Common, d.Kept, d.Moved, d.Added, d.Removed})
	assert.Equal(t, []MemberChange{
		{Member: "c0", InFrom: true, Gained: []int32{}, Lost: []int32{0, 1}},
		{Member: "c1", InFrom: true, InTo: true, Gained: []int32{2, 3}, Lost: []int32{}},
	}, d.Members)
}

// bruteMinMoves tries every balanced complete assignment of b's queues to
// b's members.
func bruteMinMoves(pa, pb *alloc.Plan) int {
	a := viewOf(pa)
	n, c := len(pb.Queues()), len(pb.Members())
	qmap := link.Mapping(pb.Queues(), a.queues) // b → a
	mmap := memberMapping(pb.Members(), a.members)
	aOwner := func(j int) []int32 {
		i := j
		if qmap != nil {
			i = int(qmap[j])
		}
		if i < 0 {
			return nil
		}
		return a.owners.Of(i)
	}
	best := -1
	assign := make([]int, n)
	counts := make([]int, c)
	var rec func(j int)
	rec = func(j int) {
		if j == n {
			for _, k := range counts {
				if k < n/c || k > (n+c-1)/c {
					return
				}
			}
			moves := 0
			for q := 0; q < n; q++ {
				i := q
				if qmap != nil {
					i = int(qmap[q])
				}
				if i < 0 {
					continue // new queue: not common
				}
				o := aOwner(q)
				if len(o) != 1 || o[0] != mmap[assign[q]] {
					moves++
				}
			}
			if best < 0 || moves < best {
				best = moves
			}
			return
		}
		for m := 0; m < c; m++ {
			assign[j] = m
			counts[m]++
			rec(j + 1)
			counts[m]--
		}
	}
	rec(0)
	return best
}

func TestMinMovesMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pool := []string{"c0", "c1", "c2", "c3"}
	strategies := partitioning(t)
	for range 400 {
		qa := testkit.QueuesOn(3, "a", "b")[:1+r.IntN(5)]
		qb := testkit.QueuesOn(3, "a", "c")[:1+r.IntN(6)]
		ma := pool[:1+r.IntN(4)]
		mb := slices.Clone(pool[r.IntN(2) : 2+r.IntN(2)])
		sa, sb := strategies[r.IntN(len(strategies))], strategies[r.IntN(len(strategies))]
		a := mustPlan(t, sa, qa, ma, Options{})
		b := mustPlan(t, sb, qb, mb, Options{})
		d := DiffPlans(a, b)
		require.Equal(t, bruteMinMoves(a, b), d.MinMoves, "%s→%s %v/%v → %v/%v: MinMoves against brute force", PlanLabel(a), PlanLabel(b), qa, ma, qb, mb)
	}
}

// Properties: a plan diffed with itself is empty; moved + kept = common;
// balanced complete strategies never beat MinMoves.
func TestDiffProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	strategies := partitioning(t)
	for range 300 {
		qa, ma := randomGroup(r)
		qb, mb := randomGroup(r)
		for si, s := range strategies {
			a := mustPlan(t, s, qa, ma, Options{})
			self := DiffPlans(a, a)
			require.False(t, self.Moved != 0 || self.Added != 0 || self.Removed != 0 || len(self.Members) != 0 || len(self.MovedQueues) != 0, "%s: self diff not empty: %+v", PlanLabel(a), self)
			b := mustPlan(t, s, qb, mb, Options{})
			d := DiffPlans(a, b)
			require.False(t, d.Moved+d.Kept != d.Common || d.Moved != len(d.MovedQueues), "%s: moved %d + kept %d != common %d", PlanLabel(a), d.Moved, d.Kept, d.Common)
			require.False(t, d.MinMoves < 0 || d.MinMoves > d.Common, "%s: MinMoves %d out of [0, %d]", PlanLabel(a), d.MinMoves, d.Common)
			// AVG and AVG_BY_CIRCLE of either client are balanced and
			// complete when every member ID is valid.
			balanced := si == 0 || si == 1 || si == 5 || si == 6
			require.False(t, balanced && len(MemberErrors(b)) == 0 && d.Excess < 0, "%s: moved %d < MinMoves %d", PlanLabel(a), d.Moved, d.MinMoves)
			gained, lost := 0, 0
			for _, m := range d.Members {
				gained += len(m.Gained)
				lost += len(m.Lost)
			}
			require.False(t, StatsOf(a, nil).Shared == 0 && StatsOf(b, nil).Shared == 0 && gained-lost != StatsOf(b, nil).Assigned-StatsOf(a, nil).Assigned, "%s: gained %d − lost %d != assigned %d − %d", PlanLabel(a), gained, lost, StatsOf(b, nil).Assigned, StatsOf(a, nil).Assigned)
		}
	}
}
