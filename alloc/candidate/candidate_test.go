package candidate_test

import (
	"crypto/md5"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
	"github.com/rmqalloc/rmqalloc/alloc/candidate"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

func queues(brokers, perBroker int) []alloc.MessageQueue {
	var out []alloc.MessageQueue
	for b := 0; b < brokers; b++ {
		for q := 0; q < perBroker; q++ {
			out = append(out, alloc.MessageQueue{Topic: "TopicTest", BrokerName: analysis.CompareBroker(b), QueueID: int32(q)})
		}
	}
	return out
}

func members(from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, analysis.CompareMember(i))
	}
	return out
}

// randomGroup is n queues on up to 4 brokers and c distinct client IDs,
// some of them non-ASCII.
func randomGroup(r *rand.Rand, n, c int) ([]alloc.MessageQueue, []string) {
	b := 1 + r.IntN(4)
	qs := make([]alloc.MessageQueue, n)
	for i := range qs {
		qs[i] = alloc.MessageQueue{Topic: "T", BrokerName: analysis.CompareBroker(i % b), QueueID: int32(i / b)}
	}
	ids := map[string]bool{}
	var cids []string
	for len(cids) < c {
		id := "10." + strconv.Itoa(r.IntN(256)) + "." + strconv.Itoa(r.IntN(256)) + "@" + strconv.Itoa(r.IntN(100000))
		if r.IntN(5) == 0 {
			id += "-ｲ😀"
		}
		if !ids[id] {
			ids[id] = true
			cids = append(cids, id)
		}
	}
	return qs, cids
}

func all() []alloc.Strategy {
	return []alloc.Strategy{candidate.Rendezvous(), candidate.BoundedLoad(10, 125), candidate.BoundedLoad(1, 100), candidate.Sticky()}
}

// owners is, per queue position, how many members' own Allocate calls
// return it; every call must also agree with the group view.
func owners(t *testing.T, s alloc.Strategy, qs []alloc.MessageQueue, cids []string) ([]int, map[string]int) {
	t.Helper()
	plan, err := alloc.AllocateAll(s, "g", qs, cids)
	require.NoError(t, err)
	count := make([]int, len(qs))
	per := map[string]int{}
	pos := map[alloc.MessageQueue]int{}
	for i, q := range qs {
		pos[q] = i
	}
	for _, c := range cids {
		mine, err := s.Allocate("g", c, qs, cids)
		require.NoError(t, err)
		assert.Equal(t, plan.Of(c), mine, "%s: %s's own call and the group view", s.Name(), c)
		for _, q := range mine {
			count[pos[q]]++
		}
		per[c] = len(mine)
	}
	return count, per
}

// TestEachQueueOwnedOnce: every member computes the same plan, each queue
// has exactly one owner, whatever the order of the lists.
func TestEachQueueOwnedOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 1))
	for range 60 {
		qs, cids := randomGroup(r, 1+r.IntN(80), 1+r.IntN(20))
		for _, s := range all() {
			count, _ := owners(t, s, qs, cids)
			for i, n := range count {
				require.Equal(t, 1, n, "%s: queue %v owners, %d queues, %d members", s.Name(), qs[i], len(qs), len(cids))
			}
		}
	}
}

// TestOrderFree: RENDEZVOUS and STICKY do not depend on the order of
// either list (BOUNDED_LOAD deals queues in the order given, which a
// rebalance sorts first).
func TestOrderFree(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 2))
	for range 30 {
		qs, cids := randomGroup(r, 1+r.IntN(60), 1+r.IntN(12))
		qs2, cids2 := slices.Clone(qs), slices.Clone(cids)
		r.Shuffle(len(qs2), func(i, j int) { qs2[i], qs2[j] = qs2[j], qs2[i] })
		r.Shuffle(len(cids2), func(i, j int) { cids2[i], cids2[j] = cids2[j], cids2[i] })
		for _, s := range []alloc.Strategy{candidate.Rendezvous(), candidate.Sticky()} {
			for _, c := range cids {
				a, err := s.Allocate("g", c, qs, cids)
				require.NoError(t, err)
				b, err := s.Allocate("g", c, qs2, cids2)
				require.NoError(t, err)
				assert.ElementsMatch(t, a, b, "%s: %s", s.Name(), c)
			}
		}
	}
}

