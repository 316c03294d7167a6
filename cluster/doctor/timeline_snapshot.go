package doctor

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// summarize keeps of one diagnosed snapshot what the timeline compares:
// the members, each queue's actual owners and its consumerProgress
// offsets. Diagnose has read the texts already, so they parse here.
func (s *Series) summarize(snap Snapshot, rep *Report) snapState {
	st := snapState{
		info: SnapshotInfo{Name: snap.Name, At: snap.At, AtSource: snap.AtSource, OK: rep.OK, Verdict: rep.Verdict},
	}
	conn := snap.ParsedConnection
	if conn == nil {
		conn, _ = mqadmin.ParseConsumerConnection(snap.Connection)
	}
	if conn != nil {
		for _, cl := range conn.Clients {
			st.members = append(st.members, cl.ClientID)
		}
		slices.Sort(st.members)
		st.members = slices.Compact(st.members)
	}
	st.info.Members = len(st.members)
	st.brokers, st.routesRead = routeBrokers(snap.Routes)
	st.routes = len(snap.Routes)
	topics := make([]string, 0, len(rep.Topics))
	brokers := map[string][]string{}
	for _, tr := range rep.Topics {
		topics = append(topics, tr.Topic)
		for _, q := range tr.Queues {
			st.queues = append(st.queues, s.intern(queueKey{tr.Topic, q.BrokerName, q.QueueID}))
			if !slices.Contains(brokers[tr.Topic], q.BrokerName) {
				brokers[tr.Topic] = append(brokers[tr.Topic], q.BrokerName)
			}
		}
	}
	st.byID = make([]queueState, len(s.keys))
	var byIP map[string]string // built when an owner is a bare IP
	n := 0
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			qs := &st.byID[st.queues[n]]
			n++
			qs.in = true
			if q.Actual != nil {
				qs.owners = slices.Clone(q.Actual)
				slices.Sort(qs.owners)
				if slices.ContainsFunc(qs.owners, isBareIP) {
					if byIP == nil {
						byIP = memberByIP(st.members)
					}
					qs.owners = resolveIPOwners(qs.owners, byIP)
				}
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
				st.byID[id].hasOff = true
				st.byID[id].off = OffsetSample{BrokerOffset: row.BrokerOffset, ConsumerOffset: row.ConsumerOffset, Lag: row.Diff}
			}
		}
	}
	return st
}
