package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// Bounds of the per-member "why" search, so a badly broken large group
// stays fast: at most this many mismatching owners are examined, and the
// member-list variants are tried only for groups up to maxViewMembers.
const (
	maxExplained   = 20
	maxViewMembers = 64
	rerunHint      = "a rebalance is in progress: run it again in 20 s"
)

// explain sets each wrong queue's Cause when the data shows one.
func (d *diagnosis) explain(st *topicState, tr *TopicReport) {
	if d.mode == modeNone {
		return
	}
	allOK := true
	for _, q := range tr.Queues {
		allOK = allOK && q.Status == StatusOK
	}
	if allOK {
		return
	}
	locked := d.orderlyLocks(st, tr)
	wrong, actualSet := d.wrongLabels(st)
	memberViews := d.memberViewCauses(st, wrong, actualSet)
	views := d.routeViews(st, slices.DeleteFunc(slices.Clone(wrong), func(l string) bool { return memberViews[l] != "" }), actualSet)
	covered := slices.DeleteFunc(d.routeViewCovered(st, tr, views, wrong), func(i int) bool { return locked[i] })
	if len(covered) > 0 {
		d.excuse(st, tr, covered, CodeRouteViewDiffers)
		st.findings = append(st.findings, d.routeViewFinding(st, views, covered))
	}
	byLabel, inferred := d.labelCauses(st, slices.DeleteFunc(slices.Clone(wrong), func(l string) bool { return views[l] != "" }), actualSet, memberViews)
	d.labelFindings(st, byLabel, inferred)
	dups := d.duplicateCauses()
	memberLabels := d.memberLabels()
	holdsAny := map[string]bool{}
	for _, a := range st.actual {
		for _, l := range a {
			holdsAny[l] = true
		}
	}
	for i := range tr.Queues {
		qr := &tr.Queues[i]
		if qr.Status == StatusOK || qr.Status == StatusUnknown || st.excused[i] != "" {
			continue
		}
		var causes []string
		if locked[i] {
			causes = append(causes, orderlyCause(qr.Expected))
		}
		if h := st.dropped[i]; len(h) > 0 {
			causes = append(causes, "being released by "+strings.Join(h, ", ")+" (droped=true): "+rerunHint)
		}
		for _, a := range qr.Actual {
			if !memberLabels[a] {
				causes = append(causes, "held by "+a+", which is not in the connection list (a consumer that left or is connected elsewhere)")
			}
		}
		for _, l := range d.involved(qr) {
			for _, c := range []string{dups[l], byLabel[l]} {
				if c != "" && !slices.Contains(causes, c) {
					causes = append(causes, c)
				}
			}
		}
		if qr.Status == StatusUnowned {
			for _, e := range qr.Expected {
				if !holdsAny[d.label(e)] {
					causes = append(causes, e+" holds no queue of this topic: it may have just started, be stuck, or not subscribe to it")
				}
			}
		}
		if pops := st.popperList(i); len(pops) > 0 {
			if pulls := st.pullers(i); len(pulls) > 0 {
				causes = append(causes, strings.Join(pulls, ", ")+" pulls it while "+strings.Join(pops, ", ")+" pops it: pull and POP mixed in one group")
			}
		} else if len(qr.Expected) > 1 && !d.broadcasting {
			causes = append(causes, strings.Join(qr.Expected, " and ")+" each take it in their own allocate call: their strategies, clients or member lists differ")
		}
		if qr.Status == StatusUnassigned && len(st.subs) > 0 && i < st.nRoute {
			causes = append(causes, "no member's own allocate call returns it: "+d.orphanCause(st))
		}
		if len(causes) == 0 && qr.Status != StatusUnassigned {
			causes = append(causes, d.noCauseShown())
		}
		qr.Cause = strings.Join(causes, "; ")
	}
}

// duplicateCauses is, by owner label, the cause a duplicate client ID
// gives the queues its processes touch. In IP mode each connection's IP
// is a label too: the process of a duplicate ID on another host holds
// queues under that host's IP.
func (d *diagnosis) duplicateCauses() map[string]string {
	out := map[string]string{}
	for _, m := range d.g.members {
		if len(m.conns) < 2 {
			continue
		}
		c := "client ID " + m.cid + " is used by " + itoa(len(m.conns)) + " connections (DUPLICATE_CLIENT_ID): its processes make the same allocate call, so each of them consumes the same share and the members' shares no longer cover the topic"
		out[d.label(m.cid)] = c
		if d.mode == modeIP {
			for _, conn := range m.conns {
				host, _, _ := strings.Cut(conn.ClientAddr, ":")
				out[host] = c
			}
		}
	}
	return out
}

