package priority

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Broker holds the broker settings (BrokerConfig) that shape a pop request.
type Broker struct {
	// PriorityOrderAsc: queue 0 is the lowest priority, so queues are
	// visited from the last down (BrokerConfig default true).
	PriorityOrderAsc bool
	// PopFromRetryProbability: percent of requests that read the retry
	// topic first, outside priority mode (BrokerConfig default 20).
	PopFromRetryProbability int
	// PopFromRetryProbabilityForPriority: the same in priority mode
	// (BrokerConfig default 0: retries after the topic's queues).
	PopFromRetryProbabilityForPriority int
}

// DefaultBroker is BrokerConfig's defaults in the 5.4.0 sources.
func DefaultBroker() Broker {
	return Broker{PriorityOrderAsc: true, PopFromRetryProbability: 20, PopFromRetryProbabilityForPriority: 0}
}

// Request is what the broker knows about one pop request.
type Request struct {
	PriorityTopic  bool // the topic's TopicMessageType is PRIORITY
	Order          bool // a FIFO (orderly) pop: never priority mode, never retry
	PriorityFactor int  // the group's priority.factor, 0..100 (default 100)
}

// DefaultPriorityFactor is priority.factor when the group does not set it.
const DefaultPriorityFactor = 100

// Decision is what the broker decided for one request.
type Decision struct {
	PriorityMode bool // scan from the highest-priority queue (offset 0)
	RetryFirst   bool // read the group's retry topic before the topic
	// RetryAfter: read the retry topic after the topic's queues when the
	// batch is not full (file path) or always (KV path, all-queue pops).
	RetryAfter bool
	Offset     int64 // rotation offset of the queue scan (0 in priority mode)
}

func checkFactor(r Request) error {
	if r.PriorityFactor < 0 || r.PriorityFactor > 100 {
		return invalid("priorityFactor", "priority.factor must be in [0, 100], got "+strconv.Itoa(r.PriorityFactor))
	}
	return nil
}

// Decide is PopMessageProcessor's decision (the default, file-based ack
// path). randomQ is the broker's random.nextInt(100) for this request, the
// one random draw of the decision: priority mode when randomQ <
// priorityFactor on a PRIORITY topic and not FIFO; retry first when randomQ
// is below the probability of the mode (no clamping on this path); the scan
// offset is randomQ, or 0 in priority mode.
//
// Example: defaults, factor 100, randomQ 37: priority mode, retry after,
// offset 0; factor 30, randomQ 37: normal mode, offset 37, and since 37 is
// not below 20 the retry topic comes after.
func Decide(b Broker, r Request, randomQ int) (Decision, error) {
	if err := checkFactor(r); err != nil {
		return Decision{}, err
	}
	if randomQ < 0 || randomQ >= 100 {
		return Decision{}, invalid("randomQ", "randomQ is random.nextInt(100), must be in [0, 100), got "+strconv.Itoa(randomQ))
	}
	d := Decision{PriorityMode: r.PriorityTopic && !r.Order && randomQ < r.PriorityFactor}
	probability := b.PopFromRetryProbability
	if d.PriorityMode {
		probability = b.PopFromRetryProbabilityForPriority
	}
	needRetry := randomQ < probability
	d.RetryFirst = needRetry && !r.Order
	d.RetryAfter = !needRetry && !r.Order
	if !d.PriorityMode {
		d.Offset = int64(randomQ)
	}
	return d, nil
}

// DecideKV is PopConsumerService's decision (popConsumerKVServiceEnable).
// requestCount is the group@topic counter's value before this request (0
// for the first): priority mode when requestCount%100 < priorityFactor, so
// of every 100 consecutive requests the first priorityFactor use it. The
// mode's probability is clamped to [0, 100] and the retry topic is read
// first when it is positive and requestCount is a multiple of 100/p (51..100
// mean every request). The scan offset is requestCount, 0 in priority mode.
func DecideKV(b Broker, r Request, requestCount int64) (Decision, error) {
	if err := checkFactor(r); err != nil {
		return Decision{}, err
	}
	if requestCount < 0 {
		return Decision{}, invalid("requestCount", "requestCount counts requests from 0, got "+strconv.FormatInt(requestCount, 10))
	}
	d := Decision{PriorityMode: r.PriorityTopic && !r.Order && requestCount%100 < int64(r.PriorityFactor)}
	probability := b.PopFromRetryProbability
	if d.PriorityMode {
		probability = b.PopFromRetryProbabilityForPriority
	}
	probability = max(0, min(100, probability))
	preferRetry := probability > 0 && requestCount%int64(100/probability) == 0
	d.RetryFirst = preferRetry && !r.Order
	d.RetryAfter = !preferRetry && !r.Order
	if !d.PriorityMode {
		d.Offset = requestCount
	}
	return d, nil
}

func invalid(field, msg string) error {
	return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: field, Msg: msg}
}
