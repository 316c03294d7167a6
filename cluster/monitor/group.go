//go:build !(js && wasm)

package monitor

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Group statuses, as rmqalloc_group_status and the API's status give them.
const (
	StatusOK         = 0 // every queue owned as it should be
	StatusProblems   = 1 // problems that cost messages or duplicate them
	StatusNotJudged  = 2 // no owner information to judge by
	StatusUnreadable = 3 // the group could not be read
)

// StatusNames are the API's words for the statuses.
var StatusNames = [...]string{"ok", "problems", "no_owner_info", "unreadable"}

// ReadError is why a group (or the cluster) could not be read.
type ReadError struct {
	// Kind is the name of cluster/live's error kind (namesrv, broker, timeout, refused,
	// protocol, ...), or "diagnose" when the doctor could not read what
	// was read.
	Kind string `json:"kind"`
	// Target is the server concerned (host:port), "" when none.
	Target  string    `json:"target"`
	Message string    `json:"message"`
	At      time.Time `json:"at"`
}

// GroupSummary is one group in GET /api/groups.
type GroupSummary struct {
	Group  string `json:"group"`
	Status int    `json:"status"`
	// State is Status in words: ok, problems, no_owner_info, unreadable.
	State   string `json:"state"`
	Verdict string `json:"verdict"`
	// Worst is the costliest finding now (the doctor ranks them), nil
	// when there is none.
	Worst *doctor.Finding `json:"worstFinding"`
	// Lag is the sum of #Diff over the group's queues at the last read.
	Lag     int64 `json:"lag"`
	Queues  int   `json:"queues"`
	Members int   `json:"members"`
	// LastRead is when the group was last read successfully; null before.
	LastRead *time.Time `json:"lastRead"`
	// Error is the last read's error; null when it succeeded.
	Error *ReadError `json:"error"`
}

// GroupDetail is GET /api/groups/{group}: the summary, the read's
// warnings (what was left out and why) and the doctor's --json report
// with the timeline of the window.
type GroupDetail struct {
	GroupSummary
	Warnings []string       `json:"warnings"`
	Report   *doctor.Report `json:"report"`
	// Text is the report as `rmqalloc doctor` prints it; "" without one.
	Text string `json:"text"`
}

// groupState is what the monitor keeps of one group: the window (the
// doctor's compact series) and, of the last read, only what the summary
// and the metrics need. The full report with its timeline is built from
// the series when the API asks for it: kept per group it was most of a
// big cluster's memory. Only the pass that reads the group writes it;
// readers take Monitor.mu, and smu for the series.
type groupState struct {
	name string

	smu      sync.Mutex // the series; taken before Monitor.mu, never after
	series   doctor.Series
	reported bool      // the series' last snapshot stands for the group
	lastAt   time.Time // its time: a clock step back restarts the series

	summary  GroupSummary
	view     *groupView // nil before a read and after an unjudged one
	warnings []string
	// owners is, per queue the last read knew the owners of, its owners
	// (sorted): the next read's owner changes are counted against them.
	owners  map[queueKey][]string
	changes map[string]uint64 // per topic: owner changes seen (a counter)
}

// groupView is what /metrics reports of a group's last read.
type groupView struct {
	findings []findingCount
	topics   []topicView
}

type findingCount struct {
	code, level string
	n           int
}

type topicView struct {
	topic    string
	byStatus []statusCount // every queueStatuses entry (0 when none), then others seen
	queues   []queueView
}

type statusCount struct {
	status string // as a label value (double_owned)
	n      int
}

type queueView struct {
	broker string
	qid    int32
	owners int // processes holding it; -1 unknown
	lag    int64
	hasLag bool // the last read had its offsets
}

type queueKey struct {
	topic, broker string
	qid           int32
}

// statusOf is the group status of a report.
func statusOf(rep *doctor.Report) int {
	switch {
	case !rep.Judged:
		return StatusNotJudged
	case !rep.OK:
		return StatusProblems
	}
	return StatusOK
}

// worstFinding is the costliest finding: the group's first error, then
// the timeline's, then the first warning of either.
func worstFinding(rep *doctor.Report) *doctor.Finding {
	var tl []doctor.Finding
	if rep.Timeline != nil {
		tl = rep.Timeline.Findings
	}
	for _, level := range []string{doctor.LevelError, doctor.LevelWarning} {
		for _, fs := range [][]doctor.Finding{rep.Findings, tl} {
			for i := range fs {
				if fs[i].Level == level {
					f := fs[i]
					return &f
				}
			}
		}
	}
	return nil
}

