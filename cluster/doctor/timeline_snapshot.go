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
	if c, err := mqadmin.ParseConsumerConnection(snap.Connection); err == nil {
		for _, cl := range c.Clients {
			st.members = append(st.members, clientID(cl.ClientID))
		}
		slices.Sort(st.members)
		st.members = slices.Compact(st.members)
	}
	st.info.Members = len(st.members)
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
	sets := map[string]int32{}
	n := 0
	for _, tr := range rep.Topics {
		for _, q := range tr.Queues {
			qs := &st.byID[st.queues[n]]
			n++
			qs.in = true
			if q.Actual != nil {
				qs.set = st.ownerSet(q.Actual, sets, clientID)
			}
		}
	}
	for _, f := range rep.Findings {
		st.rebalancing = st.rebalancing || f.Code == CodeRebalanceInProgress
	}
	if p, err := mqadmin.ParseConsumerProgress(snap.Progress); err == nil && len(snap.Progress) > 0 {
		for _, row := range p.Rows {
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
				q.hasOff = true
				q.brokerOff, q.consumerOff, q.lag = row.BrokerOffset, row.ConsumerOffset, row.Diff
			}
		}
	}
	return st
}

// ownerSet is the queueState.set of owners actual: the sets are shared by
// the snapshot's queues (most of a group's queues have one owner, and a
// group has few members), keyed in sets by their sorted IDs.
func (st *snapState) ownerSet(actual []string, sets map[string]int32, clientID func(string) string) int32 {
	own := make([]string, len(actual))
	for i, c := range actual {
		own[i] = clientID(c)
	}
	slices.Sort(own)
	key := strings.Join(own, "\x00")
	if i, ok := sets[key]; ok {
		return i
	}
	st.sets = append(st.sets, own)
	sets[key] = int32(len(st.sets))
	return int32(len(st.sets))
}
