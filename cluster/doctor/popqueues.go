package doctor

import (
	"strconv"
	"strings"
)

// popExplained says which queues the broker gave the POP members, from
// their #Consumer Pop Detail# (5.x status files), which the tables show as
// those members' queues (popowners.go). Queue -1 is the broker's "every queue of this broker"
// (popShareQueueNum 0, or at least the members minus one); a member with
// clientRebalance=false and no POP queue is in the broker's PULL mode
// (when a 5.x mqadmin wrote its status: a 4.x one does not print POP
// queues), whose queues are its #Consumer MQ Detail# ones, allocated by the
// broker with the member's own strategy (AVG or AVG_BY_CIRCLE; any other: none).
//
// Example: "; the broker gave them, to pop: 127.0.0.1@s1 pops T broker-a/0 broker-a/1,
// 127.0.0.1@s2 pops T broker-b/* (every queue of broker-b)".
func popExplained(members []*member, consumeType string) string {
	var pops, pulls []string
	for _, m := range members {
		if !m.serverSide(consumeType) || m.status == nil {
			continue
		}
		if len(m.status.info.PopQueues) == 0 {
			if m.clientRebal == "false" {
				pulls = append(pulls, m.cid)
			}
			continue
		}
		byTopic := map[string][]string{}
		var topics []string
		for _, q := range m.status.info.PopQueues {
			if _, ok := byTopic[q.Topic]; !ok {
				topics = append(topics, q.Topic)
			}
			name := q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
			if q.QueueID == -1 {
				name = q.BrokerName + "/* (every queue of " + q.BrokerName + ")"
			}
			byTopic[q.Topic] = append(byTopic[q.Topic], name)
		}
		var parts []string
		for _, t := range topics {
			parts = append(parts, t+" "+strings.Join(byTopic[t], " "))
		}
		pops = append(pops, m.cid+" pops "+strings.Join(parts, "; "))
	}
	out := ""
	if len(pops) > 0 {
		out += "; the broker gave them, to pop: " + strings.Join(pops, ", ")
	}
	if len(pulls) > 0 {
		out += "; " + strings.Join(pulls, ", ") + " show no POP queue: if their status comes from a 5.x mqadmin (which prints #Consumer Pop Detail#), they are in the broker's PULL mode, and the queues they hold are the broker's allocation with their own strategy (it runs only AVG and AVG_BY_CIRCLE; for another strategy it assigns nothing)"
	}
	return out
}
