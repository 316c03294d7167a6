package main

import (
	"math"
	"math/rand/v2"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// producerEntry is a live producer and what it takes to rebuild it (reset).
type producerEntry struct {
	p    *producer.Producer
	now  int64 // the clock: set from each request before the call
	make func() (*producer.Producer, error)
}

var producers = map[uint32]*producerEntry{}

func producerOf(r *reader) (*producerEntry, error) {
	id := r.uvarint()
	if r.err != nil {
		return nil, r.err
	}
	return producerByHandle(id)
}

func producerByHandle(id uint64) (*producerEntry, error) {
	e := producers[uint32(id)]
	if e == nil {
		return nil, disposed("the Producer")
	}
	return e, nil
}

// Producer client versions (u8).
const (
	producerVersionJava493 = 1
	producerVersionJava533 = 2
)

// newProducerEntry reads:
//
//	qlist mqs, u8 version (producerVersion*), u8 latencyFaultTolerance,
//	u8 has startIndex [i32], u8 has worstStartIndex [i32],
//	uvarint n+1 resetValues (0 = none) [n × i32],
//	uvarint n+1 queueDatas (0 = default) [n × (str, i32 read, i32 write, i32 perm)],
//	f64 now
//
// wireVersion maps a version byte; an unknown one gives a value that
// producer.New rejects, naming the field.
func wireVersion(b byte) alloc.JavaClient {
	switch b {
	case producerVersionJava493:
		return alloc.Java493
	case producerVersionJava533:
		return alloc.Java533
	}
	return alloc.JavaClient(255)
}

func newProducerEntry(r *reader) (*producerEntry, error) {
	qs, _, _, err := readQueueList(r, "mqs")
	if err != nil {
		return nil, err
	}
	e := &producerEntry{}
	opts := producer.Options{Client: wireVersion(r.u8()), LatencyFaultTolerance: r.bool()}
	if r.bool() {
		v := r.i32()
		opts.StartIndex = &v
	}
	if r.bool() {
		v := r.i32()
		opts.WorstStartIndex = &v
	}
	var resetValues []int32
	if n := r.uvarint(); n > 0 {
		if n-1 > uint64(len(r.b)-r.p) {
			r.fail()
		} else {
			resetValues = make([]int32, n-1)
			for i := range resetValues {
				resetValues[i] = r.i32()
			}
		}
	}
	if n := r.uvarint(); n > 0 {
		if n-1 > uint64(len(r.b)-r.p) {
			r.fail()
		} else {
			qds := make([]route.QueueData, n-1)
			for i := range qds {
				qds[i] = route.QueueData{BrokerName: r.str(), ReadQueueNums: r.i32(), WriteQueueNums: r.i32(), Perm: r.i32()}
			}
			opts.QueueDatas = qds
		}
	}
	e.now = r.int64f()
	if r.err != nil {
		return nil, r.err
	}
	opts.Clock = func() int64 { return e.now }
	e.make = func() (*producer.Producer, error) {
		o := opts
		if resetValues != nil {
			k := 0
			o.ResetValue = func() int32 {
				if k < len(resetValues) {
					k++
					return resetValues[k-1]
				}
				return rand.Int32N(math.MaxInt32) // as the client: [0, 2^31-2]
			}
		}
		return producer.New(qs, o)
	}
	e.p, err = e.make()
	if err != nil {
		return nil, err
	}
	return e, nil
}

func init() {
	// producerNew: options → uvarint handle.
	register(opProducerNew, func(r *reader, w *writer) error {
		e, err := newProducerEntry(r)
		if err != nil {
			return err
		}
		id := newHandle()
		producers[id] = e
		w.uvarint(uint64(id))
		return nil
	})
	// producerState: handle → queues, i32 index, uvarint n faults
	// n × (str broker, f64 latency, f64 startTimestamp, u8 reachable).
	register(opProducerState, func(r *reader, w *writer) error {
		e, err := producerOf(r)
		if err != nil {
			return err
		}
		writeQueues(w, e.p.Queues())
		w.i32(e.p.Index())
		fs := e.p.Faults()
		w.uvarint(uint64(len(fs)))
		for _, f := range fs {
			w.str(f.Broker)
			w.f64(float64(f.Latency))
			w.f64(float64(f.StartTimestamp))
			w.bool(f.Reachable)
		}
		return nil
	})
}

// readLastBroker reads the broker of the last failed send (the custom
// lastBroker): absent, or its name.
func readLastBroker(r *reader) producer.Attempt {
	if r.bool() {
		return producer.After(r.str())
	}
	return producer.Attempt{}
}

// handleProducerSelect: the Producer's next queue at the clock req.Now.
func handleProducerSelect(req producerSelectRequest) (producerSelectResponse, error) {
	e, err := producerByHandle(req.Handle)
	if err != nil {
		return producerSelectResponse{}, err
	}
	a := req.LastBrokerName
	a.ResetIndex = req.ResetIndex
	e.now = req.Now
	q, err := e.p.Select(a)
	if err != nil {
		return producerSelectResponse{}, err
	}
	return producerSelectResponse{Topic: q.Topic, BrokerName: q.BrokerName, QueueId: q.QueueID}, nil
}

func handleProducerFree(req producerFreeRequest) error {
	delete(producers, uint32(req.Handle))
	return nil
}

func handleProducerUpdate(req producerUpdateRequest) error {
	e, err := producerByHandle(req.Handle)
	if err != nil {
		return err
	}
	e.now = req.Now
	e.p.Update(req.BrokerName, producer.Outcome{Latency: req.Latency, Isolation: req.Isolation, Unreachable: !req.Reachable})
	return nil
}

// handleProducerReset rebuilds the producer from its options.
func handleProducerReset(req producerResetRequest) error {
	e, err := producerByHandle(req.Handle)
	if err != nil {
		return err
	}
	p, err := e.make()
	if err != nil {
		return err
	}
	e.p = p
	return nil
}
