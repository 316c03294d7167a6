package doctor

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc/mqadmin"
)

// summarize keeps of one diagnosed snapshot what the timeline compares:
// the members, each queue's actual owners and its consumerProgress
// offsets. Diagnose has read the texts already, so they parse here.
func summarize(snap Snapshot, rep *Report) snapState {
	st := snapState{
		info:    SnapshotInfo{Name: snap.Name, At: snap.At, AtSource: snap.AtSource, OK: rep.OK, Verdict: rep.Verdict},
		owners:  map[queueKey][]string{},
		offsets: map[queueKey]OffsetSample{},
	}
	if c, err := mqadmin.ParseConsumerConnection(snap.Connection); err == nil {
		for _, cl := range c.Clients {
			st.members = append(st.members, cl.ClientID)
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
			k := queueKey{tr.Topic, q.BrokerName, q.QueueID}
			st.queues = append(st.queues, k)
			var own []string
			if q.Actual != nil {
				own = slices.Clone(q.Actual)
				slices.Sort(own)
			}
			st.owners[k] = own
			if !slices.Contains(brokers[tr.Topic], q.BrokerName) {
				brokers[tr.Topic] = append(brokers[tr.Topic], q.BrokerName)
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
			k := queueKey{topic, broker, row.QueueID}
			if _, known := st.owners[k]; known {
				st.offsets[k] = OffsetSample{BrokerOffset: row.BrokerOffset, ConsumerOffset: row.ConsumerOffset, Lag: row.Diff}
			}
		}
	}
	return st
}
