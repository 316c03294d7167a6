package goclient

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	mr := []alloc.MessageQueue{
		{Topic: "T", BrokerName: "A@b", QueueID: 0}, {Topic: "T", BrokerName: "A@b", QueueID: 1},
		{Topic: "T", BrokerName: "B@b", QueueID: 2}, {Topic: "T", BrokerName: "A@b", QueueID: 3},
	}
	tests := []struct {
		name   string
		s      Strategy
		mqAll  []alloc.MessageQueue
		cidAll []string
		cid    string
		want   []alloc.MessageQueue
	}{
		{"avg 10/4 first", Averagely(), testkit.Queues("b", 10), []string{"c0", "c1", "c2", "c3"}, "c0", testkit.IDs("b", 0, 1, 2)},
		{"avg 10/4 last", Averagely(), testkit.Queues("b", 10), []string{"c0", "c1", "c2", "c3"}, "c3", testkit.IDs("b", 8, 9)},
		{"avg more consumers", Averagely(), testkit.Queues("b", 2), []string{"c0", "c1", "c2"}, "c2", testkit.IDs("b")},
		{"avg duplicate cid: first slot", Averagely(), testkit.Queues("b", 4), []string{"c0", "c0", "c1"}, "c0", testkit.IDs("b", 0, 1)},
		{"avg non-member", Averagely(), testkit.Queues("b", 4), []string{"c0"}, "x", testkit.IDs("b")},
		{"avg empty cid", Averagely(), testkit.Queues("b", 4), []string{""}, "", testkit.IDs("b")},
		{"circle 8/3", ByCircle(), testkit.Queues("b", 8), []string{"c0", "c1", "c2"}, "c1", testkit.IDs("b", 1, 4, 7)},
		{"nearby is avg", MachineRoomNearby(), testkit.Queues("b", 10), []string{"c0", "c1", "c2", "c3"}, "c1", testkit.IDs("b", 3, 4, 5)},
		{"config anyone", ByConfig(testkit.IDs("b", 3, 5)), nil, nil, "whoever", testkit.IDs("b", 3, 5)},
		{"machine room c0", ByMachineRoom([]string{"A"}), mr, []string{"c0", "c1"}, "c0", []alloc.MessageQueue{mr[0], mr[3]}},
		{"machine room c1", ByMachineRoom([]string{"A"}), mr, []string{"c0", "c1"}, "c1", []alloc.MessageQueue{mr[1]}},
		// Go slices mqAll: with B's queue first, c1 gets B's queue.
		{"machine room slices mqAll", ByMachineRoom([]string{"A"}), []alloc.MessageQueue{mr[2], mr[0], mr[1], mr[3]}, []string{"c0", "c1"}, "c1", []alloc.MessageQueue{mr[0]}},
		// A repeated room repeats its queues: kept = [A0 A0], one consumer.
		{"machine room repeated room", ByMachineRoom([]string{"A", "A"}), []alloc.MessageQueue{mr[0], mr[2]}, []string{"c0"}, "c0", []alloc.MessageQueue{mr[0], mr[2]}},
		{"machine room keeps A@ (two pieces)", ByMachineRoom([]string{"A"}), []alloc.MessageQueue{{Topic: "T", BrokerName: "A@"}}, []string{"c0"}, "c0", []alloc.MessageQueue{{Topic: "T", BrokerName: "A@"}}},
		{"machine room skips A@b@c", ByMachineRoom([]string{"A"}), []alloc.MessageQueue{{Topic: "T", BrokerName: "A@b@c"}}, []string{"c0"}, "c0", testkit.IDs("b")},
		{"consistent hash negative vn", ConsistentHash(-1), testkit.Queues("b", 4), []string{"c0"}, "c0", testkit.IDs("b")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.s.Allocate("g", tt.cid, tt.mqAll, tt.cidAll)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestConsistentHashRing(t *testing.T) {
	s := ConsistentHash(1).(consistentHash)
	r, err := s.ring([]string{"a", "b"})
	require.NoError(t, err)
	assert.Equal(t, []uint32{0x3d232478, 0xa42a75c2}, r.keys)
	assert.Equal(t, []int32{1, 0}, r.owners)
	assert.Equal(t, int32(0), r.ownerOfKey(0x50000000))
	assert.Equal(t, int32(1), r.ownerOfKey(0xf0000000))
	assert.Equal(t, int32(0), r.ownerOfKey(0x3d232478), "strictly greater: an equal key goes to the next node")
}

func TestConsistentHashZeroNodesPanics(t *testing.T) {
	_, err := ConsistentHash(0).Allocate("g", "c0", testkit.Queues("b", 3), []string{"c0"})
	require.Error(t, err, "no error")
	assert.ErrorIs(t, err, ErrPanic, "error %v is not ErrPanic", err)
	assert.Equal(t, PanicClass, alloc.JavaClassOf(err))
	got, err := ConsistentHash(0).Allocate("g", "ghost", testkit.Queues("b", 3), []string{"c0"})
	require.NoError(t, err)
	assert.Empty(t, got)
}

func TestConsistentHashHugeRingRefused(t *testing.T) {
	_, err := ConsistentHash(1<<30).Allocate("g", "c0", testkit.Queues("b", 3), []string{"c0", "c1"})
	assert.False(t, !errors.Is(err, alloc.ErrLimit) || alloc.JavaClassOf(err) != "", "error %v is not alloc.ErrLimit", err)
}

func TestMachineRoomIndexPanic(t *testing.T) {
	// kept = 3 × [A0] with 1 consumer: mod 3, mqAll[0:3] of a 1-queue list.
	_, err := ByMachineRoom([]string{"A", "A", "A"}).Allocate("g", "c0", testkit.IDs("A@b", 0), []string{"c0"})
	require.Error(t, err, "no error")
	assert.Equal(t, PanicClass, alloc.JavaClassOf(err))
	assert.True(t, strings.Contains(err.Error(), "index out of range [1] with length 1"))
}

func TestConfigNil(t *testing.T) {
	got, err := ByConfig(nil).Allocate("g", "c", testkit.Queues("b", 2), []string{"c"})
	require.NoError(t, err)
	assert.Nil(t, got)
}

func TestSortIsByBytes(t *testing.T) {
	cids := []string{"😀", "ｲ", "192.168.1.9", "192.168.1.10"}
	Client.SortClientIDs(cids)
	assert.Equal(t, []string{"192.168.1.10", "192.168.1.9", "ｲ", "😀"}, cids)
	q := []alloc.MessageQueue{{Topic: "T", BrokerName: "😀"}, {Topic: "T", BrokerName: "ｲ", QueueID: 2}, {Topic: "T", BrokerName: "ｲ", QueueID: -1}}
	_ = Client.SortQueues(q)
	assert.Equal(t, []alloc.MessageQueue{{Topic: "T", BrokerName: "ｲ", QueueID: -1}, {Topic: "T", BrokerName: "ｲ", QueueID: 2}, {Topic: "T", BrokerName: "😀"}}, q)
}

func TestNewStrategy(t *testing.T) {
	t.Parallel()
	vn := 3
	for _, tt := range []struct {
		spec alloc.StrategySpec
		want Strategy
	}{
		{alloc.StrategySpec{Name: "AVG"}, Averagely()},
		{alloc.StrategySpec{Name: "AVG_BY_CIRCLE"}, ByCircle()},
		{alloc.StrategySpec{Name: "MACHINE_ROOM_NEARBY"}, MachineRoomNearby()},
		{alloc.StrategySpec{Name: "CONSISTENT_HASH"}, ConsistentHash(10)},
		{alloc.StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &vn}, ConsistentHash(3)},
		{alloc.StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: []string{"A"}}, ByMachineRoom([]string{"A"})},
		{alloc.StrategySpec{Name: "CONFIG", HasMessageQueueList: true}, ByConfig([]alloc.MessageQueue{})},
	} {
		got, err := Client.NewStrategy(tt.spec)
		require.NoError(t, err)
		assert.Equal(t, tt.want, got, tt.spec.Name)
		assert.Equal(t, alloc.Client(Client), alloc.ClientOf(got))
	}
	_, err := Client.NewStrategy(alloc.StrategySpec{Name: "NOPE"})
	var e *alloc.Error
	assert.True(t, errors.As(err, &e))
	assert.Equal(t, "strategy.name", e.Field)
}

