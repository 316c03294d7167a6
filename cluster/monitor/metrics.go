//go:build !(js && wasm)

package monitor

import (
	"strconv"
	"strings"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	dto "github.com/prometheus/client_model/go"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// The metrics' descriptions. The names of the metrics are fixed:
// dashboards and alert rules outside rely on them.
var (
	descUp = prometheus.NewDesc("rmqalloc_up",
		"1 when the last pass could read the cluster (a NameServer answered), 0 when not.", nil, nil)
	descGroupStatus = prometheus.NewDesc("rmqalloc_group_status",
		"Group status: 0 ok, 1 problems costing messages or duplicates, 2 no owner information to judge by, 3 could not be read.", []string{"group"}, nil)
	descGroupQueues = prometheus.NewDesc("rmqalloc_group_queues",
		"Queues of the group's topic in each status (ok, double_owned, unassigned, unowned, wrong_owner, unexpected_owner, unknown).", []string{"group", "topic", "status"}, nil)
	descGroupFindings = prometheus.NewDesc("rmqalloc_group_findings",
		"Findings of the doctor present now, by code and level (the window's timeline findings included).", []string{"group", "code", "level"}, nil)
	descGroupLag = prometheus.NewDesc("rmqalloc_group_lag_messages",
		"Messages not yet consumed by the group (sum of its queues' lag) at the last read.", []string{"group"}, nil)
	descGroupMembers = prometheus.NewDesc("rmqalloc_group_members",
		"Consumer processes of the group online at the last read.", []string{"group"}, nil)
	descGroupLastRead = prometheus.NewDesc("rmqalloc_group_last_read_timestamp_seconds",
		"When the group was last read successfully (Unix time).", []string{"group"}, nil)
	descQueueLag = prometheus.NewDesc("rmqalloc_queue_lag",
		"Messages of the queue not yet consumed by the group (consumerProgress #Diff).", []string{"group", "topic", "broker", "queue"}, nil)
	descQueueOwners = prometheus.NewDesc("rmqalloc_queue_owners",
		"Consumer processes holding the queue (2 or more: double consumption; absent: unknown).", []string{"group", "topic", "broker", "queue"}, nil)
	descOwnerChanges = prometheus.NewDesc("rmqalloc_owner_changes_total",
		"Queues of the topic seen changing owners between two reads (rebalance movement).", []string{"group", "topic"}, nil)
	descReadErrors = prometheus.NewDesc("rmqalloc_read_errors_total",
		"Reads that failed, by the server concerned and the kind of failure.", []string{"target", "kind"}, nil)
	descRequests = prometheus.NewDesc("rmqalloc_requests_total",
		"Requests the monitor sent to the cluster, by RocketMQ request code name.", []string{"code"}, nil)
	descGroups = prometheus.NewDesc("rmqalloc_groups",
		"Consumer groups watched.", nil, nil)
	descPasses = prometheus.NewDesc("rmqalloc_passes_total",
		"Passes over the cluster completed.", nil, nil)
	descPassDuration = prometheus.NewDesc("rmqalloc_pass_duration_seconds",
		"How long the last pass took (discovery, reads and diagnoses).", nil, nil)
	descSkipped = prometheus.NewDesc("rmqalloc_skipped_reads_total",
		"Group reads a pass had no time left for (the interval is too short for the cluster).", nil, nil)
	descInflight = prometheus.NewDesc("rmqalloc_inflight_requests",
		"Requests sent and not yet answered.", nil, nil)
)

// queueStatuses are the statuses rmqalloc_group_queues always reports (0
// when none), so `> 0` alerts have a series to compare.
var queueStatuses = []string{doctor.StatusOK, doctor.StatusDoubleOwned, doctor.StatusUnassigned, doctor.StatusUnowned,
	doctor.StatusWrongOwner, doctor.StatusUnexpectedOwner, doctor.StatusUnknown}

// metricStatus is a queue status as a label value: double-owned →
// double_owned.
func metricStatus(s string) string { return strings.ReplaceAll(s, "-", "_") }

func newReadDurations() prometheus.Histogram {
	return prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "rmqalloc_read_duration_seconds",
		Help:    "How long reading one group took (all its requests).",
		Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30},
	})
}

// Gatherer is what /metrics serves: the per-group series as of the last
// completed pass (built once per pass, however often Prometheus
// scrapes: a cluster of 2,000 groups makes about 176,000 series), and
// fresh at each scrape the monitor's own counters, the read-duration
// histogram and the Go runtime and process collectors.
func (m *Monitor) Gatherer() prometheus.Gatherer {
	fresh := m.ownRegistry()
	return prometheus.Gatherers{fresh, &perPass{m: m}}
}

