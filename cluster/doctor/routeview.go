package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// Bounds of the route-view search: views are tried for topics of at most
// maxViewBrokers brokers, with queue counts up to maxViewQueues a broker.
// At most maxViewWork queues are allocated over all the views tried.
const (
	maxViewBrokers = 16
	maxViewQueues  = 64
	maxViewWork    = 1 << 20
	routeHint      = "clients refresh the route every 30 s (pollNameServerInterval): run it again in 30 s; if it stays, the route is not the cause"
)

// routeView is one view of a topic's queues a member may still allocate
// over: the route's queues with other counts, or a broker more or less.
type routeView struct {
	what   string // "broker-a had 4 readable queues (the route says 8)"
	queues []alloc.MessageQueue
}

// routeViews finds, for each owner whose actual queues differ from what
// its own call gives, a view of the topic's queues under which its own
// call gives exactly its actual queues: the members allocate as if the
// topic had another queue count (grown or shrunk) or another broker set
// (a broker added, removed or restarted) until their route is refreshed.
// wrong and actualSet are wrongLabels'. The result is, by label, the
// view it allocates over ("broker-a had 4 readable queues ...").
func (d *diagnosis) routeViews(st *topicState, wrong []string, actualSet map[string][]int32) map[string]string {
	out := map[string]string{}
	if st.tp.route == nil || d.mode == modeNone || d.broadcasting || len(d.g.members) > maxViewMembers {
		return out
	}
	if len(wrong) == 0 || len(wrong) > maxExplained {
		return out
	}
	views := d.routeViewCandidates(st)
	if len(views) == 0 {
		return out
	}
	work := 0
	for _, l := range wrong {
		subs := st.labelSubs[l]
		got := actualSet[l]
		if len(subs) != 1 || len(got) == 0 {
			continue
		}
		m := st.subs[subs[0]]
		want := make(map[bkey]bool, len(got))
		for _, p := range got {
			want[bkey{st.queues[p].BrokerName, st.queues[p].QueueID}] = true
		}
		for _, v := range views {
			if work += len(v.queues); work > maxViewWork {
				return out
			}
			share, ok := d.ownShare(st, m, st.views[subs[0]].Strategy, v.queues)
			if !ok || len(share) != len(want) {
				continue
			}
			same := true
			for _, q := range share {
				same = same && want[bkey{q.BrokerName, q.QueueID}]
			}
			if same {
				out[l] = v.what
				break
			}
		}
	}
	return out
}

// wrongLabels are the owners (labels of the topic's subscribers) whose
// actual queues differ from their expected ones, sorted, and every
// label's actual queues (positions).
func (d *diagnosis) wrongLabels(st *topicState) ([]string, map[string][]int32) {
	actualSet, expectedSet := map[string][]int32{}, map[string][]int32{}
	for i := range st.queues {
		for _, a := range st.actual[i] {
			actualSet[a] = append(actualSet[a], int32(i))
		}
		var seen []string
		for _, e := range st.expected[i] {
			if l := d.label(e); !slices.Contains(seen, l) {
				seen = append(seen, l)
				expectedSet[l] = append(expectedSet[l], int32(i))
			}
		}
	}
	if st.labelSubs == nil {
		st.labelSubs = map[string][]int{}
		for c, m := range st.subs {
			l := d.label(m.cid)
			st.labelSubs[l] = append(st.labelSubs[l], c)
		}
	}
	var wrong []string
	for l := range st.labelSubs {
		if !slices.Equal(actualSet[l], expectedSet[l]) {
			wrong = append(wrong, l)
		}
	}
	slices.Sort(wrong)
	return wrong, actualSet
}

