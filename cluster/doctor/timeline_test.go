package doctor_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

func members2() []string { return []string{c1, c2} }

// Worked examples: 4 queues of T on broker-a, c1 holding 0 and 1, c2
// holding 2 and 3 (what AVG gives), snapshots 30 s apart with the
// consumer offsets and lags shown.
func TestTimelineLagStatuses(t *testing.T) {
	type offs struct{ consumer, lag [4]int64 }
	tests := []struct {
		name  string
		steps []offs
		want  map[int32]string
		codes []doctor.Code
		ok    bool
	}{{
		// c1's queues do not move while c2's do: c1 is stuck; c2's
		// queues caught up (lag 0) within the window, so they are OK.
		name: "stuck consumer",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{10, 10, 10, 10}},
			{[4]int64{100, 100, 150, 150}, [4]int64{30, 40, 0, 5}},
			{[4]int64{100, 100, 200, 210}, [4]int64{60, 70, 3, 0}},
		},
		want:  map[int32]string{0: doctor.LagStall, 1: doctor.LagStall, 2: doctor.LagOK, 3: doctor.LagOK},
		codes: []doctor.Code{doctor.CodeConsumerStuck},
	}, {
		// Nothing moves anywhere, all queues lag: the group has stopped.
		name: "group stopped",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{5, 5, 5, 5}},
			{[4]int64{100, 100, 100, 100}, [4]int64{7, 8, 9, 10}},
		},
		want:  map[int32]string{0: doctor.LagStop, 1: doctor.LagStop, 2: doctor.LagStop, 3: doctor.LagStop},
		codes: []doctor.Code{doctor.CodeConsumptionStopped},
	}, {
		// q0: lag 5, 6, 8 while consumed: WARN. q1: lag goes down: OK.
		// q2: lag stays 4 (never went down): WARN, as Burrow. q3: lag 0: OK.
		name: "lag growing",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{5, 5, 4, 0}},
			{[4]int64{110, 110, 110, 110}, [4]int64{6, 3, 4, 0}},
			{[4]int64{120, 120, 120, 120}, [4]int64{8, 1, 4, 0}},
		},
		want:  map[int32]string{0: doctor.LagWarn, 1: doctor.LagOK, 2: doctor.LagWarn, 3: doctor.LagOK},
		codes: []doctor.Code{doctor.CodeLagGrowing},
		ok:    true,
	}, {
		// q0 goes back 100 → 40 with lag throughout: REWIND. q1 goes back
		// too but its lag is 0 at the end: OK (rule 1 comes first).
		name: "rewind",
		steps: []offs{
			{[4]int64{100, 100, 100, 100}, [4]int64{5, 5, 0, 0}},
			{[4]int64{40, 50, 101, 101}, [4]int64{65, 55, 0, 0}},
			{[4]int64{50, 105, 102, 102}, [4]int64{60, 0, 0, 0}},
		},
		want:  map[int32]string{0: doctor.LagRewind, 1: doctor.LagOK, 2: doctor.LagOK, 3: doctor.LagOK},
		codes: []doctor.Code{doctor.CodeOffsetRewind},
		ok:    true,
	}, {
		// One snapshot: nothing to compare, every queue OK (Burrow: an
		// incomplete window is OK).
		name:  "one snapshot",
		steps: []offs{{[4]int64{100, 100, 100, 100}, [4]int64{5, 5, 5, 5}}},
		want:  map[int32]string{0: doctor.LagOK, 1: doctor.LagOK, 2: doctor.LagOK, 3: doctor.LagOK},
		ok:    true,
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
			require.NotNil(t, tl)
			assert.Equal(t, tc.want, lagStatuses(tl))
			assert.Equal(t, tc.codes, timelineCodes(tl))
			assert.Equal(t, tc.ok, tl.OK)
			assert.Equal(t, tc.ok, rep.OK, "the last snapshot is all ok: the timeline decides")
			assert.Len(t, tl.Snapshots, len(tc.steps))
			for _, q := range tl.Queues {
				require.NotNil(t, q.Lag)
				assert.Len(t, q.Lag.Samples, len(tc.steps))
			}
		})
	}
}