// ownRegistry holds what is gathered fresh at each scrape: the monitor's
// own counters, the read-duration histogram, the Go runtime and process.
func (m *Monitor) ownRegistry() *prometheus.Registry {
	r := prometheus.NewRegistry()
	r.MustRegister(selfCollector{m}, m.durs, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

// perPass gathers the group collector once per completed pass.
type perPass struct {
	m     *Monitor
	mu    sync.Mutex
	pass  uint64
	fams  []*dto.MetricFamily
	valid bool
}

func (c *perPass) Gather() ([]*dto.MetricFamily, error) {
	c.m.mu.RLock()
	pass := c.m.passes
	c.m.mu.RUnlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.valid && c.pass == pass {
		return c.fams, nil
	}
	fams, err := gatherGroups(c.m)
	if err != nil {
		return nil, err
	}
	c.pass, c.fams, c.valid = pass, fams, true
	return fams, nil
}

// gatherGroups is the per-group series now, gathered afresh.
func gatherGroups(m *Monitor) ([]*dto.MetricFamily, error) {
	r := prometheus.NewRegistry()
	r.MustRegister(collector{m})
	return r.Gather()
}

// collector builds the per-group series from the monitor's state.
type collector struct{ m *Monitor }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descUp, descGroupStatus, descGroupQueues, descGroupFindings, descGroupLag, descGroupMembers,
		descGroupLastRead, descQueueLag, descQueueOwners, descOwnerChanges, descGroups} {
		ch <- d
	}
}

// selfCollector is the monitor's own state, read at each scrape.
type selfCollector struct{ m *Monitor }

func (c selfCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descReadErrors, descRequests, descPasses, descPassDuration, descSkipped, descInflight} {
		ch <- d
	}
}

func (c selfCollector) Collect(ch chan<- prometheus.Metric) {
	m := c.m
	for code, n := range m.pool.sentByCode() {
		ch <- counter(descRequests, float64(n), codeLabel(code))
	}
	ch <- gauge(descInflight, float64(m.pool.inflight.Load()))
	m.mu.RLock()
	defer m.mu.RUnlock()
	ch <- counter(descPasses, float64(m.passes))
	ch <- gauge(descPassDuration, m.lastPass.Seconds())
	ch <- counter(descSkipped, float64(m.skipped))
	for k, n := range m.readErrs {
		ch <- counter(descReadErrors, float64(n), k[0], k[1])
	}
}

func gauge(d *prometheus.Desc, v float64, labels ...string) prometheus.Metric {
	return prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
}

func counter(d *prometheus.Desc, v float64, labels ...string) prometheus.Metric {
	return prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, labels...)
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	m := c.m
	m.mu.RLock()
	defer m.mu.RUnlock()
	up := 0.0
	if m.up {
		up = 1
	}
	ch <- gauge(descUp, up)
	ch <- gauge(descGroups, float64(len(m.groups)))
	for _, g := range m.groups {
		c.group(ch, g)
	}
}

// group is one group's series. An unreadable group has only its status:
// what was read of it before no longer stands.
func (c collector) group(ch chan<- prometheus.Metric, g *groupState) {
	ch <- gauge(descGroupStatus, float64(g.summary.Status), g.name)
	for topic, n := range g.changes {
		ch <- counter(descOwnerChanges, float64(n), g.name, topic)
	}
	if g.summary.LastRead != nil {
		ch <- gauge(descGroupLastRead, float64(g.summary.LastRead.UnixMilli())/1000, g.name)
	}
	v := g.view
	if v == nil || g.summary.Status == StatusUnreadable {
		return
	}
	ch <- gauge(descGroupLag, float64(g.summary.Lag), g.name)
	ch <- gauge(descGroupMembers, float64(g.summary.Members), g.name)
	for _, f := range v.findings {
		ch <- gauge(descGroupFindings, float64(f.n), g.name, f.code, f.level)
	}
	for _, tv := range v.topics {
		if !c.m.cfg.NoQueueMetrics {
			for _, q := range tv.queues {
				qid := strconv.Itoa(int(q.qid))
				if q.owners >= 0 {
					ch <- gauge(descQueueOwners, float64(q.owners), g.name, tv.topic, q.broker, qid)
				}
				if q.hasLag {
					ch <- gauge(descQueueLag, float64(q.lag), g.name, tv.topic, q.broker, qid)
				}
			}
		}
		for _, s := range tv.byStatus {
			ch <- gauge(descGroupQueues, float64(s.n), g.name, tv.topic, s.status)
		}
	}
}

// processes is how many consumer processes hold q. Actual names client
// IDs; processes sharing one ID (DUPLICATE_CLIENT_ID) answer running-info
// once, so a queue the doctor calls double-owned is held by at least two
// whatever Actual lists.
func processes(q doctor.QueueReport) int {
	if q.Status == doctor.StatusDoubleOwned {
		return max(len(q.Actual), 2)
	}
	return len(q.Actual)
}
