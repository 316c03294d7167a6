//go:build !(js && wasm)

package monitor

import (
	"slices"
	"strings"
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
	// Kind is cluster/live's ErrorKind (namesrv, broker, timeout, refused,
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
}

// groupState is what the monitor keeps of one group: the window and the
// last read's outcome. Only the pass that reads the group writes it;
// readers take Monitor.mu.
type groupState struct {
	name   string
	series doctor.Series

	summary  GroupSummary
	report   *doctor.Report // with the window's timeline; nil before a read
	warnings []string
	lags     map[queueKey]int64  // per queue #Diff at the last read
	owners   map[queueKey]string // per queue its owners, joined; for owner changes
	changes  map[string]uint64   // per topic: owner changes seen (a counter)
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
// the owner changes since the previous read.
func (g *groupState) absorb(rep *doctor.Report, at time.Time, warnings []string) {
	g.report, g.warnings = rep, warnings
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
	owners := map[queueKey]string{}
	if g.changes == nil {
		g.changes = map[string]uint64{}
	}
	queues := 0
	for _, tr := range rep.Topics {
		if _, ok := g.changes[tr.Topic]; !ok {
			g.changes[tr.Topic] = 0
		}
		for _, q := range tr.Queues {
			queues++
			if q.Actual == nil {
				continue // unknown: neither a change nor a baseline
			}
			k := queueKey{tr.Topic, q.BrokerName, q.QueueID}
			a := slices.Clone(q.Actual)
			slices.Sort(a)
			now := strings.Join(a, ",")
			if before, ok := g.owners[k]; ok && before != now {
				// An owner read by IP (no status file) is no change from
				// the client ID on that IP; keep the more precise name.
				if same, merged := doctor.SameOwners(strings.Split(before, ","), a); same {
					now = strings.Join(merged, ",")
				} else {
					g.changes[tr.Topic]++
				}
			}
			owners[k] = now
		}
	}
	g.lags, g.owners = lags, owners
	var total int64
	for _, l := range lags {
		total += l
	}
	members := 0
	if rep.Timeline != nil && len(rep.Timeline.Snapshots) > 0 {
		members = rep.Timeline.Snapshots[len(rep.Timeline.Snapshots)-1].Members
	}
	t := at
	g.summary = GroupSummary{Group: g.name, Status: statusOf(rep), Verdict: rep.Verdict, Worst: worstFinding(rep),
		Lag: total, Queues: queues, Members: members, LastRead: &t}
	g.summary.State = StatusNames[g.summary.Status]
}

// fail records a read that failed: the group is unreadable now, and what
// was read of it before no longer stands for it (no per-queue series).
func (g *groupState) fail(e *ReadError) {
	g.summary.Status, g.summary.State, g.summary.Error = StatusUnreadable, StatusNames[StatusUnreadable], e
	g.summary.Verdict = "could not be read: " + e.Message
	g.summary.Worst = nil
	g.lags = nil
}
