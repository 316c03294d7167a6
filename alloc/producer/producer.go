package producer

import (
	"math"
	"slices"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// Options configure a Producer. Every field's zero value behaves like the
// real client (Client's is alloc.Java493).
type Options struct {
	// Client is the classic Java client to reproduce (zero: alloc.Java493).
	Client alloc.JavaClient
	// LatencyFaultTolerance is the client's sendLatencyFaultEnable. Off
	// (the client default): round robin that avoids the last broker, and
	// Update does nothing. On: brokers reported slow or isolated by Update
	// are avoided for a while.
	LatencyFaultTolerance bool
	// Clock returns the current time in milliseconds. nil: the real clock
	// (time.Now). Under GOOS=js the package has no clock (it links neither
	// time nor syscall/js), so LatencyFaultTolerance needs a Clock there.
	Clock func() int64
	// StartIndex is the send index's value before its first increment.
	// nil: random, like the client (4.9.3: abs(nextInt()); 5.3.3:
	// nextInt()).
	StartIndex *int32
	// ResetValue returns the value a 5.3.3 index reset (Attempt.ResetIndex
	// with latency fault tolerance on) sets the send index to; the next
	// select then uses that value + 1. nil: random in [0, 2^31-2], like
	// the client.
	ResetValue func() int32
	// WorstStartIndex is the start of 4.9.3's second index, the one "pick
	// one at least" uses when every broker is unavailable. nil: random,
	// like the client.
	WorstStartIndex *int32
	// QueueDatas is the topic route's queueDatas, which 4.9.3 reads for
	// the writeQueueNums of the broker it picks "at least" (first entry of
	// that name, else -1). nil: one entry per distinct broker of the
	// queue list, in first-seen order, with its queue count there. A
	// non-nil empty slice means no entries.
	QueueDatas []route.QueueData
}

// Attempt is one call of the client's selectOneMessageQueue. The zero
// value is a first attempt (Java's lastBrokerName == null).
type Attempt struct {
	// LastBroker is the broker of the failed previous attempt, used when
	// HasLastBroker is true (Java: lastBrokerName != null).
	LastBroker    string
	HasLastBroker bool
	// ResetIndex asks 5.3.3 to reset the send index before selecting; it
	// takes effect only with latency fault tolerance on (as in the client)
	// and never in 4.9.3, which has no reset.
	ResetIndex bool
}

// After is the Attempt of a retry after a failed send to broker.
func After(broker string) Attempt { return Attempt{LastBroker: broker, HasLastBroker: true} }

// Producer simulates one classic Java producer sending to one topic: the
// topic's queue list, the send index (ThreadLocalIndex, one thread), and
// with latency fault tolerance the fault items of the MQFaultStrategy.
//
// In the real client the fault items belong to the whole producer (every
// topic it sends to) and the index to the thread and topic; a Producer
// models one producer, one thread, one topic. Fault items for brokers that
// are not in the queue list are kept and count, as in the client (4.9.3's
// "pick one at least" considers them all).
//
// All state lives in the object. A Producer is not safe for concurrent use:
// call it from one goroutine at a time.
type Producer struct {
	version    alloc.JavaClient
	lft        bool
	queues     []alloc.MessageQueue
	index      sendIndex
	worst      sendIndex
	faults     faultTable
	queueDatas []route.QueueData
	clock      func() int64
	resetValue func() int32
}

// New returns a Producer over a copy of mqs (the topic's publish queue
// list, in the client's order; see route.Route.PublishQueues). An empty
// list is accepted: every Select then fails with ArithmeticException
// "/ by zero", as the client's does.
func New(mqs []alloc.MessageQueue, opts Options) (*Producer, error) {
	return newProducer(mqs, opts, hasClock)
}

// newProducer is New where the package has a clock of its own or not
// (hasClock: natively it has, under GOOS=js not; clock_host.go).
func newProducer(mqs []alloc.MessageQueue, opts Options, hostHasClock bool) (*Producer, error) {
	if opts.Client != alloc.Java493 && opts.Client != alloc.Java533 {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "version", Msg: "client must be alloc.Java493 (the zero value) or alloc.Java533"}
	}
	if opts.Clock == nil && opts.LatencyFaultTolerance && !hostHasClock {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "clock", Msg: "Options.Clock is required with LatencyFaultTolerance under GOOS=js (this package has no clock there)"}
	}
	if len(mqs) > math.MaxInt32 {
		return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "mqs", Msg: "more queues than a Java list can hold"}
	}
	p := &Producer{
		version:    opts.Client,
		lft:        opts.LatencyFaultTolerance,
		queues:     slices.Clone(mqs),
		clock:      opts.Clock,
		resetValue: opts.ResetValue,
		queueDatas: slices.Clone(opts.QueueDatas),
	}
	if p.queues == nil {
		p.queues = []alloc.MessageQueue{}
	}
	var rng *javaRandom
	random := func() int32 {
		if rng == nil {
			rng = newJavaRandom(randomSeed())
		}
		if p.version == alloc.Java493 {
			return abs32(rng.nextInt())
		}
		return rng.nextInt()
	}
	p.index = sendIndex{version: p.version}
	p.worst = sendIndex{version: p.version}
	if opts.StartIndex != nil {
		p.index.s = *opts.StartIndex
	} else {
		p.index.s = random()
	}
	if opts.WorstStartIndex != nil {
		p.worst.s = *opts.WorstStartIndex
	} else {
		p.worst.s = random()
	}
	if p.clock == nil {
		p.clock = nowMillis
	}
	if p.resetValue == nil {
		p.resetValue = func() int32 {
			if rng == nil {
				rng = newJavaRandom(randomSeed())
			}
			return rng.nextIntN(math.MaxInt32) // Math.abs(random.nextInt(Integer.MAX_VALUE))
		}
	}
	if opts.QueueDatas == nil {
		p.queueDatas = defaultQueueDatas(p.queues)
	}
	return p, nil
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// defaultQueueDatas: one entry per distinct broker of mqs, first-seen
// order, with its queue count.
func defaultQueueDatas(mqs []alloc.MessageQueue) []route.QueueData {
	var qds []route.QueueData
	for _, q := range mqs {
		i := slices.IndexFunc(qds, func(qd route.QueueData) bool { return qd.BrokerName == q.BrokerName })
		if i < 0 {
			qds = append(qds, route.QueueData{BrokerName: q.BrokerName, Perm: route.PermRead | route.PermWrite})
			i = len(qds) - 1
		}
		qds[i].WriteQueueNums++
		qds[i].ReadQueueNums++
	}
	return qds
}

