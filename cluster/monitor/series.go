//go:build !(js && wasm)

package monitor

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
)

// The per-group series are written as a stream, not gathered: a cluster
// of 2,000 groups × 32 queues makes about 176,000 of them, and gathering
// them through a registry (a const metric each, its dto form, then a sort
// of each family by label values) took most of a scrape's CPU and ~157 MB
// of garbage. Here each family is filled a batch of series at a time into
// the same few dto objects and written by expfmt's text encoder, so only
// a batch exists at once.
//
// Order, stable for a given state: families by name (as a registry
// writes them); within a family, groups by name, then a group's topics
// and queues as its report lists them (owner changes by topic, findings
// as the report first names them). Prometheus needs each family's lines
// together, not the series sorted.

// seriesBatch is how many series a family encodes at a time.
const seriesBatch = 512

// groupFamily is one family of per-group series.
type groupFamily struct {
	name, help string
	typ        dto.MetricType
	labels     []string // sorted, as a registry writes them
}

var (
	famGroupFindings = groupFamily{"rmqalloc_group_findings",
		"Findings of the doctor present now, by code and level (the window's timeline findings included).",
		dto.MetricType_GAUGE, []string{"code", "group", "level"}}
	famGroupLag = groupFamily{"rmqalloc_group_lag_messages",
		"Messages not yet consumed by the group (sum of its queues' lag) at the last read.",
		dto.MetricType_GAUGE, []string{"group"}}
	famGroupLastRead = groupFamily{"rmqalloc_group_last_read_timestamp_seconds",
		"When the group was last read successfully (Unix time).",
		dto.MetricType_GAUGE, []string{"group"}}
	famGroupMembers = groupFamily{"rmqalloc_group_members",
		"Consumer processes of the group online at the last read.",
		dto.MetricType_GAUGE, []string{"group"}}
	famGroupQueues = groupFamily{"rmqalloc_group_queues",
		"Queues of the group's topic in each status (ok, double_owned, unassigned, unowned, wrong_owner, unexpected_owner, unknown).",
		dto.MetricType_GAUGE, []string{"group", "status", "topic"}}
	famGroupStatus = groupFamily{"rmqalloc_group_status",
		"Group status: 0 ok, 1 problems costing messages or duplicates, 2 no owner information to judge by, 3 could not be read.",
		dto.MetricType_GAUGE, []string{"group"}}
	famGroups = groupFamily{"rmqalloc_groups",
		"Consumer groups watched.",
		dto.MetricType_GAUGE, nil}
	famOwnerChanges = groupFamily{"rmqalloc_owner_changes_total",
		"Queues of the topic seen changing owners between two reads (rebalance movement).",
		dto.MetricType_COUNTER, []string{"group", "topic"}}
	famQueueLag = groupFamily{"rmqalloc_queue_lag",
		"Messages of the queue not yet consumed by the group (consumerProgress #Diff).",
		dto.MetricType_GAUGE, []string{"broker", "group", "queue", "topic"}}
	famQueueOwners = groupFamily{"rmqalloc_queue_owners",
		"Consumer processes holding the queue (2 or more: double consumption; absent: unknown).",
		dto.MetricType_GAUGE, []string{"broker", "group", "queue", "topic"}}
	famUp = groupFamily{"rmqalloc_up",
		"1 when the last pass could read the cluster (a NameServer answered), 0 when not.",
		dto.MetricType_GAUGE, nil}
)

// groupSeries is what the series say of a group, copied under the
// monitor's lock so that encoding runs without it. A view is never
// changed once a read has made it, so it is shared, not copied.
type groupSeries struct {
	name        string
	status      int
	lastRead    float64
	hasLastRead bool
	lag         int64
	members     int
	view        *groupView // nil: the group has no series of a last read
	changes     []topicChanges
}

type topicChanges struct {
	topic string
	n     uint64
}

// seriesState is the monitor's state as the series report it.
type seriesState struct {
	up       bool
	noQueues bool
	groups   []groupSeries // by name
}

