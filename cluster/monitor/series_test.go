//go:build !(js && wasm)

package monitor

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refCollector is how /metrics gathered the per-group series before they
// were written as a stream: a const metric each, through a registry
// (which checks them and sorts each family). It is the reference the
// stream is held to.
type refCollector struct{ m *Monitor }

func refDesc(f groupFamily, labels ...string) *prometheus.Desc {
	return prometheus.NewDesc(f.name, f.help, labels, nil)
}

var (
	refUp           = refDesc(famUp)
	refGroups       = refDesc(famGroups)
	refGroupStatus  = refDesc(famGroupStatus, "group")
	refGroupQueues  = refDesc(famGroupQueues, "group", "topic", "status")
	refFindings     = refDesc(famGroupFindings, "group", "code", "level")
	refGroupLag     = refDesc(famGroupLag, "group")
	refGroupMembers = refDesc(famGroupMembers, "group")
	refLastRead     = refDesc(famGroupLastRead, "group")
	refQueueLag     = refDesc(famQueueLag, "group", "topic", "broker", "queue")
	refQueueOwners  = refDesc(famQueueOwners, "group", "topic", "broker", "queue")
	refOwnerChanges = refDesc(famOwnerChanges, "group", "topic")
)

func (c refCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{refUp, refGroupStatus, refGroupQueues, refFindings, refGroupLag, refGroupMembers,
		refLastRead, refQueueLag, refQueueOwners, refOwnerChanges, refGroups} {
		ch <- d
	}
}

func (c refCollector) Collect(ch chan<- prometheus.Metric) {
	m := c.m
	m.mu.RLock()
	defer m.mu.RUnlock()
	up := 0.0
	if m.up {
		up = 1
	}
	ch <- gauge(refUp, up)
	ch <- gauge(refGroups, float64(len(m.groups)))
	for _, g := range m.groups {
		ch <- gauge(refGroupStatus, float64(g.summary.Status), g.name)
		for topic, n := range g.changes {
			ch <- counter(refOwnerChanges, float64(n), g.name, topic)
		}
		if g.summary.LastRead != nil {
			ch <- gauge(refLastRead, float64(g.summary.LastRead.UnixMilli())/1000, g.name)
		}
		v := g.view
		if v == nil || g.summary.Status == StatusUnreadable {
			continue
		}
		ch <- gauge(refGroupLag, float64(g.summary.Lag), g.name)
		ch <- gauge(refGroupMembers, float64(g.summary.Members), g.name)
		for _, f := range v.findings {
			ch <- gauge(refFindings, float64(f.n), g.name, f.code, f.level)
		}
		for _, tv := range v.topics {
			if !m.cfg.NoQueueMetrics {
				for _, q := range tv.queues {
					qid := strconv.Itoa(int(q.qid))
					if q.owners >= 0 {
						ch <- gauge(refQueueOwners, float64(q.owners), g.name, tv.topic, q.broker, qid)
					}
					if q.hasLag {
						ch <- gauge(refQueueLag, float64(q.lag), g.name, tv.topic, q.broker, qid)
					}
				}
			}
			for _, s := range tv.byStatus {
				ch <- gauge(refGroupQueues, float64(s.n), g.name, tv.topic, s.status)
			}
		}
	}
}

// refText is the reference's text.
func refText(t *testing.T, m *Monitor) string {
	t.Helper()
	r := prometheus.NewRegistry()
	r.MustRegister(refCollector{m})
	fams, err := r.Gather()
	require.NoError(t, err)
	var b bytes.Buffer
	encode(&b, fams)
	return b.String()
}

func streamText(t *testing.T, m *Monitor) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, writeGroups(&b, m))
	return b.String()
}

// generatedMonitor is a monitor's state as passes leave it, generated:
// n groups with odd names, several topics, queues of unknown owners or
// without lag, statuses beyond the usual, findings, owner changes,
// unreadable groups (a view left from before) and groups never read.
func generatedMonitor(n int, seed uint64) *Monitor {
	rnd := rand.New(rand.NewPCG(seed, 1))
	odd := []string{`quo"te`, `back\slash`, "new\nline", "消费组-订单", "%RETRY%G", "a b", "tab\tx"}
	m := &Monitor{groups: map[string]*groupState{}, up: true}
	at := time.Date(2026, 12, 7, 1, 2, 3, 456_000_000, time.UTC)
	for i := range n {
		name := fmt.Sprintf("G_%04d", rnd.IntN(10*n))
		if i < len(odd) {
			name = odd[i]
		}
		g := &groupState{name: name, changes: map[string]uint64{}}
		g.summary.Status = rnd.IntN(4)
		if rnd.IntN(10) > 0 {
			t := at.Add(time.Duration(rnd.IntN(1e6)) * time.Millisecond)
			g.summary.LastRead = &t
		}
		g.summary.Lag, g.summary.Members = rnd.Int64N(1<<40), rnd.IntN(9)
		if rnd.IntN(8) > 0 {
			g.view = &groupView{}
			if rnd.IntN(3) == 0 {
				g.view.findings = append(g.view.findings, findingCount{"DOUBLE_OWNED", "error", 1 + rnd.IntN(4)},
					findingCount{"LAG_GROWING", "warning", 1})
			}
			for tn := range 1 + rnd.IntN(3) {
				topic := "T_" + strconv.Itoa(tn) + odd[rnd.IntN(len(odd))]
				g.changes[topic] = rnd.Uint64N(1000)
				tv := topicView{topic: topic}
				for _, s := range queueStatuses {
					tv.byStatus = append(tv.byStatus, statusCount{metricStatus(s), rnd.IntN(40)})
				}
				if rnd.IntN(5) == 0 {
					tv.byStatus = append(tv.byStatus, statusCount{"somewhere_else", 1})
				}
				for _, broker := range []string{"broker-a", `broker"b`} {
					for q := range rnd.IntN(40) {
						qv := queueView{broker: broker, qid: int32(q), owners: rnd.IntN(5) - 1, hasLag: rnd.IntN(6) > 0}
						if qv.hasLag {
							qv.lag = rnd.Int64N(1 << 53)
						}
						tv.queues = append(tv.queues, qv)
					}
				}
				g.view.topics = append(g.view.topics, tv)
			}
		}
		m.groups[name] = g
	}
	return m
}

