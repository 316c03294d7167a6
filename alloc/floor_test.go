package alloc

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// floorPositions is member m's positions in mqAll as the floor's output
// gives them: its queues in mqAll order or, for NEARBY, its own room's
// queues, then each orphan room's.
func floorPositions(f floorOut, m int) []int32 {
	pick := func(room int32) []int32 {
		out := []int32{}
		for j, o := range f.owner {
			if o == int32(m) && (f.qroom == nil || f.qroom[j] == room) {
				out = append(out, int32(j))
			}
		}
		return out
	}
	if f.qroom == nil {
		return pick(-1)
	}
	out := pick(f.mroom[m])
	for _, k := range f.orphans {
		out = append(out, pick(k)...)
	}
	return out
}

// TestFloorsAgreeWithPlans keeps the floors honest: every member's
// positions, as computed from a floor's output, are AllocateAll's.
func TestFloorsAgreeWithPlans(t *testing.T) {
	type input struct {
		name string
		mqs  []MessageQueue
		cids []string
	}
	var inputs []input
	for _, sz := range benchSizes {
		mqs, cids := benchTopic(sz[0], sz[1])
		inputs = append(inputs, input{fmt.Sprintf("Q=%d,C=%d", sz[0], sz[1]), mqs, cids})
	}
	// Room R3 without consumers; a duplicate consumer; more consumers than queues.
	mqs, cids := benchTopic(64, 3)
	inputs = append(inputs, input{"orphan room", mqs, cids})
	mqs, cids = benchTopic(100, 12)
	inputs = append(inputs, input{"duplicate", mqs, append(cids, cids[5], cids[0])})
	mqs, cids = benchTopic(8, 12)
	inputs = append(inputs, input{"Q<C", mqs, cids})
	strategies := map[string]Strategy{}
	for _, st := range benchStrategies(t) {
		strategies[st.name] = st.s
	}
	for _, f := range benchFloors {
		for _, in := range inputs {
			if f.name == "CONSISTENT_HASH_vn10" && in.name == "duplicate" {
				continue // the floor assumes distinct IDs
			}
			t.Run(f.name+"/"+in.name, func(t *testing.T) {
				got := f.floor(in.mqs, in.cids)
				plan, err := AllocateAll(strategies[f.name], "g", in.mqs, in.cids)
				require.NoError(t, err)
				require.Equal(t, plan.Members(), got.members)
				for m := range got.members {
					require.Equal(t, plan.MemberPositions(m), floorPositions(got, m), "member %d", m)
				}
			})
		}
	}
}
