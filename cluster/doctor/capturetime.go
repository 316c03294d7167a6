package doctor

import "time"

// captureSkew is how far the newest #LastTime may pass the capture time:
// the capture time is when the capture started (captured-at.txt's first
// line) and consumption goes on while the commands run.
const captureSkew = time.Minute

// captureTimeFindings warns when the capture time given is earlier than
// the newest #LastTime of consumerProgress by more than captureSkew: the
// time is wrong (a local time written as UTC, another folder's file), or
// mqadmin printed #LastTime in a zone ahead of UTC. The stuck-consumer
// check is dated by it, so it is said, not silently used.
func (d *diagnosis) captureTimeFindings() []Finding {
	if d.capturedAt.IsZero() || d.in.prog == nil {
		return nil
	}
	var last time.Time
	for _, r := range d.in.prog.Rows {
		if t, err := parseLastTime(r.LastTime); err == nil && t.After(last) {
			last = t
		}
	}
	if last.IsZero() || !d.capturedAt.Add(captureSkew).Before(last) {
		return nil
	}
	return []Finding{leveled(Finding{Code: CodeCaptureBeforeLastTime,
		Message: "the capture time " + d.capturedAt.UTC().Format(time.RFC3339) + " is " + last.Sub(d.capturedAt).Round(time.Second).String() +
			" before the newest #LastTime of consumerProgress (" + last.Format(lastTimeLayout) + ", read as UTC): the capture time is wrong, or mqadmin printed #LastTime in a zone ahead of UTC; stuck consumers are judged against it"})}
}
