package doctor

import (
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// summarize keeps of one diagnosed snapshot what the timeline compares:
// the members, each queue's actual owners and its consumerProgress
// offsets. Diagnose has read the texts already, so they parse here.
func (s *Series) summarize(snap Snapshot, rep *Report) snapState {
	st := snapState{
		info: SnapshotInfo{Name: snap.Name, At: snap.At, AtSource: snap.AtSource, OK: rep.OK, Verdict: rep.Verdict},
	}
	// The client IDs are copied, once each: a slice of the snapshot's
	// text would keep the whole text alive for as long as the series
	// keeps the snapshot (a watch loop's window holds many).
	ids := map[string]string{}
	clientID := func(id string) string {
		c, ok := ids[id]
		if !ok {
			c = strings.Clone(id)
			ids[id] = c
		}
		return c
	}
	conn := snap.ParsedConnection
	if conn == nil {
		conn, _ = mqadmin.ParseConsumerConnection(snap.Connection)
	}
	if conn != nil {
		for _, cl := range conn.Clients {
			st.members = append(st.members, clientID(cl.ClientID))
		}
		slices.Sort(st.members)
		st.members = slices.Compact(st.members)
	}
	st.info.Members = len(st.members)
	st.brokers, st.routesRead = routeBrokers(snap.Routes)
	st.routes = len(snap.Routes)
	topics := make([]string, 0, len(rep.Topics))
	brokers := map[string][]string{}
	nq := 0
	for _, tr := range rep.Topics {
		nq += len(tr.Queues)
	}
	st.queues = make([]int32, 0, nq) // kept for the window: no spare room
	for _, tr := range rep.Topics {
		topics = append(topics, tr.Topic)
		for _, q := range tr.Queues {
			st.queues = append(st.queues, int32(s.intern(queueKey{tr.Topic, q.BrokerName, q.QueueID})))
			if !slices.Contains(brokers[tr.Topic], q.BrokerName) {
				brokers[tr.Topic] = append(brokers[tr.Topic], q.BrokerName)
			}
		}
	}
	st.byID = make([]queueState, len(s.keys))
	sets := map[string]int32{}
	var byIP map[string]string // built when an owner is a bare IP
	n := 0
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			qs := &st.byID[st.queues[n]]
			n++
			qs.in = true
			if q.Actual != nil {
				own := make([]string, len(q.Actual))
				for i, c := range q.Actual {
					own[i] = clientID(c)
				}
				slices.Sort(own)
				if slices.ContainsFunc(own, isBareIP) {
					if byIP == nil {
						byIP = memberByIP(st.members)
					}
					own = resolveIPOwners(own, byIP)
				}
				qs.set = st.ownerSet(own, sets)
			}
		}
	}
	for _, f := range rep.Findings {
		st.rebalancing = st.rebalancing || f.Code == CodeRebalanceInProgress
	}
	prog := snap.ParsedProgress
	if prog == nil && len(snap.Progress) > 0 {
		prog, _ = mqadmin.ParseConsumerProgress(snap.Progress)
	}
	if prog != nil {
		for _, row := range prog.Rows {
			// The tool cuts long names: match them to the report's, as
			// Diagnose does; rows of topics it left out are not the group's.
			topic, err := resolveName(row.Topic, topics, progressTopicWidth)
			if err != nil || !slices.Contains(topics, topic) {
				continue
			}
			broker, err := resolveName(row.BrokerName, brokers[topic], progressBrokerWidth)
			if err != nil {
				continue
			}
			if id, ok := s.ids[queueKey{topic, broker, row.QueueID}]; ok && st.byID[id].in {
				q := &st.byID[id]
				q.hasOff, q.brokerOff, q.consumerOff = true, row.BrokerOffset, row.ConsumerOffset
			}
		}
	}
	return st
}

// ownerSet is the queueState.set of owners own (sorted): the sets are
// shared by the snapshot's queues (most of a group's queues have one
// owner, and a group has few members), keyed in sets by their IDs.
func (st *snapState) ownerSet(own []string, sets map[string]int32) int32 {
	key := strings.Join(own, "\x00")
	if i, ok := sets[key]; ok {
		return i
	}
	st.sets = append(st.sets, own)
	sets[key] = int32(len(st.sets))
	return int32(len(st.sets))
}
