package main

import (
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// readRoute reads a topic route:
//
//	u8 has orderTopicConf, [str]
//	uvarint n, n × (str brokerName, i32 readQueueNums, i32 writeQueueNums, i32 perm, i32 topicSysFlag)
//	uvarint n, n × (str cluster, str brokerName, uvarint m, m × (str id, str addr))
func readRoute(r *reader) *route.Route {
	rt := &route.Route{}
	if r.bool() {
		s := r.str()
		rt.OrderTopicConf = &s
	}
	qds := make([]route.QueueData, r.count(5))
	for i := range qds {
		qds[i] = route.QueueData{BrokerName: r.str(), ReadQueueNums: r.i32(), WriteQueueNums: r.i32(), Perm: r.i32(), TopicSysFlag: r.i32()}
	}
	rt.QueueDatas = qds
	bds := make([]route.BrokerData, r.count(3))
	for i := range bds {
		bds[i] = route.BrokerData{Cluster: r.str(), BrokerName: r.str()}
		n := r.count(2)
		addrs := make(map[string]string, n)
		for j := 0; j < n; j++ {
			k := r.str()
			addrs[k] = r.str()
		}
		bds[i].BrokerAddrs = addrs
	}
	rt.BrokerDatas = bds
	return rt
}

// handleRoute: routeToQueues over a route object.
func handleRoute(req routeRequest) (routeResponse, error) {
	pub, sub, err := req.Route.Queues(req.Topic)
	if err != nil {
		return routeResponse{}, err
	}
	return routeResponse{Publish: pub, Subscribe: sub}, nil
}
