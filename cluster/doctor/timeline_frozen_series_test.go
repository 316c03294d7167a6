package doctor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Worked examples: 4 queues of T, snapshots 30 s apart. A queue whose
// offset moved early in the window and then stayed put while its lag grew
// is not "consumed": the timeline tells it (STALL, CONSUMER_STUCK naming
// the member holding it) from queues whose offsets move but fall behind
// (WARN, LAG_GROWING).
func TestTimelineFrozenOffsetIsNotConsumed(t *testing.T) {
	type offs struct{ consumer, lag [4]int64 }
	tests := []struct {
		name    string
		steps   []offs
		want    map[int32]string
		codes   []doctor.Code
		clients []string // of the first finding
		says    []string // in the first finding's message
	}{{
		// q0 (c1) moves once then stays at 110 while lag goes 6 → 66 →
		// 121; the others move and catch up.
		name: "frozen after moving",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{2, 0, 0, 0}},
			{[4]int64{110, 110, 110, 110}, [4]int64{6, 0, 0, 0}},
			{[4]int64{110, 120, 120, 120}, [4]int64{66, 0, 0, 0}},
			{[4]int64{110, 130, 130, 130}, [4]int64{121, 0, 0, 0}},
		},
		want:    map[int32]string{0: doctor.LagStall, 1: doctor.LagOK, 2: doctor.LagOK, 3: doctor.LagOK},
		codes:   []doctor.Code{doctor.CodeConsumerStuck},
		clients: []string{c1},
		says:    []string{"10.0.0.1@c1 consumed nothing on queue T broker-a/0 of the 2 it holds for the last 1m0s (its offset unchanged since #2 at 10:00:30, consumed before)", "lag 121 now"},
	}, {
		// The same, but q0 had caught up (lag 0) before it froze: Burrow
		// alone says OK.
		name: "frozen after catching up",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{0, 0, 0, 0}},
			{[4]int64{100, 110, 110, 110}, [4]int64{6, 0, 0, 0}},
			{[4]int64{100, 120, 120, 120}, [4]int64{66, 0, 0, 0}},
		},
		want:    map[int32]string{0: doctor.LagStall, 1: doctor.LagOK, 2: doctor.LagOK, 3: doctor.LagOK},
		codes:   []doctor.Code{doctor.CodeConsumerStuck},
		clients: []string{c1},
		says:    []string{"since #2 at 10:00:30"},
	}, {
		// q0 and q1 move at every step but fall behind: slow, not stuck.
		name: "consumed but too slow",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{2, 2, 0, 0}},
			{[4]int64{110, 110, 110, 110}, [4]int64{6, 8, 0, 0}},
			{[4]int64{120, 115, 120, 120}, [4]int64{66, 30, 0, 0}},
		},
		want:  map[int32]string{0: doctor.LagWarn, 1: doctor.LagWarn, 2: doctor.LagOK, 3: doctor.LagOK},
		codes: []doctor.Code{doctor.CodeLagGrowing},
		says:  []string{"while their offsets move", "too slow"},
	}, {
		// Everything froze at #2: the whole group stopped then.
		name: "all frozen after moving",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{2, 2, 2, 2}},
			{[4]int64{110, 110, 110, 110}, [4]int64{6, 6, 6, 6}},
			{[4]int64{110, 110, 110, 110}, [4]int64{66, 66, 66, 66}},
		},
		want:  map[int32]string{0: doctor.LagStop, 1: doctor.LagStop, 2: doctor.LagStop, 3: doctor.LagStop},
		codes: []doctor.Code{doctor.CodeConsumptionStopped},
		says:  []string{"the group consumed nothing at all for the last 30s (offsets unchanged since #2"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ms []moment
			for _, s := range tc.steps {
				ms = append(ms, moment{members: members2(), owners: avg2(), offsets: offsets4(s.consumer, s.lag)})
			}
			rep, err := doctor.DiagnoseSeries(series(ms...))
			require.NoError(t, err)
			tl := rep.Timeline
			assert.Equal(t, tc.want, lagStatuses(tl))
			require.Equal(t, tc.codes, timelineCodes(tl))
			f := tl.Findings[0]
			assert.Equal(t, tc.clients, f.Clients)
			for _, s := range tc.says {
				assert.Contains(t, f.Message, s)
			}
			assert.NotContains(t, f.Message, "although they are consumed")
			if tc.want[0] == doctor.LagStall {
				assert.Regexp(t, `STALL  T broker-a/0: offset 100 → 1[01]0, lag [0-9]+ → [0-9]+, unchanged since #2, owner 10\.0\.0\.1@c1\n`, tl.TextWidth(200))
			}
			stuck := f.Level == doctor.LevelError
			assert.Equal(t, !stuck, tl.OK)
			for _, q := range tl.Queues {
				if st := q.Lag.Status; st == doctor.LagStall || st == doctor.LagStop {
					require.NotNil(t, q.Lag.Frozen, "queue %d", q.QueueID)
					assert.Equal(t, tl.Snapshots[q.Lag.Frozen.Snapshot].At, q.Lag.Frozen.At)
				} else {
					assert.Nil(t, q.Lag.Frozen)
				}
			}
		})
	}
}

