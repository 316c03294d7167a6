package doctor

import (
	"slices"
	"strconv"
	"strings"
)

// maxTableRows bounds the queue table of Text.
const maxTableRows = 200

// textWidth is the width Text fits its lines in (a terminal's default).
const textWidth = 80

// Text renders the report for a person in 80 columns: see TextWidth.
func (r *Report) Text() string { return r.TextWidth(textWidth) }

// TextWidth renders the report for a person, its lines fitted in width
// columns (a queue name or client ID longer than that stays whole): the
// verdict, the findings, then per topic a table of the queues that are not
// ok, each likely cause written once as a numbered note under the table
// with the queues it explains, the most lagging queues and the
// best-fitting strategies.
func (r *Report) TextWidth(width int) string {
	width = max(width, 40)
	var b strings.Builder
	writeTimeline(&b, r.Timeline, width) // a series: the window first (timeline_text.go)
	writeWrapped(&b, r.Verdict, width, "", "")
	if len(r.Findings) > 0 {
		b.WriteString("\nFindings:\n")
		for _, f := range r.Findings {
			s := "[" + f.Level + "] " + string(f.Code)
			if f.Topic != "" {
				s += " (" + f.Topic + ")"
			}
			s += ": " + f.Message
			if len(f.Queues) > 0 {
				var qs []string
				for _, q := range f.Queues[:min(len(f.Queues), 12)] {
					qs = append(qs, q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
				}
				if len(f.Queues) > 12 {
					qs = append(qs, "…")
				}
				s += " [" + strings.Join(qs, " ") + "]"
			}
			writeWrapped(&b, s, width, "  ", "    ")
		}
	}
	offline := slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Code == CodeGroupOffline })
	for _, tr := range r.Topics {
		writeTopic(&b, &tr, width, offline)
	}
	return b.String()
}