func TestTimelineStuckConsumerFinding(t *testing.T) {
	steps := []moment{
		{members: members2(), owners: avg2(), offsets: offsets4([4]int64{100, 100, 100, 100}, [4]int64{10, 10, 10, 10})},
		{members: members2(), owners: avg2(), offsets: offsets4([4]int64{100, 100, 150, 150}, [4]int64{30, 40, 0, 5})},
	}
	rep, err := doctor.DiagnoseSeries(series(steps...))
	require.NoError(t, err)
	require.Len(t, rep.Timeline.Findings, 1)
	f := rep.Timeline.Findings[0]
	assert.Equal(t, doctor.CodeConsumerStuck, f.Code)
	assert.Equal(t, doctor.LevelError, f.Level)
	assert.Equal(t, []string{c1}, f.Clients)
	assert.Equal(t, []doctor.QueueRef{{Topic: "T", BrokerName: "broker-a", QueueID: 0}, {Topic: "T", BrokerName: "broker-a", QueueID: 1}}, f.Queues)
	assert.Contains(t, f.Message, "lag 70 now")
	assert.Contains(t, f.Message, "over 30s")
	assert.Equal(t, "Over 2 snapshots in 30s: 1 consumer stuck; lag 2 STALL of 4 queues; assignment settled.", rep.Timeline.Verdict)
	assert.False(t, rep.OK)
}

// q0 moves c1 → c2 → c1: flapping between c1 and c2; the last snapshot
// moved it, so the rebalance is still in progress.
func TestTimelineFlapping(t *testing.T) {
	zero := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	moved := avg2()
	moved[0] = c2
	rep, err := doctor.DiagnoseSeries(series(
		moment{members: members2(), owners: avg2(), offsets: zero},
		moment{members: members2(), owners: moved, offsets: zero},
		moment{members: members2(), owners: avg2(), offsets: zero},
	))
	require.NoError(t, err)
	tl := rep.Timeline
	q0 := queueOf(tl, 0)
	require.NotNil(t, q0)
	assert.Equal(t, 2, q0.Changes)
	assert.True(t, q0.Flapping)
	assert.Equal(t, []string{c1, c2}, q0.Involved)
	assert.Equal(t, []doctor.OwnerSpan{
		{Snapshot: 0, At: seriesStart, Owners: []string{c1}},
		{Snapshot: 1, At: seriesStart.Add(30 * time.Second), Owners: []string{c2}},
		{Snapshot: 2, At: seriesStart.Add(60 * time.Second), Owners: []string{c1}},
	}, q0.Owners)
	for _, qid := range []int32{1, 2, 3} {
		assert.Equal(t, 0, queueOf(tl, qid).Changes, qid)
		assert.False(t, queueOf(tl, qid).Flapping, qid)
	}
	assert.Equal(t, []doctor.Code{doctor.CodeOwnerFlapping, doctor.CodeRebalanceUnsettled}, timelineCodes(tl))
	assert.Equal(t, []string{c1, c2}, tl.Findings[0].Clients)
	assert.Equal(t, doctor.RebalanceState{State: doctor.RebalanceInProgress, Since: seriesStart.Add(time.Minute), Reason: "1 queue changed owner in the last snapshot"}, tl.Rebalance)
	assert.True(t, tl.OK, "flapping is a warning")
	assert.True(t, rep.OK, "the last snapshot is what AVG gives")
	assert.False(t, tl.Snapshots[1].OK, "the middle snapshot has q0 on the wrong owner")
}

