//go:build rmqfull

package main

import (
	"math/rand"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// handleGoRoute: the client's publish list of a route, as a send or as a
// producer's selector sees it.
func handleGoRoute(q goRouteRequest) (goRouteResponse, error) {
	rt := q.Route
	if q.QueueDatasNull {
		rt.QueueDatas = nil
	}
	for _, i := range q.NullBrokerAddrs {
		if i >= uint64(len(rt.BrokerDatas)) {
			return goRouteResponse{}, invalid("nullBrokerAddrs", "is not an index of route.brokerDatas")
		}
		rt.BrokerDatas[i].BrokerAddrs = nil
	}
	convert := producer.GoPublishQueues
	if q.Producer {
		convert = producer.GoProducerPublishQueues
	}
	pub, err := convert(q.Topic, rt)
	if pub == nil {
		pub = []alloc.MessageQueue{}
	}
	return goRouteResponse{Queues: pub}, err
}

// handleGoSelect: the queue each send of a sequence picks.
func handleGoSelect(q goSelectRequest) (goSelectResponse, error) {
	var out goSelectResponse
	rr := producer.NewGoRoundRobin()
	for _, s := range q.StartIndex {
		rr.SetIndex(s.Topic, uint32(s.Index))
	}
	mqs, err := q.Mqs.list("mqs")
	if err != nil {
		return out, err
	}
	if q.Selector > goSelectorManual {
		return out, invalid("selector", "unknown selector")
	}
	// One source each, as the client's random and hash selectors have.
	random := producer.NewGoRandom(rand.New(rand.NewSource(q.Seed)))
	hash := producer.NewGoHash(rand.New(rand.NewSource(q.Seed)))
	out.Picks = make([]*wireQueue, 0, len(q.Steps))
	for _, st := range q.Steps {
		list := mqs
		if st.Mqs != nil {
			if list, err = st.Mqs.list("steps.mqs"); err != nil {
				return out, err
			}
		}
		var mq alloc.MessageQueue
		switch q.Selector {
		case goSelectorRoundRobin:
			mq, err = rr.Select(st.Topic, list, st.LastBrokerName)
		case goSelectorRandom:
			mq, err = random.Select(list)
		case goSelectorHash:
			mq, err = hash.Select(list, st.ShardingKey)
		default: // manual: the queue set on the message
			out.Picks = append(out.Picks, st.Queue)
			continue
		}
		if err != nil {
			return out, err
		}
		out.Picks = append(out.Picks, &wireQueue{Topic: mq.Topic, BrokerName: mq.BrokerName, QueueId: mq.QueueID})
	}
	return out, nil
}

// handleTakeMessageQueues: each TakeMessageQueues call's queues, and the
// balancer's index after the last.
func handleTakeMessageQueues(q takeMessageQueuesRequest) (takeMessageQueuesResponse, error) {
	var out takeMessageQueuesResponse
	mqs, err := q.Mqs.list("mqs")
	if err != nil {
		return out, err
	}
	eps := make(map[string]producer.Endpoints, len(q.Endpoints))
	for _, e := range q.Endpoints {
		eps[e.BrokerName] = e.Addresses
	}
	b, err := producer.NewPublishingBalancer(producer.BalancerClient(q.Client), mqs, eps, q.StartIndex)
	if err != nil {
		return out, err
	}
	out.Steps = make([][]alloc.MessageQueue, len(q.Steps))
	for i, st := range q.Steps {
		iso := make([]producer.Endpoints, len(st.Isolated))
		for j, addrs := range st.Isolated {
			iso[j] = addrs
		}
		if out.Steps[i] = b.Take(iso, int(st.Count)); out.Steps[i] == nil {
			out.Steps[i] = []alloc.MessageQueue{}
		}
	}
	out.Index = b.Index()
	return out, nil
}