// writeTopic writes one topic's section; offline: no member of the group
// is online (GROUP_OFFLINE), so none of its queues is consumed.
func writeTopic(b *strings.Builder, tr *TopicReport, width int, offline bool) {
	var rows [][]string
	bad, unknown := 0, 0
	var causes []string
	causeQueues := map[string][]string{}
	unknownWhy := map[string][]string{} // unknown queues by why
	var unknownOrder []string
	for _, q := range tr.Queues {
		if q.Status == StatusOK || (q.Status == StatusUnassigned && q.Cause == "") {
			continue
		}
		if q.Status == StatusUnknown {
			unknown++ // said once below, not a row each
			if q.Cause != "" {
				if _, ok := unknownWhy[q.Cause]; !ok {
					unknownOrder = append(unknownOrder, q.Cause)
				}
				unknownWhy[q.Cause] = append(unknownWhy[q.Cause], q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
			}
			continue
		}
		bad++
		if len(rows) >= maxTableRows {
			continue
		}
		note := ""
		if q.Cause != "" {
			if _, ok := causeQueues[q.Cause]; !ok {
				causes = append(causes, q.Cause)
			}
			causeQueues[q.Cause] = append(causeQueues[q.Cause], q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
			for i, c := range causes {
				if c == q.Cause {
					note = "[" + strconv.Itoa(i+1) + "]"
				}
			}
		}
		rows = append(rows, []string{q.BrokerName, strconv.Itoa(int(q.QueueID)), q.Status, owners(q.Expected), actualText(q.Actual), note})
	}
	b.WriteString("\n")
	counts := topicCounts(len(tr.Queues), bad, unknown)
	if offline && bad == 0 {
		counts = plural(len(tr.Queues), "queue", "queues") + ", none consumed: no member is online"
	}
	writeWrapped(b, "Topic "+tr.Topic+": "+counts, width, "", "  ")
	if len(rows) > 0 {
		fitOwners(rows, width)
		writeTable(b, []string{"BROKER", "QID", "STATUS", "EXPECTED", "ACTUAL", "NOTE"}, rows)
		if bad > len(rows) {
			b.WriteString("  … and " + strconv.Itoa(bad-len(rows)) + " more (see --json)\n")
		}
		for i, c := range causes {
			writeWrapped(b, "["+strconv.Itoa(i+1)+"] "+c+" ("+plural(len(causeQueues[c]), "queue", "queues")+": "+strings.Join(causeQueues[c], " ")+")", width, "  ", "      ")
		}
	}
	for _, w := range unknownOrder {
		qs := unknownWhy[w]
		unknown -= len(qs)
		shown := qs[:min(len(qs), 12)]
		if len(qs) > len(shown) {
			shown = append(shown[:len(shown):len(shown)], "…")
		}
		writeWrapped(b, "unknown ("+plural(len(qs), "queue", "queues")+": "+strings.Join(shown, " ")+"): "+w, width, "  ", "    ")
	}
	if unknown > 0 {
		writeWrapped(b, plural(unknown, "queue has", "queues have")+" no owner information (status unknown); the expected owners are in --json", width, "  ", "    ")
	}
	if len(tr.TopLag) > 0 {
		var parts []string
		for _, l := range tr.TopLag[:min(len(tr.TopLag), 5)] {
			parts = append(parts, l.BrokerName+"/"+strconv.Itoa(int(l.QueueID))+" "+strconv.FormatInt(l.Diff, 10))
		}
		writeWrapped(b, "most lag: "+strings.Join(parts, ", "), width, "  ", "    ")
	}
	if len(tr.BestFit) > 0 {
		f := tr.BestFit[0]
		if f.Agree == 0 {
			writeWrapped(b, "best fit: no strategy and client reproduces any of its "+plural(f.Total, "queue", "queues"), width, "  ", "    ")
		} else {
			writeWrapped(b, "best fit: "+f.Strategy+" on "+f.Client+" reproduces "+strconv.Itoa(f.Agree)+" of "+plural(f.Total, "queue", "queues"), width, "  ", "    ")
		}
	}
}

// writeWrapped writes s as lines of at most width columns, breaking at
// blanks: the first line after first, the others after rest. A word longer
// than a line is broken across lines.
func writeWrapped(b *strings.Builder, s string, width int, first, rest string) {
	line, n := first, len([]rune(first))
	empty := true
	var words []string
	for _, w := range strings.Fields(s) {
		words = append(words, breakWord(w, width-len([]rune(rest)))...)
	}
	for _, w := range words {
		wl := len([]rune(w))
		if !empty && n+1+wl > width {
			b.WriteString(line + "\n")
			line, n, empty = rest, len([]rune(rest)), true
		}
		if !empty {
			line += " "
			n++
		}
		line += w
		n += wl
		empty = false
	}
	b.WriteString(line + "\n")
}

// fitOwners shortens the EXPECTED and ACTUAL cells (columns 3 and 4) of
// rows whose line would pass width: the first owners, then "+N".
func fitOwners(rows [][]string, width int) {
	fixed := 2 // the table's indent
	for _, col := range []int{0, 1, 2, 5} {
		w := 0
		for _, r := range rows {
			w = max(w, len([]rune(r[col])))
		}
		fixed += w + 2
	}
	budget := max((width-fixed-4)/2, 12)
	for _, r := range rows {
		for _, col := range []int{3, 4} {
			r[col] = elide(r[col], budget)
		}
	}
}

// elide keeps the first blank-separated owners of s that fit in n
// columns, then "+K" for the K left out; one owner always stays.
func elide(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	ids := strings.Fields(s)
	out := ids[0]
	k := 1
	for ; k < len(ids); k++ {
		more := " +" + strconv.Itoa(len(ids)-k-1)
		if len([]rune(out+" "+ids[k]+more)) > n {
			break
		}
		out += " " + ids[k]
	}
	if k < len(ids) {
		out += " +" + strconv.Itoa(len(ids)-k)
	}
	return out
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
