package alloc

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Shared property helpers for every strategy test: input generators with
// non-ASCII text and duplicates, and checks that hold for whole plans.

// alphabet mixes ASCII, Latin-1, CJK, fullwidth/halfwidth forms (U+FF..,
// sorted after surrogates by Java), emoji (surrogate pairs) and whitespace.
var alphabet = []string{"a", "b", "Z", "0", "9", ".", "@", "-", "#", "_", "é", "Ñ", "中", "经", "ｲ", "ｂ", "😀", "🐇", " ", "\t", "\u3000", "\u00a0"}

func randText(r *rand.Rand, maxLen int) string {
	n := r.IntN(maxLen + 1)
	b := make([]byte, 0, n*3)
	for range n {
		b = append(b, alphabet[r.IntN(len(alphabet))]...)
	}
	return string(b)
}

// randQueues makes n queues over a few topics and brokers; with distinct
// false some queues repeat.
func randQueues(r *rand.Rand, n int, distinct bool) []MessageQueue {
	topics := []string{"T", "t😀", "订单"}
	brokers := []string{"broker-a", "A@broker-b", "B@经纪人", "broker-😀", "ｂｒｏｋｅｒ-ｆ", "room1@x"}
	seen := map[MessageQueue]bool{}
	var out []MessageQueue
	for len(out) < n {
		q := MessageQueue{Topic: topics[r.IntN(len(topics))], BrokerName: brokers[r.IntN(len(brokers))], QueueID: int32(r.IntN(n + 4))}
		if distinct && seen[q] {
			q.QueueID = int32(n + len(out)) // still unique
		}
		seen[q] = true
		out = append(out, q)
	}
	return out
}

// randCIDs makes n client IDs; with dups some repeat.
func randCIDs(r *rand.Rand, n int, dups bool) []string {
	out := make([]string, 0, n)
	for i := range n {
		if dups && i > 0 && r.IntN(4) == 0 {
			out = append(out, out[r.IntN(len(out))])
			continue
		}
		out = append(out, randText(r, 4)+"@"+strconv.Itoa(i))
	}
	return out
}

// roomInput makes queues on brokers "broker-R<k>" and consumers
// "c<i>-R<k>" over the given number of rooms (the resolver "-", 1, 1
// finds them); some rooms may lack consumers or queues.
func roomInput(r *rand.Rand, q, c, rooms int) ([]MessageQueue, []string) {
	mqs := make([]MessageQueue, q)
	for i := range mqs {
		mqs[i] = MessageQueue{Topic: "T", BrokerName: "broker-R" + strconv.Itoa(r.IntN(rooms)) + "中", QueueID: int32(i)}
	}
	cids := make([]string, c)
	for i := range cids {
		cids[i] = "c" + strconv.Itoa(i) + "😀-R" + strconv.Itoa(r.IntN(rooms)) + "中"
	}
	return mqs, cids
}

// requirePlanMatchesAllocate checks the whole-group view against one
// Allocate call per member: same queues in the same order, same errors
// (by Java class). It returns the plan (nil when the group failed as a
// whole, after checking that every non-empty member fails alike).
func requirePlanMatchesAllocate(t testing.TB, s Strategy, mqAll []MessageQueue, cidAll []string) *Plan {
	t.Helper()
	p, err := AllocateAll(s, "g", mqAll, cidAll)
	if err != nil {
		requireOurError(t, err)
		for _, cid := range cidAll {
			if cid == "" {
				continue
			}
			_, e := s.Allocate("g", cid, mqAll, cidAll)
			require.Error(t, e, "%s: group error %v but member %q's own call succeeds", s.Name(), err, cid)
			require.Equal(t, JavaClassOf(err), JavaClassOf(e), "%s member %q: own call's error class", s.Name(), cid)
		}
		return nil
	}
	require.Equal(t, s.Name(), p.Strategy(), "plan strategy")
	var distinct []string
	for _, c := range cidAll {
		if !slices.Contains(distinct, c) {
			distinct = append(distinct, c)
		}
	}
	require.True(t, slices.Equal(distinct, p.Members()), "%s: members %q, want %q (nil and empty alike)", s.Name(), p.Members(), distinct)
	requirePositions(t, p, positionsExpected(s))
	for _, cid := range p.Members() {
		want, werr := s.Allocate("g", cid, mqAll, cidAll)
		got, gerr := p.Of(cid), p.Err(cid)
		if werr != nil || gerr != nil {
			require.Error(t, werr, "%s member %q: only the plan fails", s.Name(), cid)
			require.Error(t, gerr, "%s member %q: only the own call fails", s.Name(), cid)
			require.Equal(t, JavaClassOf(werr), JavaClassOf(gerr), "%s member %q: error class", s.Name(), cid)
			requireOurError(t, werr)
			continue
		}
		require.Equal(t, want, got, "%s member %q (mqAll %v, cidAll %q): plan against own call", s.Name(), cid, mqAll, cidAll)
	}
	return p
}

