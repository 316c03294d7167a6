package doctor

import (
	"slices"
	"time"
)

// buildTimeline compares the snapshots (at least one, in time order).
func buildTimeline(snaps []snapState, keys []queueKey) *Timeline {
	tl := &Timeline{
		From:          snaps[0].info.At,
		To:            snaps[len(snaps)-1].info.At,
		Snapshots:     make([]SnapshotInfo, len(snaps)),
		MemberChanges: []MemberChange{},
		Queues:        []QueueTimeline{},
		Lag:           map[string]int{},
		Findings:      []Finding{},
	}
	for i, s := range snaps {
		tl.Snapshots[i] = s.info
	}
	tl.MemberChanges = memberChanges(snaps)
	order := queueOrder(snaps)
	groupConsumed := false
	samples := make([][]OffsetSample, len(order))
	for i, id := range order {
		for j := range snaps {
			if q := snaps[j].at(id); q != nil && q.hasOff {
				o := q.offsets()
				o.Snapshot = j
				samples[i] = append(samples[i], o)
			}
		}
		groupConsumed = groupConsumed || advanced(samples[i])
	}
	at := func(j int) time.Time { return snaps[j].info.At }
	lastAdvance := lastAdvanceStart(samples, at)
	for i, id := range order {
		k := keys[id]
		qt := QueueTimeline{Topic: k.topic, BrokerName: k.broker, QueueID: k.qid, Owners: ownerSpans(snaps, id)}
		qt.Changes = max(len(qt.Owners)-1, 0)
		if moves(qt.Owners) > 1 {
			qt.Flapping = true
			qt.Involved = involved(qt.Owners)
		}
		if len(samples[i]) > 0 {
			status, from := judgeLag(samples[i], groupConsumed, lastAdvance, at)
			qt.Lag = &LagEval{Status: status, Samples: samples[i]}
			if from >= 0 {
				j := samples[i][from].Snapshot
				qt.Lag.Frozen = &SnapshotRef{Snapshot: j, At: at(j)}
			}
			tl.Lag[qt.Lag.Status]++
		}
		tl.Queues = append(tl.Queues, qt)
	}
	tl.Rebalance = rebalanceState(snaps, tl.Queues)
	tl.Findings = timelineFindings(tl, snaps, keys)
	tl.OK = true
	for _, f := range tl.Findings {
		tl.OK = tl.OK && f.Level != LevelError
	}
	tl.Verdict = timelineVerdict(tl)
	return tl
}

// queueOrder is every queue of any snapshot: the first snapshot's in its
// report order, then each one a later snapshot adds right after the queue
// it follows there.
func queueOrder(snaps []snapState) []int {
	var keys []int
	var seen []bool // by id
	for _, s := range snaps {
		for len(seen) < len(s.byID) {
			seen = append(seen, false)
		}
		fresh := 0
		for _, k32 := range s.queues {
			k := int(k32)
			if !seen[k] {
				fresh++
			}
		}
		if fresh == 0 {
			continue
		}
		merged := make([]int, 0, len(keys)+fresh)
		follows := map[int][]int{} // known queue → the new ones after it
		var lead []int             // new ones before any known one
		prev := -1
		for _, k32 := range s.queues {
			k := int(k32)
			switch {
			case seen[k]:
				prev = k
			case prev < 0:
				lead = append(lead, k)
			default:
				follows[prev] = append(follows[prev], k)
			}
		}
		merged = append(merged, lead...)
		for _, k := range keys {
			merged = append(merged, k)
			merged = append(merged, follows[k]...)
		}
		for _, k := range s.queues {
			seen[k] = true
		}
		keys = merged
	}
	return keys
}

// ownerSpans are a queue's known owner sets, one entry per change.
func ownerSpans(snaps []snapState, id int) []OwnerSpan {
	spans := []OwnerSpan{}
	for j := range snaps {
		s := &snaps[j]
		q := s.at(id)
		if q == nil || q.set == 0 {
			continue // not in this snapshot, or no owner information
		}
		own := s.ownersOf(q)
		if n := len(spans); n > 0 {
			if same, merged := SameOwners(spans[n-1].Owners, own); same {
				spans[n-1].Owners = merged // an owner seen by IP, now by client ID
				continue
			}
		}
		spans = append(spans, OwnerSpan{Snapshot: j, At: s.info.At, Owners: own})
	}
	return spans
}

