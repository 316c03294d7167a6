package doctor

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// maxFindingQueues bounds Finding.Queues, as the snapshot findings do.
const maxFindingQueues = 100

// timelineFindings are what the window shows that no single snapshot does.
func timelineFindings(tl *Timeline, snaps []snapState, keys []queueKey) []Finding {
	var out []Finding
	add := func(code Code, msg string, qs []*QueueTimeline, clients []string) {
		f := leveled(Finding{Code: code, Message: msg, Clients: clients})
		for _, q := range qs[:min(len(qs), maxFindingQueues)] {
			f.Queues = append(f.Queues, QueueRef{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: q.QueueID})
		}
		out = append(out, f)
	}
	span := durationText(tl.window())
	byStatus := map[string][]*QueueTimeline{}
	for i := range tl.Queues {
		if l := tl.Queues[i].Lag; l != nil {
			byStatus[l.Status] = append(byStatus[l.Status], &tl.Queues[i])
		}
	}

	// STALL: grouped by the one consumer holding the queue at the end.
	stuck := map[string][]*QueueTimeline{}
	var stuckOrder []string
	var ownerless []*QueueTimeline
	for _, q := range byStatus[LagStall] {
		own := lastOwners(q)
		if len(own) != 1 {
			ownerless = append(ownerless, q)
			continue
		}
		if _, ok := stuck[own[0]]; !ok {
			stuckOrder = append(stuckOrder, own[0])
		}
		stuck[own[0]] = append(stuck[own[0]], q)
	}
	slices.Sort(stuckOrder)
	held := map[string]int{} // queues each owner holds at the end
	for i := range tl.Queues {
		if own := lastOwners(&tl.Queues[i]); len(own) == 1 {
			held[own[0]]++
		}
	}
	for _, c := range stuckOrder {
		qs := stuck[c]
		which := queuesText(qs) + " of the " + itoa(held[c]) + " it holds"
		if len(qs) == held[c] {
			which = "the " + plural(len(qs), "queue", "queues") + " it holds"
		}
		if len(qs) == 1 && held[c] == 1 {
			which = queuesText(qs) + ", the one it holds"
		}
		add(CodeConsumerStuck, c+" consumed nothing on "+which+" "+frozenText(tl, qs)+" although "+pick(qs, "it has", "they have")+" lag ("+lagNow(qs)+" now) while other queues advanced: the consumer is stuck (a blocked listener, or its process queue is full)"+heldBefore(tl, qs, c)+"; look at its threads (jstack) and mqadmin consumerStatus -i "+c, qs, []string{c})
	}
	if len(ownerless) > 0 {
		add(CodeQueueStalled, queuesText(ownerless)+" did not move "+frozenText(tl, ownerless)+" although "+pick(ownerless, "it has", "they have")+" lag ("+lagNow(ownerless)+" now) while other queues advanced, and "+ownerlessText(ownerless)+heldBefore(tl, ownerless, "")+": see the owners over time", ownerless, nil)
	}
	if qs := byStatus[LagStop]; len(qs) > 0 {
		add(CodeConsumptionStopped, "the group consumed nothing at all "+frozenText(tl, qs)+" although "+queuesText(qs)+" "+pick(qs, "has", "have")+" lag ("+lagNow(qs)+" now): are its consumers running and pulling? (the last connection list has "+plural(snaps[len(snaps)-1].info.Members, "member", "members")+")", qs, nil)
	}
	if qs := byStatus[LagRewind]; len(qs) > 0 {
		add(CodeOffsetRewind, "the consumer offset of "+queuesText(qs)+" went back (an offset reset, or offsets lost on a broker): messages are consumed again", qs, nil)
	}
	if qs := byStatus[LagWarn]; len(qs) > 0 {
		add(CodeLagGrowing, "lag never went down on "+queuesText(qs)+" over "+span+" while "+pick(qs, "its offset moves", "their offsets move")+" ("+lagNow(qs)+" now): consumed, but the consumers are too slow to keep up", qs, nil)
	}
	var flapping []*QueueTimeline
	var flappers []string
	for i := range tl.Queues {
		if q := &tl.Queues[i]; q.Flapping {
			flapping = append(flapping, q)
			flappers = append(flappers, q.Involved...)
		}
	}
	if len(flapping) > 0 {
		slices.Sort(flappers)
		flappers = slices.Compact(flappers)
		add(CodeOwnerFlapping, queuesText(flapping)+" changed owner more than once over "+span+", among "+listText(flappers)+": the members keep rebalancing (clients restarting, or client IDs changing or shared)", flapping, flappers)
	}
	if tl.Rebalance.State == RebalanceInProgress {
		add(CodeRebalanceUnsettled, "the assignment still moves ("+tl.Rebalance.Reason+"): take another snapshot 20 s or more later (clients rebalance every 20 s)", nil, nil)
	}
	brokerLeftFindings(tl, snaps, keys, add)
	if len(tl.MemberChanges) > 0 {
		var joined, left []string
		for _, m := range tl.MemberChanges {
			if m.Change == "joined" {
				joined = append(joined, m.ClientID)
			} else {
				left = append(left, m.ClientID)
			}
		}
		var parts []string
		if len(joined) > 0 {
			parts = append(parts, listText(joined)+" joined")
		}
		if len(left) > 0 {
			parts = append(parts, listText(left)+" left")
		}
		add(CodeMembersChanged, strings.Join(parts, " and ")+" over "+span+" (each change moves queues)", nil, slices.Compact(slices.Sorted(slices.Values(append(joined, left...)))))
	}
	for _, s := range snaps {
		if s.info.AtSource == AtMtime {
			add(CodeSnapshotTimeGuessed, "snapshot "+snapLabel(s.info)+" has no captured-at.txt: its time is its newest file's modification time, "+s.info.At.UTC().Format(time.RFC3339), nil, nil)
		}
	}
	if out == nil {
		out = []Finding{}
	}
	return out
}

