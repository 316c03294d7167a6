package doctor_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Worked examples: snapshots 30 s apart, some without status files (the
// owners are then consumerProgress's #Client IP). An owner seen as a bare
// IP stands for the one member on that IP; with several members on it,
// it is ambiguous and counts as no change. Only real moves are changes.
func TestTimelineBareIPOwners(t *testing.T) {
	a1, a2 := "10.0.0.1@a1", "10.0.0.1@a2" // two clients in one process
	zero := offsets4([4]int64{100, 100, 100, 100}, [4]int64{})
	tests := []struct {
		name    string
		members []string
		owners  []map[int32]string
		ipOnly  []bool // snapshots without status files
		changes map[int32]int
		last    map[int32][]string // owners at the end
		// the rebalance state: q1's move a1 → a2 at the last snapshot is
		// one, although the IP snapshot before it matches both.
		rebalance string
	}{{
		name:      "one member per IP: IP, then client ID, then IP",
		members:   []string{c1, c2},
		owners:    []map[int32]string{avg2(), avg2(), avg2()},
		ipOnly:    []bool{false, true, false},
		changes:   map[int32]int{0: 0, 1: 0, 2: 0, 3: 0},
		last:      map[int32][]string{0: {c1}, 1: {c1}, 2: {c2}, 3: {c2}},
		rebalance: doctor.RebalanceSettled,
	}, {
		name:      "one member per IP: first by IP only",
		members:   []string{c1, c2},
		owners:    []map[int32]string{avg2(), avg2()},
		ipOnly:    []bool{true, false},
		changes:   map[int32]int{0: 0, 1: 0, 2: 0, 3: 0},
		last:      map[int32][]string{0: {c1}, 1: {c1}, 2: {c2}, 3: {c2}},
		rebalance: doctor.RebalanceSettled,
	}, {
		// Both members on 10.0.0.1: the IP snapshot tells them not apart
		// and is skipped; the real move a1 → a2 of q1 counts once.
		name:    "two members on one IP",
		members: []string{a1, a2},
		owners: []map[int32]string{
			{0: a1, 1: a1, 2: a2, 3: a2},
			{0: a1, 1: a1, 2: a2, 3: a2},
			{0: a1, 1: a2, 2: a2, 3: a2},
		},
		ipOnly:    []bool{false, true, false},
		changes:   map[int32]int{0: 0, 1: 1, 2: 0, 3: 0},
		last:      map[int32][]string{0: {a1}, 1: {a2}, 2: {a2}, 3: {a2}},
		rebalance: doctor.RebalanceInProgress,
	}, {
		// A move to another IP is a change, whichever form names it.
		name:      "moved to another IP",
		members:   []string{c1, c2},
		owners:    []map[int32]string{avg2(), {0: c2, 1: c1, 2: c2, 3: c2}, {0: c2, 1: c1, 2: c2, 3: c2}},
		ipOnly:    []bool{false, true, false},
		changes:   map[int32]int{0: 1, 1: 0, 2: 0, 3: 0},
		last:      map[int32][]string{0: {c2}, 1: {c1}, 2: {c2}, 3: {c2}},
		rebalance: doctor.RebalanceSettled,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ms []moment
			for _, o := range tc.owners {
				ms = append(ms, moment{members: tc.members, owners: o, offsets: zero})
			}
			ss := series(ms...)
			for i, ip := range tc.ipOnly {
				if ip {
					ss[i].Status = nil
				}
			}
			rep, err := doctor.DiagnoseSeries(ss)
			require.NoError(t, err)
			tl := rep.Timeline
			for qid, n := range tc.changes {
				q := queueOf(tl, qid)
				require.NotNil(t, q)
				assert.Equal(t, n, q.Changes, "queue %d: %v", qid, q.Owners)
				assert.False(t, q.Flapping)
				assert.Equal(t, tc.last[qid], q.Owners[len(q.Owners)-1].Owners, "queue %d", qid)
			}
			assert.NotContains(t, timelineCodes(tl), doctor.CodeOwnerFlapping)
			assert.Equal(t, tc.rebalance, tl.Rebalance.State, tl.Rebalance.Reason)
		})
	}
}

// Real snapshots of one group (three clients in three JVMs, all on
// 127.0.0.1): the second read without its status files names every owner
// 127.0.0.1, which stands for any of the three. No queue changed owner
// between them (the status files of both say so): none is counted.
func TestTimelineRealIPOnlySnapshot(t *testing.T) {
	early := snapshotDir(t, "../../testdata/timeline/basic3-early")
	late := snapshotDir(t, "../../testdata/timeline/basic3")
	withStatus, err := doctor.DiagnoseSeries([]doctor.Snapshot{early, late})
	require.NoError(t, err)
	late.Status = nil
	ipOnly, err := doctor.DiagnoseSeries([]doctor.Snapshot{early, late})
	require.NoError(t, err)
	require.Len(t, ipOnly.Timeline.Queues, len(withStatus.Timeline.Queues))
	moved := 0
	for i, q := range ipOnly.Timeline.Queues {
		want := withStatus.Timeline.Queues[i]
		moved += want.Changes
		assert.Equal(t, want.Changes, q.Changes, "%s %s/%d: %v", q.Topic, q.BrokerName, q.QueueID, q.Owners)
		assert.Equal(t, want.Owners, q.Owners, "the client IDs of the first snapshot stay")
	}
	assert.Equal(t, withStatus.Timeline.Rebalance.State, ipOnly.Timeline.Rebalance.State)
	assert.NotContains(t, timelineCodes(ipOnly.Timeline), doctor.CodeOwnerFlapping)
	t.Logf("%d of %d queues moved with status files", moved, len(ipOnly.Timeline.Queues))
}