func (m *Monitor) seriesState() seriesState {
	m.mu.RLock()
	s := seriesState{up: m.up, noQueues: m.cfg.NoQueueMetrics, groups: make([]groupSeries, 0, len(m.groups))}
	for _, g := range m.groups {
		gs := groupSeries{name: g.name, status: g.summary.Status, lag: g.summary.Lag, members: g.summary.Members}
		if t := g.summary.LastRead; t != nil {
			gs.lastRead, gs.hasLastRead = float64(t.UnixMilli())/1000, true
		}
		if g.view != nil && g.summary.Status != StatusUnreadable {
			gs.view = g.view
		}
		for topic, n := range g.changes {
			gs.changes = append(gs.changes, topicChanges{topic, n})
		}
		s.groups = append(s.groups, gs)
	}
	m.mu.RUnlock()
	slices.SortFunc(s.groups, func(a, b groupSeries) int { return strings.Compare(a.name, b.name) })
	for _, g := range s.groups {
		slices.SortFunc(g.changes, func(a, b topicChanges) int { return strings.Compare(a.topic, b.topic) })
	}
	return s
}

// writeGroups writes the per-group series of m's state now to w in the
// text format.
func writeGroups(w io.Writer, m *Monitor) error {
	s := m.seriesState()
	var judged []*groupSeries // those with series of a last read
	for i := range s.groups {
		if s.groups[i].view != nil {
			judged = append(judged, &s.groups[i])
		}
	}
	sw := &seriesWriter{out: w}
	sw.enc = expfmt.NewEncoder(&sw.buf, textFormat)

	f := sw.family(famGroupFindings)
	for _, g := range judged {
		for _, c := range g.view.findings {
			f.add(float64(c.n), c.code, g.name, c.level)
		}
	}
	f = sw.next(f, famGroupLag)
	for _, g := range judged {
		f.add(float64(g.lag), g.name)
	}
	f = sw.next(f, famGroupLastRead)
	for _, g := range s.groups {
		if g.hasLastRead {
			f.add(g.lastRead, g.name)
		}
	}
	f = sw.next(f, famGroupMembers)
	for _, g := range judged {
		f.add(float64(g.members), g.name)
	}
	f = sw.next(f, famGroupQueues)
	for _, g := range judged {
		for _, tv := range g.view.topics {
			for _, c := range tv.byStatus {
				f.add(float64(c.n), g.name, c.status, tv.topic)
			}
		}
	}
	f = sw.next(f, famGroupStatus)
	for _, g := range s.groups {
		f.add(float64(g.status), g.name)
	}
	f = sw.next(f, famGroups)
	f.add(float64(len(s.groups)))
	f = sw.next(f, famOwnerChanges)
	for _, g := range s.groups {
		for _, c := range g.changes {
			f.add(float64(c.n), g.name, c.topic)
		}
	}
	var perQueue []*groupSeries // none when per-queue series are off
	if !s.noQueues {
		perQueue = judged
	}
	f = sw.next(f, famQueueLag)
	for _, g := range perQueue {
		for _, tv := range g.view.topics {
			for _, q := range tv.queues {
				if q.hasLag {
					f.add(float64(q.lag), q.broker, g.name, queueLabel(q.qid), tv.topic)
				}
			}
		}
	}
	f = sw.next(f, famQueueOwners)
	for _, g := range perQueue {
		for _, tv := range g.view.topics {
			for _, q := range tv.queues {
				if q.owners >= 0 {
					f.add(float64(q.owners), q.broker, g.name, queueLabel(q.qid), tv.topic)
				}
			}
		}
	}
	f = sw.next(f, famUp)
	up := 0.0
	if s.up {
		up = 1
	}
	f.add(up)
	f.flush()
	return sw.err
}

func queueLabel(qid int32) string { return strconv.Itoa(int(qid)) }

