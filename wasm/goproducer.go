//go:build rmqfull

package main

import (
	"math/rand"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

// The clients a takeMessageQueues request names (u8, producer.BalancerClient):
// BALANCER of js/lib/tables.generated.js.
const (
	balancerGo514   = byte(producer.BalancerGo514)
	balancerGoFixed = byte(producer.BalancerGoFixed)
	balancerJava    = byte(producer.BalancerJava)
)

// The Go producers' operations (goproducer_ops.go), full build only.
func init() {
	// goRoute: str topic, route, u8 queueDatas null, uvarint n, n × uvarint
	// index of a brokerData whose brokerAddrs is null, u8 producer (the
	// list a producer's selector gets: the conversion applied twice) →
	// queues publish.
	register(opGoRoute, func(r *reader, w *writer) error {
		topic := r.str()
		rt := readRoute(r)
		if r.bool() {
			rt.QueueDatas = nil
		}
		for n := r.count(1); n > 0 && r.err == nil; n-- {
			if i := int(r.uvarint()); i < len(rt.BrokerDatas) {
				rt.BrokerDatas[i].BrokerAddrs = nil
			} else {
				r.fail()
			}
		}
		asProducer := r.bool()
		if r.err != nil {
			return r.err
		}
		convert := producer.GoPublishQueues
		if asProducer {
			convert = producer.GoProducerPublishQueues
		}
		pub, err := convert(topic, rt)
		if err != nil {
			return err
		}
		if pub == nil {
			pub = []alloc.MessageQueue{}
		}
		writeQueues(w, pub)
		return nil
	})
	// goSelect: u8 selector, i64 seed, uvarint n, n × (str topic, uvarint
	// counter), qlist mqs, uvarint steps, steps × (str topic, u8 has mqs
	// [qlist], str lastBrokerName, str shardingKey, u8 has queue [str, str,
	// i32]) → uvarint steps, steps × refs (one queue, or null).
	register(opGoSelect, func(r *reader, w *writer) error {
		sel, seed := r.u8(), r.i64()
		rr := producer.NewGoRoundRobin()
		for n := r.count(2); n > 0 && r.err == nil; n-- {
			rr.SetIndex(r.str(), uint32(r.uvarint()))
		}
		mqs, _, _, err := readQueueList(r, "mqs")
		if err != nil {
			return err
		}
		if sel > goSelectorManual {
			return invalid("selector", "unknown selector")
		}
		// One source each, as the client's random and hash selectors have.
		random := producer.NewGoRandom(rand.New(rand.NewSource(seed)))
		hash := producer.NewGoHash(rand.New(rand.NewSource(seed)))
		n := r.count(5)
		picks := make([]*alloc.MessageQueue, 0, n)
		for i := 0; i < n && r.err == nil; i++ {
			topic, list := r.str(), mqs
			if r.bool() {
				if list, _, _, err = readQueueList(r, "steps.mqs"); err != nil {
					return err
				}
			}
			last, key := r.str(), r.str()
			var set *alloc.MessageQueue
			if r.bool() {
				set = &alloc.MessageQueue{Topic: r.str(), BrokerName: r.str(), QueueID: r.i32()}
			}
			if r.err != nil {
				break
			}
			var q alloc.MessageQueue
			switch sel {
			case goSelectorRoundRobin:
				q, err = rr.Select(topic, list, last)
			case goSelectorRandom:
				q, err = random.Select(list)
			case goSelectorHash:
				q, err = hash.Select(list, key)
			default: // manual: the queue set on the message
				picks = append(picks, set)
				continue
			}
			if err != nil {
				return err
			}
			picks = append(picks, &q)
		}
		if r.err != nil {
			return r.err
		}
		w.uvarint(uint64(len(picks)))
		for _, p := range picks {
			if p == nil {
				writeQueues(w, nil)
			} else {
				writeQueues(w, []alloc.MessageQueue{*p})
			}
		}
		return nil
	})
	// takeMessageQueues: u8 client (producer.BalancerClient), qlist mqs,
	// uvarint n, n × (str broker, uvarint m, m × str address), i32
	// startIndex, uvarint steps, steps × (uvarint k, k × (uvarint m, m ×
	// str address) isolated endpoints, i32 count) → uvarint steps, steps ×
	// queues, then i32 the index after the last step.
	register(opTakeMessageQueues, func(r *reader, w *writer) error {
		client := producer.BalancerClient(r.u8())
		mqs, _, _, err := readQueueList(r, "mqs")
		if err != nil {
			return err
		}
		eps := map[string]producer.Endpoints{}
		for n := r.count(2); n > 0 && r.err == nil; n-- {
			b := r.str()
			eps[b] = readAddresses(r)
		}
		start := r.i32()
		if r.err != nil {
			return r.err
		}
		b, err := producer.NewPublishingBalancer(client, mqs, eps, start)
		if err != nil {
			return err
		}
		n := r.count(2)
		var out [][]alloc.MessageQueue
		for i := 0; i < n && r.err == nil; i++ {
			iso := make([]producer.Endpoints, r.count(1))
			for j := range iso {
				iso[j] = readAddresses(r)
			}
			count := r.i32()
			if r.err != nil {
				break
			}
			out = append(out, b.Take(iso, int(count)))
		}
		if r.err != nil {
			return r.err
		}
		w.uvarint(uint64(len(out)))
		for _, qs := range out {
			if qs == nil {
				qs = []alloc.MessageQueue{}
			}
			writeQueues(w, qs)
		}
		w.i32(b.Index())
		return nil
	})
}

func readAddresses(r *reader) producer.Endpoints {
	e := make(producer.Endpoints, r.count(1))
	for i := range e {
		e[i] = r.str()
	}
	return e
}