// c3 joins at #2 (AVG moves queue 3 to it), stays at #3; c2 leaves at #4.
func TestTimelineMembersAndRebalance(t *testing.T) {
	zero := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	three := []string{c1, c2, c3}
	own3 := map[int32]string{0: c1, 1: c1, 2: c2, 3: c3}
	steps := []moment{
		{members: members2(), owners: avg2(), offsets: zero},
		{members: three, owners: own3, offsets: zero},
		{members: three, owners: own3, offsets: zero},
	}
	rep, err := doctor.DiagnoseSeries(series(steps...))
	require.NoError(t, err)
	tl := rep.Timeline
	assert.Equal(t, []doctor.MemberChange{{Snapshot: 1, At: seriesStart.Add(30 * time.Second), ClientID: c3, Change: "joined"}}, tl.MemberChanges)
	assert.Equal(t, doctor.RebalanceState{State: doctor.RebalanceSettled, Since: seriesStart.Add(30 * time.Second), Reason: "owners and members unchanged in the last 2 snapshots"}, tl.Rebalance)
	assert.Equal(t, 1, queueOf(tl, 3).Changes)
	assert.Equal(t, []doctor.Code{doctor.CodeMembersChanged}, timelineCodes(tl))
	assert.Equal(t, 3, tl.Snapshots[2].Members)

	steps = append(steps, moment{members: []string{c1, c3}, owners: map[int32]string{0: c1, 1: c1, 2: c3, 3: c3}, offsets: zero})
	rep, err = doctor.DiagnoseSeries(series(steps...))
	require.NoError(t, err)
	tl = rep.Timeline
	assert.Equal(t, []doctor.MemberChange{
		{Snapshot: 1, At: seriesStart.Add(30 * time.Second), ClientID: c3, Change: "joined"},
		{Snapshot: 3, At: seriesStart.Add(90 * time.Second), ClientID: c2, Change: "left"},
	}, tl.MemberChanges)
	assert.Equal(t, doctor.RebalanceInProgress, tl.Rebalance.State)
	assert.Equal(t, "members changed and 1 queue changed owner in the last snapshot", tl.Rebalance.Reason)
	assert.Contains(t, tl.Findings[len(tl.Findings)-1].Message, "10.0.0.3@c3 joined and 10.0.0.2@c2 left over 1m30s")
}

// A queue being released (droped=true) in the last snapshot: in progress
// even though nothing else changed.
func TestTimelineRebalanceDropped(t *testing.T) {
	zero := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	rep, err := doctor.DiagnoseSeries(series(
		moment{members: members2(), owners: avg2(), offsets: zero},
		moment{members: members2(), owners: avg2(), offsets: zero, dropped: []int32{1}},
	))
	require.NoError(t, err)
	assert.Equal(t, doctor.RebalanceInProgress, rep.Timeline.Rebalance.State)
	assert.Contains(t, rep.Timeline.Rebalance.Reason, "droped=true")
}

func TestTimelineRealCaptures(t *testing.T) {
	early := snapshotDir(t, "../../testdata/timeline/basic3-early")
	late := snapshotDir(t, "../../testdata/timeline/basic3")
	// Given out of order: DiagnoseSeries sorts by capture time.
	rep, err := doctor.DiagnoseSeries([]doctor.Snapshot{late, early})
	require.NoError(t, err)
	tl := rep.Timeline
	require.Len(t, tl.Snapshots, 2)
	assert.Equal(t, "basic3-early", tl.Snapshots[0].Name)
	assert.Equal(t, time.Date(2026, 12, 1, 19, 8, 32, 0, time.UTC), tl.From)
	assert.Equal(t, time.Date(2026, 12, 1, 19, 9, 24, 0, time.UTC), tl.To)
	// The three JVMs held the same queues in both captures (held/ agrees),
	// and no message was produced in between.
	assert.Len(t, tl.Queues, 18)
	for _, q := range tl.Queues {
		assert.Equal(t, 0, q.Changes, q)
		require.Len(t, q.Owners, 1)
		assert.Len(t, q.Owners[0].Owners, 1)
		assert.Equal(t, doctor.LagOK, q.Lag.Status)
	}
	assert.Equal(t, map[string]int{doctor.LagOK: 18}, tl.Lag)
	assert.Equal(t, doctor.RebalanceSettled, tl.Rebalance.State)
	assert.Equal(t, tl.From, tl.Rebalance.Since)
	assert.Empty(t, tl.MemberChanges)
	assert.Empty(t, tl.Findings)
	assert.True(t, rep.OK)
	assert.Equal(t, "Over 2 snapshots in 52s: lag OK on all 18 queues; assignment settled.", tl.Verdict)
	// The last snapshot's full diagnosis stays.
	single, err := doctor.Diagnose(late.Input)
	require.NoError(t, err)
	assert.Equal(t, single.Topics, rep.Topics)
	assert.Equal(t, single.Verdict, rep.Verdict)
	text := rep.Text()
	assert.True(t, strings.HasPrefix(text, tl.Verdict+"\n"), text)
	assert.Contains(t, text, "\nLast snapshot, #2 (basic3) at 2026-12-01 19:09:24Z:\n"+single.Text())
}