// TestBoundedLoadBound: no member holds more than ⌈n·f/(100·c)⌉ queues.
func TestBoundedLoadBound(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 3))
	for range 60 {
		qs, cids := randomGroup(r, 1+r.IntN(120), 1+r.IntN(30))
		for _, f := range []int{100, 110, 125, 200} {
			s := candidate.BoundedLoad(1+r.IntN(20), f)
			_, per := owners(t, s, qs, cids)
			limit := candidate.Capacity(len(qs), len(cids), f)
			for c, n := range per {
				require.LessOrEqual(t, n, limit, "f=%d %s, %d queues, %d members", f, c, len(qs), len(cids))
			}
		}
	}
}

// TestStickyBalancedAndSticky: STICKY gives each member ⌊n/c⌋ or ⌈n/c⌉
// queues, and on a join or a leave moves at most 10 × the least a balanced
// plan must (at least 1): the bound measured over 16..256 queues and 1..66
// members is 10, reached at 48 queues, 30 → 31 members (10 moved, 1 needed).
func TestStickyBalancedAndSticky(t *testing.T) {
	const k = 10
	r := rand.New(rand.NewPCG(25, 4))
	s := candidate.Sticky()
	for range 80 {
		n, c := 1+r.IntN(200), 2+r.IntN(40)
		qs, cids := randomGroup(r, n, c+1)
		_, per := owners(t, s, qs, cids[:c])
		for id, got := range per {
			require.True(t, got == n/c || got == (n+c-1)/c, "%s has %d of %d queues over %d members", id, got, n, c)
		}
		before, err := alloc.Rebalance(s, "", qs, cids[:c], alloc.RebalanceOptions{})
		require.NoError(t, err)
		for _, after := range [][]string{cids, cids[1:c]} {
			p, err := alloc.Rebalance(s, "", qs, after, alloc.RebalanceOptions{})
			require.NoError(t, err)
			d := analysis.DiffPlans(before, p)
			require.LessOrEqual(t, d.Moved, k*max(1, d.MinMoves), "%d queues, %d → %d members", n, c, len(after))
		}
	}
}

