package alloc

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingResolver is SplitResolver("-", 1, 1) that counts its calls,
// fails on the names in bad, and declares itself name-only or not.
type countingResolver struct {
	byName            bool
	bad               map[string]bool
	brokers, consumer int
}

func (r *countingResolver) BrokerDeployIn(mq MessageQueue) (string, error) {
	r.brokers++
	if r.bad[mq.BrokerName] {
		return "", illegalArgument("brokerName", "bad broker "+mq.BrokerName)
	}
	p, _ := splitPiece(mq.BrokerName, "-", 1)
	return p, nil
}

func (r *countingResolver) ConsumerDeployIn(cid string) (string, error) {
	r.consumer++
	if r.bad[cid] {
		return "", illegalArgument("clientID", "bad consumer "+cid)
	}
	p, _ := splitPiece(cid, "-", 1)
	return p, nil
}

func (r *countingResolver) ResolvesByNameOnly() bool { return r.byName }

// byQueueID puts even queue IDs in room A and odd ones in room B, and a
// consumer in the room its ID ends with: it depends on more than the
// broker name, so nothing may be cached.
type byQueueID struct{}

func (byQueueID) BrokerDeployIn(mq MessageQueue) (string, error) {
	return string("AB"[mq.QueueID%2]), nil
}

func (byQueueID) ConsumerDeployIn(cid string) (string, error) { return cid[len(cid)-1:], nil }

func TestNearbyGroupResolvesEachNameOnce(t *testing.T) {
	mqs, cids := benchTopic(256, 32) // 32 brokers of 8 queues, 4 rooms
	cids = append(cids, cids[3])     // a duplicate entry
	for _, tt := range []struct {
		byName                bool
		wantBroker, wantConsm int
	}{
		{byName: true, wantBroker: 32, wantConsm: 32},
		{byName: false, wantBroker: 256, wantConsm: 33},
	} {
		res := &countingResolver{byName: tt.byName}
		s := MachineRoomNearby(Averagely(), res)
		require.NoError(t, Validate(s))
		_, err := AllocateAll(s, "g", mqs, cids)
		require.NoError(t, err)
		assert.Equal(t, tt.wantBroker, res.brokers, "BrokerDeployIn calls, name-only %v", tt.byName)
		assert.Equal(t, tt.wantConsm, res.consumer, "ConsumerDeployIn calls, name-only %v", tt.byName)
		requirePlanMatchesAllocate(t, s, mqs, cids)
	}
}

// TestNearbyGroupResolverErrors: with names resolved once, the failure a
// member gets is still the first one in Java's order, message and all.
func TestNearbyGroupResolverErrors(t *testing.T) {
	mqs, cids := benchTopic(64, 8)
	cids = append([]string{""}, cids...) // fails check 1 before any resolving
	for _, bad := range []string{mqs[17].BrokerName, cids[6], mqs[63].BrokerName} {
		for _, byName := range []bool{true, false} {
			res := &countingResolver{byName: byName, bad: map[string]bool{bad: true}}
			s := MachineRoomNearby(ByCircle(), res)
			require.NoError(t, Validate(s))
			plan, err := AllocateAll(s, "g", mqs, cids)
			require.NoError(t, err)
			for m, cid := range plan.Members() {
				_, want := s.Allocate("g", cid, mqs, cids)
				require.Error(t, want)
				require.EqualError(t, plan.MemberErr(m), want.Error(), "member %q, bad %q", cid, bad)
			}
		}
	}
	// An empty room names the first queue (or cidAll entry) without one.
	mqs[9].BrokerName, mqs[10].BrokerName = "broker--x", "broker--x"
	res, err := SplitResolver("-", 1, 2)
	require.NoError(t, err)
	s := MachineRoomNearby(Averagely(), res)
	require.NoError(t, Validate(s))
	plan, err := AllocateAll(s, "g", mqs, cids[1:])
	require.NoError(t, err)
	_, want := s.Allocate("g", cids[1], mqs, cids[1:])
	require.EqualError(t, plan.MemberErr(0), want.Error())
	assert.Contains(t, want.Error(), "queueId=1]")
}

// TestNearbyGroupByQueueResolver: a resolver that reads more than the
// broker name is asked about every queue, and rooms need not be runs of
// mqAll; every inner strategy agrees with its per-member calls.
func TestNearbyGroupByQueueResolver(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 2))
	ch := mustCH(t, 3)
	for range 40 {
		q, c := 1+r.IntN(40), 1+r.IntN(8)
		mqs := make([]MessageQueue, q)
		for i := range mqs {
			mqs[i] = MessageQueue{Topic: "T", BrokerName: "b" + strconv.Itoa(i/4), QueueID: int32(r.IntN(9))}
		}
		cids := make([]string, c)
		for i := range cids {
			cids[i] = "c" + strconv.Itoa(r.IntN(6)) + string("ABC"[r.IntN(3)])
		}
		for _, inner := range []Strategy{Averagely(), ByCircle(), ch, userStrategy{}} {
			s := MachineRoomNearby(inner, byQueueID{})
			require.NoError(t, Validate(s))
			requirePlanMatchesAllocate(t, s, mqs, cids)
		}
	}
}

// TestNearbyGroupRoomsApart: rooms whose queues do not stand together in
// mqAll (benchTopic deals brokers round the rooms), with an orphan room,
// under inner strategies that read the queues and ones that do not.
func TestNearbyGroupRoomsApart(t *testing.T) {
	res, err := SplitResolver("-", 1, 2)
	require.NoError(t, err)
	for _, c := range []int{1, 3, 7, 40} {
		mqs, cids := benchTopic(200, c)
		for _, inner := range []Strategy{Averagely(), ByCircle(), mustCH(t, 5), userStrategy{}} {
			s := MachineRoomNearby(inner, res)
			require.NoError(t, Validate(s))
			p := requirePlanMatchesAllocate(t, s, mqs, cids)
			require.NotNil(t, p)
			if c == 3 {
				assert.True(t, strings.Contains(p.String(), "R3"), "room R3 has no consumer: its queues are shared")
			}
		}
	}
}

// TestNearbyGroupNamesApart: a broker's queues spread over mqAll (many
// topics, say) are still resolved once per name, past the table's first
// size.
func TestNearbyGroupNamesApart(t *testing.T) {
	mqs := make([]MessageQueue, 1200)
	for i := range mqs {
		j := i % 300
		mqs[i] = MessageQueue{Topic: "T" + strconv.Itoa(i/300), BrokerName: "broker-R" + strconv.Itoa(j%4) + "-" + strconv.Itoa(j), QueueID: int32(i / 300)}
	}
	_, cids := benchTopic(8, 10)
	res := &countingResolver{byName: true}
	s := MachineRoomNearby(ByCircle(), res)
	require.NoError(t, Validate(s))
	_, err := AllocateAll(s, "g", mqs, cids)
	require.NoError(t, err)
	assert.Equal(t, 300, res.brokers)
	requirePlanMatchesAllocate(t, s, mqs, cids)
}
