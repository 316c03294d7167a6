package producer

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// PriorityQueue is where a RocketMQ 5.4+ broker stores a priority message
// (RIP-80): the broker the producer sent to keeps it, but the queue is
// min(priority, writeQueueNums-1) of that broker's topic config, whatever
// queue the producer picked (SendMessageProcessor; priority i lands on
// queue i, larger priorities share the last queue). It applies to messages
// whose properties make them PRIORITY messages: a priority on a
// transaction, delay or FIFO (sharding-key) message is dropped and the
// queue kept.
//
// priority must be at least 0 (Message.setPriority's
// IllegalArgumentException) and writeQueueNums positive.
//
// Example: priority 3 sent to ["T","broker-a",6] of a topic with 8 write
// queues lands on ["T","broker-a",3]; priority 20 on ["T","broker-a",7].
func PriorityQueue(sentTo alloc.MessageQueue, priority, writeQueueNums int) (alloc.MessageQueue, error) {
	if priority < 0 {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "priority", Msg: "The priority must be greater than or equal to 0"}
	}
	if writeQueueNums <= 0 {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "writeQueueNums", Msg: "writeQueueNums must be positive, got " + strconv.Itoa(writeQueueNums)}
	}
	q := sentTo
	q.QueueID = int32(min(priority, writeQueueNums-1))
	return q, nil
}
