package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// Hash argument types (u8), Java's Integer, Long and String.
const (
	argString = 0
	argInt    = 1
	argLong   = 2
)

// Message-group selectors (u8): whose hash of the group picks the queue.
const (
	groupJava      = 0 // grpc-java
	groupNodeJS108 = 1 // grpc-nodejs-1.0.8
)

func init() {
	// selectHash: qlist mqs, u8 type, str | i32 | i64 → refs (one queue).
	register(opSelectHash, func(r *reader, w *writer) error {
		qs, t, _, err := readCallQueueList(r, "mqs")
		if err != nil {
			return err
		}
		var key producer.HashKey
		switch r.u8() {
		case argString:
			key = producer.StringKey(r.str())
		case argInt:
			key = producer.IntKey(r.i32())
		case argLong:
			key = producer.LongKey(r.i64())
		default:
			r.fail()
		}
		if r.err != nil {
			return r.err
		}
		q, err := producer.SelectHash(qs, key)
		if err != nil {
			return err
		}
		writeOneRef(w, qs, t, q)
		return nil
	})
	// selectLite: qlist mqs (the parent topic's write queues), str liteTopic
	// → refs (one queue).
	register(opSelectLite, func(r *reader, w *writer) error {
		qs, t, _, err := readCallQueueList(r, "mqs")
		if err != nil {
			return err
		}
		lite := r.str()
		if r.err != nil {
			return r.err
		}
		q, err := producer.LiteTopicQueue(qs, lite)
		if err != nil {
			return err
		}
		writeOneRef(w, qs, t, q)
		return nil
	})
	// selectGroup: qlist mqs, str messageGroup, u8 group* selector
	// → refs (one queue).
	register(opSelectGroup, func(r *reader, w *writer) error {
		qs, t, _, err := readCallQueueList(r, "mqs")
		if err != nil {
			return err
		}
		group := r.str()
		c := producer.GroupJava
		if r.u8() == groupNodeJS108 {
			c = producer.GroupNodeJS1_0_8
		}
		if r.err != nil {
			return r.err
		}
		i, err := producer.MessageGroupIndex(group, len(qs), c)
		if err != nil {
			return err
		}
		writeRefs(w, viewOf(qs, t, unsorted), qs[i:i+1])
		return nil
	})
}

// writeQueues writes qs with every queue explicit (no base list).
func writeQueues(w *writer, qs []alloc.MessageQueue) { writeRefs(w, nil, qs) }

// writeOneRef answers a selector's pick q of qs (or of topic t) as one ref.
func writeOneRef(w *writer, qs []alloc.MessageQueue, t *topic, q alloc.MessageQueue) {
	v := viewOf(qs, t, unsorted)
	i := v.find(&q, nil)
	writeRefs(w, v, v.qs[i:i+1])
}

// handlePriorityQueue: the queue the broker stores a priority message on.
func handlePriorityQueue(req priorityQueueRequest) (priorityQueueResponse, error) {
	q := alloc.MessageQueue{Topic: req.Topic, BrokerName: req.BrokerName, QueueID: req.QueueId}
	got, err := producer.PriorityQueue(q, int(req.Priority), int(req.WriteQueueNums))
	if err != nil {
		return priorityQueueResponse{}, err
	}
	return priorityQueueResponse{Topic: got.Topic, BrokerName: got.BrokerName, QueueId: got.QueueID}, nil
}

// handleConsistentHash: Guava's Hashing.consistentHash.
func handleConsistentHash(req consistentHashRequest) (consistentHashResponse, error) {
	b, err := producer.ConsistentHash(req.Input, int(req.Buckets))
	if err != nil {
		return consistentHashResponse{}, err
	}
	return consistentHashResponse{Bucket: int32(b)}, nil
}
