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

func producerByHandle(id uint64) (*producerEntry, error) {
	e := producers[uint32(id)]
	if e == nil {
		return nil, disposed("the Producer")
	}
	return e, nil
}

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

// handleProducerNew builds a Producer and keeps what rebuilds it (reset).
func handleProducerNew(req producerNewRequest) (producerNewResponse, error) {
	qs, err := req.Mqs.list("mqs")
	if err != nil {
		return producerNewResponse{}, err
	}
	e := &producerEntry{now: req.Now}
	opts := producer.Options{Client: wireVersion(req.Version), LatencyFaultTolerance: req.LatencyFaultTolerance,
		StartIndex: req.StartIndex, WorstStartIndex: req.WorstStartIndex}
	if req.QueueDatas != nil {
		qds := make([]route.QueueData, len(*req.QueueDatas))
		for i, d := range *req.QueueDatas {
			qds[i] = route.QueueData{BrokerName: d.BrokerName, ReadQueueNums: d.ReadQueueNums, WriteQueueNums: d.WriteQueueNums, Perm: d.Perm}
		}
		opts.QueueDatas = qds
	}
	opts.Clock = func() int64 { return e.now }
	resetValues := req.ResetValues
	e.make = func() (*producer.Producer, error) {
		o := opts
		if resetValues != nil {
			k := 0
			o.ResetValue = func() int32 {
				if k < len(*resetValues) {
					k++
					return (*resetValues)[k-1]
				}
				return rand.Int32N(math.MaxInt32) // as the client: [0, 2^31-2]
			}
		}
		return producer.New(qs, o)
	}
	if e.p, err = e.make(); err != nil {
		return producerNewResponse{}, err
	}
	id := newHandle()
	producers[id] = e
	return producerNewResponse{Handle: uint64(id)}, nil
}

// handleProducerState: the Producer's queues, index and fault items.
func handleProducerState(req producerStateRequest) (producerStateResponse, error) {
	e, err := producerByHandle(req.Handle)
	if err != nil {
		return producerStateResponse{}, err
	}
	fs := e.p.Faults()
	faults := make([]wireFaultItem, len(fs))
	for i, f := range fs {
		faults[i] = wireFaultItem{BrokerName: f.Broker, CurrentLatency: float64(f.Latency), StartTimestamp: float64(f.StartTimestamp), Reachable: f.Reachable}
	}
	return producerStateResponse{Queues: e.p.Queues(), Index: e.p.Index(), Faults: faults}, nil
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
