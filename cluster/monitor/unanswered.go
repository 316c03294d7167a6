package monitor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// unanswered keeps the monitor from paging on what it could not read: a
// member whose running-info request got no answer has no status file, so
// the doctor cannot know what it holds and may call its queues unowned
// (its STATUS_INCOMPLETE warning names it; in a live read even the
// progress's #Client IP comes from the running info, so nothing else
// vouches for those queues). Those queues are unknown: this
// marks every unowned queue expected of such a member unknown, drops them
// from the UNOWNED findings (a finding left with none goes), and says so
// in the verdict. It returns the report to publish (rep itself when
// nothing changes). Once the doctor reports such queues unknown itself,
// nothing here matches.
func unanswered(rep *doctor.Report) *doctor.Report {
	var missing []string
	for _, f := range rep.Findings {
		if f.Code == doctor.CodeStatusIncomplete {
			missing = append(missing, f.Clients...)
		}
	}
	if len(missing) == 0 {
		return rep
	}
	out := *rep
	out.Topics = slices.Clone(rep.Topics)
	type ref struct {
		topic, broker string
		qid           int32
	}
	marked := map[ref]bool{}
	for i := range out.Topics {
		tr := &out.Topics[i]
		tr.Queues = slices.Clone(tr.Queues)
		for j := range tr.Queues {
			q := &tr.Queues[j]
			if q.Status != doctor.StatusUnowned || !slices.ContainsFunc(q.Expected, func(c string) bool { return slices.Contains(missing, c) }) {
				continue
			}
			q.Status = doctor.StatusUnknown
			q.Cause = "its expected owner did not answer its running-info request: what it holds is not known"
			marked[ref{tr.Topic, q.BrokerName, q.QueueID}] = true
		}
	}
	if len(marked) == 0 {
		return rep
	}
	keep := func(fs []doctor.Finding) []doctor.Finding {
		var kept []doctor.Finding
		for _, f := range fs {
			if f.Code == doctor.CodeUnowned {
				f.Queues = slices.DeleteFunc(slices.Clone(f.Queues), func(r doctor.QueueRef) bool {
					t := r.Topic
					if t == "" {
						t = f.Topic
					}
					return marked[ref{t, r.BrokerName, r.QueueID}]
				})
				if len(f.Queues) == 0 {
					continue
				}
			}
			kept = append(kept, f)
		}
		return kept
	}
	out.Findings = keep(rep.Findings)
	for i := range out.Topics {
		out.Topics[i].Findings = keep(out.Topics[i].Findings)
	}
	errors := false
	for _, f := range out.Findings {
		errors = errors || f.Level == doctor.LevelError
	}
	if out.Timeline != nil {
		for _, f := range out.Timeline.Findings {
			errors = errors || f.Level == doctor.LevelError
		}
	}
	out.OK = !errors
	out.Verdict = strconv.Itoa(len(marked)) + " queues unknown (" + strings.Join(missing, ", ") + " did not answer running-info); "
	if out.OK {
		out.Verdict += "the rest are consumed as expected."
	} else {
		out.Verdict += "problems in the rest: see the findings."
	}
	return &out
}