// lastOwners is a queue's owners at the end of the window (nil: unknown).
func lastOwners(q *QueueTimeline) []string {
	if len(q.Owners) == 0 {
		return nil
	}
	return q.Owners[len(q.Owners)-1].Owners
}

// queuesText is "3 queues" or "queue broker-a/1 of T".
func queuesText(qs []*QueueTimeline) string {
	if len(qs) == 1 {
		return "queue " + qs[0].Topic + " " + qs[0].BrokerName + "/" + strconv.Itoa(int(qs[0].QueueID))
	}
	return plural(len(qs), "queue", "queues")
}

// pick is one for a single queue, many for several.
func pick(qs []*QueueTimeline, one, many string) string {
	if len(qs) == 1 {
		return one
	}
	return many
}

// lagNow is the queues' summed lag in their last samples: "lag 42".
func lagNow(qs []*QueueTimeline) string {
	var sum int64
	for _, q := range qs {
		sum += q.Lag.Samples[len(q.Lag.Samples)-1].Lag
	}
	return "lag " + strconv.FormatInt(sum, 10)
}

// listText is "a, b and c", at most 5 named.
func listText(ids []string) string {
	if len(ids) > 5 {
		return strings.Join(ids[:5], ", ") + " and " + strconv.Itoa(len(ids)-5) + " more"
	}
	if len(ids) < 2 {
		return strings.Join(ids, "")
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

// snapLabel is "#2" or "#2 (name)": 1-based, as the text shows them.
func snapLabel(s SnapshotInfo) string {
	l := "#" + strconv.Itoa(s.Index+1)
	if s.Name != "" {
		l += " (" + s.Name + ")"
	}
	return l
}

// durationText is a window's length to the second: "52s", "2m0s".
func durationText(d time.Duration) string {
	return d.Round(time.Second).String()
}

// timelineVerdict is one sentence about the window.
func timelineVerdict(tl *Timeline) string {
	n := len(tl.Snapshots)
	head := "Over " + plural(n, "snapshot", "snapshots") + " in " + durationText(tl.window()) + ": "
	var parts []string
	stuck := 0
	flapping := 0
	for _, f := range tl.Findings {
		if f.Code == CodeConsumerStuck {
			stuck++
		}
	}
	for _, q := range tl.Queues {
		if q.Flapping {
			flapping++
		}
	}
	if stuck > 0 {
		parts = append(parts, plural(stuck, "consumer", "consumers")+" stuck")
	}
	if flapping > 0 {
		parts = append(parts, plural(flapping, "queue", "queues")+" flapping")
	}
	withLag := 0
	var bad []string
	for _, st := range []string{LagStop, LagStall, LagRewind, LagWarn, LagOK} {
		withLag += tl.Lag[st]
		if st != LagOK && tl.Lag[st] > 0 {
			bad = append(bad, strconv.Itoa(tl.Lag[st])+" "+st)
		}
	}
	switch {
	case withLag == 0:
		parts = append(parts, "no offsets to judge lag on")
	case len(bad) == 0:
		parts = append(parts, "lag OK on all "+plural(withLag, "queue", "queues"))
	default:
		parts = append(parts, "lag "+strings.Join(bad, ", ")+" of "+plural(withLag, "queue", "queues"))
	}
	switch tl.Rebalance.State {
	case RebalanceSettled:
		parts = append(parts, "assignment settled")
	case RebalanceInProgress:
		parts = append(parts, "rebalance in progress")
	}
	return head + strings.Join(parts, "; ") + "."
}