// Client is the Java client the Producer reproduces.
func (p *Producer) Client() alloc.JavaClient { return p.version }

// Queues returns a copy of the current queue list. It differs from the
// list given to New only after 4.9.3 rewrote an element in place (see
// Select).
func (p *Producer) Queues() []alloc.MessageQueue { return slices.Clone(p.queues) }

// Index returns the send index's current value (before its next
// increment).
func (p *Producer) Index() int32 { return p.index.s }

// Faults returns a copy of the fault items, in the order they were first
// reported.
func (p *Producer) Faults() []Fault { return slices.Clone(p.faults.items) }

// Outcome is how one send to a broker went, as Update takes it (the
// client's updateFaultItem arguments). The zero value is a send that took
// no time and reached the broker.
type Outcome struct {
	// Latency is the send's latency in ms.
	Latency int64
	// Isolation: the send failed and the broker should be isolated.
	Isolation bool
	// Unreachable: the broker could not be reached (5.3.3's
	// reachable = false; 4.9.3 ignores it).
	Unreachable bool
}

// Update reports the outcome of a send to broker. It is the client's
// updateFaultItem and does nothing unless latency fault tolerance is on.
//
// Durations a broker stays unavailable (the first threshold from the top
// that the latency reaches; isolation counts as latency 30000 in 4.9.3 and
// 10000 in 5.3.3; below 550 ms nothing):
//
//	4.9.3: >=15000: 600 s, >=3000: 180 s, >=2000: 120 s, >=1000: 60 s, >=550: 30 s
//	5.3.3: >=15000: 30 s, >=5000: 10 s, >=3000: 6 s, >=1800: 5 s, >=550: 2 s
//
// 4.9.3 always sets the window to now + duration (a fast send right after a
// slow one makes the broker available again at once); 5.3.3 only ever
// moves it forward. Negative latencies are accepted, as in Java, and
// block nothing.
func (p *Producer) Update(broker string, o Outcome) {
	if !p.lft {
		return
	}
	p.faults.update(p.version, p.clock(), broker, o.Latency, o.Isolation, !o.Unreachable)
}

