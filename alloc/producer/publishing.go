package producer

import (
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// BalancerClient is the RocketMQ 5 gRPC client whose publishing load
// balancer (round robin over brokers, skipping isolated endpoints) a
// PublishingBalancer reproduces.
type BalancerClient int

const (
	// BalancerGo514 is rocketmq-clients golang/v5 up to v5.1.4: every pass
	// of TakeMessageQueues looks at position next+1 only, so it yields at
	// most one queue, and when that queue's broker is isolated it falls
	// back to that same queue. Retries all go to that one queue.
	BalancerGo514 BalancerClient = iota
	// BalancerGoFixed is golang/v5 with apache/rocketmq-clients #1324
	// (merged after v5.1.4): positions next+i, i = 0..n-1, in both passes.
	BalancerGoFixed
	// BalancerJava is the Java client's PublishingLoadBalancer: positions
	// start at the index before its increment, and the fallback pass
	// continues where the first stopped.
	BalancerJava
)

// Endpoints is one broker's address list ("host:port", in route order).
type Endpoints []string

// PublishingBalancer is a gRPC producer's queue choice for one topic: its
// publish queues in route order, each broker's endpoints and the shared
// round-robin index (an int32 that wraps).
//
// Take is TakeMessageQueues(isolated, maxAttempts): up to count queues of
// distinct brokers, from the index on, skipping brokers whose endpoints are
// isolated; when every broker is isolated, the same walk without skipping.
// Attempt k of a send (1-based) goes to candidates[(k-1) mod len].
//
// The Go clients skip a broker when any of its addresses is among the
// isolated endpoints' addresses; Java when its whole Endpoints equals an
// isolated one (same addresses, same order). The Go clients keep every
// queue of the route; Java first keeps only writable queues of master
// brokers (give it those).
type PublishingBalancer struct {
	client    BalancerClient
	queues    []alloc.MessageQueue
	endpoints map[string]Endpoints
	index     int32
}

// NewPublishingBalancer builds the balancer with its index at startIndex
// (Go starts at 0, Java at a random value in [0, 2^31-1)). Empty queues
// fail as the clients do (Go: an error; Java: IllegalArgumentException).
func NewPublishingBalancer(c BalancerClient, queues []alloc.MessageQueue, endpoints map[string]Endpoints, startIndex int32) (*PublishingBalancer, error) {
	if c < BalancerGo514 || c > BalancerJava {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "client", Msg: "unknown client"}
	}
	if len(queues) == 0 {
		class := GoErrorClass
		if c == BalancerJava {
			class = alloc.IllegalArgumentException
		}
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: class, Field: "mqs", Msg: "messageQueues is empty"}
	}
	return &PublishingBalancer{client: c, queues: slices.Clone(queues), endpoints: endpoints, index: startIndex}, nil
}

// Index is the round-robin index (before the next Take's increment).
func (b *PublishingBalancer) Index() int32 { return b.index }

// Take returns the candidate queues of one send of up to count attempts.
func (b *PublishingBalancer) Take(isolated []Endpoints, count int) []alloc.MessageQueue {
	var next int32
	if b.client == BalancerJava {
		next = b.index // getAndIncrement
		b.index++
	} else {
		b.index++ // Inc
		next = b.index
	}
	n := len(b.queues)
	pos := func(pass, i int) int {
		var v int32
		switch b.client {
		case BalancerGo514:
			v = next + 1
		case BalancerGoFixed:
			v = next + int32(i)
		default:
			v = next + int32(pass*n+i)
		}
		return int(floorMod32(v, n))
	}
	var out []alloc.MessageQueue
	taken := map[string]bool{}
	for pass := 0; pass < 2 && (pass == 0 || len(out) == 0); pass++ {
		for i := 0; i < n; i++ {
			q := b.queues[pos(pass, i)]
			if !taken[q.BrokerName] && (pass == 1 || !b.isolated(q.BrokerName, isolated)) {
				taken[q.BrokerName] = true
				out = append(out, q)
			} else if b.client != BalancerJava {
				continue // Go checks the count only after taking a queue
			}
			if len(out) >= count {
				return out // Java checks it after every position (count <= 0: at once)
			}
		}
	}
	return out
}

func (b *PublishingBalancer) isolated(broker string, isolated []Endpoints) bool {
	mine := b.endpoints[broker]
	for _, e := range isolated {
		if b.client == BalancerJava {
			if slices.Equal(mine, e) {
				return true
			}
			continue
		}
		for _, a := range e {
			if slices.Contains(mine, a) {
				return true
			}
		}
	}
	return false
}

// floorMod32 is v mod n in [0, n) (n > 0, at most MaxInt32 here).
func floorMod32(v int32, n int) int32 {
	m := v % int32(n)
	if m < 0 {
		m += int32(n)
	}
	return m
}