// seriesWriter writes families to out, each through buf, a batch of
// series at a time in the same slots.
type seriesWriter struct {
	out   io.Writer
	buf   bytes.Buffer
	enc   expfmt.Encoder // onto buf
	slots []*seriesSlot
	err   error // the first error; nothing is written after it
}

// familyWriter is one family being written, a batch at a time.
type familyWriter struct {
	sw      *seriesWriter
	spec    groupFamily
	fam     dto.MetricFamily
	header  []byte // the TYPE line the encoder starts every batch with
	started bool   // the first batch, with HELP and TYPE, is written
	metrics []*dto.Metric
}

// seriesSlot is one reused series: its label pairs point at its values.
type seriesSlot struct {
	metric  dto.Metric
	gauge   dto.Gauge
	counter dto.Counter
	value   float64
	pairs   [4]dto.LabelPair
	ptrs    [4]*dto.LabelPair
	values  [4]string
}

// next ends family f and starts spec's.
func (sw *seriesWriter) next(f *familyWriter, spec groupFamily) *familyWriter {
	f.flush()
	return sw.family(spec)
}

func (sw *seriesWriter) family(spec groupFamily) *familyWriter {
	f := &familyWriter{sw: sw, spec: spec, metrics: make([]*dto.Metric, 0, seriesBatch)}
	f.fam.Name, f.fam.Type = &f.spec.name, &f.spec.typ
	f.fam.Help = &f.spec.help
	f.header = fmt.Appendf(nil, "# TYPE %s %s\n", spec.name, strings.ToLower(spec.typ.String()))
	for _, s := range sw.slots {
		f.wire(s)
	}
	return f
}

// wire points s's metric at the family's label names and value type.
func (f *familyWriter) wire(s *seriesSlot) {
	for i := range f.spec.labels {
		s.pairs[i].Name, s.pairs[i].Value = &f.spec.labels[i], &s.values[i]
		s.ptrs[i] = &s.pairs[i]
	}
	s.metric.Label = s.ptrs[:len(f.spec.labels)]
	s.metric.Counter, s.metric.Gauge = nil, nil
	if f.spec.typ == dto.MetricType_COUNTER {
		s.counter.Value, s.metric.Counter = &s.value, &s.counter
	} else {
		s.gauge.Value, s.metric.Gauge = &s.value, &s.gauge
	}
}

// add is a series of the family: its value and its label values, in the
// order of the family's label names. Bytes that are not UTF-8 (which the
// text format cannot carry) become U+FFFD.
func (f *familyWriter) add(v float64, labels ...string) {
	n := len(f.metrics)
	if n == len(f.sw.slots) {
		s := &seriesSlot{}
		f.wire(s)
		f.sw.slots = append(f.sw.slots, s)
	}
	s := f.sw.slots[n]
	s.value = v
	for i, l := range labels {
		if !utf8.ValidString(l) {
			l = strings.ToValidUTF8(l, "\uFFFD")
		}
		s.values[i] = l
	}
	f.metrics = append(f.metrics, &s.metric)
	if len(f.metrics) == seriesBatch {
		f.flush()
	}
}

// flush writes the batch. The encoder starts every family it is given
// with its TYPE line (and HELP when set): a family's later batches go out
// without it, as one family in the text.
func (f *familyWriter) flush() {
	sw := f.sw
	if len(f.metrics) == 0 || sw.err != nil {
		return
	}
	f.fam.Metric = f.metrics
	sw.buf.Reset()
	if err := sw.enc.Encode(&f.fam); err != nil {
		sw.err = err
		return
	}
	text := sw.buf.Bytes()
	if f.started {
		if !bytes.HasPrefix(text, f.header) {
			sw.err = fmt.Errorf("%s: the encoder did not start with %q", f.spec.name, f.header)
			return
		}
		text = text[len(f.header):]
	}
	f.started, f.fam.Help = true, nil
	f.metrics = f.metrics[:0]
	if _, err := sw.out.Write(text); err != nil {
		sw.err = err
	}
}