// The per-group series as written in a stream are those the registry
// gathered before, line for line (HELP, TYPE, every sample, its labels
// and value as the same encoder writes them), only in another order;
// each family once, its lines together.
func TestSeriesSameAsRegistry(t *testing.T) {
	for _, tc := range []struct {
		name     string
		groups   int
		up       bool
		noQueues bool
	}{
		{"big", 1500, true, false}, // several batches in most families
		{"no queue series", 300, true, true},
		{"down", 40, false, false},
		{"none", 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := generatedMonitor(tc.groups, uint64(tc.groups)+7)
			m.up, m.cfg.NoQueueMetrics = tc.up, tc.noQueues
			ref, got := refText(t, m), streamText(t, m)
			refFams, gotFams := parseText(t, ref), parseText(t, got)
			require.Equal(t, familyNames(refFams), familyNames(gotFams))
			for name, rf := range refFams {
				gf := gotFams[name]
				assert.Equal(t, rf.GetHelp(), gf.GetHelp(), name)
				assert.Equal(t, rf.GetType(), gf.GetType(), name)
				assert.Equal(t, samples(t, rf), samples(t, gf), name)
			}
			assert.Equal(t, sortedLines(ref), sortedLines(got), "the same lines, byte for byte")
			assertFamiliesTogether(t, got)
			assert.Equal(t, got, streamText(t, m), "the same state, the same text")
		})
	}
}

// A group name that is not UTF-8 (the text format cannot carry it) is
// written with U+FFFD, and the text still parses.
func TestSeriesNotUTF8(t *testing.T) {
	m := generatedMonitor(3, 1)
	m.groups[`quo"te`].name = "bad\xffname"
	fams := parseText(t, streamText(t, m))
	s := samples(t, fams["rmqalloc_group_status"])
	assert.Contains(t, s, "group=bad\uFFFDname")
}

func parseText(t *testing.T, text string) map[string]*dto.MetricFamily {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(text))
	require.NoError(t, err)
	return fams
}

func familyNames(fams map[string]*dto.MetricFamily) []string {
	var names []string
	for n := range fams {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// samples is a family's samples by their labels; a series twice fails.
func samples(t *testing.T, f *dto.MetricFamily) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for _, s := range f.GetMetric() {
		var ls []string
		for _, l := range s.GetLabel() {
			ls = append(ls, l.GetName()+"="+l.GetValue())
		}
		slices.Sort(ls)
		k := strings.Join(ls, ",")
		_, twice := out[k]
		require.False(t, twice, "%s{%s} twice", f.GetName(), k)
		v := s.GetGauge().GetValue()
		if s.Counter != nil {
			v = s.GetCounter().GetValue()
		}
		out[k] = v
	}
	return out
}

func sortedLines(text string) []string {
	l := strings.Split(text, "\n")
	slices.Sort(l)
	return l
}

// assertFamiliesTogether checks that each family's lines are one run:
// HELP, TYPE, then its samples; HELP and TYPE once.
func assertFamiliesTogether(t *testing.T, text string) {
	t.Helper()
	helped, typed := map[string]bool{}, map[string]bool{}
	cur := ""
	for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "# HELP "):
			cur = strings.Fields(l)[2]
			require.False(t, helped[cur], "line %d: %s's HELP again", i+1, cur)
			helped[cur] = true
		case strings.HasPrefix(l, "# TYPE "):
			name := strings.Fields(l)[2]
			require.Equal(t, cur, name, "line %d: TYPE without its HELP before", i+1)
			require.False(t, typed[name], "line %d: %s's TYPE again", i+1, name)
			typed[name] = true
		default:
			name := l[:strings.IndexAny(l, "{ ")]
			require.Equal(t, cur, name, "line %d: %q outside its family", i+1, l)
			require.True(t, typed[name], "line %d: a sample before its TYPE", i+1)
		}
	}
}
