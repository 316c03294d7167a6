package producer

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/alloc/internal/fnv1a"
)

// The QueueSelectors of rocketmq-client-go v2.1.2 (WithQueueSelector; the
// default is round robin). Where the client panics (an empty queue list)
// these return an *alloc.Error of class goclient.PanicClass.
//
// How the producer calls them: every send asks the selector once per
// attempt with the topic's publish list (GoProducerPublishQueues). SendSync
// retries (RetryTimes, default 3 in internal.DefaultClientOptions: four
// attempts) always pass lastBrokerName "" (the retry
// loop's `mq :=` shadows the variable it reads the last broker from), so a
// retry never avoids the failed broker; SendOneWay passes the broker of the
// previous attempt; SendAsync does not retry.

func goEmptyPanic(what string) error {
	return &alloc.Error{Kind: goclient.ErrPanic, JavaClass: goclient.PanicClass, Field: "mqs", Msg: "empty: the Go client's " + what + " panics"}
}

// GoRoundRobin is the round-robin selector: one uint32 counter per topic,
// starting at 0 and incremented before every use, so the first send goes
// to position 1 % n. With a lastBrokerName it advances up to n times
// looking for a queue of another broker, then takes one more step.
type GoRoundRobin struct{ index map[string]uint32 }

// NewGoRoundRobin is a selector with no counters yet (all 0).
func NewGoRoundRobin() *GoRoundRobin { return &GoRoundRobin{index: map[string]uint32{}} }

// SetIndex sets topic's counter (the value before the next increment).
func (r *GoRoundRobin) SetIndex(topic string, v uint32) { r.index[topic] = v }

// Index is topic's counter.
func (r *GoRoundRobin) Index(topic string) uint32 { return r.index[topic] }

// Select picks the queue of a message to topic among mqs.
func (r *GoRoundRobin) Select(topic string, mqs []alloc.MessageQueue, lastBrokerName string) (alloc.MessageQueue, error) {
	if lastBrokerName != "" {
		for i := 0; i < len(mqs); i++ {
			r.index[topic]++
			if q := mqs[r.index[topic]%uint32(len(mqs))]; q.BrokerName != lastBrokerName {
				return q, nil
			}
		}
	}
	if len(mqs) == 0 {
		return alloc.MessageQueue{}, goEmptyPanic("round robin (integer divide by zero)")
	}
	r.index[topic]++
	return mqs[r.index[topic]%uint32(len(mqs))], nil
}

// IntnSource is a random source with math/rand's Intn: a *rand.Rand of
// package math/rand (the client's is rand.New(rand.NewSource(seed)), seeded
// with the time). This package takes it from the caller so that it does
// not link math/rand itself (about 200 KB of WebAssembly).
type IntnSource interface{ Intn(n int) int }

// GoRandom is the random selector: one Intn(len(mqs)) of its source per
// send.
type GoRandom struct{ rng IntnSource }

// NewGoRandom is a random selector drawing from rng, e.g.
// NewGoRandom(rand.New(rand.NewSource(seed))).
func NewGoRandom(rng IntnSource) *GoRandom { return &GoRandom{rng: rng} }

// Select picks a queue.
func (g *GoRandom) Select(mqs []alloc.MessageQueue) (alloc.MessageQueue, error) {
	if len(mqs) == 0 {
		return alloc.MessageQueue{}, goEmptyPanic("random selector (Intn(0))")
	}
	if g == nil || g.rng == nil {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrUnsupported, Field: "seed", Msg: "no random source (the core WebAssembly module has none: load({ analysis: true }))"}
	}
	return mqs[g.rng.Intn(len(mqs))], nil
}

// GoHashIndex is the hash selector's position for a non-empty sharding
// key: FNV-1a (32 bits) of the key's UTF-8 bytes, modulo n (a 64-bit int,
// so never negative).
func GoHashIndex(shardingKey string, n int) (int, error) {
	if n <= 0 {
		return 0, goEmptyPanic("hash selector (integer divide by zero)")
	}
	return int(int64(fnv1a.Sum32(shardingKey)) % int64(n)), nil
}

// GoHash is the hash selector: the sharding key's GoHashIndex, or, for a
// message without sharding key, its own random selector.
type GoHash struct{ random *GoRandom }

// NewGoHash is a hash selector whose random fallback draws from rng (nil:
// a message without sharding key fails with alloc.ErrUnsupported).
func NewGoHash(rng IntnSource) *GoHash { return &GoHash{random: NewGoRandom(rng)} }

// Select picks the queue of a message with shardingKey ("" = none).
func (g *GoHash) Select(mqs []alloc.MessageQueue, shardingKey string) (alloc.MessageQueue, error) {
	if shardingKey == "" {
		return g.random.Select(mqs)
	}
	i, err := GoHashIndex(shardingKey, len(mqs))
	if err != nil {
		return alloc.MessageQueue{}, err
	}
	return mqs[i], nil
}
