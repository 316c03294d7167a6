package monitor

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/cluster/monitor/internal/standin"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A broker down: the groups it does not serve are diagnosed as before; a
// group with queues on it is judged on what was read — its owners come
// from the clients' running info, its lag there is unknown (no series),
// and READ_FAILED names the broker — never "could not be read" for one
// broker, never a confident lag. The discovery's failure to list that
// broker's groups is in rmqalloc_read_errors_total.
func TestFaultBrokerDown(t *testing.T) {
	c := startCluster(t)
	c.SetTopic("TA", 4, "broker-a")
	a := healthy("G_A", 2)
	a.Topic = "TA"
	c.SetGroup(a)
	c.SetGroup(healthy("G_AB", 2))
	m := newMonitor(t, c, func(cfg *Config) { cfg.Timeout = time.Second })
	pass(m)
	gs := groupsOfAPI(t, m.Handler())
	require.Equal(t, StatusOK, gs["G_AB"].Status, gs["G_AB"].Verdict)
	require.Len(t, metric(t, m, "rmqalloc_queue_lag"), 5+10, "G_A: 4 + retry; G_AB: 8 + 2 retry")

	c.StopBroker("broker-b")
	bAddr := c.Brokers[1].Addr()
	pass(m)
	gs = groupsOfAPI(t, m.Handler())
	require.Len(t, gs, 2, "the groups broker-b listed before are kept while it is down")
	assert.Equal(t, StatusOK, gs["G_A"].Status, "a group only on broker-a: %s", gs["G_A"].Verdict)
	ab := detail(t, m.Handler(), "G_AB")
	require.NotNil(t, ab.Report, "%s %+v", ab.Verdict, ab.Error)
	assert.NotEqual(t, StatusUnreadable, ab.Status)
	readFailed := false
	for _, f := range ab.Report.Findings {
		readFailed = readFailed || (f.Code == doctor.CodeReadFailed && strings.Contains(f.Message, bAddr))
	}
	assert.True(t, readFailed, "READ_FAILED names broker-b: %v", ab.Report.Findings)
	assert.Equal(t, 1.0, metric(t, m, "rmqalloc_group_findings")["code=READ_FAILED,group=G_AB,level=warning"])
	lags := metric(t, m, "rmqalloc_queue_lag")
	for k := range lags {
		assert.NotContains(t, k, "broker=broker-b", "no lag is claimed for broker-b's queues")
	}
	assert.Contains(t, lags, "broker=broker-a,group=G_AB,queue=0,topic=T")
	assert.Equal(t, 1.0, metric(t, m, "rmqalloc_read_errors_total")["kind=broker,target="+bAddr])
	assert.Equal(t, 1.0, metric(t, m, "rmqalloc_up")[""], "the cluster is still read")
}

// The first NameServer of the list down: the next one is used, the
// groups are read, and the failure is counted against the first.
func TestFaultFirstNameServerDown(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	first := c.NameServers[0]
	c.StopNameServer(0)
	m := newMonitor(t, c, nil)
	pass(m)
	gs := groupsOfAPI(t, m.Handler())
	assert.Equal(t, StatusOK, gs["G_OK"].Status, gs["G_OK"].Verdict)
	assert.Equal(t, StatusProblems, gs["G_DOUBLE"].Status)
	assert.Equal(t, 1.0, metric(t, m, "rmqalloc_up")[""])
	assert.Equal(t, 1.0, metric(t, m, "rmqalloc_read_errors_total")["kind=namesrv,target="+first])
	m.mu.RLock()
	assert.Equal(t, c.NameServers[1], m.namesrv)
	m.mu.RUnlock()

	c.StopNameServer(1)
	pass(m)
	assert.Equal(t, 0.0, metric(t, m, "rmqalloc_up")[""], "no NameServer answers")
}

// A slow broker: passes keep the interval (each is cut at its end), the
// reads it delays fail as timeouts, and late answers are dropped — the
// requests in flight never pile up across passes.
func TestFaultSlowBroker(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	interval := 300 * time.Millisecond
	m := newMonitor(t, c, func(cfg *Config) { cfg.Interval = interval })
	pass(m)
	perPass := 0 // what one pass sends, all of it
	for _, n := range c.Codes() {
		perPass += n
	}
	c.SetDelay("broker-b", 2*time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); m.Run(ctx) }()
	var peak atomic.Int64
	stopWatch := make(chan struct{})
	go func() {
		for {
			select {
			case <-stopWatch:
				return
			case <-time.After(5 * time.Millisecond):
				if n := m.pool.inflight.Load(); n > peak.Load() {
					peak.Store(n)
				}
			}
		}
	}()
	time.Sleep(10 * interval)
	cancel()
	wg.Wait()
	close(stopWatch)
	m.mu.RLock()
	passes := m.passes
	m.mu.RUnlock()
	// 10 intervals: about 10 passes; a generous floor against a loaded
	// machine, and never more than the ticks.
	assert.GreaterOrEqual(t, passes, uint64(5), "the interval is kept")
	assert.LessOrEqual(t, passes, uint64(12))
	// Each answer of broker-b comes about 7 passes late: stacked, their
	// requests would add up; dropped, no more are in flight than one
	// pass sends.
	assert.LessOrEqual(t, peak.Load(), int64(perPass), "late reads are dropped, not stacked")
	assert.Equal(t, int64(0), m.pool.inflight.Load())
	// What broker-b did not answer in time is reported as not read.
	assert.Equal(t, 1.0, metric(t, m, "rmqalloc_group_findings")["code=READ_FAILED,group=G_OK,level=warning"])
}

