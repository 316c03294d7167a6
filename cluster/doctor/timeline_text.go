package doctor

import (
	"strconv"
	"strings"
	"time"
)

// maxTimelineRows bounds each list of queues in the text (the JSON has all).
const maxTimelineRows = 50

// Text renders the timeline for a person, every line at most 80 columns
// (but for a single word longer than that): the verdict, the snapshots,
// the findings over time, the rebalance state and members, the queues
// whose owners changed and those whose lag is not OK.
func (tl *Timeline) Text() string { return tl.TextWidth(textWidth) }

// TextWidth is Text fitted in width columns (40 at least); a word longer
// than a line is broken.
func (tl *Timeline) TextWidth(width int) string {
	width = max(width, 40)
	var b strings.Builder
	line := func(indent int, s string) { wrapLine(&b, width, indent, s) }
	line(0, tl.Verdict)
	for _, s := range tl.Snapshots {
		row := "#" + strconv.Itoa(s.Index+1) + "  " + s.At.UTC().Format("2006-01-02 15:04:05Z")
		if s.Name != "" {
			row += "  " + s.Name
		}
		if s.AtSource == AtMtime {
			row += "  (time: files' mtime)"
		}
		if !s.OK {
			row += "  not ok"
		}
		line(2, row)
	}
	if len(tl.Findings) > 0 {
		b.WriteString("\nFindings over time:\n")
		for _, f := range tl.Findings {
			s := "[" + f.Level + "] " + string(f.Code) + ": " + f.Message
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
			line(2, s)
		}
	}
	at := tl.timeFormat()
	b.WriteString("\n")
	rb := "Rebalance: " + tl.Rebalance.State
	if tl.Rebalance.State == RebalanceSettled {
		rb += " since " + tl.Rebalance.Since.UTC().Format(at)
	}
	line(0, rb+" ("+tl.Rebalance.Reason+")")
	last := tl.Snapshots[len(tl.Snapshots)-1]
	if len(tl.MemberChanges) == 0 {
		line(0, "Members: "+plural(last.Members, "member", "members")+", unchanged")
	} else {
		line(0, "Members: "+plural(last.Members, "member", "members")+" at the end")
		for _, m := range tl.MemberChanges {
			sign := "+ "
			if m.Change == "left" {
				sign = "- "
			}
			line(4, sign+m.ClientID+" "+m.Change+" by #"+strconv.Itoa(m.Snapshot+1)+" "+m.At.UTC().Format(at))
		}
	}
	tl.writeOwners(&b, width, at)
	tl.writeLag(&b, width)
	return b.String()
}

// writeOwners lists the queues whose owners changed, one owner set a line.
func (tl *Timeline) writeOwners(b *strings.Builder, width int, at string) {
	var moved, flapping int
	for _, q := range tl.Queues {
		if q.Changes > 0 {
			moved++
		}
		if q.Flapping {
			flapping++
		}
	}
	if moved == 0 {
		wrapLine(b, width, 0, "Owners: no queue changed owner")
		return
	}
	head := "\nOwners over time: " + plural(moved, "queue", "queues") + " changed owner"
	if flapping > 0 {
		head += ", " + strconv.Itoa(flapping) + " flapping"
	}
	wrapLine(b, width, 0, head)
	rows := 0
	for _, q := range tl.Queues {
		if q.Changes == 0 {
			continue
		}
		if rows == maxTimelineRows {
			wrapLine(b, width, 2, "… and "+strconv.Itoa(moved-rows)+" more (see --json)")
			break
		}
		rows++
		s := q.Topic + " " + q.BrokerName + "/" + strconv.Itoa(int(q.QueueID)) + ": " + plural(q.Changes, "change", "changes")
		if q.Flapping {
			s += ", FLAPPING"
		}
		wrapLine(b, width, 2, s)
		for _, sp := range q.Owners {
			wrapLine(b, width, 6, "#"+strconv.Itoa(sp.Snapshot+1)+" "+sp.At.UTC().Format(at)+"  "+owners(sp.Owners))
		}
	}
}

