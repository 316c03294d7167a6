package clientgo

import (
	"math"
	"slices"

	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/candidate"
)

// Averagely is Java's AllocateMessageQueueAveragely (AVG).
func Averagely() consumer.AllocateStrategy { return Java(alloc.Averagely()) }

// ByCircle is Java's AllocateMessageQueueAveragelyByCircle (AVG_BY_CIRCLE).
func ByCircle() consumer.AllocateStrategy { return Java(alloc.ByCircle()) }

// ByConfig is Java's AllocateMessageQueueByConfig (CONFIG): the listed
// queues, whoever the members are.
func ByConfig(list []*primitive.MessageQueue) consumer.AllocateStrategy {
	qs := make([]alloc.MessageQueue, 0, len(list))
	for _, q := range list {
		if aq, ok := fromPrimitive(q); ok {
			qs = append(qs, aq)
		}
	}
	return Java(alloc.ByConfig(qs))
}

// ByMachineRoom is Java's AllocateMessageQueueByMachineRoom (MACHINE_ROOM)
// over the consumer's rooms, as Java client v runs it (alloc.Java493 or
// alloc.Java533: they check a blank client ID differently).
func ByMachineRoom(rooms []string, v alloc.JavaClient) consumer.AllocateStrategy {
	s, _ := v.NewStrategy(alloc.StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: rooms}) // never fails
	return Java(s)
}

// MachineRoomNearby is Java's AllocateMachineRoomNearby (MACHINE_ROOM_NEARBY)
// over inner (an alloc strategy, e.g. alloc.Averagely()) and a resolver of
// rooms (e.g. alloc.SplitResolver).
func MachineRoomNearby(inner alloc.Strategy, resolver alloc.MachineRoomResolver) consumer.AllocateStrategy {
	return Java(alloc.MachineRoomNearby(inner, resolver))
}

// ConsistentHash is Java's AllocateMessageQueueConsistentHash with
// virtualNodeCnt virtual nodes per member (Java's default is 10): Java's
// MD5 ring, not the Go client's CRC-32 one.
func ConsistentHash(virtualNodeCnt int) consumer.AllocateStrategy {
	return Java(alloc.ConsistentHash(virtualNodeCnt))
}

// Rendezvous is candidate.Rendezvous, for groups whose members all run it.
func Rendezvous() consumer.AllocateStrategy { return Java(candidate.Rendezvous()) }

// BoundedLoad is candidate.BoundedLoad(virtualNodes, balanceFactor), e.g.
// (10, 125), for groups whose members all run it.
func BoundedLoad(virtualNodes, balanceFactor int) consumer.AllocateStrategy {
	return Java(candidate.BoundedLoad(virtualNodes, balanceFactor))
}

// Sticky is candidate.Sticky, for groups whose members all run it.
func Sticky() consumer.AllocateStrategy { return Java(candidate.Sticky()) }

// Java turns any alloc.Strategy into a consumer.AllocateStrategy that runs
// it as a Java consumer's rebalance does: copies of mqAll and cidAll sorted
// in Java's order (the Go client sorts client IDs by bytes, Java by UTF-16
// code unit), then s.Allocate. The queues returned are mqAll's own
// pointers, in the order Java returns them.
//
// Where Java's rebalance fails (the strategy throws, or the JDK's sort
// rejects the queues) Java logs and keeps the queues it had for the topic;
// a Go strategy cannot keep them, so it returns nil, which the Go client
// treats as no queues.
func Java(s alloc.Strategy) consumer.AllocateStrategy {
	return func(group, currentCID string, mqAll []*primitive.MessageQueue, cidAll []string) []*primitive.MessageQueue {
		qs, byValue := make([]alloc.MessageQueue, 0, len(mqAll)), make(map[alloc.MessageQueue]*primitive.MessageQueue, len(mqAll))
		for _, q := range mqAll {
			aq, ok := fromPrimitive(q)
			if !ok {
				return nil // a queue ID Java's int cannot hold
			}
			qs = append(qs, aq)
			if _, dup := byValue[aq]; !dup {
				byValue[aq] = q
			}
		}
		if err := alloc.SortQueues(qs); err != nil {
			return nil
		}
		cids := slices.Clone(cidAll)
		alloc.SortClientIDs(cids)
		mine, err := s.Allocate(group, currentCID, qs, cids)
		if err != nil || mine == nil {
			return nil
		}
		out := make([]*primitive.MessageQueue, 0, len(mine))
		for _, q := range mine {
			p, ok := byValue[q]
			if !ok { // CONFIG's own list: queues mqAll need not hold
				p = &primitive.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueId: int(q.QueueID)}
			}
			out = append(out, p)
		}
		return out
	}
}

// fromPrimitive converts a queue; false for nil or an ID outside int32.
func fromPrimitive(q *primitive.MessageQueue) (alloc.MessageQueue, bool) {
	if q == nil || q.QueueId < math.MinInt32 || q.QueueId > math.MaxInt32 {
		return alloc.MessageQueue{}, false
	}
	return alloc.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: int32(q.QueueId)}, true
}
