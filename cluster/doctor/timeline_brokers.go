package doctor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// A broker that crashes or is stopped leaves the route at once (its
// channel to the name server closes; a hung one ~120 s later, when the
// name server expires it). Each snapshot is right on its own, without
// the broker's queues; only the series shows they went.

// routeBrokers is the brokers the snapshot's routes list with queues and
// an address, sorted; ok is false when a route could not be read.
func routeBrokers(routes []RouteText) (brokers []string, ok bool) {
	for _, rt := range routes {
		r := rt.Route
		if r == nil {
			var err error
			if r, err = mqadmin.ParseTopicRoute(rt.Text); err != nil {
				return nil, false
			}
		}
		brokers = append(brokers, servingBrokers(r)...)
	}
	slices.Sort(brokers)
	brokers = slices.Compact(brokers)
	// Copies: a name may be a slice of the route's text, which a watch
	// loop's window would otherwise keep alive for every snapshot.
	for i, b := range brokers {
		brokers[i] = strings.Clone(b)
	}
	return brokers, true
}

// servingBrokers are the brokers of r with queue data and an address.
func servingBrokers(r *route.Route) []string {
	var out []string
	for _, q := range r.QueueDatas {
		for _, b := range r.BrokerDatas {
			if b.BrokerName == q.BrokerName && len(b.BrokerAddrs) > 0 {
				out = append(out, q.BrokerName)
				break
			}
		}
	}
	return out
}

// brokerMove is one broker leaving the route or coming back.
type brokerMove struct {
	snapshot int
	left     bool
}

// brokerMoves are, per broker, the snapshots at which it left the route
// or came back, comparing each snapshot with the last one before it whose
// routes were read and cover as many topics (a topic's route missing is
// no broker leaving).
func brokerMoves(snaps []snapState) (map[string][]brokerMove, []string) {
	moves := map[string][]brokerMove{}
	var order []string
	prev := -1
	for j := range snaps {
		if !snaps[j].routesRead {
			continue
		}
		if prev >= 0 && snaps[prev].routes == snaps[j].routes {
			a, b := snaps[prev].brokers, snaps[j].brokers
			note := func(name string, left bool) {
				if _, ok := moves[name]; !ok {
					order = append(order, name)
				}
				moves[name] = append(moves[name], brokerMove{snapshot: j, left: left})
			}
			for _, name := range a {
				if !slices.Contains(b, name) {
					note(name, true)
				}
			}
			for _, name := range b {
				if !slices.Contains(a, name) && len(moves[name]) > 0 {
					note(name, false) // back; a broker new to the series is no finding
				}
			}
		}
		prev = j
	}
	slices.Sort(order)
	return moves, order
}

// brokerLeftFindings: one BROKER_LEFT per broker that left the route
// within the window, with the group's queues on it (as the last snapshot
// before it left shows them) and when it came back, if it did.
func brokerLeftFindings(tl *Timeline, snaps []snapState, keys []queueKey, add func(code Code, msg string, qs []*QueueTimeline, clients []string)) {
	moves, order := brokerMoves(snaps)
	at := tl.timeFormat()
	label := func(j int) string {
		return "#" + strconv.Itoa(j+1) + " (" + snaps[j].info.At.UTC().Format(at) + ")"
	}
	for _, name := range order {
		ms := moves[name]
		before := snaps[ms[0].snapshot-1]
		var qs []*QueueTimeline
		perTopic := map[string]int{}
		var topics []string
		for i := range tl.Queues {
			q := &tl.Queues[i]
			if q.BrokerName != name || before.at(queueIDOf(keys, q)) == nil {
				continue
			}
			qs = append(qs, q)
			if perTopic[q.Topic] == 0 {
				topics = append(topics, q.Topic)
			}
			perTopic[q.Topic]++
		}
		var parts []string
		for _, t := range topics {
			parts = append(parts, strconv.Itoa(perTopic[t])+" of "+t)
		}
		var story []string
		for k, m := range ms {
			switch {
			case k == 0:
				story = append(story, "left the route at "+label(m.snapshot))
			case m.left:
				story = append(story, "left again at "+label(m.snapshot))
			default:
				story = append(story, "came back at "+label(m.snapshot))
			}
		}
		msg := "broker " + name + " " + strings.Join(story, ", ")
		if len(qs) > 0 {
			msg += " with the group's " + plural(len(qs), "queue", "queues") + " on it (" + strings.Join(parts, ", ") + ")"
		}
		if ms[len(ms)-1].left {
			msg += "; it is still out of the route at the end: messages on it cannot be consumed until it returns (a broker stopped or crashed; a hung one leaves about 2 minutes after it stops answering)"
		} else {
			msg += "; messages on it could not be consumed while it was out, and its queues were rebalanced each time"
		}
		add(CodeBrokerLeft, msg, qs, nil)
	}
}

// queueIDOf is q's id in keys (-1 when unknown).
func queueIDOf(keys []queueKey, q *QueueTimeline) int {
	return slices.Index(keys, queueKey{q.Topic, q.BrokerName, q.QueueID})
}
