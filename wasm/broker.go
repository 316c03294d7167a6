//go:build rmqfull

package main

import (
	"github.com/rmqalloc/rmqalloc/alloc/broker"
)

// Enum bytes of the broker operations.
const (
	modelClustering   = 0 // MessageModel
	modelBroadcasting = 1
	configuredNone    = 0 // configured mode: none, PULL, POP
	configuredPull    = 1
	configuredPop     = 2
)

func readMode(r *reader) broker.Mode {
	switch r.u8() {
	case 0:
		return broker.Pull
	case 1:
		return broker.Pop
	}
	r.fail()
	return broker.Pull
}

func readModel(r *reader) broker.MessageModel {
	switch r.u8() {
	case modelClustering:
		return broker.Clustering
	case modelBroadcasting:
		return broker.Broadcasting
	}
	r.fail()
	return broker.Clustering
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
	// allocationPath: u8 client (0 push, 1 pull, 2 grpc), bool
	// clientRebalance, bool orderly, u8 model, str strategyName →
	// u8 path (0 client, 1 broker, 2 proxy), bool noAssignment, str reason.
	register(opAllocationPath, func(r *reader, w *writer) error {
		s := broker.Settings{}
		switch r.u8() {
		case 0:
			s.Client = broker.ClassicPush
		case 1:
			s.Client = broker.ClassicPull
		case 2:
			s.Client = broker.GRPCPush
		default:
			r.fail()
		}
		s.ClientRebalance = r.bool()
		s.Orderly = r.bool()
		s.MessageModel = readModel(r)
		s.StrategyName = r.str()
		if r.err != nil {
			return r.err
		}
		d := broker.WhereAllocated(s)
		w.u8(byte(d.Path))
		w.bool(d.NoAssignment)
		w.str(d.Reason)
		return nil
	})
}
