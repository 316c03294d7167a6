package main

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// handleSelectHash: SelectMessageQueueByHash over mqs.
func handleSelectHash(req selectHashRequest) (selectHashResponse, error) {
	qs, err := req.Mqs.list("mqs")
	if err != nil {
		return selectHashResponse{}, err
	}
	q, err := producer.SelectHash(qs, req.Arg)
	if err != nil {
		return selectHashResponse{}, err
	}
	return selectHashResponse{Queue: req.Mqs.refOf(q)}, nil
}

// handleSelectLite: a lite topic's queue among mqs, its parent topic's
// write queues.
func handleSelectLite(req selectLiteRequest) (selectLiteResponse, error) {
	qs, err := req.Mqs.list("mqs")
	if err != nil {
		return selectLiteResponse{}, err
	}
	q, err := producer.LiteTopicQueue(qs, req.LiteTopic)
	if err != nil {
		return selectLiteResponse{}, err
	}
	return selectLiteResponse{Queue: req.Mqs.refOf(q)}, nil
}

// handleSelectGroup: the queue of mqs a message group goes to, hashed as
// the selector's client does (group*; any other byte is grpc-java's).
func handleSelectGroup(req selectGroupRequest) (selectGroupResponse, error) {
	qs, err := req.Mqs.list("mqs")
	if err != nil {
		return selectGroupResponse{}, err
	}
	c := producer.GroupJava
	if req.Selector == groupNodeJS108 {
		c = producer.GroupNodeJS1_0_8
	}
	i, err := producer.MessageGroupIndex(req.MessageGroup, len(qs), c)
	if err != nil {
		return selectGroupResponse{}, err
	}
	return selectGroupResponse{Queue: req.Mqs.ref(i)}, nil
}

// writeQueues writes qs with every queue explicit (no base list).
func writeQueues(w *writer, qs []alloc.MessageQueue) { writeRefs(w, nil, qs) }

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
