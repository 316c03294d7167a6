package alloc

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestConsumersWorkedExample(t *testing.T) {
	cs := NewConsumers([]string{"c1", "c2", "c1"})
	require.Equal(t, []string{"c1", "c2"}, cs.Members())
	require.Equal(t, []string{"c1", "c2", "c1"}, cs.IDs())
	mqs := []MessageQueue{{"T", "b", 0}, {"T", "b", 1}, {"T", "b", 2}, {"T", "b", 3}, {"T", "b", 4}, {"T", "b", 5}}
	p, err := cs.AllocateAll(Averagely(), "g", mqs)
	require.NoError(t, err)
	// AVG over 3 positions: c1 at 0 gets q0 q1, c2 at 1 gets q2 q3; the
	// duplicate's block (q4 q5) belongs to nobody.
	require.Equal(t, mqs[0:2], p.Of("c1"))
	require.Equal(t, mqs[2:4], p.Of("c2"))
}

// The list is copied: changing the caller's slice later changes nothing.
func TestConsumersCopiesTheList(t *testing.T) {
	ids := []string{"b", "a"}
	cs := NewConsumers(ids)
	ids[0] = "z"
	require.Equal(t, []string{"b", "a"}, cs.IDs())
	p, err := cs.AllocateAll(Averagely(), "g", []MessageQueue{{"T", "b", 0}, {"T", "b", 1}})
	require.NoError(t, err)
	require.Equal(t, []string{"b", "a"}, p.Members())
	require.Nil(t, p.Of("z"))
}

// Java's null list stays null; an empty one stays empty: both fail alike
// through either door.
func TestConsumersNullAndEmpty(t *testing.T) {
	mqs := []MessageQueue{{"T", "b", 0}}
	for _, ids := range [][]string{nil, {}} {
		_, want := AllocateAll(Averagely(), "g", mqs, ids)
		_, got := NewConsumers(ids).AllocateAll(Averagely(), "g", mqs)
		require.Error(t, got)
		require.Equal(t, want.Error(), got.Error())
	}
	_, err := NewConsumers([]string{"c"}).AllocateAll(nil, "g", mqs)
	require.ErrorContains(t, err, "strategy")
}

// TestPropertyConsumersMatchAllocateAll: for every strategy, over random
// groups (duplicates, failing IDs, sorted and not), one indexed list used
// for several queue sets gives AllocateAll's plan every time.
func TestPropertyConsumersMatchAllocateAll(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	strategies := allStrategies(t)
	for range 60 {
		cids := randCIDs(r, r.IntN(14), true)
		if r.IntN(3) == 0 {
			cids = append(cids, "", " ")
		}
		if r.IntN(2) == 0 {
			slices.Sort(cids)
		}
		cs := NewConsumers(cids)
		for range 3 {
			mq := randQueues(r, r.IntN(30), r.IntN(2) == 0)
			for _, s := range strategies {
				want, werr := AllocateAll(s, "g", mq, cids)
				got, gerr := cs.AllocateAll(s, "g", mq)
				if werr != nil {
					require.Error(t, gerr, "%s", s.Name())
					require.Equal(t, werr.Error(), gerr.Error(), "%s", s.Name())
					continue
				}
				require.NoError(t, gerr, "%s", s.Name())
				require.Equal(t, want.String(), got.String(), "%s over %q", s.Name(), cids)
				for m := range want.Members() {
					require.Equal(t, want.MemberPositions(m), got.MemberPositions(m), "%s member %d", s.Name(), m)
					require.Equal(t, want.MemberErr(m), got.MemberErr(m), "%s member %d", s.Name(), m)
				}
			}
		}
	}
}
