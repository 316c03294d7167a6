//go:build rmqfull

package main

import (
	"github.com/rmqalloc/rmqalloc/alloc/broker"
)

// Enum bytes of the broker operations, each named as the JS API spells it
// (js/lib/broker.js reads them from js/lib/tables.generated.js).
const (
	modelClustering   = byte(broker.Clustering) // MESSAGE_MODEL
	modelBroadcasting = byte(broker.Broadcasting)
	modePull          = byte(broker.Pull) // BROKER_MODE, of a request and of its answer
	modePop           = byte(broker.Pop)
	configuredNone    = 0 // CONFIGURED: the configured mode, none, PULL, POP
	configuredPull    = 1
	configuredPop     = 2
	consumerKindPush  = 0 // CONSUMER_KIND of an allocationPath request
	consumerKindPull  = 1
	consumerKindGrpc  = 2
	pathClient        = byte(broker.PathClient) // PATH of its answer
	pathBroker        = byte(broker.PathBroker)
	pathProxy         = byte(broker.PathProxy)
)

func readMode(r *reader) broker.Mode {
	switch r.u8() {
	case modePull:
		return broker.Pull
	case modePop:
		return broker.Pop
	}
	r.fail()
	return broker.Pull
}

func readModel(r *reader) broker.MessageModel {
	m, ok := modelOf(r.u8())
	if !ok {
		r.fail()
	}
	return m
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

// readBrokerRequest reads a queryAssignment request:
//
//	str topic, str group, u8 model, str strategyName,
//	bool serverLoadBalancerEnable, u8 default mode, i32 default share,
//	u8 configured (0 none, 1 PULL, 2 POP) [i32 share],
//	qlist mqAll (null: no route), cids cidAll (0: null), cids clientIds
func readBrokerRequest(r *reader) (broker.Request, []string, error) {
	req := broker.Request{Topic: r.str(), ConsumerGroup: r.str()}
	req.MessageModel = readModel(r)
	req.StrategyName = r.str()
	req.Broker.ServerLoadBalancerEnable = r.bool()
	req.Broker.DefaultMessageRequestMode = readMode(r)
	req.Broker.DefaultPopShareQueueNum = r.i32()
	switch r.u8() {
	case configuredNone:
	case configuredPull:
		req.Configured = &broker.ModeSetting{Mode: broker.Pull, PopShareQueueNum: r.i32()}
	case configuredPop:
		req.Configured = &broker.ModeSetting{Mode: broker.Pop, PopShareQueueNum: r.i32()}
	default:
		r.fail()
	}
	mq, _, _, err := readQueueList(r, "mqAll")
	if err != nil {
		return req, nil, err
	}
	req.MqAll = mq
	req.CidAll = readStrings(r)
	ids := readStrings(r)
	return req, ids, r.err
}

func init() {
	// queryAssignment: request above → u8 mode, i32 share, uvarint n,
	// n × (refs queues (0: null), str reason).
	register(opQueryAssignment, func(r *reader, w *writer) error {
		req, ids, err := readBrokerRequest(r)
		if err != nil {
			return err
		}
		ms := broker.ResolveMode(req.Topic, req.Configured, req.Broker)
		w.u8(byte(ms.Mode))
		w.i32(ms.PopShareQueueNum)
		w.uvarint(uint64(len(ids)))
		for _, a := range broker.QueryAssignments(req, ids) {
			writeQueues(w, a.Queues)
			w.str(a.Reason)
		}
		return nil
	})
	// proxyAssignment: str topic, route, bool orderly → queues.
	register(opProxyAssignment, func(r *reader, w *writer) error {
		topic := r.str()
		rt := readRoute(r)
		orderly := r.bool()
		if r.err != nil {
			return r.err
		}
		qs, err := broker.ProxyAssignment(topic, rt, orderly)
		if err != nil {
			return err
		}
		writeQueues(w, qs)
		return nil
	})
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
