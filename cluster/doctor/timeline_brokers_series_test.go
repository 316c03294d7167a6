package doctor_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
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
