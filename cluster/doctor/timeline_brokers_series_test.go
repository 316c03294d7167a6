package doctor_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// brokerSnap is one snapshot of T over brokers (4 queues each) with c1 and
// c2 holding AVG's share of them, step×30 s after seriesStart.
func brokerSnap(t *testing.T, step int, brokers ...string) doctor.Snapshot {
	c := &cluster{topic: "T", brokers: brokers, perBroker: 4, clients: members2()}
	held := ownAllocate(t, c, "AVG", "", members2())
	in := c.input(held, map[string]string{c1: "AllocateMessageQueueAveragely", c2: "AllocateMessageQueueAveragely"}, true, "")
	return doctor.Snapshot{Input: in, At: seriesStart.Add(time.Duration(step) * 30 * time.Second), Name: "s" + strings.Repeat("i", step)}
}

// Worked examples, situation 5 of issue 34: broker-b crashes (it leaves
// the route at once); each snapshot is right on its own, the series says
// which broker left, with how many of the group's queues, and whether it
// came back.
func TestTimelineBrokerLeft(t *testing.T) {
	ab := []string{"broker-a", "broker-b"}
	a := []string{"broker-a"}
	tests := []struct {
		name   string
		steps  [][]string
		says   []string // in the BROKER_LEFT message; none: no finding
		queues int
	}{{
		name:   "crashed and still out",
		steps:  [][]string{ab, ab, a, a},
		says:   []string{"broker broker-b left the route at #3 (10:01:00) with the group's 4 queues on it (4 of T)", "still out of the route at the end"},
		queues: 4,
	}, {
		name:   "crashed and came back",
		steps:  [][]string{ab, a, a, ab},
		says:   []string{"broker broker-b left the route at #2 (10:00:30), came back at #4 (10:01:30)", "could not be consumed while it was out"},
		queues: 4,
	}, {
		name:   "left twice",
		steps:  [][]string{ab, a, ab, a},
		says:   []string{"left the route at #2 (10:00:30), came back at #3 (10:01:00), left again at #4 (10:01:30)", "still out"},
		queues: 4,
	}, {
		// A broker added within the window never left: no finding.
		name:  "broker added",
		steps: [][]string{a, a, ab},
	}, {
		name:  "steady",
		steps: [][]string{ab, ab, ab},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ss []doctor.Snapshot
			for i, bs := range tc.steps {
				ss = append(ss, brokerSnap(t, i, bs...))
			}
			for _, s := range ss {
				one, err := doctor.Diagnose(s.Input)
				require.NoError(t, err)
				assert.True(t, one.OK, "each snapshot alone is right: %s", one.Verdict)
			}
			rep, err := doctor.DiagnoseSeries(ss)
			require.NoError(t, err)
			var found []doctor.Finding
			for _, f := range rep.Timeline.Findings {
				if f.Code == doctor.CodeBrokerLeft {
					found = append(found, f)
				}
			}
			if len(tc.says) == 0 {
				assert.Empty(t, found)
				return
			}
			require.Len(t, found, 1)
			f := found[0]
			assert.Equal(t, doctor.LevelWarning, f.Level)
			for _, s := range tc.says {
				assert.Contains(t, f.Message, s)
			}
			require.Len(t, f.Queues, tc.queues)
			for _, q := range f.Queues {
				assert.Equal(t, "broker-b", q.BrokerName)
			}
			assert.Contains(t, rep.Timeline.Text(), "BROKER_LEFT")
		})
	}
}

// A snapshot whose route misses a topic is no broker leaving: only
// snapshots with as many routes are compared.
func TestTimelineBrokerLeftNeedsSameRoutes(t *testing.T) {
	s0 := brokerSnap(t, 0, "broker-a", "broker-b")
	s0.Routes = append(s0.Routes, doctor.RouteText{Topic: "%RETRY%G", Text: s0.Routes[0].Text})
	s1 := brokerSnap(t, 1, "broker-a")
	rep, err := doctor.DiagnoseSeries([]doctor.Snapshot{s0, s1})
	require.NoError(t, err)
	assert.NotContains(t, timelineCodes(rep.Timeline), doctor.CodeBrokerLeft)
}

// Real snapshots (three consumers over broker-a and broker-b), the second
// as it reads once broker-b has crashed: the name server drops it from
// the route and consumerProgress has no line of it. It is read without
// status files (owners by #Client IP): right after the crash the status
// files still list broker-b's queues until the next rebalance, which the
// single-snapshot diagnosis does not take yet (a status file holding only
// broker-b's queues is refused as of another cluster). The series names
// broker-b and all its queues.
func TestTimelineRealBrokerCrash(t *testing.T) {
	early := snapshotDir(t, "../../testdata/timeline/basic3-early")
	late := snapshotDir(t, "../../testdata/timeline/basic3")
	r, err := mqadmin.ParseTopicRoute(late.Routes[0].Text)
	require.NoError(t, err)
	r.BrokerDatas = slices.DeleteFunc(r.BrokerDatas, func(b route.BrokerData) bool { return b.BrokerName == "broker-b" })
	r.QueueDatas = slices.DeleteFunc(r.QueueDatas, func(q route.QueueData) bool { return q.BrokerName == "broker-b" })
	late.Routes = []doctor.RouteText{{Route: r}}
	var kept []string
	for _, l := range strings.Split(late.Progress, "\n") {
		if f := strings.Fields(l); len(f) < 2 || f[1] != "broker-b" {
			kept = append(kept, l)
		}
	}
	late.Progress = strings.Join(kept, "\n")
	late.Status = nil

	rep, err := doctor.DiagnoseSeries([]doctor.Snapshot{early, late})
	require.NoError(t, err)
	onB := 0
	for _, q := range rep.Timeline.Queues {
		if q.BrokerName == "broker-b" {
			onB++
		}
	}
	require.Positive(t, onB)
	var f *doctor.Finding
	for i := range rep.Timeline.Findings {
		if rep.Timeline.Findings[i].Code == doctor.CodeBrokerLeft {
			f = &rep.Timeline.Findings[i]
		}
	}
	require.NotNil(t, f, rep.Timeline.Text())
	assert.Contains(t, f.Message, "broker broker-b left the route at #2")
	assert.Contains(t, f.Message, "still out of the route at the end")
	assert.Len(t, f.Queues, onB)
	t.Log(f.Message)
}
