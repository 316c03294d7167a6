package doctor

import (
	"strconv"
	"strings"
)

// maxTableRows bounds the queue table of Text.
const maxTableRows = 200

// Text renders the report for a person: the verdict, the findings, then
// per topic a table of the queues that are not ok (with their likely
// cause), the most lagging queues and the best-fitting strategies.
func (r *Report) Text() string {
	var b strings.Builder
	writeTimeline(&b, r.Timeline) // a series: the window first (timeline_text.go)
	b.WriteString(r.Verdict)
	b.WriteString("\n")
	if len(r.Findings) > 0 {
		b.WriteString("\nFindings:\n")
		for _, f := range r.Findings {
			b.WriteString("  [" + f.Level + "] " + f.Code)
			if f.Topic != "" {
				b.WriteString(" (" + f.Topic + ")")
			}
			b.WriteString(": " + f.Message)
			if len(f.Queues) > 0 {
				var qs []string
				for _, q := range f.Queues[:min(len(f.Queues), 12)] {
					qs = append(qs, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
				}
				if len(f.Queues) > 12 {
					qs = append(qs, "…")
				}
				b.WriteString(" [" + strings.Join(qs, " ") + "]")
			}
			b.WriteString("\n")
		}
	}
	for _, tr := range r.Topics {
		var rows [][]string
		bad, unknown := 0, 0
		for _, q := range tr.Queues {
			if q.Status == StatusOK || (q.Status == StatusUnassigned && q.Cause == "") {
				continue
			}
			if q.Status == StatusUnknown {
				unknown++
			} else {
				bad++
			}
			if len(rows) < maxTableRows {
				rows = append(rows, []string{q.BrokerName, strconv.Itoa(int(q.QueueID)), q.Status, owners(q.Expected), actualText(q.Actual), q.Cause})
			}
		}
		b.WriteString("\nTopic " + tr.Topic + ": " + topicCounts(len(tr.Queues), bad, unknown) + "\n")
		if len(rows) > 0 {
			writeTable(&b, []string{"BROKER", "QID", "STATUS", "EXPECTED", "ACTUAL", "CAUSE"}, rows)
			if bad+unknown > len(rows) {
				b.WriteString("  … and " + strconv.Itoa(bad+unknown-len(rows)) + " more (see --json)\n")
			}
		}
		if len(tr.TopLag) > 0 {
			var parts []string
			for _, l := range tr.TopLag[:min(len(tr.TopLag), 5)] {
				parts = append(parts, l.BrokerName+"/"+strconv.Itoa(int(l.QueueID))+" "+strconv.FormatInt(l.Diff, 10))
			}
			b.WriteString("  most lag: " + strings.Join(parts, ", ") + "\n")
		}
		if len(tr.BestFit) > 0 {
			f := tr.BestFit[0]
			if f.Agree == 0 {
				b.WriteString("  best fit: no strategy and client reproduces any of its " + plural(f.Total, "queue", "queues") + "\n")
			} else {
				b.WriteString("  best fit: " + f.Strategy + " on " + f.Client + " reproduces " + strconv.Itoa(f.Agree) + " of " + plural(f.Total, "queue", "queues") + "\n")
			}
		}
	}
	return b.String()
}

// topicCounts is a topic's headline: "36 queues, 2 not ok"; queues of
// unknown owner (no owner information) are counted apart, since nothing is
// known to be wrong with them.
func topicCounts(total, bad, unknown int) string {
	s := plural(total, "queue", "queues")
	if bad > 0 || unknown == 0 {
		s += ", " + strconv.Itoa(bad) + " not ok"
	}
	switch {
	case unknown == 0:
	case unknown == total && total == 1:
		s += ", owner unknown"
	case unknown == total:
		s += ", owners unknown"
	default:
		s += ", " + strconv.Itoa(unknown) + " of unknown owner"
	}
	return s
}

func owners(ids []string) string {
	if len(ids) == 0 {
		return "-"
	}
	return strings.Join(ids, " ")
}

func actualText(a []string) string {
	if a == nil {
		return "?"
	}
	return owners(a)
}

// writeTable writes rows under head, columns padded to their widest cell
// (the last column is not padded).
func writeTable(b *strings.Builder, head []string, rows [][]string) {
	width := make([]int, len(head))
	for _, r := range append([][]string{head}, rows...) {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, r := range append([][]string{head}, rows...) {
		b.WriteString("  ")
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", width[i]-len([]rune(c))+2))
			}
		}
		b.WriteString("\n")
	}
}
