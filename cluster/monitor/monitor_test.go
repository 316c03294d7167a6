//go:build !(js && wasm)

package monitor

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/monitor/internal/standin"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fleet puts the groups of the worked examples into c:
//   - G_OK: 3 members on their AVG shares: ok (0);
//   - G_DOUBLE: 2 members, the second also holding the first's topic
//     queues: double-owned (1);
//   - G_OFFLINE: no member online, 5 messages behind on broker-a/1: an
//     offline group with lag (1);
//   - G_NEVER: a subscription group no consumer ever ran: nothing to
//     judge (2).
func fleet(c *standin.Cluster) {
	c.SetGroup(healthy("G_OK", 3))
	d := healthy("G_DOUBLE", 2)
	c.SetGroup(d)
	d.Members[1].Holds = []alloc.MessageQueue{mq("broker-b", 0), mq("broker-b", 1), mq("broker-b", 2), mq("broker-b", 3),
		mq("broker-a", 0), mq("broker-a", 1), mq("broker-a", 2), mq("broker-a", 3),
		{Topic: "%RETRY%G_DOUBLE", BrokerName: "broker-b", QueueID: 0}}
	c.SetGroup(&standin.Group{Name: "G_OFFLINE", Topic: "T", Lag: map[alloc.MessageQueue]int64{mq("broker-a", 1): 5}})
	c.SetGroup(&standin.Group{Name: "G_NEVER", Topic: "T", NeverRan: true})
}

func TestMonitorStatuses(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	m := newMonitor(t, c, nil)
	pass(m)
	h := m.Handler()
	gs := groupsOfAPI(t, h)
	require.Len(t, gs, 4, "system groups (TOOLS_CONSUMER, SELF_TEST_C_GROUP, CID_RMQ_SYS_TRANS) are left out")
	assert.Equal(t, StatusOK, gs["G_OK"].Status, gs["G_OK"].Verdict)
	assert.Equal(t, StatusProblems, gs["G_DOUBLE"].Status, gs["G_DOUBLE"].Verdict)
	assert.Equal(t, StatusProblems, gs["G_OFFLINE"].Status, gs["G_OFFLINE"].Verdict)
	assert.Equal(t, doctor.CodeGroupOffline, gs["G_OFFLINE"].Worst.Code)
	assert.EqualValues(t, 5, gs["G_OFFLINE"].Lag)
	assert.Equal(t, StatusNotJudged, gs["G_NEVER"].Status, gs["G_NEVER"].Verdict)
	assert.Nil(t, gs["G_NEVER"].Error, "a group never consumed is not a failed read")

	status := metric(t, m, "rmqalloc_group_status")
	assert.Equal(t, map[string]float64{"group=G_OK": 0, "group=G_DOUBLE": 1, "group=G_OFFLINE": 1, "group=G_NEVER": 2}, status)
	queues := metric(t, m, "rmqalloc_group_queues")
	assert.Equal(t, 4.0, queues["group=G_DOUBLE,status=double_owned,topic=T"], "broker-a/0..3 held by both")
	assert.Equal(t, 0.0, queues["group=G_OK,status=double_owned,topic=T"], "a status with no queue is 0, not absent")
	assert.Equal(t, 8.0, queues["group=G_OK,status=ok,topic=T"])
	owners := metric(t, m, "rmqalloc_queue_owners")
	assert.Equal(t, 2.0, owners["broker=broker-a,group=G_DOUBLE,queue=0,topic=T"])
	assert.Equal(t, 1.0, owners["broker=broker-b,group=G_DOUBLE,queue=0,topic=T"])
	lag := metric(t, m, "rmqalloc_queue_lag")
	assert.Equal(t, 5.0, lag["broker=broker-a,group=G_OFFLINE,queue=1,topic=T"])
	assert.Equal(t, 0.0, lag["broker=broker-a,group=G_OFFLINE,queue=0,topic=T"])
	findings := metric(t, m, "rmqalloc_group_findings")
	assert.Equal(t, 1.0, findings["code=DOUBLE_OWNED,group=G_DOUBLE,level=error"])
	assert.Equal(t, 1.0, findings["code=GROUP_OFFLINE,group=G_OFFLINE,level=error"])
	assert.Equal(t, map[string]float64{"": 1}, metric(t, m, "rmqalloc_up"))
	assert.Empty(t, metric(t, m, "rmqalloc_read_errors_total"))

	// worst first: problems, then not judged, then ok
	code, body := get(t, h, "/api/groups")
	require.Equal(t, 200, code)
	assert.Regexp(t, `(?s)G_OFFLINE.*G_DOUBLE.*G_NEVER.*G_OK`, body, "problems by lag, then nothing to judge, then ok")
}