// moves counts a queue's changes from one set of owners to another,
// skipping spans held by nobody: a member leaving and another taking its
// queue over (an orderly one only once the broker lock of the first has
// expired, up to 60 s later) is one move, not two.
func moves(spans []OwnerSpan) int {
	n := 0
	var prev []string
	for _, sp := range spans {
		if len(sp.Owners) == 0 {
			continue
		}
		if same, _ := SameOwners(prev, sp.Owners); prev != nil && !same {
			n++
		}
		prev = sp.Owners
	}
	return n
}

// involved is every owner a queue had, sorted.
func involved(spans []OwnerSpan) []string {
	var all []string
	for _, sp := range spans {
		all = append(all, sp.Owners...)
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// memberChanges are the client IDs that joined or left, snapshot by
// snapshot.
func memberChanges(snaps []snapState) []MemberChange {
	out := []MemberChange{}
	for j := 1; j < len(snaps); j++ {
		prev, cur := snaps[j-1].members, snaps[j].members
		at := snaps[j].info.At
		for _, id := range cur {
			if !slices.Contains(prev, id) {
				out = append(out, MemberChange{Snapshot: j, At: at, ClientID: id, Change: "joined"})
			}
		}
		for _, id := range prev {
			if !slices.Contains(cur, id) {
				out = append(out, MemberChange{Snapshot: j, At: at, ClientID: id, Change: "left"})
			}
		}
	}
	return out
}

// changed tells what moved from snapshot j-1 to j: members, and how many
// queues changed owners at j (moved[j], from the owner spans: a snapshot
// without owner information, or with an ambiguous IP, is no change).
func changed(snaps []snapState, moved []int, j int) (members bool, queues int) {
	return !slices.Equal(snaps[j-1].members, snaps[j].members), moved[j]
}

// movedAt counts per snapshot the queues whose owners changed there.
func movedAt(n int, queues []QueueTimeline) []int {
	moved := make([]int, n)
	for _, q := range queues {
		for _, sp := range q.Owners[min(1, len(q.Owners)):] {
			moved[sp.Snapshot]++
		}
	}
	return moved
}

// rebalanceState: in progress when the last snapshot shows queues being
// released or differs from the one before; settled otherwise, since the
// first snapshot of the unchanged run that ends the window.
func rebalanceState(snaps []snapState, queues []QueueTimeline) RebalanceState {
	n := len(snaps)
	last := snaps[n-1]
	if last.rebalancing {
		return RebalanceState{State: RebalanceInProgress, Since: last.info.At, Reason: "queues are being released (droped=true) in the last snapshot"}
	}
	if n < 2 {
		return RebalanceState{State: RebalanceUnknown, Since: last.info.At, Reason: "one snapshot only"}
	}
	moved := movedAt(n, queues)
	if m, q := changed(snaps, moved, n-1); m || q > 0 {
		return RebalanceState{State: RebalanceInProgress, Since: last.info.At, Reason: changeReason(m, q) + " in the last snapshot"}
	}
	from := n - 1
	for from > 0 {
		if m, q := changed(snaps, moved, from); m || q > 0 || snaps[from-1].rebalancing {
			break
		}
		from--
	}
	reason := "owners and members unchanged in the last " + plural(n-from, "snapshot", "snapshots")
	if from == 0 {
		reason = "owners and members unchanged throughout"
	}
	return RebalanceState{State: RebalanceSettled, Since: snaps[from].info.At, Reason: reason}
}

func changeReason(members bool, queues int) string {
	switch {
	case members && queues > 0:
		return "members changed and " + plural(queues, "queue", "queues") + " changed owner"
	case members:
		return "members changed"
	}
	return plural(queues, "queue", "queues") + " changed owner"
}

// window is the time the snapshots span.
func (tl *Timeline) window() time.Duration { return tl.To.Sub(tl.From) }
