package alloc

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlanViews(t *testing.T) {
	mq := queues("T", "broker-a", 0, 1, 2, 3, 4)
	p, err := AllocateAll(Averagely(), "g", mq, []string{"c1", "", "c1", "c3"})
	require.NoError(t, err)
	assert.Equal(t, []string{"c1", "", "c3"}, p.Members(), "members")
	assert.False(t, JavaClassOf(p.Err("")) != IllegalArgumentException || p.Of("") != nil, "empty member: %v %v", p.Of(""), p.Err(""))
	assert.False(t, p.Of("ghost") != nil || p.Err("ghost") != nil, "non-member has a result")
	wantMap := map[string][]MessageQueue{"c1": mq[0:2], "c3": mq[4:5]}
	assert.True(t, maps.EqualFunc(p.Map(), wantMap, slices.Equal), "Map() = %v, want %v", p.Map(), wantMap)
	// The empty member's block (2) and c1's second slot (3) are nobody's.
	// Owners are positions in Members: 0 is c1, 2 is c3.
	wantOwners := [][]int32{{0}, {0}, nil, nil, {2}}
	for i, w := range wantOwners {
		assert.Equal(t, w, p.Owners(i), "Owners(%d)", i)
	}
	assert.False(t, p.Owners(-1) != nil || p.Owners(5) != nil, "Owners out of range")
	wantShares := [][]int32{{0, 1}, {}, {4}}
	for m, w := range wantShares {
		assert.Equal(t, w, p.MemberShare(m), "MemberShare(%d)", m)
	}
	assert.Nil(t, p.MemberShare(3), "MemberShare out of range")
	want := "c1: [broker-a/0 broker-a/1]\n: error: currentCID is empty\nc3: [broker-a/4]\n"
	assert.Equal(t, want, p.String(), "String()")
}

func TestPlanOwnersShared(t *testing.T) {
	mq := []MessageQueue{{"T", "b", 0}, {"U", "b", 0}, {"T", "b", 0}}
	p := Broadcast(mq, []string{"c1", "c2"})
	assert.False(t, p.Strategy() != "BROADCASTING", "strategy %q", p.Strategy())
	for i := range mq {
		assert.Equal(t, []int32{0, 1}, p.Owners(i), "broadcast Owners(%d)", i)
	}
	assert.False(t, !strings.Contains(p.String(), "c2: [T:b/0 U:b/0 T:b/0]"), "multi-topic String():\n%s", p)
	// CONFIG: every member owns the listed queues; unlisted ones nobody.
	c, _ := AllocateAll(ByConfig(mq[1:2]), "g", mq, []string{"c1", "c2"})
	assert.Equal(t, []int32{0, 1}, c.Owners(1), "config Owners(1)")
	assert.Nil(t, c.Owners(0), "config Owners(0)")
	// Broadcast of nothing.
	e := Broadcast(nil, []string{"c"})
	assert.NotNil(t, e.Of("c"), "broadcast of no queues: empty, not nil")
	assert.Empty(t, e.Of("c"), "broadcast of no queues")
}

func TestAllocateAllGroupErrors(t *testing.T) {
	mq := queues("T", "b", 0)
	for _, s := range []Strategy{Averagely(), ByCircle(), ByMachineRoom(nil), mustCH(t, 3), mustNearby(t)} {
		_, err := AllocateAll(s, "g", nil, []string{"c"})
		assert.Equal(t, IllegalArgumentException, JavaClassOf(err), "%s empty mqAll: %v", s.Name(), err)
		_, err = AllocateAll(s, "g", mq, nil)
		assert.Equal(t, IllegalArgumentException, JavaClassOf(err), "%s empty cidAll: %v", s.Name(), err)
	}
	{
		_, err := AllocateAll(nil, "g", mq, nil)
		assert.Equal(t, NullPointerException, JavaClassOf(err), "nil strategy: %v", err)
	}
	// CONFIG checks nothing: an empty group is an empty plan.
	p, err := AllocateAll(ByConfig(nil), "g", nil, nil)
	assert.False(t, err != nil || len(p.Members()) != 0, "CONFIG empty group: %v %v", p, err)
}

