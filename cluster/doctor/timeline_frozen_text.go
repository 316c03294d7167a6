package doctor

import (
	"slices"
)

// frozenText says how long the queues (STALL or STOP) have not moved:
// "over 2m0s" when not over the whole window, else "for the last 45s
// (offsets unchanged since #2 at 10:00:30, consumed before)", from the
// queue that froze last.
func frozenText(tl *Timeline, qs []*QueueTimeline) string {
	var since *SnapshotRef
	for _, q := range qs {
		if f := q.Lag.Frozen; f != nil && (since == nil || f.At.After(since.At)) {
			since = f
		}
	}
	if since == nil || since.Snapshot == 0 {
		return "over " + durationText(tl.window())
	}
	return "for the last " + durationText(tl.To.Sub(since.At)) + " (" + pick(qs, "its offset", "offsets") + " unchanged since #" + itoa(since.Snapshot+1) + " at " + since.At.UTC().Format(tl.timeFormat()) + ", consumed before)"
}

// heldBefore names who held the queues just before their offsets froze
// when that was another client than now (except skip): the member that
// consumed them last, which has usually left or lost them. "" when none.
func heldBefore(tl *Timeline, qs []*QueueTimeline, skip string) string {
	var before []string
	for _, q := range qs {
		f := q.Lag.Frozen
		if f == nil || f.Snapshot == 0 {
			continue
		}
		now := lastOwners(q)
		for _, o := range ownersAt(q, f.Snapshot-1) {
			if o != skip && !slices.Contains(now, o) && !slices.Contains(before, o) {
				before = append(before, o)
			}
		}
	}
	if len(before) == 0 {
		return ""
	}
	slices.Sort(before)
	var left []string
	for _, m := range tl.MemberChanges {
		if m.Change == "left" && slices.Contains(before, m.ClientID) && !slices.Contains(left, m.ClientID) {
			left = append(left, m.ClientID)
		}
	}
	s := "; until then " + listText(before) + " held " + pick(qs, "it", "them")
	if len(left) > 0 {
		s += " (" + listText(left) + " left the group since: if it consumed orderly, its broker lock blocks " + pick(qs, "the queue", "its queues") + " for up to 60 s after its last renewal)"
	}
	return s
}

// ownersAt is a queue's owners as known at snapshot j (nil: unknown).
func ownersAt(q *QueueTimeline, j int) []string {
	var own []string
	for _, sp := range q.Owners {
		if sp.Snapshot > j {
			break
		}
		own = sp.Owners
	}
	return own
}

// ownerlessText: why no single consumer is named for stalled queues.
func ownerlessText(qs []*QueueTimeline) string {
	for _, q := range qs {
		if own := lastOwners(q); own == nil || len(own) > 0 {
			return "no single consumer is known to hold " + pick(qs, "it", "them")
		}
	}
	return "nobody holds " + pick(qs, "it", "them") + " now"
}
