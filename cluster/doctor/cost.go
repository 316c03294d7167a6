package doctor

import (
	"slices"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// emptyQueues marks wrong queues that hold no message (consumerProgress:
// broker offset 0, lag 0): nothing is lost or consumed twice there until
// a message arrives, so they are information (EMPTY_QUEUE), not errors.
// Typically a %RETRY% queue: the retry topic is created when the first
// message is retried, and right after start two members may briefly hold
// one of its queues.
func (d *diagnosis) emptyQueues(st *topicState, tr *TopicReport) {
	var empty []int
	for i, q := range tr.Queues {
		row := st.rowAt[i]
		if row == nil || row.BrokerOffset != 0 || row.Diff != 0 || st.excused[i] != "" {
			continue
		}
		orphan := q.Status == StatusUnassigned && i < st.nRoute && len(st.subs) > 0 && !d.broadcasting
		if q.Status == StatusOK || q.Status == StatusUnknown || q.Status == StatusUnassigned && !orphan {
			continue
		}
		empty = append(empty, i)
	}
	if len(empty) == 0 {
		return
	}
	if why := d.permanentCause(); why != "" {
		// A fault that stays: the queue's first message will be consumed
		// twice, or by nobody. Only passing states wait for messages.
		const later = "it holds no message yet, but the cause stays (%s): its first message will be consumed as this status says"
		for _, i := range empty {
			qr := &tr.Queues[i]
			note := strings.Replace(later, "%s", why, 1)
			if qr.Cause == "" {
				qr.Cause = note
			} else {
				qr.Cause += "; " + note
			}
		}
		return
	}
	d.excuse(st, tr, empty, CodeEmptyQueue)
	const why = "it holds no message yet (broker offset 0), so nothing is lost or consumed twice there until one arrives"
	for _, i := range empty {
		qr := &tr.Queues[i]
		if qr.Cause == "" {
			qr.Cause = why
		} else {
			qr.Cause += "; " + why
		}
	}
	msg := plural(len(empty), "queue", "queues") + " owned wrongly (" + statusList(tr, empty) + ") " + pronounVerb(len(empty)) + " no message yet (broker offset 0, lag 0): nothing is lost or consumed twice there until one arrives; run the doctor again once messages flow"
	if strings.HasPrefix(st.tp.name, "%RETRY%") {
		msg += ". A %RETRY% topic gets its first message when a consumption fails"
		// The start-up overlap explains a retry queue two members hold; not
		// one the processes of a duplicate client ID hold, nor an
		// unassigned one (its lost share): those stay so.
		if slices.ContainsFunc(empty, func(i int) bool { return len(tr.Queues[i].Actual) >= 2 }) {
			msg += "; right after start two members may briefly hold one of its queues"
		}
	}
	st.addFinding(CodeEmptyQueue, msg, empty, nil)
}

// permanentCause names what makes members disagree for good (a
// duplicate client ID, strategies, client sort orders or subscriptions
// that differ), "" when nothing does: only then is a wrong empty queue
// a passing state.
func (d *diagnosis) permanentCause() string {
	var why []string
	goClients, javaClients := 0, 0
	for _, m := range d.g.members {
		if len(m.conns) > 1 && !slices.Contains(why, "a duplicate client ID") {
			why = append(why, "a duplicate client ID")
		}
		if m.profile == profileGo {
			goClients++
		} else {
			javaClients++
		}
	}
	if d.mixedReported {
		why = append(why, "members run different strategies")
	}
	if goClients > 0 && javaClients > 0 {
		why = append(why, "Java and Go members sort client IDs differently")
	}
	if d.subscriptionsDiffer() {
		why = append(why, "members subscribe differently")
	}
	return strings.Join(why, "; ")
}

func pronounVerb(n int) string {
	if n == 1 {
		return "holds"
	}
	return "hold"
}

// statusList is "2 unassigned, 1 double-owned" for the queues qs.
func statusList(tr *TopicReport, qs []int) string {
	var order []string
	n := map[string]int{}
	for _, i := range qs {
		s := tr.Queues[i].Status
		if n[s] == 0 {
			order = append(order, s)
		}
		n[s]++
	}
	var parts []string
	for _, s := range order {
		parts = append(parts, itoa(n[s])+" "+s)
	}
	return strings.Join(parts, ", ")
}

// lastTimeLayout is consumerProgress's #LastTime.
const lastTimeLayout = "2006-01-02 15:04:05"

// captureTime is when the outputs were taken: Input.CapturedAt, else the
// newest #LastTime of the progress; ok is false when neither is known.
// #LastTime is read as UTC, as captured-at.txt is written.
// Read once per diagnosis: every topic asks.
func (d *diagnosis) captureTime() (time.Time, bool) {
	if !d.captureRead {
		d.captureRead = true
		d.captureAt = d.capturedAt
		if d.captureAt.IsZero() && d.in.prog != nil {
			for _, r := range d.in.prog.Rows {
				if t, err := parseLastTime(r.LastTime); err == nil && t.After(d.captureAt) {
					d.captureAt = t
				}
			}
		}
	}
	return d.captureAt, !d.captureAt.IsZero()
}

// parseCapturedAt reads Input.CapturedAt: RFC 3339, or capture.sh's
// captured-at.txt (its first line is the start); "" is the zero time.
func parseCapturedAt(s string) (time.Time, error) {
	first, _, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(s, "\ufeff")), "\n")
	if first = strings.TrimSpace(first); first == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, first)
	if err != nil {
		return time.Time{}, &alloc.TextError{Source: "capturedAt", Line: 1, Msg: "expected a time as RFC 3339 (2026-12-01T19:19:32Z), found " + quote(first)}
	}
	return t, nil
}