// routeViewCandidates are the views tried, coarsest change first: one
// broker left out; a broker only the actual owners name, added back; every
// broker with another readable queue count; one broker with another count.
func (d *diagnosis) routeViewCandidates(st *topicState) []routeView {
	var brokers []string
	count := map[string]int32{}
	for _, q := range st.queues[:st.nRoute] {
		if _, ok := count[q.BrokerName]; !ok {
			brokers = append(brokers, q.BrokerName)
		}
		count[q.BrokerName] = max(count[q.BrokerName], q.QueueID+1)
	}
	held := map[string]int32{} // broker -> highest held queue ID + 1
	var extraBrokers []string
	for i, a := range st.actual {
		if len(a) == 0 {
			continue
		}
		q := st.queues[i]
		held[q.BrokerName] = max(held[q.BrokerName], q.QueueID+1)
		if _, ok := count[q.BrokerName]; !ok && !slices.Contains(extraBrokers, q.BrokerName) {
			extraBrokers = append(extraBrokers, q.BrokerName)
		}
	}
	if len(brokers)+len(extraBrokers) > maxViewBrokers {
		return nil
	}
	top := int32(1)
	for _, b := range brokers {
		top = max(top, 2*count[b], held[b])
	}
	top = min(top, maxViewQueues)
	topic := st.tp.name
	known := make(map[bkey]bool, len(st.queues))
	for _, q := range st.queues {
		known[bkey{q.BrokerName, q.QueueID}] = true
	}
	// A view holds only queues that exist: the route's, or ones the
	// progress or status files still name (a topic that shrank keeps its
	// offsets). nil: the view names a queue nothing shows.
	build := func(n func(b string) int32, extra ...string) []alloc.MessageQueue {
		var qs []alloc.MessageQueue
		for _, b := range append(slices.Clone(brokers), extra...) {
			for id := int32(0); id < n(b); id++ {
				if !known[bkey{b, id}] {
					return nil
				}
				qs = append(qs, alloc.MessageQueue{Topic: topic, BrokerName: b, QueueID: id})
			}
		}
		sortQueues(qs)
		return qs
	}
	says := func(b string) string { return " (the route says " + itoa(int(count[b])) + ")" }
	var views []routeView
	// The view the holders show: each broker up to the highest queue
	// anyone holds (none held: not in the view). When every member is
	// still on the old route, together they hold exactly its queues.
	var whats []string
	for _, b := range append(slices.Clone(brokers), extraBrokers...) {
		switch n := held[b]; {
		case n == count[b]:
		case n == 0:
			whats = append(whats, b+" were not in the route")
		case count[b] == 0:
			whats = append(whats, b+" were still in the route with "+plural(int(n), "queue", "queues"))
		default:
			whats = append(whats, b+" had "+plural(int(n), "readable queue", "readable queues")+says(b))
		}
	}
	if len(whats) > 1 {
		views = append(views, routeView{strings.Join(whats, " and "), build(func(b string) int32 { return held[b] }, extraBrokers...)})
	}
	if len(brokers) > 1 {
		for _, b := range brokers {
			views = append(views, routeView{b + " were not in the route (a broker just added or restarted)",
				build(func(x string) int32 {
					if x == b {
						return 0
					}
					return count[x]
				})})
		}
	}
	for _, b := range extraBrokers {
		views = append(views, routeView{b + " were still in the route with " + plural(int(held[b]), "queue", "queues") + " (a broker just removed)",
			build(func(x string) int32 {
				if x == b {
					return held[b]
				}
				return count[x]
			}, b)})
	}
	uniform := true
	for _, b := range brokers {
		uniform = uniform && count[b] == count[brokers[0]]
	}
	if uniform && len(brokers) > 1 {
		for n := int32(1); n <= top; n++ {
			if n != count[brokers[0]] {
				views = append(views, routeView{"every broker had " + plural(int(n), "readable queue", "readable queues") + says(brokers[0]),
					build(func(string) int32 { return n })})
			}
		}
	}
	for _, b := range brokers {
		for n := int32(1); n <= top; n++ {
			if n != count[b] {
				views = append(views, routeView{b + " had " + plural(int(n), "readable queue", "readable queues") + says(b),
					build(func(x string) int32 {
						if x == b {
							return n
						}
						return count[x]
					})})
			}
		}
	}
	return slices.DeleteFunc(views, func(v routeView) bool { return len(v.queues) == 0 })
}