// Situation 6 of issue 34: three orderly consumers, c1 killed after #1.
// c1 leaves the connection list at once; by #3 c2 holds c1's queue 0 but
// the broker still locks it for c1: its offset stays at 110 while lag
// grows 6 → 66 → 121. The timeline names c2 as holding a queue nobody
// consumes, and c1 as its last consumer that left.
func TestTimelineOrderlyConsumerKilled(t *testing.T) {
	three := []string{c1, c2, c3}
	two := []string{c2, c3}
	own := func(o0, o1, o2, o3 string) map[int32]string {
		m := map[int32]string{}
		for i, o := range []string{o0, o1, o2, o3} {
			if o != "" {
				m[int32(i)] = o
			}
		}
		return m
	}
	rep, err := doctor.DiagnoseSeries(series(
		moment{members: three, owners: own(c1, c1, c2, c3), offsets: offsets4([4]int64{100, 100, 100, 100}, [4]int64{0, 0, 0, 0})},
		moment{members: two, owners: own("", "", c2, c3), offsets: offsets4([4]int64{110, 110, 110, 110}, [4]int64{6, 5, 0, 0})},
		moment{members: two, owners: own(c2, c2, c2, c3), offsets: offsets4([4]int64{110, 140, 140, 140}, [4]int64{66, 0, 0, 0})},
		moment{members: two, owners: own(c2, c2, c3, c3), offsets: offsets4([4]int64{110, 170, 170, 170}, [4]int64{121, 0, 0, 0})},
	))
	require.NoError(t, err)
	tl := rep.Timeline
	assert.Equal(t, doctor.LagStall, lagStatuses(tl)[0])
	require.NotEmpty(t, tl.Findings)
	f := tl.Findings[0]
	assert.Equal(t, doctor.CodeConsumerStuck, f.Code)
	assert.Equal(t, doctor.LevelError, f.Level)
	assert.Equal(t, []string{c2}, f.Clients)
	assert.Equal(t, []doctor.QueueRef{{Topic: "T", BrokerName: "broker-a", QueueID: 0}}, f.Queues)
	assert.Contains(t, f.Message, "until then 10.0.0.1@c1 held it (10.0.0.1@c1 left the group since")
	assert.Contains(t, f.Message, "broker lock")
	// c1 → nobody → c2 is one handover, not flapping.
	assert.Equal(t, 2, queueOf(tl, 0).Changes)
	assert.False(t, queueOf(tl, 0).Flapping)
	assert.NotContains(t, timelineCodes(tl), doctor.CodeOwnerFlapping)
	assert.False(t, rep.OK)
}
