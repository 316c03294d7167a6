package doctor_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/stretchr/testify/require"
)

// A series trimmed to its newest n snapshots reports exactly what a series
// of only those snapshots reports — owners, lag statuses, flapping, member
// changes — whatever came before, and whichever queues the dropped
// snapshots alone had.
func TestSeriesKeepIsTheWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 37))
	members := []string{c1, c2, c3}
	for trial := range 40 {
		var ms []moment
		consumer := int64(100)
		for range 3 + rng.IntN(10) {
			nq := 2 + rng.IntN(5) // queues come and go
			m := moment{members: members[:1+rng.IntN(3)], owners: map[int32]string{}, offsets: map[int32][2]int64{}}
			for q := range int32(nq) {
				if rng.IntN(5) > 0 {
					m.owners[q] = m.members[rng.IntN(len(m.members))]
				}
				m.offsets[q] = [2]int64{consumer + int64(rng.IntN(50)), consumer}
			}
			consumer += int64(rng.IntN(20))
			ms = append(ms, m)
		}
		snaps := series(ms...)
		n := 1 + rng.IntN(len(snaps))
		var s doctor.Series
		for _, sn := range snaps {
			require.NoError(t, s.Add(sn))
		}
		s.Keep(n)
		require.Equal(t, n, s.Len())
		want, err := doctor.DiagnoseSeries(snaps[len(snaps)-n:])
		require.NoError(t, err)
		got, _ := json.Marshal(s.Report())
		exp, _ := json.Marshal(want)
		require.JSONEq(t, string(exp), string(got), "trial %d: keep %d of %d", trial, n, len(snaps))
		// and it goes on as that series would
		next := ms[0].snapshot(len(snaps))
		require.NoError(t, s.Add(next))
		want, err = doctor.DiagnoseSeries(append(append([]doctor.Snapshot{}, snaps[len(snaps)-n:]...), next))
		require.NoError(t, err)
		got, _ = json.Marshal(s.Report())
		exp, _ = json.Marshal(want)
		require.JSONEq(t, string(exp), string(got), "trial %d: after keep", trial)
	}
}

// Keep of more than the series holds, or of less than one, is harmless.
func TestSeriesKeepBounds(t *testing.T) {
	snaps := series(moment{members: []string{c1, c2}, owners: avg2(), offsets: offsets4([4]int64{1, 1, 1, 1}, [4]int64{})})
	var s doctor.Series
	s.Keep(3)
	require.Nil(t, s.Report())
	require.NoError(t, s.Add(snaps[0]))
	s.Keep(5)
	require.Equal(t, 1, s.Len())
	s.Keep(0)
	require.Equal(t, 1, s.Len())
}