// writeLag lists the queues whose lag status is not OK.
func (tl *Timeline) writeLag(b *strings.Builder, width int) {
	total, bad := 0, 0
	var counts []string
	for _, st := range []string{LagOK, LagWarn, LagStall, LagStop, LagRewind} {
		if n := tl.Lag[st]; n > 0 {
			total += n
			counts = append(counts, strconv.Itoa(n)+" "+st)
			if st != LagOK {
				bad += n
			}
		}
	}
	if total == 0 {
		wrapLine(b, width, 0, "Lag: no consumerProgress offsets to judge it on")
		return
	}
	b.WriteString("\n")
	wrapLine(b, width, 0, "Lag over the window: "+strings.Join(counts, ", "))
	rows := 0
	for _, q := range tl.Queues {
		if q.Lag == nil || q.Lag.Status == LagOK {
			continue
		}
		if rows == maxTimelineRows {
			wrapLine(b, width, 2, "… and "+strconv.Itoa(bad-rows)+" more (see --json)")
			break
		}
		rows++
		first, last := q.Lag.Samples[0], q.Lag.Samples[len(q.Lag.Samples)-1]
		s := q.Lag.Status + "  " + q.Topic + " " + q.BrokerName + "/" + strconv.Itoa(int(q.QueueID)) +
			": offset " + strconv.FormatInt(first.ConsumerOffset, 10) + " → " + strconv.FormatInt(last.ConsumerOffset, 10) +
			", lag " + strconv.FormatInt(first.Lag, 10) + " → " + strconv.FormatInt(last.Lag, 10)
		if f := q.Lag.Frozen; f != nil && f.Snapshot > 0 {
			s += ", unchanged since #" + strconv.Itoa(f.Snapshot+1)
		}
		if own := lastOwners(&q); own != nil {
			s += ", owner " + owners(own)
		}
		wrapLine(b, width, 2, s)
	}
}

// timeFormat is how times are shown after the snapshot list: the time of
// day when the window is within one UTC day, else date and time.
func (tl *Timeline) timeFormat() string {
	if tl.From.UTC().Format(time.DateOnly) == tl.To.UTC().Format(time.DateOnly) {
		return "15:04:05"
	}
	return "01-02 15:04:05"
}

// wrapLine writes s indented, wrapped at spaces to width (runs of spaces
// kept within a line); continuation lines are indented four more. A word
// longer than a continuation line is broken across lines.
func wrapLine(b *strings.Builder, width, indent int, s string) {
	pad := strings.Repeat(" ", indent)
	if indent+len([]rune(s)) <= width {
		b.WriteString(pad + s + "\n")
		return
	}
	b.WriteString(pad)
	col, start := indent, true // start: nothing written on this line yet
	for _, w := range strings.Split(s, " ") {
		for _, part := range breakWord(w, width-indent-4) {
			n := len([]rune(part))
			switch {
			case start:
			case col+1+n > width && part != "":
				b.WriteString("\n" + pad + "    ")
				col, start = indent+4, true
			default:
				b.WriteString(" ")
				col++
			}
			if start && part == "" {
				continue // no leading spaces on a line
			}
			b.WriteString(part)
			col += n
			start = false
		}
	}
	b.WriteString("\n")
}

// breakWord is w in pieces of at most n runes (w itself when it fits).
func breakWord(w string, n int) []string {
	r := []rune(w)
	if n < 1 || len(r) <= n {
		return []string{w}
	}
	var out []string
	for len(r) > n {
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r))
}

// writeTimeline is the head of a series' Report.Text: the timeline, then
// the title of the last snapshot's diagnosis. Nothing for one snapshot.
func writeTimeline(b *strings.Builder, tl *Timeline, width int) {
	if tl == nil {
		return
	}
	b.WriteString(tl.TextWidth(width))
	last := tl.Snapshots[len(tl.Snapshots)-1]
	b.WriteString("\n")
	wrapLine(b, max(width, 40), 0, "Last snapshot, "+snapLabel(last)+" at "+last.At.UTC().Format("2006-01-02 15:04:05Z")+":")
}