// A group deleted between discovery and its read: no failure is counted
// for it and it is gone at the next pass.
func TestFaultGroupDeletedWhileRead(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	c.SetGroup(healthy("G_DEL", 2))
	m := newMonitor(t, c, nil)
	pass(m)
	require.Equal(t, StatusOK, groupsOfAPI(t, m.Handler())["G_DEL"].Status)
	c.AfterSubscriptionGroups(func() { c.DeleteGroup("G_DEL") })
	pass(m)
	d := detail(t, m.Handler(), "G_DEL")
	assert.NotEqual(t, StatusUnreadable, d.Status, d.Verdict)
	assert.Nil(t, d.Error)
	assert.Empty(t, metric(t, m, "rmqalloc_read_errors_total"))
	c.AfterSubscriptionGroups(nil)
	pass(m)
	assert.NotContains(t, groupsOfAPI(t, m.Handler()), "G_DEL")
	code, _ := get(t, m.Handler(), "/api/groups/G_DEL")
	assert.Equal(t, 404, code)
}

// A client that never answers its running-info request: its queues are
// unknown, never "unowned", and the others' are judged.
func TestFaultClientNeverAnswers(t *testing.T) {
	c := startCluster(t)
	g := healthy("G_SILENT", 3)
	g.Members[1].Silent = true
	c.SetGroup(g)
	m := newMonitor(t, c, func(cfg *Config) { cfg.Timeout = 500 * time.Millisecond })
	pass(m)
	d := detail(t, m.Handler(), "G_SILENT")
	require.NotNil(t, d.Report, "%s %+v", d.Verdict, d.Error)
	assert.NotEmpty(t, d.Warnings, "the read says what it left out")
	silent := g.Members[1].ClientID
	unknown := 0
	for _, tr := range d.Report.Topics {
		for _, q := range tr.Queues {
			assert.NotEqual(t, doctor.StatusUnowned, q.Status, "%s %s/%d: the silent member's queue is not unowned", tr.Topic, q.BrokerName, q.QueueID)
			if q.Status == doctor.StatusUnknown {
				unknown++
				assert.Contains(t, q.Expected, silent, "only the silent member's queues are unknown")
			}
		}
	}
	assert.Positive(t, unknown)
	assert.Zero(t, metric(t, m, "rmqalloc_group_queues")["group=G_SILENT,status=unowned,topic=T"])
}

// Whatever the cluster does, the monitor sends only ReadCodes; a request
// of another code is refused before it reaches the wire.
func TestOnlyReadCodesSent(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	g := healthy("G_SILENT", 2)
	g.Members[0].Silent = true
	c.SetGroup(g)
	c.SetDelay("broker-b", 50*time.Millisecond)
	m := newMonitor(t, c, func(cfg *Config) { cfg.Timeout = 300 * time.Millisecond; cfg.System = true })
	c.AfterSubscriptionGroups(func() { c.DeleteGroup("G_OK") })
	for range 3 {
		pass(m)
	}
	c.StopNameServer(0)
	c.StopBroker("broker-b")
	pass(m)
	got := c.Codes()
	require.NotEmpty(t, got)
	for code := range got {
		_, ok := ReadCodes[code]
		assert.True(t, ok, "request code %d was sent", code)
	}
	for _, code := range []int{105, 106, 201, 203, 208, 307} {
		assert.Positive(t, got[code], "code %d is exercised", code)
	}
	// A write, had any path asked for it: refused, never sent.
	before := c.Codes()
	w := &live.Command{Code: 200, Language: "JAVA", Serialize: "JSON", Version: 399} // UPDATE_AND_CREATE_SUBSCRIPTIONGROUP
	_, err := m.pool.call(context.Background(), c.NameServers[1], w.Encode())
	assert.ErrorIs(t, err, errNotRead)
	assert.Equal(t, before, c.Codes())
}

// The running-info limiter holds the cluster-wide rate: 12 members at
// 20/s take at least about half a second (2 a burst, then one per 50 ms).
func TestRunningInfoRateLimit(t *testing.T) {
	c := startCluster(t)
	c.SetGroup(healthy("G_MANY", 12))
	m := newMonitor(t, c, func(cfg *Config) { cfg.RunningInfoRate = 20 })
	start := time.Now()
	pass(m)
	took := time.Since(start)
	assert.Equal(t, 12, c.Codes()[codeRunningInfo])
	assert.GreaterOrEqual(t, took, 450*time.Millisecond, "12 running-info requests at 20/s")
	assert.Equal(t, StatusOK, groupsOfAPI(t, m.Handler())["G_MANY"].Status)
	_ = standin.Member{}
}

// With credentials, every request the monitor sends is signed, the
// discovery's included (an ACL cluster refuses unsigned ones).
func TestRequestsSigned(t *testing.T) {
	c := startCluster(t)
	fleet(c)
	c.CheckSignatures("secret-1")
	m := newMonitor(t, c, func(cfg *Config) { cfg.Credentials = &live.Credentials{AccessKey: "monitor", SecretKey: "secret-1"} })
	pass(m)
	sigs := c.Signatures()
	require.NotEmpty(t, sigs)
	for k, n := range sigs {
		assert.True(t, strings.HasSuffix(k, ":ok"), "%d requests %s", n, k)
	}
	for _, code := range []string{"105", "106", "201", "203", "208", "307"} {
		assert.Positive(t, sigs[code+":ok"], "code %s signed", code)
	}
	assert.Equal(t, StatusOK, groupsOfAPI(t, m.Handler())["G_OK"].Status)
}
