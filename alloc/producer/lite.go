package producer

import (
	"math"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// ConsistentHash is Guava's Hashing.consistentHash(long input, int
// buckets): the jump consistent hash of Lamping and Veach driven by Guava's
// 64-bit linear congruential generator (state = 2862933555777941757 *
// state + 1, each draw ((int)(state >>> 33) + 1) / 2^31). Growing buckets
// from n to n+1 moves an input only to the new bucket n, and only with
// probability 1/(n+1). buckets must be positive (Guava's
// IllegalArgumentException otherwise).
//
// Worked example: ConsistentHash(0, b) is 0 for every b, since the first
// draw from state 0 is 1/2^31 and (0+1)/(1/2^31) = 2^31 is past any bucket.
func ConsistentHash(input int64, buckets int) (int, error) {
	if buckets <= 0 {
		return 0, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "buckets", Msg: "buckets must be positive: " + strconv.Itoa(buckets)}
	}
	state := uint64(input)
	candidate := 0
	for {
		state = 2862933555777941757*state + 1
		draw := float64(int32(state>>33)+1) / (1 << 31)
		// Java's (int) cast saturates; anything at or past MaxInt32 ends
		// the jump, as it is no bucket. The draw wraps negative when the
		// 31 bits are all ones (int overflow in Guava), which ends it too.
		next := float64(candidate+1) / draw
		if next < 0 || next >= math.MaxInt32 || int(next) >= buckets {
			return candidate, nil
		}
		candidate = int(next)
	}
}

// LiteTopicQueue is where a RocketMQ 5.5 broker (LiteShardingImpl,
// RIP-83) places lite topic liteTopic of a parent topic: writeQueues[
// Hashing.consistentHash(liteTopic.hashCode(), len(writeQueues))], the
// int hash code widened to long. writeQueues is the parent topic's
// publish queue list as the broker's route manager builds it with the
// client's topicRouteData2TopicPublishInfo (route.Route.PublishQueues:
// brokers in name order, queues 0..writeQueueNums-1 of each writable
// master); the broker that owns the lite topic is the returned queue's.
//
// The broker falls back to itself when the list is empty or liteTopic is
// empty; both are IllegalArgumentException-class errors here.
func LiteTopicQueue(writeQueues []alloc.MessageQueue, liteTopic string) (alloc.MessageQueue, error) {
	if len(writeQueues) == 0 {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "writeQueues", Msg: "the parent topic has no write queues (the broker falls back to itself)"}
	}
	if liteTopic == "" {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "liteTopic", Msg: "the lite topic is empty (the broker falls back to itself)"}
	}
	if int64(len(writeQueues)) > math.MaxInt32 {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "writeQueues", Msg: "more queues than a Java list can hold"}
	}
	i, err := ConsistentHash(int64(javalang.HashCode(liteTopic)), len(writeQueues))
	if err != nil {
		return alloc.MessageQueue{}, err
	}
	return writeQueues[i], nil
}