// noCauseShown is the cause of a wrong queue that nothing in the outputs
// explains: what would show one.
func (d *diagnosis) noCauseShown() string {
	if d.mode == modeIP {
		return "no cause shows in these outputs: run it again in 20 s (a rebalance may be in progress), and paste consumerStatus for the members involved: its droped flags and strategy line tell more"
	}
	return "no cause shows in these outputs: run it again in 20 s (a rebalance may be in progress); if it stays, compare these members' client versions and rebalance settings"
}

// involved are the labels of a queue's expected and actual owners.
func (d *diagnosis) involved(qr *QueueReport) []string {
	var out []string
	for _, e := range qr.Expected {
		if l := d.label(e); !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	for _, a := range qr.Actual {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

func (d *diagnosis) memberLabels() map[string]bool {
	out := map[string]bool{}
	for _, m := range d.g.members {
		out[d.label(m.cid)] = true
	}
	return out
}

// orphanCause says why no member's own call returns a queue (the same for
// every queue of the topic, so it is worked out once).
func (d *diagnosis) orphanCause(st *topicState) string {
	if st.orphanWhy == "" {
		st.orphanWhy = d.findOrphanCause(st)
	}
	return st.orphanWhy
}

func (d *diagnosis) findOrphanCause(st *topicState) string {
	var why []string
	for _, m := range d.g.members {
		if len(m.conns) > 1 {
			why = append(why, "the duplicate client ID "+m.cid+" takes one share twice and leaves another to nobody")
		}
	}
	var absent []string
	for _, m := range d.g.members {
		if !m.subscribes(st.tp.name) {
			absent = append(absent, m.cid)
		}
	}
	if len(absent) > 0 {
		why = append(why, strings.Join(absent, ", ")+" count in the member list but do not subscribe to this topic")
	}
	var keepNothing []string
	for _, m := range st.subs {
		if m.strategy == "MACHINE_ROOM" && len(m.rooms) == 0 {
			keepNothing = append(keepNothing, m.cid)
		}
	}
	if len(keepNothing) > 0 {
		why = append(why, strings.Join(keepNothing, ", ")+" run MACHINE_ROOM, which keeps no queue when no broker name is ROOM@name (MACHINE_ROOM), so their share goes to nobody")
	}
	if d.mixedSimulation(st) {
		why = append(why, "members run different strategies or clients, so their shares do not fit together")
	}
	if len(why) == 0 {
		return "the members' shares do not cover it"
	}
	return strings.Join(why, "; ")
}

// mixedSimulation: the topic's members are simulated with more than one
// strategy × client.
func (d *diagnosis) mixedSimulation(st *topicState) bool {
	for _, v := range st.views {
		if v.Strategy != st.views[0].Strategy {
			return true
		}
	}
	return false
}

// labelCauses looks, for each owner whose actual queues differ from its
// expected ones, for a simulation that gives exactly its actual queues:
// another strategy or client (from bestFit's runs), or its own strategy
// over a member list without one member or with an unknown owner (a view
// that is out of date).
//
// inferred is, by label, the strategy another-strategy causes name.
// memberViews are the member-list causes memberViewCauses found already.
func (d *diagnosis) labelCauses(st *topicState, wrong []string, actualSet map[string][]int32, memberViews map[string]string) (causes, inferred map[string]string) {
	labelSubs := st.labelSubs
	out := map[string]string{}
	inferred = map[string]string{}
	if len(wrong) > maxExplained {
		return out, inferred
	}
	for _, l := range wrong {
		got := actualSet[l]
		subs := labelSubs[l]
		if len(got) == 0 {
			continue // holding nothing matches too many explanations
		}
		for _, c := range st.cands {
			m := st.subs[subs[0]]
			if c.strategy == m.strategy && c.profile == m.profile {
				continue
			}
			if slices.Equal(unionShares(c.shares, subs), got) {
				out[l] = l + "'s queues are exactly what " + c.strategy + " on " + c.profile + " gives it (simulated as " + m.strategy + " on " + m.profile + "): check its allocateMessageQueueStrategy and client"
				inferred[l] = c.strategy
				break
			}
		}
		if out[l] != "" || len(subs) != 1 || len(d.g.members) > maxViewMembers {
			continue
		}
		if c := memberViews[l]; c != "" {
			out[l] = c
		}
	}
	return out, inferred
}

// viewCause tries m's own strategy over the member list without each other
// member, with each unknown owner, and with each member listed twice; the
// first that gives exactly got explains m's queues.
func (d *diagnosis) viewCause(st *topicState, m *member, strategy int, got []int32, unknown []string) string {
	try := func(cids []string) bool {
		res, err := d.share(st.tp.queues, cids, []analysis.View{{Member: m.cid, Strategy: strategy}})
		return err == nil && slices.Equal(res.Combined.MemberShare(0), got)
	}
	// plus: the member list with one more entry for cid.
	plus := func(cid string) bool { return try(append(slices.Clone(d.g.cidAll), cid)) }
	var gone []string
	for _, o := range d.g.members {
		if o == m {
			continue
		}
		without := slices.DeleteFunc(slices.Clone(d.g.cidAll), func(c string) bool { return c == o.cid })
		if try(without) {
			gone = append(gone, o.cid)
		}
	}
	if len(gone) > 0 {
		return d.label(m.cid) + " still allocates as if " + orList(gone) + " were not in the group: its view of the members is out of date; " + rerunHint
	}
	for _, u := range unknown {
		if plus(u) {
			return d.label(m.cid) + " still allocates as if " + u + " were in the group (" + u + " is not in the connection list: it left or stopped answering, and the broker " + d.label(m.cid) + " asked still lists it, for up to 2 minutes): its view of the members is out of date; " + rerunHint
		}
	}
	// A broker that paused (a hung JVM, a long GC) lists a client once per
	// channel, its old ones too, for up to ~2 minutes after it resumes:
	// Java's allocation counts every entry, so a member that asked that
	// broker gets a share as if the client were two members.
	var twice []string
	for _, o := range d.g.members {
		if plus(o.cid) {
			twice = append(twice, o.cid)
		}
	}
	if len(twice) > 0 {
		return d.label(m.cid) + " still allocates as if " + orList(twice) + " were listed twice in the group: the broker it asked keeps stale channels (a broker that paused lists a client once per channel, old ones too, for up to ~2 minutes after it resumes); " + rerunHint
	}
	return ""
}

// labelFindings reports each owner whose queues an out-of-date member
// list explains (VIEW_DIFFERS), and members whose queues are exactly what
// another strategy gives them while others run the simulated one
// (MIXED_STRATEGIES, as the status files' strategy lines show it; not
// repeated when those already did).
func (d *diagnosis) labelFindings(st *topicState, byLabel, inferred map[string]string) {
	labels := make([]string, 0, len(byLabel))
	for l := range byLabel {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	var other []string
	for _, l := range labels {
		if inferred[l] != "" {
			other = append(other, l)
			continue
		}
		st.findings = append(st.findings, leveled(Finding{Code: CodeViewDiffers, Topic: st.tp.name, Clients: []string{l}, Message: byLabel[l]}))
	}
	if len(other) == 0 || d.mixedReported || len(other) == len(st.labelSubs) && d.sameInferred(other, inferred) {
		return // every member runs one other strategy: not mixed (the causes and best fit say which)
	}
	var msgs []string
	for _, l := range other {
		msgs = append(msgs, byLabel[l])
	}
	st.findings = append(st.findings, leveled(Finding{Code: CodeMixedStrategies, Topic: st.tp.name, Clients: other,
		Message: "members run different strategies (" + strings.Join(msgs, "; ") + "): each takes its own strategy's share, so queues get two owners or none. Give every member the same allocateMessageQueueStrategy"}))
}

// sameInferred: every label of ls was inferred to run one strategy.
func (d *diagnosis) sameInferred(ls []string, inferred map[string]string) bool {
	for _, l := range ls {
		if inferred[l] != inferred[ls[0]] {
			return false
		}
	}
	return true
}

// unionShares is the sorted union of the shares of members subs.
func unionShares(shares [][]int32, subs []int) []int32 {
	if len(subs) == 1 {
		return shares[subs[0]]
	}
	var out []int32
	for _, c := range subs {
		out = append(out, shares[c]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// orList is "a", "a or b", "a, b or c".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// excuse marks wrong queues that a passing state explains: they get no
// error finding of their status and do not count in the verdict.
func (d *diagnosis) excuse(st *topicState, tr *TopicReport, qs []int, code Code) {
	if st.excused == nil {
		st.excused = map[int]Code{}
	}
	for _, i := range qs {
		if st.excused[i] == "" {
			st.excused[i] = code
			tr.Queues[i].ExplainedBy = code
			d.excused[tr.Queues[i].Status]++
		}
	}
}

// routeViewFinding is the ROUTE_VIEW_DIFFERS warning for the queues a
// route view explains.
func (d *diagnosis) routeViewFinding(st *topicState, byLabel map[string]string, qs []int) Finding {
	labels := make([]string, 0, len(byLabel))
	for l := range byLabel {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	f := leveled(Finding{Code: CodeRouteViewDiffers, Topic: st.tp.name, Clients: labels,
		Message: staleViews(labels, byLabel) + ": " + plural(len(labels), "member's route is", "members' routes are") + " out of date (the topic grew or shrank, or a broker was added, removed or restarted), which explains " + plural(len(qs), "wrong queue", "wrong queues") + "; " + routeHint})
	for _, i := range qs[:min(len(qs), maxListed)] {
		q := st.queues[i]
		f.Queues = append(f.Queues, QueueRef{Topic: st.tp.name, BrokerName: q.BrokerName, QueueID: q.QueueID})
	}
	return f
}