// TestPlanSlicesAreClipped: appending to a member's queues never writes
// into mqAll or another member's queues.
func TestPlanSlicesAreClipped(t *testing.T) {
	mq := queues("T", "b", seq(0, 10)...)
	orig := slices.Clone(mq)
	for _, s := range allStrategies(t) {
		p, err := AllocateAll(s, "g", mq, []string{"c1", "c2", "c3"})
		if err != nil {
			continue
		}
		for _, m := range p.Members() {
			qs := p.Of(m)
			if len(qs) > 0 {
				_ = append(qs, MessageQueue{"X", "x", 99})
			}
		}
		require.True(t, slices.Equal(mq, orig), "%s: appending to a result changed mqAll", s.Name())
		again, _ := AllocateAll(s, "g", mq, []string{"c1", "c2", "c3"})
		require.False(t, again.String() != p.String(), "%s: appending to a result changed another member's", s.Name())
	}
}

// TestPlanMemberAccessors: the index accessors on worked examples, asked
// in both orders (queues first, positions first).
func TestPlanMemberAccessors(t *testing.T) {
	t.Parallel()
	mq := queues("T", "b", 0, 1, 2, 3, 4)
	cases := []struct {
		s    Strategy
		cids []string
		want [][]int32 // per member; nil: an error
	}{
		{Averagely(), []string{"c1", "c2"}, [][]int32{{0, 1, 2}, {3, 4}}},
		{ByCircle(), []string{"c1", "c2"}, [][]int32{{0, 2, 4}, {1, 3}}},
		{ByCircle(), []string{"c1", "", "c3", "c1"}, [][]int32{{0, 4}, nil, {2}}},
		{ByMachineRoom([]string{"b"}), []string{"c1"}, [][]int32{{}}}, // no "room@broker" names
		{Averagely(), []string{"c1", "c2", "c3", "c4", "c5", "c6"}, [][]int32{{0}, {1}, {2}, {3}, {4}, {}}},
	}
	for _, c := range cases {
		for _, positionsFirst := range []bool{false, true} {
			p, err := AllocateAll(c.s, "g", mq, c.cids)
			require.NoError(t, err)
			if !positionsFirst {
				_ = p.MemberQueues(0)
			}
			for i, want := range c.want {
				got := p.MemberPositions(i)
				if want == nil {
					assert.False(t, got != nil || p.MemberErr(i) == nil || p.MemberQueues(i) != nil, "%s %q member %d: positions %v, err %v, want an error", c.s.Name(), c.cids, i, got, p.MemberErr(i))
					continue
				}
				assert.False(t, got == nil || !slices.Equal(got, want), "%s %q member %d: positions %v, want %v", c.s.Name(), c.cids, i, got, want)
				var wantQs []MessageQueue
				for _, at := range want {
					wantQs = append(wantQs, mq[at])
				}
				qs := p.MemberQueues(i)
				assert.False(t, qs == nil || !slices.Equal(qs, wantQs), "%s %q member %d: queues %v, want %v", c.s.Name(), c.cids, i, qs, wantQs)
			}
		}
	}
	avg, _ := AllocateAll(Averagely(), "g", mq, []string{"c1", "c2"})
	start, n, ok := avg.MemberRun(1)
	assert.False(t, !ok || start != 3 || n != 2, "AVG MemberRun(1) = %d, %d, %v, want 3, 2, true", start, n, ok)
	circle, _ := AllocateAll(ByCircle(), "g", mq, []string{"c1", "c2"})
	_, _, ok = circle.MemberRun(0)
	assert.False(t, ok, "AVG_BY_CIRCLE has runs")
	// Broadcast: everyone everything; CONFIG: no positions.
	b := Broadcast(mq, []string{"c1", "c2"})
	assert.Equal(t, []int32{0, 1, 2, 3, 4}, b.MemberPositions(1), "broadcast positions")
	c, _ := AllocateAll(ByConfig(mq[1:2]), "g", mq, []string{"c1"})
	assert.False(t, c.MemberPositions(0) != nil || !slices.Equal(c.MemberQueues(0), mq[1:2]), "config: positions %v queues %v", c.MemberPositions(0), c.MemberQueues(0))
}