// key64 and weight as the package documents them, computed here from the
// standard library: the spec another client would implement.
func key64(s string) uint64 {
	sum := md5.Sum([]byte(s))
	return binary.BigEndian.Uint64(sum[:8])
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// TestRendezvousSpec: each queue goes to the member of highest
// mix64(key64(queue string) XOR key64(client ID)).
func TestRendezvousSpec(t *testing.T) {
	qs, cids := queues(4, 16), members(1, 8)
	for _, q := range qs {
		best, bw := "", uint64(0)
		for _, c := range cids {
			if w := mix64(key64(q.String()) ^ key64(c)); best == "" || w > bw {
				best, bw = c, w
			}
		}
		mine, err := candidate.Rendezvous().Allocate("g", best, qs, cids)
		require.NoError(t, err)
		assert.Contains(t, mine, q)
	}
}

// TestQuotasSpec: the n mod c larger quotas go to the highest key64(ID).
func TestQuotasSpec(t *testing.T) {
	cids := members(1, 7)
	got := candidate.Quotas(24, cids) // 3 each, 3 members get 4
	byKey := slices.Clone(cids)
	slices.SortFunc(byKey, func(a, b string) int {
		ka, kb := key64(a), key64(b)
		if ka > kb {
			return -1
		}
		if ka < kb {
			return 1
		}
		return 0
	})
	for i, c := range cids {
		want := 3
		if slices.Index(byKey, c) < 3 {
			want = 4
		}
		assert.Equal(t, want, got[i], c)
	}
}

func TestBadInput(t *testing.T) {
	qs, cids := queues(1, 4), members(1, 2)
	for _, s := range all() {
		_, err := s.Allocate("g", "", qs, cids)
		require.ErrorIs(t, err, alloc.ErrInvalidArgument)
		assert.Equal(t, alloc.IllegalArgumentException, alloc.JavaClassOf(err))
		assert.EqualError(t, err, "currentCID is empty")
		_, err = s.Allocate("g", cids[0], nil, cids)
		assert.EqualError(t, err, "mqAll is null or mqAll empty")
		_, err = s.Allocate("g", cids[0], qs, nil)
		assert.EqualError(t, err, "cidAll is null or cidAll empty")
		mine, err := s.Allocate("g", "not-a-member", qs, cids)
		require.NoError(t, err)
		assert.Empty(t, mine)
	}
	_, err := candidate.BoundedLoad(0, 125).Allocate("g", cids[0], qs, cids)
	assert.EqualError(t, err, "strategy.virtualNodes: must be at least 1, got 0")
	_, err = candidate.BoundedLoad(10, 99).Allocate("g", cids[0], qs, cids)
	assert.EqualError(t, err, "strategy.balanceFactor: must be at least 100 (percent of the average load), got 99")
}

// TestWorkedExample: 8 queues, members joining one by one. RENDEZVOUS
// and STICKY only ever hand the newcomer queues: nothing moves between
// the members already there, unlike AVG.
func TestWorkedExample(t *testing.T) {
	qs := queues(2, 4)
	for _, s := range []alloc.Strategy{candidate.Rendezvous(), candidate.Sticky(), alloc.Averagely()} {
		between := 0
		for c := 1; c < 4; c++ {
			a, err := alloc.Rebalance(s, "", qs, members(1, c), alloc.RebalanceOptions{})
			require.NoError(t, err)
			b, err := alloc.Rebalance(s, "", qs, members(1, c+1), alloc.RebalanceOptions{})
			require.NoError(t, err)
			for _, m := range analysis.DiffPlans(a, b).Members {
				if m.InFrom {
					between += len(m.Gained)
				}
			}
		}
		if s.Name() == "AVG" {
			assert.Positive(t, between, "AVG shifts queues between old members")
		} else {
			assert.Zero(t, between, s.Name())
		}
	}
}

func FuzzCandidates(f *testing.F) {
	f.Add(uint16(8), uint8(3), uint64(1), uint8(10), uint16(125))
	f.Add(uint16(1), uint8(5), uint64(2), uint8(1), uint16(100))
	f.Add(uint16(300), uint8(64), uint64(3), uint8(40), uint16(300))
	f.Fuzz(func(t *testing.T, n uint16, c uint8, seed uint64, vn uint8, factor uint16) {
		if n == 0 || c == 0 || n > 400 {
			return
		}
		qs, cids := randomGroup(rand.New(rand.NewPCG(seed, 0)), int(n), int(c))
		for _, s := range []alloc.Strategy{candidate.Rendezvous(), candidate.Sticky(), candidate.BoundedLoad(int(vn), int(factor))} {
			plan, err := alloc.AllocateAll(s, "g", qs, cids)
			if v, ok := s.(interface{ Validate() error }); ok && v.Validate() != nil {
				require.Error(t, err)
				continue
			}
			require.NoError(t, err)
			seen := make([]int, len(qs))
			for m := range plan.Members() {
				require.NoError(t, plan.MemberErr(m))
				for _, p := range plan.MemberPositions(m) {
					seen[p]++
				}
			}
			for i, k := range seen {
				require.Equal(t, 1, k, "%s: queue %d", s.Name(), i)
			}
		}
	})
}

// stickyReference is Sticky as its doc defines it: every (queue, member)
// pair by weight (highest first; ties: earlier queue, then earlier member),
// taken when the queue is free and the member below its quota.
func stickyReference(qs []alloc.MessageQueue, cids []string) map[string][]alloc.MessageQueue {
	type pair struct {
		w    uint64
		q, m int
	}
	var pairs []pair
	for q := range qs {
		for m := range cids {
			pairs = append(pairs, pair{mix64(key64(qs[q].String()) ^ key64(cids[m])), q, m})
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		switch {
		case a.w != b.w:
			if a.w > b.w {
				return -1
			}
			return 1
		case a.q != b.q:
			return a.q - b.q
		}
		return a.m - b.m
	})
	quota := candidate.Quotas(len(qs), cids)
	taken := make([]bool, len(qs))
	owner := make([]int, len(qs))
	for _, p := range pairs {
		if !taken[p.q] && quota[p.m] > 0 {
			taken[p.q], owner[p.q] = true, p.m
			quota[p.m]--
		}
	}
	out := map[string][]alloc.MessageQueue{}
	for q, m := range owner {
		out[cids[m]] = append(out[cids[m]], qs[q])
	}
	return out
}

// TestStickyIsTheGreedyMatching: the deferred-acceptance implementation
// gives the greedy's matching.
func TestStickyIsTheGreedyMatching(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 5))
	for range 60 {
		qs, cids := randomGroup(r, 1+r.IntN(150), 1+r.IntN(30))
		want := stickyReference(qs, cids)
		for _, c := range cids {
			got, err := candidate.Sticky().Allocate("g", c, qs, cids)
			require.NoError(t, err)
			assert.Equal(t, want[c], nilIfEmpty(got), c)
		}
	}
}