// groupMatchesEach checks AllocateGroup against one Allocate call per member.
func groupMatchesEach(t testing.TB, s Strategy, mqAll []alloc.MessageQueue, cidAll []string) {
	g := allocateGroup(s, mqAll, cidAll)
	seen := map[string]bool{}
	members := []string{}
	for _, c := range cidAll {
		if !seen[c] {
			seen[c] = true
			members = append(members, c)
		}
	}
	require.Equal(t, members, g.Members, "the group's members, in order of first occurrence")
	for m, cid := range members {
		want, err := s.Allocate("g", cid, mqAll, cidAll)
		require.Equal(t, err != nil, g.Errs[m] != nil, "%s %q: group error %v, its own call's error %v", s.Name(), cid, g.Errs[m], err)
		if err != nil {
			continue
		}
		if _, isConfig := s.(config); isConfig {
			continue // positions of CONFIG drop foreign queues; checked elsewhere
		}
		require.Len(t, g.Shares[m], len(want), "%s %q: the group's share against its own call's %d queues", s.Name(), cid, len(want))
		for i, p := range g.Shares[m] {
			require.Equal(t, want[i], mqAll[p], "%s %q: queue %d", s.Name(), cid, i)
		}
	}
}

func randomCase(r *rand.Rand) ([]alloc.MessageQueue, []string, []string) {
	rooms := []string{"A", "B", "", "C"}
	var mqAll []alloc.MessageQueue
	for i := range r.IntN(30) {
		b := rooms[r.IntN(len(rooms))] + "@b" + strconv.Itoa(r.IntN(3))
		if r.IntN(5) == 0 {
			b = "plain"
		}
		mqAll = append(mqAll, alloc.MessageQueue{Topic: "T", BrokerName: b, QueueID: int32(i)})
	}
	var cidAll []string
	for range r.IntN(8) {
		cidAll = append(cidAll, "c"+strconv.Itoa(r.IntN(6)))
	}
	if r.IntN(4) == 0 {
		cidAll = append(cidAll, "")
	}
	idcs := []string{rooms[r.IntN(len(rooms))]}
	if r.IntN(3) == 0 {
		idcs = append(idcs, idcs[0])
	}
	return mqAll, cidAll, idcs
}