func TestTimelineJSON(t *testing.T) {
	rep, err := doctor.DiagnoseSeries(series(
		moment{members: members2(), owners: avg2(), offsets: offsets4([4]int64{100, 100, 100, 100}, [4]int64{1, 0, 0, 0})},
		moment{members: members2(), owners: avg2(), offsets: offsets4([4]int64{100, 100, 105, 100}, [4]int64{2, 0, 0, 0})},
	))
	require.NoError(t, err)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var got struct {
		OK       bool `json:"ok"`
		Timeline struct {
			From      string `json:"from"`
			Snapshots []struct {
				Name string `json:"name"`
				At   string `json:"at"`
			} `json:"snapshots"`
			Rebalance struct {
				State string `json:"state"`
			} `json:"rebalance"`
			Queues []struct {
				QueueID int `json:"queueId"`
				Lag     struct {
					Status  string `json:"status"`
					Samples []struct {
						ConsumerOffset int64 `json:"consumerOffset"`
						Lag            int64 `json:"lag"`
					} `json:"samples"`
				} `json:"lag"`
			} `json:"queues"`
			Findings []struct {
				Code string `json:"code"`
			} `json:"findings"`
		} `json:"timeline"`
	}
	require.NoError(t, json.Unmarshal(b, &got))
	assert.False(t, got.OK)
	assert.Equal(t, "2026-12-01T10:00:00Z", got.Timeline.From)
	assert.Equal(t, "s1", got.Timeline.Snapshots[1].Name)
	assert.Equal(t, "2026-12-01T10:00:30Z", got.Timeline.Snapshots[1].At)
	assert.Equal(t, "settled", got.Timeline.Rebalance.State)
	assert.Equal(t, "STALL", got.Timeline.Queues[0].Lag.Status)
	assert.Equal(t, int64(2), got.Timeline.Queues[0].Lag.Samples[1].Lag)
	assert.Equal(t, "CONSUMER_STUCK", got.Timeline.Findings[0].Code)

	single, err := doctor.Diagnose(series(moment{members: members2(), owners: avg2(), offsets: offsets4([4]int64{}, [4]int64{})})[0].Input)
	require.NoError(t, err)
	b, err = json.Marshal(single)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"timeline"`, "one snapshot's report is unchanged")
}

// Every line of a series' text fits 80 columns, long messages and client
// IDs wrapped.
func TestTimelineTextFits80(t *testing.T) {
	zero := offsets4([4]int64{100, 100, 100, 100}, [4]int64{10, 20, 30, 40})
	moved := avg2()
	moved[0], moved[3] = c2, c1
	ss := series(
		moment{members: members2(), owners: avg2(), offsets: zero},
		moment{members: []string{c1, c2, c3}, owners: moved, offsets: zero},
		moment{members: members2(), owners: avg2(), offsets: zero},
	)
	ss[1].AtSource = "mtime"
	rep, err := doctor.DiagnoseSeries(ss)
	require.NoError(t, err)
	text := rep.Timeline.Text()
	for _, l := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), 80, l)
	}
	for _, want := range []string{
		"Over 3 snapshots in 1m0s:",
		"  #2  2026-12-01 10:00:30Z  s1  (time: files' mtime)  not ok",
		"[error] CONSUMPTION_STOPPED",
		"[info] SNAPSHOT_TIME_GUESSED",
		"Rebalance: in-progress",
		"    + 10.0.0.3@c3 joined by #2 10:00:30",
		"    - 10.0.0.3@c3 left by #3 10:01:00",
		"  T broker-a/0: 2 changes, FLAPPING\n      #1 10:00:00  10.0.0.1@c1\n      #2 10:00:30  10.0.0.2@c2\n      #3 10:01:00  10.0.0.1@c1\n",
		"  STOP  T broker-a/0: offset 100 → 100, lag 10 → 10, owner 10.0.0.1@c1\n",
	} {
		assert.Contains(t, text, want)
	}
}

func TestTimelineErrors(t *testing.T) {
	ss := series(
		moment{members: members2(), owners: avg2(), offsets: offsets4([4]int64{}, [4]int64{})},
		moment{members: members2(), owners: avg2(), offsets: offsets4([4]int64{}, [4]int64{})},
	)
	var s doctor.Series
	require.NoError(t, s.Add(ss[1]))
	err := s.Add(ss[0])
	var ie *alloc.TextError
	require.True(t, errors.As(err, &ie), err)
	assert.Equal(t, "snapshot[1].at", ie.Source)
	assert.Contains(t, ie.Msg, "before the previous snapshot")
	assert.Equal(t, 1, s.Len(), "a refused snapshot leaves the series as it was")

	bad := ss[1]
	bad.Progress = "#Topic  nonsense\nT x y\n"
	_, err = doctor.DiagnoseSeries([]doctor.Snapshot{ss[0], bad})
	require.True(t, errors.As(err, &ie), err)
	assert.Equal(t, "snapshot[1].progress", ie.Source)
	assert.Contains(t, ie.Error(), `(snapshot "s1")`)

	// Named by their index as given, whatever their time order.
	_, err = doctor.DiagnoseSeries([]doctor.Snapshot{bad, ss[0]})
	require.True(t, errors.As(err, &ie), err)
	assert.Equal(t, "snapshot[0].progress", ie.Source)

	noTime := ss[0]
	noTime.At = time.Time{}
	_, err = doctor.DiagnoseSeries([]doctor.Snapshot{noTime})
	require.True(t, errors.As(err, &ie), err)
	assert.Equal(t, "snapshot[0].at", ie.Source)

	_, err = doctor.DiagnoseSeries(nil)
	require.True(t, errors.As(err, &ie), err)
	assert.Nil(t, (&doctor.Series{}).Report())
}

// The topic grows from 4 to 6 queues at #2 and shrinks back at #3: the new
// queues take their place in the order, known only where they exist.
func TestTimelineQueuesComeAndGo(t *testing.T) {
	four := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	six := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	six[4], six[5] = [2]int64{7, 7}, [2]int64{9, 9}
	own6 := map[int32]string{0: c1, 1: c1, 2: c1, 3: c2, 4: c2, 5: c2}
	rep, err := doctor.DiagnoseSeries(series(
		moment{members: members2(), owners: avg2(), offsets: four},
		moment{members: members2(), owners: own6, offsets: six},
		moment{members: members2(), owners: avg2(), offsets: four},
	))
	require.NoError(t, err)
	tl := rep.Timeline
	var ids []int32
	for _, q := range tl.Queues {
		ids = append(ids, q.QueueID)
	}
	assert.Equal(t, []int32{0, 1, 2, 3, 4, 5}, ids)
	q4 := queueOf(tl, 4)
	assert.Equal(t, []doctor.OwnerSpan{{Snapshot: 1, At: seriesStart.Add(30 * time.Second), Owners: []string{c2}}}, q4.Owners)
	assert.Equal(t, 0, q4.Changes)
	assert.Equal(t, []doctor.OffsetSample{{Snapshot: 1, BrokerOffset: 7, ConsumerOffset: 7}}, q4.Lag.Samples)
	assert.Equal(t, 2, queueOf(tl, 2).Changes, "c2 → c1 → c2")
	assert.True(t, queueOf(tl, 2).Flapping)
}

// Without status files the owners are consumerProgress's IPs; without -s
// true nobody's owners are known: no owner spans, no change, no flapping.
func TestTimelineOwnersFromProgress(t *testing.T) {
	zero := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	moved := avg2()
	moved[0] = c2
	ss := series(
		moment{members: members2(), owners: avg2(), offsets: zero},
		moment{members: members2(), owners: moved, offsets: zero},
		moment{members: members2(), owners: avg2(), offsets: zero},
	)
	for i := range ss {
		ss[i].Status = nil
	}
	rep, err := doctor.DiagnoseSeries(ss)
	require.NoError(t, err)
	q0 := queueOf(rep.Timeline, 0)
	// One member on each IP: the #Client IP stands for its client ID.
	assert.Equal(t, []string{c1, c2}, q0.Involved)
	assert.True(t, q0.Flapping)

	for i := range ss {
		// consumerProgress without -s true: no #Client IP column.
		var lines []string
		for _, l := range strings.Split(ss[i].Progress, "\n") {
			if len(l) > 171 { // the 20+1 columns of #Client IP start at 150
				l = l[:150] + l[171:]
			}
			lines = append(lines, l)
		}
		ss[i].Progress = strings.Join(lines, "\n")
	}
	rep, err = doctor.DiagnoseSeries(ss)
	require.NoError(t, err)
	for _, q := range rep.Timeline.Queues {
		assert.Empty(t, q.Owners)
		assert.Equal(t, 0, q.Changes)
		assert.Equal(t, doctor.LagOK, q.Lag.Status)
	}
	assert.Equal(t, doctor.RebalanceSettled, rep.Timeline.Rebalance.State, "members unchanged, owners unknown")
}
