package analysis

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// FuzzScenario plays random scenarios: no panic, and every diff keeps
// moved + kept = common and 0 <= MinMoves <= common.
func FuzzScenario(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5})
	f.Add(uint64(2), []byte{3, 3, 1, 1, 1})
	f.Fuzz(func(t *testing.T, seed uint64, ops []byte) {
		if len(ops) > 12 {
			ops = ops[:12]
		}
		r := rand.New(rand.NewPCG(seed, 1))
		sc := Scenario{Topic: "T", Brokers: []string{"A@b0", "B@b1"}, QueuesPerBroker: r.IntN(5), Members: []string{"c0@A", "c1@B"}}
		names := []string{"c0@A", "c1@B", "c2@A", "c3@B", "", "ｲ@A", "😀@B"}
		for _, op := range ops {
			m := []string{names[int(op>>3)%len(names)]}
			switch op % 6 {
			case 0:
				sc.Changes = append(sc.Changes, Change{Kind: ChangeJoin, Members: m})
			case 1:
				sc.Changes = append(sc.Changes, Change{Kind: ChangeLeave, Members: m})
			case 2:
				sc.Changes = append(sc.Changes, Change{Kind: ChangeCrash, Members: m})
			case 3:
				sc.Changes = append(sc.Changes, Change{Kind: ChangeQueues, Queues: int(op>>3) % 7})
			case 4:
				sc.Changes = append(sc.Changes, Change{Kind: ChangeAddBroker, Broker: "C@b" + string(rune('0'+op%10))})
			case 5:
				sc.Changes = append(sc.Changes, Change{Kind: ChangeRemoveBroker, Broker: "A@b0"})
			}
		}
		res, err := RunScenario(sc, partitioning(t), RunOptions{})
		if err != nil {
			require.IsType(t, (*alloc.Error)(nil), err, "error %v", err)
			return
		}
		for _, st := range res.Steps {
			for _, d := range st.Diffs {
				require.False(t, d.Moved+d.Kept != d.Common || d.MinMoves < 0 || d.MinMoves > d.Common, "bad diff %+v", d)
			}
		}
	})
}

// FuzzViews runs random inconsistent views: no panic, and double-owned
// plus singly-owned plus orphaned queues account for every queue.
func FuzzViews(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		r := rand.New(rand.NewPCG(s1, s2))
		qs, cids := randomGroup(r)
		strategies := partitioning(t)
		var views []View
		for range r.IntN(6) {
			_, seen := randomGroup(r)
			views = append(views, View{Member: cids[r.IntN(len(cids))], Members: seen, Strategy: r.IntN(len(strategies))})
		}
		res, err := Views(strategies, qs, cids, views, Options{AsGiven: r.IntN(2) != 0})
		require.NoError(t, err)
		single := 0
		for i := range res.Combined.Queues() {
			if len(res.Combined.Owners(i)) == 1 {
				single++
			}
		}
		require.False(t, single+len(res.DoubleOwned)+len(res.Orphaned) != len(res.Combined.Queues()), "queues unaccounted for")
	})
}
