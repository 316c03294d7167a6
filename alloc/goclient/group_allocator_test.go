package goclient

import (
	"math/rand/v2"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alloc.AllocateAll over a Go client strategy takes the group path
// (AllocateGroup) and answers, member for member, what the member's own
// Allocate call returns: queues (in order, null included) or error; or,
// for an error every member gets alike, that error instead of a plan.
func TestAllocateAllTakesTheGroupPath(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 12))
	for range 1000 {
		mqAll, cidAll, idcs := randomCase(r)
		strategies := []Strategy{Averagely(), ByCircle(), MachineRoomNearby(), ByMachineRoom(idcs),
			ConsistentHash(r.IntN(4) - 1), ConsistentHash(10), ByConfig(nil), ByConfig(mqAll[:len(mqAll)/2])}
		consumers := alloc.NewConsumers(cidAll)
		for _, s := range strategies {
			plan, err := alloc.AllocateAll(s, "g", mqAll, cidAll)
			if err != nil {
				// Only an error every member's own call returns alike.
				for _, cid := range cidAll {
					_, memberErr := s.Allocate("g", cid, mqAll, cidAll)
					require.Equal(t, err, memberErr, "%s %q", s.Name(), cid)
				}
				continue
			}
			// The same list indexed once (AllocateConsumers where the
			// strategy has it) gives the same plan.
			indexed, err := consumers.AllocateAll(s, "g", mqAll)
			require.NoError(t, err)
			require.Equal(t, plan.String(), indexed.String(), "%s: Consumers.AllocateAll", s.Name())
			for m, cid := range plan.Members() {
				want, wantErr := s.Allocate("g", cid, mqAll, cidAll)
				require.Equal(t, wantErr, plan.MemberErr(m), "%s %q", s.Name(), cid)
				if wantErr != nil {
					continue
				}
				require.Equal(t, want, plan.MemberQueues(m), "%s %q", s.Name(), cid)
				if _, isConfig := s.(config); !isConfig {
					require.NotNil(t, plan.MemberPositions(m), "%s: positions from the group path", s.Name())
				}
			}
		}
	}
}

func TestGroupResultWorkedExample(t *testing.T) {
	t.Parallel()
	r, err := Averagely().(groupAllocator).AllocateGroup("g", testkit.Queues("b", 5), []string{"c1", "c2", "c1"})
	require.NoError(t, err)
	assert.Equal(t, []string{"c1", "c2"}, r.Members)
	// Three slots: c1 (first at 0) gets the run [0 1], c2 (at 1) gets [2 3].
	assert.Equal(t, [][2]int32{{0, 2}, {2, 2}}, r.Runs)
	assert.Nil(t, r.Positions)
}