func nilIfEmpty(qs []alloc.MessageQueue) []alloc.MessageQueue {
	if len(qs) == 0 {
		return nil
	}
	return qs
}

// Register names the candidates through alloc's registry: every client
// builds them by name, and they answer as the constructors' values do.
func TestRegisterNamesTheCandidates(t *testing.T) {
	candidate.Register()
	candidate.Register() // again: nothing
	qs := []alloc.MessageQueue{{Topic: "T", BrokerName: "a", QueueID: 0}, {Topic: "T", BrokerName: "a", QueueID: 1}, {Topic: "T", BrokerName: "b", QueueID: 0}}
	cids := []string{"c1", "c2"}
	vn := 3
	for _, tc := range []struct {
		spec alloc.StrategySpec
		want alloc.Strategy
	}{
		{alloc.StrategySpec{Name: "RENDEZVOUS"}, candidate.Rendezvous()},
		{alloc.StrategySpec{Name: "STICKY"}, candidate.Sticky()},
		{alloc.StrategySpec{Name: "BOUNDED_LOAD"}, candidate.BoundedLoad(10, 125)},
		{alloc.StrategySpec{Name: "BOUNDED_LOAD", VirtualNodeCnt: &vn}, candidate.BoundedLoad(3, 125)},
	} {
		for _, c := range []alloc.Client{alloc.Java493, goclient.Client} {
			s, err := c.NewStrategy(tc.spec)
			require.NoError(t, err, tc.spec.Name)
			for _, cid := range cids {
				got, err := s.Allocate("g", cid, qs, cids)
				require.NoError(t, err)
				want, _ := tc.want.Allocate("g", cid, qs, cids)
				assert.Equal(t, want, got, "%s %s %s", c.Name(), tc.spec.Name, cid)
			}
		}
	}
	zero := 0
	_, err := alloc.Java493.NewStrategy(alloc.StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &alloc.StrategySpec{Name: "BOUNDED_LOAD", VirtualNodeCnt: &zero},
		Resolver: &alloc.SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1}})
	var e *alloc.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "strategy.inner.virtualNodeCnt", e.Field)
	assert.Subset(t, alloc.StrategyNames(), []string{"RENDEZVOUS", "STICKY", "BOUNDED_LOAD"})
}