// stuckConsumers reports owners that hold queues with messages waiting
// whose last consumption is long before the capture: stuck (or far
// behind) consumers, from one snapshot. The last consumption is #LastTime;
// where that is N/A (nothing consumed yet), the owner's own status file
// tells: messages cached (cachedMsgCount) and a lastConsumeTimestamp (or,
// when absent, the consumer's start) older than d.stuckAfter is a listener
// that has not returned since it got them.
func (d *diagnosis) stuckConsumers(st *topicState, tr *TopicReport) {
	now, ok := d.captureTime()
	if !ok || d.mode == modeNone {
		return
	}
	byOwner := map[string][]int{}
	var owners []string
	oldest := map[string]time.Time{}
	cached := map[string]int64{} // by owner: messages its status holds unconsumed
	for i, row := range st.rowAt {
		if row == nil || row.Diff <= 0 || len(st.actual[i]) == 0 {
			continue
		}
		t, err := parseLastTime(row.LastTime)
		for _, a := range st.actual[i] {
			since, n := t, int64(0)
			if err != nil {
				if since, n = d.neverConsumedSince(a, st.queues[i].Topic, st.queues[i].BrokerName, st.queues[i].QueueID, now); n == 0 {
					continue
				}
			}
			if now.Sub(since) < d.stuckAfter {
				continue
			}
			if _, seen := byOwner[a]; !seen {
				owners = append(owners, a)
			}
			byOwner[a] = append(byOwner[a], i)
			cached[a] += n
			if o, seen := oldest[a]; !seen || since.Before(o) {
				oldest[a] = since
			}
		}
	}
	slices.Sort(owners)
	for _, o := range owners {
		qs := byOwner[o]
		var lag int64
		for _, i := range qs {
			lag += st.rowAt[i].Diff
		}
		how := ""
		if cached[o] > 0 {
			how = " (#LastTime N/A: its status file shows " + plural(int(cached[o]), "message", "messages") + " pulled and waiting in its local cache, cachedMsgCount, none consumed)"
		}
		st.addFinding(CodeConsumerStuck, o+" holds "+plural(len(qs), "queue", "queues")+" with messages waiting (lag "+itoa(int(lag))+") and has consumed nothing there since "+oldest[o].Format(lastTimeLayout)+", "+now.Sub(oldest[o]).Round(time.Minute).String()+" before the capture"+how+": the consumer is stuck (a listener that blocks or throws, a full local cache) or far behind. Look at its threads (jstack) and its log", qs, []string{o})
	}
}

// neverConsumedSince is, for a queue whose #LastTime is N/A held by
// owner, since when its status file says nothing was consumed there and
// how many messages it has cached; n is 0 when its status does not show
// messages waiting there, or dates them after the capture (another zone:
// nothing is claimed then).
func (d *diagnosis) neverConsumedSince(owner, topic, broker string, id int32, now time.Time) (since time.Time, n int64) {
	if d.mode != modeCID {
		return time.Time{}, 0
	}
	m := d.g.byCID[owner]
	hq := m.heldQueue(topic, broker, id)
	if hq == nil || hq.Dropped || hq.CachedMsgCount <= 0 {
		return time.Time{}, 0
	}
	since, ok := parseStatusTime(hq.LastConsumeTimestamp)
	if !ok || since.Year() < 2000 { // absent, or 0 (1970) where a client did not send it
		if since, ok = m.consumerStart(); !ok {
			return time.Time{}, 0
		}
	}
	if since.After(now.Add(captureSkew)) {
		return time.Time{}, 0
	}
	return since, hq.CachedMsgCount
}

var levelRank = map[string]int{LevelError: 0, LevelWarning: 1, LevelInfo: 2}

// rankFindings orders findings by what they cost: errors, then warnings,
// then information; within a level the most lag first, then by kind (the
// order of Codes: double consumption before idle queues).
func rankFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		if d := levelRank[a.Level] - levelRank[b.Level]; d != 0 {
			return d
		}
		if a.lag != b.lag {
			if a.lag > b.lag {
				return -1
			}
			return 1
		}
		return codeRank[a.Code] - codeRank[b.Code]
	})
}
