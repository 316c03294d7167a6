package broker

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// allocate4Pop is the broker's POP allocation (allocate4Pop in 5.3.3) over
// sorted mqAll and cidAll:
//
//   - popShareQueueNum <= 0 or >= len(cidAll)-1: (topic, broker, -1) for
//     every queue, i.e. once per broker: everybody pops from everything.
//     Example: share 2 with 3 clients (2 >= 3-1) gives every client
//     [a/-1 b/-1].
//   - len(cidAll) <= len(mqAll): the client's own allocation plus those of
//     the next popShareQueueNum clients of cidAll, wrapping round.
//     Example: AVG, 6 queues, clients [c0 c1 c2 c3], share 1: c3 gets its
//     own [q5] plus c0's [q0 q1] = [q0 q1 q5].
//   - more clients than queues: the broker's own allocate (popAllocate).
//
// The Java method returns a list; the caller makes it a set.
func allocate4Pop(s alloc.Strategy, group, clientID string, mqAll []alloc.MessageQueue, cidAll []string, popShareQueueNum int32) ([]alloc.MessageQueue, string, error) {
	n := int64(len(cidAll))
	share := int64(popShareQueueNum)
	if share <= 0 || share >= n-1 {
		out := make([]alloc.MessageQueue, len(mqAll))
		for i, q := range mqAll {
			out[i] = alloc.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: AllQueues}
		}
		return out, reasonPopAll, nil
	}
	if len(cidAll) > len(mqAll) {
		qs, err := popAllocate(clientID, mqAll, cidAll)
		return qs, reasonPopOneQueue, err
	}
	out, err := s.Allocate(group, clientID, mqAll, cidAll)
	if err != nil {
		return nil, "", err
	}
	index := indexOf(cidAll, clientID)
	if index < 0 {
		return out, reasonPopShare, nil
	}
	// share < n-1 here, so the window never wraps onto the client itself.
	for i := int64(1); i <= share; i++ {
		index = (index + 1) % len(cidAll)
		more, err := s.Allocate(group, cidAll[index], mqAll, cidAll)
		if err != nil {
			return nil, "", err
		}
		out = append(out, more...)
	}
	return out, reasonPopShare, nil
}

// popAllocate is QueryAssignmentProcessor's private allocate, used when a
// POP group has more clients than queues: every client gets exactly one
// queue, that of its position modulo the queue count, so queues are shared
// and no client is idle. Its checks differ from the strategies': a blank ID
// (only Java whitespace) is rejected too.
//
// Example: queues [q0 q1], clients [c0 c1 c2]: c0 [q0], c1 [q1], c2 [q0].
func popAllocate(clientID string, mqAll []alloc.MessageQueue, cidAll []string) ([]alloc.MessageQueue, error) {
	switch {
	case javalang.IsBlank(clientID):
		return nil, illegalArgument("clientId", "currentCID is empty")
	case len(mqAll) == 0:
		return nil, illegalArgument("mqAll", "mqAll is null or mqAll empty")
	case len(cidAll) == 0:
		return nil, illegalArgument("cidAll", "cidAll is null or cidAll empty")
	}
	index := indexOf(cidAll, clientID)
	if index < 0 {
		return []alloc.MessageQueue{}, nil
	}
	return []alloc.MessageQueue{mqAll[index%len(mqAll)]}, nil
}

// indexOf is Java's List.indexOf: the first position of id, or -1.
func indexOf(cidAll []string, id string) int {
	for i, c := range cidAll {
		if c == id {
			return i
		}
	}
	return -1
}

func illegalArgument(field, msg string) *alloc.Error {
	return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: field, Msg: msg}
}
