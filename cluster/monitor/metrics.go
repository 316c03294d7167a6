//go:build !(js && wasm)

package monitor

import (
	"bytes"
	"slices"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// The monitor's own series, gathered at each scrape. The per-group
// series are in series.go. The names of the metrics are fixed:
// dashboards and alert rules outside rely on them.
var (
	descReadErrors = prometheus.NewDesc("rmqalloc_read_errors_total",
		"Reads that failed, by the server concerned and the kind of failure.", []string{"target", "kind"}, nil)
	descRequests = prometheus.NewDesc("rmqalloc_requests_total",
		"Requests the monitor sent to the cluster, by RocketMQ request code name.", []string{"code"}, nil)
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

// Gatherer is what /metrics serves, gathered afresh at each call: the
// monitor's own counters, the read-duration histogram, the Go runtime and
// process, and the per-group series of the state now, written as
// /metrics writes them and parsed back. Nothing is kept between calls:
// /metrics does not use it (at 176,000 series, the gathered form is
// ~116 MB); tests do.
func (m *Monitor) Gatherer() prometheus.Gatherer {
	return prometheus.Gatherers{m.ownRegistry(), groupsGatherer{m}}
}

// ownRegistry holds what is gathered fresh at each scrape: the monitor's
// own counters, the read-duration histogram, the Go runtime and process.
func (m *Monitor) ownRegistry() *prometheus.Registry {
	r := prometheus.NewRegistry()
	r.MustRegister(selfCollector{m}, m.durs, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

// groupsGatherer is the per-group series: their text parsed.
type groupsGatherer struct{ m *Monitor }

func (g groupsGatherer) Gather() ([]*dto.MetricFamily, error) {
	var b bytes.Buffer
	if err := writeGroups(&b, g.m); err != nil {
		return nil, err
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	byName, err := p.TextToMetricFamilies(&b)
	if err != nil {
		return nil, err
	}
	fams := make([]*dto.MetricFamily, 0, len(byName))
	for _, f := range byName {
		fams = append(fams, f)
	}
	slices.SortFunc(fams, func(a, b *dto.MetricFamily) int { return strings.Compare(a.GetName(), b.GetName()) })
	return fams, nil
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
