package priority

import "strconv"

// Read is one queue read of a pop request that returned messages.
type Read struct {
	Retry   bool  // from the group's retry topic
	QueueID int32 // queue of that topic
	Count   int   // messages taken
}

// Backlog is the number of messages waiting in each queue, indexed by
// queue id; its length is the topic's read queue count.
type Backlog []int64

// Drain is which queues one all-queue pop request (queueId -1) of up to
// maxMsgNums messages reads, given the decision for it and the backlogs of
// the topic and of the group's retry topic (nil: no retry topic): the retry
// topic first if RetryFirst, then the topic's queues in QueueOrder, then
// the retry topic if RetryAfter; each queue gives at most what the batch
// still lacks, and a full batch reads nothing more. Both topics are scanned
// with the decision's offset. Queues that gave nothing are left out.
//
// Example: 8 queues with 2 messages each, defaults, priority mode, asc,
// maxMsgNums 5: queue 7 gives 2, queue 6 gives 2, queue 5 gives 1.
func Drain(b Broker, d Decision, path Path, topic, retry Backlog, maxMsgNums int) ([]Read, error) {
	if maxMsgNums <= 0 {
		return nil, invalid("maxMsgNums", "maxMsgNums must be positive, got "+strconv.Itoa(maxMsgNums))
	}
	if err := checkBacklog("topic", topic); err != nil {
		return nil, err
	}
	if err := checkBacklog("retry", retry); err != nil {
		return nil, err
	}
	var reads []Read
	rest := maxMsgNums
	scan := func(isRetry bool, backlog Backlog) error {
		if len(backlog) == 0 {
			return nil
		}
		order, err := QueueOrder(len(backlog), b.PriorityOrderAsc, d.Offset, path)
		if err != nil {
			return err
		}
		for _, q := range order {
			if rest == 0 {
				return nil
			}
			if q < 0 {
				return invalid("offset", "the broker's queue index wrapped to "+strconv.Itoa(int(q))+": no such queue")
			}
			take := int(min(int64(rest), backlog[q]))
			if take > 0 {
				reads = append(reads, Read{Retry: isRetry, QueueID: q, Count: take})
				rest -= take
			}
		}
		return nil
	}
	if d.RetryFirst {
		if err := scan(true, retry); err != nil {
			return nil, err
		}
	}
	if err := scan(false, topic); err != nil {
		return nil, err
	}
	if d.RetryAfter {
		if err := scan(true, retry); err != nil {
			return nil, err
		}
	}
	return reads, nil
}

func checkBacklog(field string, b Backlog) error {
	for q, n := range b {
		if n < 0 {
			return invalid(field, "backlog of queue "+strconv.Itoa(q)+" is negative: "+strconv.FormatInt(n, 10))
		}
	}
	if len(b) > 1<<16 {
		return invalid(field, "more than 65536 queues")
	}
	return nil
}