// positionsExpected: the built-in strategies say where every member's
// queues stand in mqAll, except CONFIG (its list need not come from mqAll)
// and MACHINE_ROOM_NEARBY over a strategy that does not.
func positionsExpected(s Strategy) bool {
	return !strings.Contains(s.Name(), nameConfig) && !strings.HasSuffix(s.Name(), userStrategy{}.Name())
}

// requirePositions: the index accessors agree with the client-ID ones, and
// every position points at the queue the member gets, in order. With
// expected set, every member without an error has positions.
func requirePositions(t testing.TB, p *Plan, expected bool) {
	t.Helper()
	for i, cid := range p.Members() {
		pos := p.MemberPositions(i) // before the queues exist, for lazy plans
		qs, err := p.MemberQueues(i), p.MemberErr(i)
		require.Equal(t, p.Of(cid), qs, "%s member %d (%q): MemberQueues against Of", p.Strategy(), i, cid)
		require.Equal(t, p.Err(cid), err, "%s member %d (%q): MemberErr against Err", p.Strategy(), i, cid)
		if err != nil {
			require.Nil(t, pos, "%s member %q failed (%v) but has positions", p.Strategy(), cid, err)
			continue
		}
		if pos == nil {
			require.False(t, expected, "%s member %q: no positions", p.Strategy(), cid)
			continue
		}
		if start, n, ok := p.MemberRun(i); ok {
			require.True(t, slices.Equal(qs, p.Queues()[start:start+n]), "%s member %q: run %d+%d, queues %v", p.Strategy(), cid, start, n, qs)
		}
		require.Len(t, pos, len(qs), "%s member %q: a position per queue", p.Strategy(), cid)
		for k, at := range pos {
			require.True(t, at >= 0 && int(at) < len(p.Queues()), "%s member %q: position %d is %d, out of range", p.Strategy(), cid, k, at)
			require.Equal(t, qs[k], p.Queues()[at], "%s member %q: position %d", p.Strategy(), cid, k)
		}
	}
	n := len(p.Members())
	if start, runLen, ok := p.Runs(); ok {
		require.Len(t, start, n, "%s: Runs, a start per member", p.Strategy())
		require.Len(t, runLen, n, "%s: Runs, a length per member", p.Strategy())
		for i := range n {
			s, k, ok := p.MemberRun(i)
			require.True(t, ok && s == int(start[i]) && k == int(runLen[i]), "%s member %d: Runs %d+%d, MemberRun %d+%d %v", p.Strategy(), i, start[i], runLen[i], s, k, ok)
		}
	}
	for _, i := range []int{-1, n} {
		require.Nil(t, p.MemberQueues(i), "%s: MemberQueues(%d) out of range", p.Strategy(), i)
		require.Nil(t, p.MemberPositions(i), "%s: MemberPositions(%d) out of range", p.Strategy(), i)
		_, _, ok := p.MemberRun(i)
		require.False(t, ok, "%s: MemberRun(%d) out of range", p.Strategy(), i)
	}
	require.NoError(t, p.MemberErr(n), "%s: MemberErr out of range", p.Strategy())
}

// requireOurError: every failure is an *Error carrying a Java class.
func requireOurError(t testing.TB, err error) {
	t.Helper()
	var e *Error
	require.ErrorAs(t, err, &e, "every failure is an *alloc.Error")
	require.NotEmpty(t, e.JavaClass, "%v has a Java class", err)
}