// TestPlanConcurrentReaders: a plan's lazily built parts are safe to ask
// for from several goroutines (run with -race).
func TestPlanConcurrentReaders(t *testing.T) {
	mq := queues("T", "b", seq(0, 40)...)
	cids := []string{"c1", "c2", "c3"}
	for _, s := range allStrategies(t) {
		p, err := AllocateAll(s, "g", mq, cids)
		require.NoError(t, err)
		want := make([][]MessageQueue, len(cids))
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Add(1) // not wg.Go: that needs Go 1.25, and go.mod says 1.24
			go func() {
				defer wg.Done()
				for i := range cids {
					switch (w + i) % 4 {
					case 0:
						_ = p.MemberPositions(i)
					case 1:
						_ = p.Owners(i)
					case 2:
						_ = p.String()
					case 3:
						_ = p.MemberShare(i)
					}
					if w == 0 {
						want[i] = p.MemberQueues(i)
					} else {
						_ = p.Of(cids[i])
					}
				}
			}()
		}
		wg.Wait()
		for i, cid := range cids {
			own, _ := s.Allocate("g", cid, mq, cids)
			assert.False(t, !slices.Equal(own, want[i]), "%s member %q: %v, own call %v", s.Name(), cid, want[i], own)
		}
	}
}

// TestPlanRuns: the whole plan as runs, on worked examples; a member that
// fails, or a strategy whose shares are not runs, gives ok false.
func TestPlanRuns(t *testing.T) {
	t.Parallel()
	mq := queues("T", "b", 0, 1, 2, 3, 4)
	cases := []struct {
		name        string
		plan        func() (*Plan, error)
		start, n    []int32
		wantRunsAll bool
	}{
		{"AVG 5 over 2", func() (*Plan, error) { return AllocateAll(Averagely(), "g", mq, []string{"c1", "c2"}) }, []int32{0, 3}, []int32{3, 2}, true},
		{"AVG 5 over 6", func() (*Plan, error) {
			return AllocateAll(Averagely(), "g", mq, []string{"c1", "c2", "c3", "c4", "c5", "c6"})
		}, []int32{0, 1, 2, 3, 4, 0}, []int32{1, 1, 1, 1, 1, 0}, true},
		{"AVG with a duplicate", func() (*Plan, error) { return AllocateAll(Averagely(), "g", mq, []string{"c1", "c2", "c1"}) }, []int32{0, 2}, []int32{2, 2}, true},
		{"BROADCASTING", func() (*Plan, error) { return Broadcast(mq, []string{"c1", "c2"}), nil }, []int32{0, 0}, []int32{5, 5}, true},
		{"AVG with an empty ID", func() (*Plan, error) { return AllocateAll(Averagely(), "g", mq, []string{"c1", ""}) }, nil, nil, false},
		{"AVG_BY_CIRCLE", func() (*Plan, error) { return AllocateAll(ByCircle(), "g", mq, []string{"c1", "c2"}) }, nil, nil, false},
		{"CONSISTENT_HASH", func() (*Plan, error) { return AllocateAll(ConsistentHash(3), "g", mq, []string{"c1"}) }, nil, nil, false},
	}
	for _, c := range cases {
		p, err := c.plan()
		require.NoError(t, err, c.name)
		start, n, ok := p.Runs()
		require.Equal(t, c.wantRunsAll, ok, c.name)
		require.Equal(t, c.start, start, c.name)
		require.Equal(t, c.n, n, c.name)
		for m := range start {
			s, k, ok := p.MemberRun(m)
			require.True(t, ok, "%s member %d", c.name, m)
			require.Equal(t, []int{int(start[m]), int(n[m])}, []int{s, k}, "%s member %d", c.name, m)
		}
	}
}
