package doctor_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// randomOwners gives each of n queues an owner among members (or nobody,
// rarely).
func randomOwners(r *rand.Rand, n int, members []string) map[int32]string {
	out := map[int32]string{}
	for q := int32(0); q < int32(n); q++ {
		if r.IntN(8) > 0 {
			out[q] = members[r.IntN(len(members))]
		}
	}
	return out
}

// randomMembers is a non-empty subset of c1, c2, c3, sorted.
func randomMembers(r *rand.Rand) []string {
	var out []string
	for _, c := range []string{c1, c2, c3} {
		if r.IntN(2) == 0 {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		out = []string{c2}
	}
	return out
}

// randomOffsets walks n queues' offsets over steps snapshots: consumer
// offsets that mostly stay or grow (sometimes go back), lags 0..4 or more.
func randomOffsets(r *rand.Rand, n, steps int) []map[int32][2]int64 {
	out := make([]map[int32][2]int64, steps)
	cons := make([]int64, n)
	for q := range cons {
		cons[q] = 100 + int64(r.IntN(50))
	}
	for s := range out {
		out[s] = map[int32][2]int64{}
		for q := range cons {
			switch r.IntN(6) {
			case 0:
				cons[q] -= int64(r.IntN(30))
			case 1, 2:
				cons[q] += int64(r.IntN(20))
			}
			lag := int64(r.IntN(3)) * int64(r.IntN(6))
			out[s][int32(q)] = [2]int64{cons[q] + lag, cons[q]}
		}
	}
	return out
}

// randomSeries is 1-5 snapshots of 1-6 queues with owners, members and
// offsets drawn at random (owners sometimes unchanged from the previous
// snapshot, so some series settle).
func randomSeries(r *rand.Rand) []moment {
	n, steps := 1+r.IntN(6), 1+r.IntN(5)
	offs := randomOffsets(r, n, steps)
	ms := make([]moment, steps)
	for s := range ms {
		if s > 0 && r.IntN(2) == 0 {
			ms[s] = moment{members: ms[s-1].members, owners: ms[s-1].owners}
		} else {
			mem := randomMembers(r)
			ms[s] = moment{members: mem, owners: randomOwners(r, n, mem)}
		}
		ms[s].offsets = offs[s]
	}
	return ms
}

func diagnoseMoments(t *testing.T, ms []moment) *doctor.Report {
	t.Helper()
	rep, err := doctor.DiagnoseSeries(series(ms...))
	require.NoError(t, err)
	require.NotNil(t, rep.Timeline)
	return rep
}

// ownerMoves counts the times q's generated owner is another one than
// the last snapshot that had one (snapshots where nobody holds it skipped).
func ownerMoves(ms []moment, q int32) int {
	n, prev := 0, ""
	for _, m := range ms {
		o, ok := m.owners[q]
		if !ok {
			continue
		}
		if prev != "" && o != prev {
			n++
		}
		prev = o
	}
	return n
}

// ownerChanges counts the times q's generated owner differs from one
// snapshot to the next.
func ownerChanges(ms []moment, q int32) int {
	n := 0
	for s := 1; s < len(ms); s++ {
		a, okA := ms[s-1].owners[q]
		b, okB := ms[s].owners[q]
		if a != b || okA != okB {
			n++
		}
	}
	return n
}

func TestPropertyTimeline(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for iter := 0; iter < 150; iter++ {
		ms := randomSeries(r)
		rep := diagnoseMoments(t, ms)
		tl := rep.Timeline

		// Changes and flapping follow from the owners alone.
		total := 0
		for _, q := range tl.Queues {
			assert.Equal(t, ownerChanges(ms, q.QueueID), q.Changes, "iter %d queue %d", iter, q.QueueID)
			assert.Equal(t, ownerMoves(ms, q.QueueID) > 1, q.Flapping, "iter %d queue %d", iter, q.QueueID)
			require.NotNil(t, q.Lag)
			assert.Len(t, q.Lag.Samples, len(ms))
			total++
		}
		sum := 0
		for _, n := range tl.Lag {
			sum += n
		}
		assert.Equal(t, total, sum, "every queue with offsets has one lag status")

		// Lag statuses are a function of the offsets: other owners and
		// members over the same offsets give the same statuses.
		other := slices.Clone(ms)
		for s := range other {
			mem := randomMembers(r)
			other[s] = moment{members: mem, owners: randomOwners(r, len(ms[s].offsets), mem), offsets: ms[s].offsets}
		}
		assert.Equal(t, lagStatuses(tl), lagStatuses(diagnoseMoments(t, other).Timeline), "iter %d", iter)

		// The same snapshot taken twice creates no flapping, no owner
		// change and no member change; with two snapshots or more, the lag
		// statuses stay too.
		i := r.IntN(len(ms))
		snaps := series(ms...)
		dup := slices.Insert(slices.Clone(snaps), i+1, snaps[i])
		rep2, err := doctor.DiagnoseSeries(dup)
		require.NoError(t, err)
		for k, q := range tl.Queues {
			q2 := rep2.Timeline.Queues[k]
			assert.Equal(t, q.Changes, q2.Changes, "iter %d: snapshot %d repeated", iter, i)
			assert.Equal(t, q.Flapping, q2.Flapping)
			if len(ms) >= 2 {
				assert.Equal(t, q.Lag.Status, q2.Lag.Status, "iter %d: snapshot %d repeated", iter, i)
			}
		}
		assert.Len(t, rep2.Timeline.MemberChanges, len(tl.MemberChanges))
		if i == len(ms)-1 && !strings.Contains(tl.Rebalance.Reason, "droped") {
			assert.Equal(t, doctor.RebalanceSettled, rep2.Timeline.Rebalance.State, "the last snapshot repeated: nothing moved")
		}

		// OK: the last snapshot's and the timeline's.
		last, err := doctor.Diagnose(snaps[len(snaps)-1].Input)
		require.NoError(t, err)
		errs := false
		for _, f := range tl.Findings {
			errs = errs || f.Level == doctor.LevelError
		}
		assert.Equal(t, last.OK && !errs, rep.OK)
		assert.Equal(t, !errs, tl.OK)

		for _, l := range strings.Split(tl.Text(), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, l)
		}
	}
}

// FuzzDiagnoseSeries: fuzzed progress texts in a series of real snapshots
// give a report or an *alloc.TextError naming the snapshot, never a panic.
func FuzzDiagnoseSeries(f *testing.F) {
	early := snapshotDir(f, "../../testdata/timeline/basic3-early")
	late := snapshotDir(f, "../../testdata/timeline/basic3")
	f.Add(early.Progress, late.Progress)
	f.Add(late.Progress, "")
	f.Fuzz(func(t *testing.T, p1, p2 string) {
		a, b := early, late
		a.Progress, b.Progress = p1, p2
		rep, err := doctor.DiagnoseSeries([]doctor.Snapshot{a, b})
		if err != nil {
			var ie *alloc.TextError
			require.ErrorAs(t, err, &ie)
			require.True(t, strings.HasPrefix(ie.Source, "snapshot["), ie.Source)
			require.Nil(t, rep)
			return
		}
		require.NotNil(t, rep.Timeline)
		_ = rep.Text()
	})
}