// routeViewCovered are the wrong queues a route view explains: every
// owner involved (expected or actual) is either right or explained by a
// view, and one is explained. It sets their Cause and returns them.
func (d *diagnosis) routeViewCovered(st *topicState, tr *TopicReport, byLabel map[string]string, wrong []string) []int {
	if len(byLabel) == 0 {
		return nil
	}
	masked := d.maskedLabels(tr, byLabel, wrong)
	var out []int
	for i := range tr.Queues {
		qr := &tr.Queues[i]
		if qr.Status == StatusOK || qr.Status == StatusUnknown || qr.Status == StatusUnassigned {
			continue
		}
		var stale []string
		covered := true
		for _, l := range d.involved(qr) {
			if _, ok := byLabel[l]; ok {
				stale = append(stale, l)
			} else if _, member := st.labelSubs[l]; !member || (slices.Contains(wrong, l) && !masked[l]) {
				covered = false // an unknown owner, or a member no view explains
			}
		}
		if covered && len(stale) > 0 {
			whose := "its route is"
			if len(stale) > 1 {
				whose = "their routes are"
			}
			qr.Cause = staleViews(stale, byLabel) + ": " + whose + " out of date; " + routeHint
			out = append(out, i)
		}
	}
	return out
}

// maskedLabels are, in IP mode, the wrong members that only lack queues
// an explained member holds too: consumerProgress prints one IP a queue,
// so a queue two members hold shows under one of them only.
func (d *diagnosis) maskedLabels(tr *TopicReport, byLabel map[string]string, wrong []string) map[string]bool {
	out := map[string]bool{}
	if d.mode != modeIP {
		return out
	}
	for _, l := range wrong {
		if byLabel[l] != "" {
			continue
		}
		ok := true
		for _, q := range tr.Queues {
			expected := slices.ContainsFunc(q.Expected, func(e string) bool { return d.label(e) == l })
			held := slices.Contains(q.Actual, l)
			switch {
			case held && !expected:
				ok = false
			case expected && !held:
				ok = ok && len(q.Actual) > 0 && !slices.ContainsFunc(q.Actual, func(a string) bool { return byLabel[a] == "" })
			}
		}
		out[l] = ok
	}
	return out
}

// ownShare is m's own call (strategy d.strats[idx]) over qs, a view in
// Java order: a Java client gets qs and the member list as its rebalance
// sorts them; the Go client's order is left to analysis.Views. ok is false
// when the call fails.
func (d *diagnosis) ownShare(st *topicState, m *member, idx int, qs []alloc.MessageQueue) ([]alloc.MessageQueue, bool) {
	if m.profile != profileGo {
		got, err := d.strats[idx].Allocate("", m.cid, qs, d.orders(st).javaCids)
		return got, err == nil
	}
	res, err := d.share(qs, d.g.cidAll, []analysis.View{{Member: m.cid, Strategy: idx}})
	if err != nil || res.Combined.MemberErr(0) != nil {
		return nil, false
	}
	share := res.Combined.MemberShare(0)
	out := make([]alloc.MessageQueue, 0, len(share))
	for _, p := range share {
		out = append(out, res.Combined.Queues()[p])
	}
	return out, true
}

// staleViews says which labels allocate over which view, labels of one
// view together: "a and b allocate as if X; c allocates as if Y".
func staleViews(labels []string, byLabel map[string]string) string {
	labels = slices.Sorted(slices.Values(labels))
	var order []string
	by := map[string][]string{}
	for _, l := range labels {
		w := byLabel[l]
		if _, ok := by[w]; !ok {
			order = append(order, w)
		}
		by[w] = append(by[w], l)
	}
	var parts []string
	for _, w := range order {
		verb := " allocates as if "
		if len(by[w]) > 1 {
			verb = " allocate as if "
		}
		parts = append(parts, strings.Join(by[w], ", ")+verb+w)
	}
	return strings.Join(parts, "; ")
}
