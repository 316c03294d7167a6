//go:build rmqfull

package main

import (
	"github.com/rmqalloc/rmqalloc/alloc/broker"
)

// The enum bytes of the broker operations (MESSAGE_MODEL, BROKER_MODE,
// CONSUMER_KIND, PATH) are declared in internal/wireschema, each as the JS
// API spells it: enums_generated.go.

// modeOf is the broker.Mode of a BROKER_MODE byte.
func modeOf(b byte, field string) (broker.Mode, error) {
	switch b {
	case modePull:
		return broker.Pull, nil
	case modePop:
		return broker.Pop, nil
	}
	return broker.Pull, invalid(field, "not a message request mode (0 PULL, 1 POP)")
}

func modelOf(b byte) (broker.MessageModel, bool) {
	switch b {
	case modelClustering:
		return broker.Clustering, true
	case modelBroadcasting:
		return broker.Broadcasting, true
	}
	return broker.Clustering, false
}

// handleQueryAssignment: the broker's queryAssignment for each of clientIds.
func handleQueryAssignment(q queryAssignmentRequest) (queryAssignmentResponse, error) {
	var out queryAssignmentResponse
	req := broker.Request{Topic: q.Topic, ConsumerGroup: q.ConsumerGroup, StrategyName: q.StrategyName, CidAll: q.CidAll}
	m, ok := modelOf(q.MessageModel)
	if !ok {
		return out, invalid("messageModel", "not a message model (0 clustering, 1 broadcasting)")
	}
	req.MessageModel = m
	req.Broker.ServerLoadBalancerEnable = q.ServerLoadBalancerEnable
	req.Broker.DefaultPopShareQueueNum = q.BrokerDefaultPopShareQueueNum
	var err error
	if req.Broker.DefaultMessageRequestMode, err = modeOf(q.BrokerDefaultMode, "brokerDefaultMode"); err != nil {
		return out, err
	}
	if c := q.Configured; c != nil {
		mode, err := modeOf(c.Mode, "configuredMode.mode")
		if err != nil {
			return out, err
		}
		req.Configured = &broker.ModeSetting{Mode: mode, PopShareQueueNum: c.PopShareQueueNum}
	}
	if req.MqAll, err = q.MqAll.list("mqAll"); err != nil {
		return out, err
	}
	ms := broker.ResolveMode(req.Topic, req.Configured, req.Broker)
	out.Mode, out.PopShareQueueNum = byte(ms.Mode), ms.PopShareQueueNum
	for _, a := range broker.QueryAssignments(req, q.ClientIds) {
		out.Results = append(out.Results, wireAssignment{Queues: a.Queues, Reason: a.Reason})
	}
	return out, nil
}

// handleProxyAssignment: the queues the proxy assigns (broker.ProxyAssignment).
func handleProxyAssignment(q proxyAssignmentRequest) (proxyAssignmentResponse, error) {
	qs, err := broker.ProxyAssignment(q.Topic, q.Route, q.Orderly)
	return proxyAssignmentResponse{Queues: qs}, err
}

// handleAllocationPath: which side assigns the queues (broker.WhereAllocated).
func handleAllocationPath(req allocationPathRequest) (allocationPathResponse, error) {
	s := broker.Settings{ClientRebalance: req.ClientRebalance, Orderly: req.Orderly, StrategyName: req.StrategyName}
	switch req.Client {
	case consumerKindPush:
		s.Client = broker.ClassicPush
	case consumerKindPull:
		s.Client = broker.ClassicPull
	case consumerKindGrpc:
		s.Client = broker.GRPCPush
	default:
		return allocationPathResponse{}, invalid("client", "not a client kind (0 push, 1 pull, 2 grpc)")
	}
	m, ok := modelOf(req.MessageModel)
	if !ok {
		return allocationPathResponse{}, invalid("messageModel", "not a message model (0 clustering, 1 broadcasting)")
	}
	s.MessageModel = m
	d := broker.WhereAllocated(s)
	return allocationPathResponse{Path: byte(d.Path), NoAssignment: d.NoAssignment, Reason: d.Reason}, nil
}
