package alloc

import (
	"slices"
	"strconv"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
	"github.com/rmqalloc/rmqalloc/internal/timsort"
)

// MessageQueue identifies one queue of a topic on one broker, as Java's
// org.apache.rocketmq.common.message.MessageQueue does.
type MessageQueue struct {
	Topic      string
	BrokerName string
	QueueID    int32
}

// String is Java's MessageQueue.toString, the text that CONSISTENT_HASH
// hashes: "MessageQueue [topic=T, brokerName=B, queueId=N]".
func (q MessageQueue) String() string {
	return string(q.AppendString(make([]byte, 0, 48+len(q.Topic)+len(q.BrokerName))))
}

// The fixed parts of a queue's display string.
const (
	queueStringTopic  = "MessageQueue [topic="
	queueStringBroker = ", brokerName="
	queueStringID     = ", queueId="
	// queueStringFixed is the length of the display string before the
	// queue ID, less the topic and broker name.
	queueStringFixed = len(queueStringTopic) + len(queueStringBroker) + len(queueStringID)
)

// AppendString appends q.String() to b, for hashing many queues through one
// reused buffer.
func (q MessageQueue) AppendString(b []byte) []byte {
	b = append(b, queueStringTopic...)
	b = append(b, q.Topic...)
	b = append(b, queueStringBroker...)
	b = append(b, q.BrokerName...)
	b = append(b, queueStringID...)
	b = strconv.AppendInt(b, int64(q.QueueID), 10)
	return append(b, ']')
}

// CompareQueues is Java's MessageQueue.compareTo: topic, then broker name
// (both in Java string order), then queue ID. It returns -1, 0 or +1.
func CompareQueues(a, b MessageQueue) int {
	if c := javalang.CompareStrings(a.Topic, b.Topic); c != 0 {
		return c
	}
	if c := javalang.CompareStrings(a.BrokerName, b.BrokerName); c != 0 {
		return c
	}
	// Java subtracts the ids in 32 bits, which wraps for ids more than 2^31
	// apart: so does compareJavaIntDiff.
	return compareJavaIntDiff(a.QueueID, b.QueueID)
}

// compareJavaIntDiff is the sign of Java's `this.queueId - o.queueId`, which
// wraps at 32 bits: ids more than 2^31 apart compare the "wrong" way in Java,
// and so they do here.
func compareJavaIntDiff(a, b int32) int {
	d := a - b // wraps like Java
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

// CompareStrings orders strings as Java's String.compareTo does: by UTF-16
// code units. Unlike Go's < it sorts an emoji (a surrogate pair) before
// U+E000..U+FFFF. It returns -1, 0 or +1.
func CompareStrings(a, b string) int { return javalang.CompareStrings(a, b) }

// SortQueues sorts qs in place exactly as the rebalance's
// Collections.sort(mqAll) does: the JDK's ComparableTimSort over
// CompareQueues. Because CompareQueues wraps, queue IDs more than 2^31
// apart do not compare consistently, and then the order is whatever the
// JDK's sort makes of them — or the JDK's own failure, which SortQueues
// returns as an IllegalArgumentException-class error ("Comparison method
// violates its general contract!", Java class JDKIllegalArgumentException),
// leaving qs as it was. The real consumer
// then allocates nothing in that rebalance. IDs that are all within 2^31 of
// each other (any real topic's) always sort, stably.
func SortQueues(qs []MessageQueue) error {
	perm, err := SortQueuePerm(qs)
	if err != nil {
		return err
	}
	sorted := make([]MessageQueue, len(qs))
	for k, i := range perm {
		sorted[k] = qs[i]
	}
	copy(qs, sorted)
	return nil
}

// SortQueuePerm is SortQueues as a permutation, leaving qs alone: position
// k of the sorted order holds qs[perm[k]].
func SortQueuePerm(qs []MessageQueue) (perm []int32, err error) {
	perm, err = timsort.Perm(len(qs), func(i, j int32) int { return CompareQueues(qs[i], qs[j]) })
	if err != nil {
		return nil, sortContract("mqAll")
	}
	return perm, nil
}

// sortContract is the JDK sort's IllegalArgumentException.
func sortContract(field string) *Error {
	return &Error{Kind: ErrInvalidArgument, JavaClass: JDKIllegalArgumentException, Field: field, Msg: timsort.ErrContract.Error()}
}

// SortClientIDs sorts client IDs in place as the rebalance does: Java string
// order, so "192.168.1.10" < "192.168.1.11" < "192.168.1.9".
func SortClientIDs(cids []string) { sortx.Func(cids, javalang.CompareStrings) }

// SortedQueues returns a sorted copy of qs (see SortQueues); nil stays
// nil. On the JDK sort's failure it returns nil and the error.
func SortedQueues(qs []MessageQueue) ([]MessageQueue, error) {
	if qs == nil {
		return nil, nil
	}
	c := slices.Clone(qs)
	if err := SortQueues(c); err != nil {
		return nil, err
	}
	return c, nil
}

// SortedClientIDs returns a sorted copy of cids; nil stays nil.
func SortedClientIDs(cids []string) []string {
	if cids == nil {
		return nil
	}
	c := slices.Clone(cids)
	SortClientIDs(c)
	return c
}
