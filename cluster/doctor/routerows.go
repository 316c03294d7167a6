package doctor

import (
	"github.com/rmqalloc/rmqalloc/alloc"
)

// checkRowsAgainstRoute: a broker lists every queue 0..readQueueNums-1 of
// a topic it has offsets of (getConsumeStats walks the topic config the
// broker also registers as its route), so consumerProgress listing another
// count for a broker the route has is a lost line, a route of another
// topic or cluster, or a topic changed between the two reads. Either way
// the queues cannot be matched to their owners: refused. A broker with no
// line at all did not answer, or the group has no offset there yet.
func checkRowsAgainstRoute(tp *topic) error {
	if tp.route == nil || len(tp.rows) == 0 {
		return nil
	}
	type seen struct{ n, line int }
	by := map[string]*seen{}
	for k, r := range tp.rows {
		s := by[k.broker]
		if s == nil {
			s = &seen{line: r.Line}
			by[k.broker] = s
		}
		s.n++
		s.line = min(s.line, r.Line)
	}
	want := map[string]int{}
	for _, qd := range tp.route.QueueDatas {
		want[qd.BrokerName] = max(want[qd.BrokerName], int(qd.ReadQueueNums))
	}
	var bad string
	for b, s := range by {
		// The first line of the file that disagrees, for a stable message.
		if w, ok := want[b]; ok && w != s.n && (bad == "" || s.line < by[bad].line) {
			bad = b
		}
	}
	if bad == "" {
		return nil
	}
	s := by[bad]
	return &alloc.TextError{Source: "progress", Line: s.line,
		Msg: "lists " + plural(s.n, "queue", "queues") + " of " + tp.name + " on " + bad + ", but " + tp.routeBox + " gives " + bad + " readQueueNums " + itoa(want[bad]) +
			": a broker lists every queue of a topic the group has offsets of, so a line is lost, the route is of another topic or cluster, or the topic changed between the two reads; take both again"}
}