// absorb takes a new report of the group: its status, lags, owners and
// the owner changes since the previous read. Names are copied, not
// sliced: a slice of a read's text keeps the whole text alive.
func (g *groupState) absorb(rep *doctor.Report, at time.Time, warnings []string) {
	g.warnings = warnings
	lags := map[queueKey]int64{}
	if tl := rep.Timeline; tl != nil {
		last := len(tl.Snapshots) - 1
		for _, q := range tl.Queues {
			if q.Lag == nil || len(q.Lag.Samples) == 0 {
				continue
			}
			if s := q.Lag.Samples[len(q.Lag.Samples)-1]; s.Snapshot == last {
				lags[queueKey{q.Topic, q.BrokerName, q.QueueID}] = s.Lag
			}
		}
	}
	names := map[string]string{}
	name := func(s string) string {
		if c, ok := names[s]; ok {
			return c
		}
		c := strings.Clone(s)
		names[s] = c
		return c
	}
	v := &groupView{}
	counts := map[[2]string]int{}
	var order [][2]string
	count := func(fs []doctor.Finding) {
		for _, f := range fs {
			k := [2]string{string(f.Code), f.Level}
			if counts[k] == 0 {
				order = append(order, k)
			}
			counts[k]++
		}
	}
	count(rep.Findings)
	if rep.Timeline != nil {
		count(rep.Timeline.Findings)
	}
	for _, k := range order {
		v.findings = append(v.findings, findingCount{name(k[0]), name(k[1]), counts[k]})
	}
	owners := map[queueKey][]string{}
	if g.changes == nil {
		g.changes = map[string]uint64{}
	}
	queues := 0
	var total int64
	for _, tr := range rep.Topics {
		topic := name(tr.Topic)
		if _, ok := g.changes[topic]; !ok {
			g.changes[topic] = 0
		}
		tv := topicView{topic: topic, byStatus: make([]statusCount, len(queueStatuses)), queues: make([]queueView, 0, len(tr.Queues))}
		for i, s := range queueStatuses {
			tv.byStatus[i].status = metricStatus(s)
		}
		for _, q := range tr.Queues {
			queues++
			tv.count(name(metricStatus(q.Status)))
			k := queueKey{topic, name(q.BrokerName), q.QueueID}
			qv := queueView{broker: k.broker, qid: q.QueueID, owners: -1}
			qv.lag, qv.hasLag = lags[queueKey{tr.Topic, q.BrokerName, q.QueueID}]
			total += qv.lag
			if q.Actual != nil {
				qv.owners = processes(q)
				now := make([]string, len(q.Actual))
				for i, c := range q.Actual {
					now[i] = name(c)
				}
				slices.Sort(now)
				if before, ok := g.owners[k]; ok && !slices.Equal(before, now) {
					// An owner read by IP (no status file) is no change from
					// the client ID on that IP; keep the more precise name.
					if same, merged := doctor.SameOwners(before, now); same {
						now = merged
					} else {
						g.changes[topic]++
					}
				}
				owners[k] = now
			}
			tv.queues = append(tv.queues, qv)
		}
		v.topics = append(v.topics, tv)
	}
	g.view, g.owners = v, owners
	members := 0
	if rep.Timeline != nil && len(rep.Timeline.Snapshots) > 0 {
		members = rep.Timeline.Snapshots[len(rep.Timeline.Snapshots)-1].Members
	}
	t := at
	g.summary = GroupSummary{Group: g.name, Status: statusOf(rep), Verdict: rep.Verdict, Worst: worstFinding(rep),
		Lag: total, Queues: queues, Members: members, LastRead: &t}
	g.summary.State = StatusNames[g.summary.Status]
}

// count adds a queue of status s.
func (t *topicView) count(s string) {
	for i := range t.byStatus {
		if t.byStatus[i].status == s {
			t.byStatus[i].n++
			return
		}
	}
	t.byStatus = append(t.byStatus, statusCount{s, 1})
}

// fail records a read that failed: the group is unreadable now, and what
// was read of it before no longer stands for it (no per-queue series).
func (g *groupState) fail(e *ReadError) {
	g.summary.Status, g.summary.State, g.summary.Error = StatusUnreadable, StatusNames[StatusUnreadable], e
	g.summary.Verdict = "could not be read: " + e.Message
	g.summary.Worst = nil
}
