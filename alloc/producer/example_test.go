package producer_test

import (
	"fmt"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/producer"
)

func mq(broker string, id int32) alloc.MessageQueue {
	return alloc.MessageQueue{Topic: "T", BrokerName: broker, QueueID: id}
}

func show(q alloc.MessageQueue) string { return fmt.Sprintf("%s/%d", q.BrokerName, q.QueueID) }

func ExampleSelectHash() {
	mqs := []alloc.MessageQueue{mq("a", 0), mq("a", 1), mq("b", 0), mq("b", 1), mq("c", 0), mq("c", 1), mq("c", 2), mq("d", 0), mq("d", 1), mq("d", 2)}
	// "polygenelubricants".hashCode() is Integer.MIN_VALUE; MIN % 10 = -8 → 8.
	q, _ := producer.SelectHash(mqs, producer.StringKey("polygenelubricants"))
	fmt.Println(show(q))
	q, _ = producer.SelectHash(mqs, producer.LongKey(1<<32)) // Long.hashCode = 1
	fmt.Println(show(q))
	_, err := producer.SelectHash(nil, producer.IntKey(1))
	fmt.Println(alloc.JavaClassOf(err), err)
	// Output:
	// d/1
	// a/1
	// ArithmeticException mqs: / by zero
}

func ExampleRandom() {
	// Same seed as Java's `new Random(7)`: same picks (1, 4, 0, 4).
	r := producer.NewRandom(7)
	mqs := []alloc.MessageQueue{mq("a", 0), mq("a", 1), mq("a", 2), mq("a", 3), mq("a", 4)}
	for range 4 {
		q, _ := r.Select(mqs)
		fmt.Print(q.QueueID, " ")
	}
	fmt.Println()
	// Output: 1 4 0 4
}

func ExampleSelectMachineRoom() {
	_, ok := producer.SelectMachineRoom([]alloc.MessageQueue{mq("a", 0)})
	fmt.Println(ok) // upstream returns null in every version
	// Output: false
}

// Mixed clients disagree: the same group lands on different queues in the
// Java and the Node.js 1.0.8 gRPC clients.
func ExampleMessageGroupIndex() {
	fmt.Printf("%#x\n", producer.MessageGroupHash(""))
	for _, c := range []producer.GroupClient{producer.GroupJava, producer.GroupNodeJS1_0_8} {
		i, _ := producer.MessageGroupIndex("", 2, c)
		fmt.Println(c, i)
	}
	// Output:
	// 0x726fdb47dd0e0e31
	// grpc-java 1
	// grpc-nodejs-1.0.8 0
}

// The send index passing 2^31: 4.9.3 takes abs(s), so Integer.MIN_VALUE
// clamps to position 0 and the positions then count down; 5.3.3 masks the
// sign bit and starts again at 0.
func ExampleProducer_Select_indexWrap() {
	mqs := []alloc.MessageQueue{mq("a", 0), mq("a", 1), mq("a", 2)}
	start := int32(2147483646)
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		p, _ := producer.New(mqs, producer.Options{Client: v, StartIndex: &start})
		fmt.Print(v.Version(), ":")
		for range 5 {
			q, _ := p.Select(producer.Attempt{})
			fmt.Print(" ", q.QueueID)
		}
		fmt.Println()
	}
	// Output:
	// 4.9.3: 1 0 1 0 2
	// 5.3.3: 1 0 1 2 0
}

// With latency fault tolerance on, a retry after a failed send: 4.9.3
// ignores the last broker (it only avoids unavailable ones), 5.3.3 avoids
// it.
func ExampleProducer_Select_lastBroker() {
	mqs := []alloc.MessageQueue{mq("a", 0), mq("b", 0)}
	start := int32(0)
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		p, _ := producer.New(mqs, producer.Options{Client: v, LatencyFaultTolerance: true, StartIndex: &start,
			Clock: func() int64 { return 0 }})
		q, _ := p.Select(producer.After("b"))
		fmt.Println(v.Version(), show(q))
	}
	// Output:
	// 4.9.3 b/0
	// 5.3.3 a/0
}

// Every broker unavailable: 4.9.3 picks a broker "at least" and rewrites a
// queue of its list in place (the list now holds a/1 twice); 5.3.3 falls
// back to a reachable broker and leaves the list alone.
func ExampleProducer_Select_allBrokersDown() {
	mqs := []alloc.MessageQueue{mq("a", 0), mq("a", 1), mq("b", 0), mq("b", 1)}
	start := int32(0)
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		now := int64(0)
		p, _ := producer.New(mqs, producer.Options{Client: v, LatencyFaultTolerance: true,
			Clock: func() int64 { return now }, StartIndex: &start, WorstStartIndex: &start})
		p.Update("a", producer.Outcome{Latency: 700})
		p.Update("b", producer.Outcome{Latency: 3500})
		now = 1
		q, _ := p.Select(producer.Attempt{})
		fmt.Print(v.Version(), " ", show(q), " list")
		for _, q := range p.Queues() {
			fmt.Print(" ", show(q))
		}
		fmt.Println()
	}
	// Output:
	// 4.9.3 a/1 list a/0 a/1 a/1 b/1
	// 5.3.3 a/1 list a/0 a/1 b/0 b/1
}

// A slow send followed by a fast one: 4.9.3 overwrites the broker's
// window (available again at once), 5.3.3 only ever extends it.
func ExampleProducer_Update() {
	for _, v := range []alloc.JavaClient{alloc.Java493, alloc.Java533} {
		now := int64(0)
		p, _ := producer.New([]alloc.MessageQueue{mq("a", 0)}, producer.Options{Client: v,
			LatencyFaultTolerance: true, Clock: func() int64 { return now }})
		p.Update("a", producer.Outcome{Latency: 16000})
		now = 1000
		p.Update("a", producer.Outcome{Latency: 20})
		f := p.Faults()[0]
		fmt.Println(v.Version(), "available again at", f.StartTimestamp, "- available at 1000:", f.Available(1000))
	}
	// Output:
	// 4.9.3 available again at 1000 - available at 1000: true
	// 5.3.3 available again at 30000 - available at 1000: false
}
