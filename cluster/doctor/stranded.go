package doctor

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// TopicStatusText is one `mqadmin topicStatus -t TOPIC` output, as text or
// already read: every queue the brokers hold for the topic, with its
// offsets, unread ones included.
type TopicStatusText struct {
	// Topic is which topic it is for; "" = the first route's topic (a
	// saved folder's topicStatus.txt goes with its route.txt).
	Topic string
	Text  string
	// Status, when not nil, is the output already read
	// (mqadmin.ParseTopicStatus); Text is then not read.
	Status *mqadmin.TopicStatus
}

// strandedFindings: queues producers write to but no consumer reads
// (writeQueueNums > readQueueNums in the route): a message sent there is
// never consumed. With messages in them (topicStatus, else consumerProgress)
// an error naming the queues and the count; with none seen yet a warning;
// the reverse (read > write: queues read, never written) information.
func (d *diagnosis) strandedFindings(tp *topic, tr *TopicReport) {
	if tp.route == nil {
		return
	}
	stats := d.topicStatusOf(tp)
	var stranded, waiting []QueueRef
	var count int64
	known := stats != nil
	for _, qd := range tp.route.QueueDatas {
		if qd.Perm&route.PermWrite != 0 && qd.WriteQueueNums > qd.ReadQueueNums {
			for id := max(qd.ReadQueueNums, 0); id < qd.WriteQueueNums; id++ {
				q := QueueRef{Topic: tp.name, BrokerName: qd.BrokerName, QueueID: id}
				n, ok := d.messagesIn(tp, stats, qd.BrokerName, id)
				known = known || ok
				if n > 0 {
					stranded = append(stranded, q)
					count += n
				} else {
					waiting = append(waiting, q)
				}
			}
		}
		if qd.Perm&route.PermRead != 0 && qd.ReadQueueNums > qd.WriteQueueNums && qd.Perm&route.PermWrite != 0 {
			tr.Findings = append(tr.Findings, leveled(Finding{Code: CodeQueuesNotWritten, Topic: tp.name,
				Message: qd.BrokerName + " has readQueueNums " + itoa(int(qd.ReadQueueNums)) + " > writeQueueNums " + itoa(int(qd.WriteQueueNums)) + ": queues " + itoa(int(qd.WriteQueueNums)) + "-" + itoa(int(qd.ReadQueueNums-1)) + " are read but no longer written (a topic being shrunk: they drain, then readQueueNums can follow)"}))
		}
	}
	if len(stranded) > 0 {
		tr.Findings = append(tr.Findings, leveled(Finding{Code: CodeStrandedMessages, Topic: tp.name, Queues: stranded, lag: count,
			Message: strconv.FormatInt(count, 10) + " messages sit in " + plural(len(stranded), "queue", "queues") + " that producers write to but no consumer reads (writeQueueNums > readQueueNums in the route): they will never be consumed. Set readQueueNums to writeQueueNums (mqadmin updateTopic -r), or writeQueueNums down and let them drain first"}))
	}
	if len(waiting) > 0 && len(stranded) == 0 {
		msg := plural(len(waiting), "queue is", "queues are") + " written by producers but read by no consumer (writeQueueNums > readQueueNums in the route): no message is there yet, but every message sent there will never be consumed. Set readQueueNums to writeQueueNums (mqadmin updateTopic -r)"
		if !known {
			msg = plural(len(waiting), "queue is", "queues are") + " written by producers but read by no consumer (writeQueueNums > readQueueNums in the route): messages sent there are never consumed; mqadmin topicStatus -t " + tp.name + " shows how many sit there"
		}
		tr.Findings = append(tr.Findings, leveled(Finding{Code: CodeUnreadQueues, Topic: tp.name, Queues: waiting, Message: msg}))
	}
}

// messagesIn is how many messages queue (broker, id) of tp holds, by
// topicStatus (max - min offset), else consumerProgress's #Diff; ok
// false when neither shows the queue.
func (d *diagnosis) messagesIn(tp *topic, stats *mqadmin.TopicStatus, broker string, id int32) (int64, bool) {
	if stats != nil {
		for _, r := range stats.Rows {
			if r.QueueID == id && brokerMatches(r.BrokerName, broker) {
				return r.MaxOffset - r.MinOffset, true
			}
		}
	}
	if row := tp.rows[bkey{broker, id}]; row != nil {
		return row.Diff, true
	}
	return 0, false
}

// brokerMatches: printed is broker as a 32-column table prints it (cut).
func brokerMatches(printed, broker string) bool {
	if len(broker) > progressBrokerWidth && len(printed) == progressBrokerWidth {
		return broker[:progressBrokerWidth] == printed
	}
	return printed == broker
}

// topicStatusOf is the topicStatus given for tp, nil if none.
func (d *diagnosis) topicStatusOf(tp *topic) *mqadmin.TopicStatus {
	for _, ts := range d.in.topicStatus {
		name := ts.topic
		if name == "" && len(d.in.routes) > 0 && tp.route == d.in.routes[0] {
			return ts.status
		}
		if name == tp.name {
			return ts.status
		}
	}
	return nil
}
