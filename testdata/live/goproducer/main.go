// goproducer: a real rocketmq-client-go v2.1.2 producer for the live layer
// (cluster/internal/livetest, TestGoProducer...). It sends messages one by one
// with SendSync and prints, for each, where the client's own selector sent
// it and what the broker answered:
//
//	goproducer -n NAMESRV -g GROUP -t TOPIC -mode rr -c COUNT
//	goproducer -n NAMESRV -g GROUP -t TOPIC -mode hash KEY...   (one message per sharding key)
//	goproducer -n NAMESRV -g GROUP -t TOPIC -mode random -c COUNT
//
// rr is the producer's default selector (NewRoundRobinQueueSelector, the
// default of its options), hash NewHashQueueSelector with WithShardingKey,
// random NewRandomQueueSelector. The selector is wrapped by a recorder that
// passes every call through unchanged and prints it:
//
//	QUEUES\tbroker/qid,...         the publish list the client gave its selector (when it changes)
//	SELECT\ti\tbroker/qid\tlast    each selector call: message i, its answer, lastBrokerName
//	SEND\ti\tbroker/qid\toffset    message i's SendResult: the broker's queue and queue offset
//	FAIL\ti\terror                 message i failed
//
// The client's retries (RetryTimes, default 3: four attempts) are left as
// they are.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/apache/rocketmq-client-go/v2"
	"github.com/apache/rocketmq-client-go/v2/primitive"
	"github.com/apache/rocketmq-client-go/v2/producer"
	"github.com/apache/rocketmq-client-go/v2/rlog"
)

const indexProperty = "RMQALLOC_I"

// recorder prints each call of the real selector it wraps.
type recorder struct {
	real producer.QueueSelector
	last string
}

func name(q *primitive.MessageQueue) string {
	if q == nil {
		return "nil"
	}
	return q.BrokerName + "/" + strconv.Itoa(q.QueueId)
}

func (r *recorder) Select(msg *primitive.Message, mqs []*primitive.MessageQueue, lastBrokerName string) *primitive.MessageQueue {
	names := make([]string, len(mqs))
	for i, q := range mqs {
		names[i] = name(q)
	}
	if l := strings.Join(names, ","); l != r.last {
		fmt.Printf("QUEUES\t%s\n", l)
		r.last = l
	}
	q := r.real.Select(msg, mqs, lastBrokerName)
	fmt.Printf("SELECT\t%s\t%s\t%s\n", msg.GetProperty(indexProperty), name(q), lastBrokerName)
	return q
}

func main() {
	ns := flag.String("n", "127.0.0.1:9876", "name server")
	group := flag.String("g", "rmqalloc_goproducer", "producer group")
	topic := flag.String("t", "", "topic")
	mode := flag.String("mode", "rr", "rr|hash|random")
	count := flag.Int("c", 0, "messages (rr, random)")
	flag.Parse()
	if *topic == "" {
		fmt.Fprintln(os.Stderr, "need -t")
		os.Exit(2)
	}
	rlog.SetLogLevel("error")
	var sel producer.QueueSelector
	keys := flag.Args()
	switch *mode {
	case "rr":
		sel = producer.NewRoundRobinQueueSelector()
	case "random":
		sel = producer.NewRandomQueueSelector()
	case "hash":
		sel = producer.NewHashQueueSelector()
		*count = len(keys)
	default:
		fmt.Fprintln(os.Stderr, "unknown -mode", *mode)
		os.Exit(2)
	}
	p, err := rocketmq.NewProducer(
		producer.WithNsResolver(primitive.NewPassthroughResolver([]string{*ns})),
		producer.WithGroupName(*group),
		producer.WithQueueSelector(&recorder{real: sel}),
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, "producer:", err)
		os.Exit(1)
	}
	if err := p.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "start:", err)
		os.Exit(1)
	}
	for i := 0; i < *count; i++ {
		m := primitive.NewMessage(*topic, []byte("rmqalloc "+strconv.Itoa(i)))
		m.WithProperty(indexProperty, strconv.Itoa(i))
		if *mode == "hash" {
			m.WithShardingKey(keys[i])
		}
		res, err := p.SendSync(context.Background(), m)
		if err != nil {
			fmt.Printf("FAIL\t%d\t%s\n", i, strings.ReplaceAll(err.Error(), "\n", " "))
			continue
		}
		fmt.Printf("SEND\t%d\t%s\t%d\n", i, name(res.MessageQueue), res.QueueOffset)
	}
	if err := p.Shutdown(); err != nil {
		fmt.Fprintln(os.Stderr, "shutdown:", err)
	}
}
