//go:build rmqfull

package main

import "github.com/rmqalloc/rmqalloc/alloc/priority"

// The consumer side of RIP-80 priority topics (alloc/priority): how a 5.4
// broker decides one POP request, the order it visits the queues and what
// the request reads.

func priorityPathOf(p byte) priority.Path {
	if p == 1 {
		return priority.PathKV
	}
	return priority.PathFile
}

// handlePriorityDecide: Decide on the file path, DecideKV on the KV path.
func handlePriorityDecide(req priorityDecideRequest) (priorityDecideResponse, error) {
	b := priority.Broker{PopFromRetryProbability: int(req.PopFromRetryProbability), PopFromRetryProbabilityForPriority: int(req.PopFromRetryProbabilityForPriority)}
	r := priority.Request{PriorityTopic: req.PriorityTopic, Order: req.Order, PriorityFactor: int(req.PriorityFactor)}
	var d priority.Decision
	var err error
	if priorityPathOf(req.Path) == priority.PathKV {
		d, err = priority.DecideKV(b, r, req.Draw)
	} else {
		d, err = priority.Decide(b, r, int(req.Draw))
	}
	if err != nil {
		return priorityDecideResponse{}, err
	}
	return priorityDecideResponse{PriorityMode: d.PriorityMode, RetryFirst: d.RetryFirst, RetryAfter: d.RetryAfter, Offset: float64(d.Offset)}, nil
}

// handlePriorityOrder: QueueOrder.
func handlePriorityOrder(req priorityOrderRequest) (priorityOrderResponse, error) {
	order, err := priority.QueueOrder(int(req.ReadQueueNums), req.Asc, req.Offset, priorityPathOf(req.Path))
	if err != nil {
		return priorityOrderResponse{}, err
	}
	return priorityOrderResponse{QueueIds: order}, nil
}

// handlePriorityDrain: Drain.
func handlePriorityDrain(req priorityDrainRequest) (priorityDrainResponse, error) {
	d := priority.Decision{PriorityMode: req.PriorityMode, RetryFirst: req.RetryFirst, RetryAfter: req.RetryAfter, Offset: req.Offset}
	var retry priority.Backlog
	if req.Retry != nil {
		retry = *req.Retry
	}
	reads, err := priority.Drain(priority.Broker{PriorityOrderAsc: req.Asc}, d, priorityPathOf(req.Path), req.Topic, retry, int(req.MaxMsgNums))
	if err != nil {
		return priorityDrainResponse{}, err
	}
	out := make([]wirePriorityRead, len(reads))
	for i, r := range reads {
		out[i] = wirePriorityRead{Retry: r.Retry, QueueId: r.QueueID, Count: int32(r.Count)}
	}
	return priorityDrainResponse{Reads: out}, nil
}