// Select picks the queue for one send attempt, as the client's
// MQFaultStrategy.selectOneMessageQueue does, and advances the state.
//
// Latency fault tolerance off (both versions): without a last broker, one
// plain pick (position = index % n after incrementing the index); with
// one, up to n plain picks for a queue on another broker, then one more
// plain pick.
//
// On, 4.9.3: the index is incremented once and the n queues from there are
// tried in order for one whose broker is available (the last broker is
// ignored). If none is, a broker is picked "at least" among all fault
// items (available first, then lowest latency, then earliest window), and
// if the route gives it write queues, a plain pick's list element is
// rewritten in place to that broker with queueId = index % writeQueueNums —
// the change stays in the list (Queues shows it). Else a plain pick.
//
// On, 5.3.3: after an optional reset, up to n plain picks for an
// available broker other than the last broker, then up to n for a
// reachable one other than the last broker, then one plain pick. Nothing
// is modified.
//
// Near the 2^31 wrap of the send index the n consecutive tries can visit
// some positions twice and miss others (4.9.3's abs() counts down past
// Integer.MIN_VALUE, 5.3.3's mask jumps back to 0), so an available queue
// can be missed there — exactly as in the client.
//
// An empty queue list fails with ArithmeticException "/ by zero".
func (p *Producer) Select(a Attempt) (alloc.MessageQueue, error) {
	switch {
	case !p.lft:
		return p.roundRobin(a)
	case p.version == alloc.Java493:
		return p.latency493()
	default:
		return p.latency533(a)
	}
}

// plain is TopicPublishInfo.selectOneMessageQueue(): one increment, one
// pick.
func (p *Producer) plain() (int, error) {
	i := p.index.next()
	if len(p.queues) == 0 {
		return 0, countError("mqs", 0)
	}
	return position(i, len(p.queues)), nil
}

func (p *Producer) plainQueue() (alloc.MessageQueue, error) {
	pos, err := p.plain()
	if err != nil {
		return alloc.MessageQueue{}, err
	}
	return p.queues[pos], nil
}

func (p *Producer) roundRobin(a Attempt) (alloc.MessageQueue, error) {
	if a.HasLastBroker {
		for range p.queues {
			q, _ := p.plainQueue() // cannot fail: the list is not empty
			if q.BrokerName != a.LastBroker {
				return q, nil
			}
		}
	}
	return p.plainQueue()
}

func (p *Producer) latency493() (alloc.MessageQueue, error) {
	now := p.clock()
	n := len(p.queues)
	index := p.index.next()
	for range n {
		pos := position(index, n)
		index++
		if q := p.queues[pos]; p.faults.available(q.BrokerName, now) {
			return q, nil
		}
	}
	if broker, ok := p.faults.pickOneAtLeast(now, &p.worst); ok {
		if w := p.writeQueueNums(broker); w > 0 {
			if pos, err := p.plain(); err == nil {
				q := &p.queues[pos]
				q.BrokerName = broker
				q.QueueID = p.index.next() % w
				return *q, nil
			} // else: the client catches the exception and falls back
		} else {
			p.faults.remove(broker)
		}
	}
	return p.plainQueue()
}

// writeQueueNums is TopicPublishInfo.getQueueIdByBroker: the first
// queueData of that name, else -1.
func (p *Producer) writeQueueNums(broker string) int32 {
	for _, qd := range p.queueDatas {
		if qd.BrokerName == broker {
			return qd.WriteQueueNums
		}
	}
	return -1
}

func (p *Producer) latency533(a Attempt) (alloc.MessageQueue, error) {
	if a.ResetIndex {
		p.index.s = p.resetValue()
	}
	now := p.clock()
	n := len(p.queues)
	notLast := func(q alloc.MessageQueue) bool { return !a.HasLastBroker || q.BrokerName != a.LastBroker }
	for range n {
		q := p.queues[position(p.index.next(), n)]
		if p.faults.available(q.BrokerName, now) && notLast(q) {
			return q, nil
		}
	}
	for range n {
		q := p.queues[position(p.index.next(), n)]
		if p.faults.reachable(q.BrokerName) && notLast(q) {
			return q, nil
		}
	}
	return p.plainQueue()
}