func TestAllocateGroupMatchesEachMember(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		mqAll, cidAll, idcs := randomCase(r)
		for _, s := range []Strategy{Averagely(), ByCircle(), MachineRoomNearby(), ByMachineRoom(idcs),
			ConsistentHash(r.IntN(4) - 1), ConsistentHash(10)} {
			groupMatchesEach(t, s, mqAll, cidAll)
		}
	}
}

func TestAllocateGroupConfig(t *testing.T) {
	mqAll := testkit.Queues("b", 4)
	foreign := alloc.MessageQueue{Topic: "X", BrokerName: "b"}
	g := allocateGroup(ByConfig([]alloc.MessageQueue{mqAll[2], foreign, mqAll[0]}), mqAll, []string{"c0", "c1"})
	assert.Equal(t, [][]int32{{2, 0}, {2, 0}}, g.Shares)
}

func FuzzAllocate(f *testing.F) {
	f.Add(uint64(1), 3, "A")
	f.Add(uint64(7), 0, "")
	f.Fuzz(func(t *testing.T, seed uint64, vn int, idc string) {
		r := rand.New(rand.NewPCG(seed, 0))
		mqAll, cidAll, _ := randomCase(r)
		vn %= 50
		for _, s := range []Strategy{Averagely(), ByCircle(), ByMachineRoom([]string{idc, idc}), ConsistentHash(vn), ByConfig(mqAll)} {
			groupMatchesEach(t, s, mqAll, cidAll)
		}
	})
}

func TestMachineRoomHugeKeptRefused(t *testing.T) {
	mqAll := testkit.Queues("A@b", 4096)
	idcs := make([]string, 4097)
	for i := range idcs {
		idcs[i] = "A"
	}
	_, err := ByMachineRoom(idcs).Allocate("g", "c0", mqAll, []string{"c0"})
	require.ErrorIs(t, err, alloc.ErrInvalidArgument, "error %v", err)
	g := allocateGroup(ByMachineRoom(idcs), mqAll, []string{"c0"})
	require.ErrorIs(t, g.Errs[0], alloc.ErrInvalidArgument, "the group's error")
}

// A ring that cannot be built fails every member alike: AllocateAll
// returns that error instead of a plan whose members all carry it. With an
// empty client ID in the group (which gets [] before any ring) it stays
// per member.
func TestAllocateAllConsistentHashZeroNodesIsTheCallsError(t *testing.T) {
	p, err := alloc.AllocateAll(ConsistentHash(0), "g", testkit.Queues("b", 3), []string{"c0", "c1"})
	assert.Nil(t, p)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrPanic)
	assert.Equal(t, alloc.JavaClassOf(err), PanicClass)

	p, err = alloc.AllocateAll(ConsistentHash(0), "g", testkit.Queues("b", 3), []string{"", "c1"})
	require.NoError(t, err)
	assert.NoError(t, p.MemberErr(0))
	assert.ErrorIs(t, p.MemberErr(1), ErrPanic)

	p, err = alloc.AllocateAll(ConsistentHash(0), "g", nil, []string{"c0"})
	require.NoError(t, err, "no queues: nobody builds a ring")
	assert.NoError(t, p.MemberErr(0))
}

func TestPlanKnowsItsClient(t *testing.T) {
	p, err := alloc.AllocateAll(Averagely(), "g", testkit.Queues("b", 3), []string{"c0"})
	require.NoError(t, err)
	assert.Equal(t, Client, p.Client())
	j, err := alloc.AllocateAll(alloc.Averagely(), "g", testkit.Queues("b", 3), []string{"c0"})
	require.NoError(t, err)
	assert.Equal(t, alloc.Client(alloc.Java493), j.Client())
	assert.Nil(t, alloc.Broadcast(testkit.Queues("b", 3), []string{"c0"}).Client())
}