// requireEachQueueOnce: every queue of the plan (all distinct) has exactly
// one owner.
func requireEachQueueOnce(t testing.TB, p *Plan) {
	t.Helper()
	total := 0
	for i := range p.Queues() {
		require.Len(t, p.Owners(i), 1, "%s: queue %d (%v) has exactly one owner\n%s", p.Strategy(), i, p.Queues()[i], p)
	}
	for _, m := range p.Members() {
		total += len(p.Of(m))
	}
	require.Equal(t, len(p.Queues()), total, "%s: queues handed out", p.Strategy())
}

// requireBalanced: over the members that took part, the counts differ by
// at most maxDiff.
func requireBalanced(t testing.TB, p *Plan, maxDiff int) {
	t.Helper()
	lo, hi := -1, -1
	for _, m := range p.Members() {
		if p.Err(m) != nil {
			continue
		}
		n := len(p.Of(m))
		if lo < 0 || n < lo {
			lo = n
		}
		if n > hi {
			hi = n
		}
	}
	require.LessOrEqual(t, hi-lo, maxDiff, "%s: member counts range %d..%d\n%s", p.Strategy(), lo, hi, p)
}

// requireOrderIndependent: after the rebalance sort, shuffled inputs give
// the same plan.
func requireOrderIndependent(t testing.TB, r *rand.Rand, s Strategy, mqAll []MessageQueue, cidAll []string) {
	t.Helper()
	a, err1 := AllocateAll(s, "g", mustSortedQueues(t, mqAll), SortedClientIDs(cidAll))
	mq2, cid2 := slices.Clone(mqAll), slices.Clone(cidAll)
	r.Shuffle(len(mq2), func(i, j int) { mq2[i], mq2[j] = mq2[j], mq2[i] })
	r.Shuffle(len(cid2), func(i, j int) { cid2[i], cid2[j] = cid2[j], cid2[i] })
	require.NoError(t, SortQueues(mq2))
	SortClientIDs(cid2)
	b, err2 := AllocateAll(s, "g", mq2, cid2)
	require.Equal(t, err1 == nil, err2 == nil, "%s: errors differ after shuffling: %v vs %v", s.Name(), err1, err2)
	if err1 == nil {
		require.Equal(t, a.String(), b.String(), "%s: plan depends on input order", s.Name())
	}
}

// allStrategies is one of every built-in strategy (and version), with
// nearby wrappers over a resolver that fits roomInput.
func allStrategies(t testing.TB) []Strategy {
	t.Helper()
	res, err := SplitResolver("-", 1, 1)
	require.NoError(t, err)
	ch0, ch1, ch3 := ConsistentHash(0), ConsistentHash(1), ConsistentHash(3)
	ch10 := ConsistentHash(DefaultVirtualNodeCnt)
	return []Strategy{
		Averagely(), ByCircle(), ch0, ch1, ch3, ch10,
		ByConfig(nil), ByConfig([]MessageQueue{{"T", "broker-a", 1}}),
		ByMachineRoom([]string{"A", "B", "room1"}), byMachineRoom([]string{"A", "", "B"}, Java533),
		MachineRoomNearby(Averagely(), res), MachineRoomNearby(ByCircle(), res), MachineRoomNearby(ch3, res),
		MachineRoomNearby(MachineRoomNearby(Averagely(), res), res),
		MachineRoomNearby(userStrategy{}, res),
	}
}

// userStrategy is a strategy from outside the package: it has no fast
// path, so AllocateAll must fall back to one call per member. It gives
// every member the queues whose ID is even.
type userStrategy struct{}

func (userStrategy) Name() string { return "EVEN" }

func (userStrategy) Allocate(_, cid string, mqAll []MessageQueue, _ []string) ([]MessageQueue, error) {
	if cid == "" {
		return nil, illegalArgument("currentCID", "empty")
	}
	var out []MessageQueue
	for _, q := range mqAll {
		if q.QueueID%2 == 0 {
			out = append(out, q)
		}
	}
	return out, nil
}

// mustSortedQueues is SortedQueues for queue IDs that sort consistently.
func mustSortedQueues(t testing.TB, qs []MessageQueue) []MessageQueue {
	t.Helper()
	sorted, err := SortedQueues(qs)
	require.NoError(t, err)
	return sorted
}