// Owner changes between reads are counted per topic; the window holds at
// most Window snapshots however long the monitor runs.
func TestMonitorOwnerChangesAndWindow(t *testing.T) {
	c := startCluster(t)
	g := healthy("G", 2)
	c.SetGroup(g)
	m := newMonitor(t, c, func(cfg *Config) { cfg.Window = 3 })
	pass(m)
	assert.Equal(t, 0.0, metric(t, m, "rmqalloc_owner_changes_total")["group=G,topic=T"])
	// a third member joins: AVG moves queues
	c.SetGroup(healthy("G", 3))
	pass(m)
	moved := metric(t, m, "rmqalloc_owner_changes_total")["group=G,topic=T"]
	assert.Greater(t, moved, 0.0)
	for range 6 {
		pass(m)
	}
	assert.Equal(t, moved, metric(t, m, "rmqalloc_owner_changes_total")["group=G,topic=T"], "no movement since")
	d := detail(t, m.Handler(), "G")
	require.NotNil(t, d.Report.Timeline)
	assert.Len(t, d.Report.Timeline.Snapshots, 3, "the window")
	m.mu.RLock()
	assert.Equal(t, 3, m.groups["G"].series.Len())
	m.mu.RUnlock()
}

// New groups are picked up and deleted ones dropped at the next pass;
// --group and --exclude filter; --system adds RocketMQ's own groups.
func TestMonitorDiscovery(t *testing.T) {
	c := startCluster(t)
	c.SetGroup(healthy("A_1", 1))
	c.SetGroup(healthy("B_1", 1))
	m := newMonitor(t, c, nil)
	pass(m)
	assert.Len(t, groupsOfAPI(t, m.Handler()), 2)
	c.SetGroup(healthy("A_2", 1))
	c.DeleteGroup("B_1")
	pass(m)
	gs := groupsOfAPI(t, m.Handler())
	assert.Contains(t, gs, "A_2")
	assert.NotContains(t, gs, "B_1")
	assert.NotContains(t, metric(t, m, "rmqalloc_group_status"), "group=B_1", "a dropped group's series go")

	f := newMonitor(t, c, func(cfg *Config) {
		cfg.Include = []*regexp.Regexp{regexp.MustCompile(`^A_`)}
		cfg.Exclude = []*regexp.Regexp{regexp.MustCompile(`_2$`)}
	})
	pass(f)
	assert.Equal(t, []string{"A_1"}, names(groupsOfAPI(t, f.Handler())))
	s := newMonitor(t, c, func(cfg *Config) { cfg.System = true })
	pass(s)
	assert.Contains(t, groupsOfAPI(t, s.Handler()), "TOOLS_CONSUMER")
}

func names(gs map[string]GroupSummary) []string {
	var out []string
	for n := range gs {
		out = append(out, n)
	}
	return out
}

// --no-queue-metrics leaves out the per-queue series only.
func TestMonitorNoQueueMetrics(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	m := newMonitor(t, c, func(cfg *Config) { cfg.NoQueueMetrics = true })
	pass(m)
	assert.Empty(t, metric(t, m, "rmqalloc_queue_lag"))
	assert.Empty(t, metric(t, m, "rmqalloc_queue_owners"))
	assert.Equal(t, 4.0, metric(t, m, "rmqalloc_group_queues")["group=G_DOUBLE,status=double_owned,topic=T"])
}

// Two processes with one client ID: the broker lists the ID twice, its
// running info answers once; the ID's share is held twice, so its
// queues' rmqalloc_queue_owners is 2.
func TestMonitorDuplicateClientID(t *testing.T) {
	c := startCluster(t)
	g := healthy("G_DUPID", 3)
	g.Members[2].ClientID = g.Members[0].ClientID
	c.SetGroup(g)
	m := newMonitor(t, c, nil)
	pass(m)
	d := detail(t, m.Handler(), "G_DUPID")
	require.NotNil(t, d.Report, d.Verdict)
	assert.Equal(t, StatusProblems, d.Status, d.Verdict)
	owners := metric(t, m, "rmqalloc_queue_owners")
	double := 0
	for _, tr := range d.Report.Topics {
		for _, q := range tr.Queues {
			k := "broker=" + q.BrokerName + ",group=G_DUPID,queue=" + strconv.Itoa(int(q.QueueID)) + ",topic=" + tr.Topic
			if q.Status == "double-owned" {
				double++
				assert.Equal(t, 2.0, owners[k], k)
			} else if q.Actual != nil {
				assert.Equal(t, float64(len(q.Actual)), owners[k], k)
			}
		}
	}
	codes := metric(t, m, "rmqalloc_group_findings")
	assert.Equal(t, 1.0, codes["code=DUPLICATE_CLIENT_ID,group=G_DUPID,level=error"], "%v", codes)
	assert.Positive(t, double, "the duplicate ID's share is double-owned")
}
