package conformance

import (
	"github.com/rmqalloc/rmqalloc/alloc/producer"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// Wire types of the producer-side ops: the selection ops (selecthash.go,
// selectroundrobin.go, selectlatency.go) share the step and case types;
// route.go and group.go share the results and case-level errors.

// oneQueueResult is {"id","queue":[...]}; stepQueuesResult is {"id","queues":[...]};
// caseError is {"id","error","message"}.
type oneQueueResult struct {
	ID    string `json:"id"`
	Queue Queue  `json:"queue"`
}

type stepQueuesResult struct {
	ID     string  `json:"id"`
	Queues []Queue `json:"queues"`
}

type caseError struct {
	ID string `json:"id"`
	errorResult
}

func failCase(id string, err error) caseError { return caseError{ID: id, errorResult: errorOf(err)} }

// step is one step of selectRoundRobin / selectLatency.
type step struct {
	At             int64   `json:"at"`
	Do             string  `json:"do"`
	Broker         string  `json:"broker"`
	Latency        int64   `json:"latency"`
	Isolation      bool    `json:"isolation"`
	Reachable      *bool   `json:"reachable"`
	LastBrokerName *string `json:"lastBrokerName"`
	ResetIndex     bool    `json:"resetIndex"`
}

func (s step) attempt() producer.Attempt {
	a := producer.Attempt{ResetIndex: s.ResetIndex}
	if s.LastBrokerName != nil {
		a.LastBroker, a.HasLastBroker = *s.LastBrokerName, true
	}
	return a
}

type selectCase struct {
	ID              string            `json:"id"`
	Mqs             []Queue           `json:"mqs"`
	StartIndex      int32             `json:"startIndex"`
	WorstStartIndex int32             `json:"worstStartIndex"`
	QueueDatas      []route.QueueData `json:"queueDatas"`
	ResetValues     []int32           `json:"resetValues"`
	Steps           []step            `json:"steps"`
}
