// Command liveconsumer is a rocketmq-client-go v2.1.2 push consumer whose
// allocation strategy is either the client's own or clientgo's Java-exact
// one: the live layer (make test-live) runs it beside real Java consumers
// to show what clientgo fixes.
//
//	liveconsumer -n 127.0.0.1:9876 -g GROUP -t TOPIC -i INSTANCE -strategy java-avg
//
// Strategies: avg, circle, hash (the Go client's own) and java-avg,
// java-circle, java-hash (clientgo: Java's exact share). The client ID is
// <the host's first non-loopback IPv4>@INSTANCE, as the Go client makes it.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/apache/rocketmq-client-go/v2"
	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"
	"github.com/apache/rocketmq-client-go/v2/rlog"

	"github.com/rmqalloc/rmqalloc/clientgo"
)

var strategies = map[string]consumer.AllocateStrategy{
	"avg":         consumer.AllocateByAveragely,
	"circle":      consumer.AllocateByAveragelyCircle,
	"hash":        consumer.AllocateByConsistentHash(10),
	"java-avg":    clientgo.Averagely(),
	"java-circle": clientgo.ByCircle(),
	"java-hash":   clientgo.ConsistentHash(10),
}

func main() {
	ns := flag.String("n", "127.0.0.1:9876", "name server")
	group := flag.String("g", "", "consumer group")
	topic := flag.String("t", "", "topic")
	inst := flag.String("i", "go1", "instance name")
	name := flag.String("strategy", "java-avg", "avg|circle|hash (the Go client's) or java-avg|java-circle|java-hash (clientgo)")
	flag.Parse()
	s, ok := strategies[*name]
	if *group == "" || *topic == "" || !ok {
		fmt.Fprintln(os.Stderr, "usage: liveconsumer -g GROUP -t TOPIC [-i INSTANCE] [-strategy avg|circle|hash|java-avg|java-circle|java-hash]")
		os.Exit(2)
	}
	rlog.SetLogLevel("warn")
	var n int64
	c, err := rocketmq.NewPushConsumer(
		consumer.WithGroupName(*group),
		consumer.WithNsResolver(primitive.NewPassthroughResolver([]string{*ns})),
		consumer.WithInstance(*inst),
		consumer.WithStrategy(s),
		consumer.WithConsumeFromWhere(consumer.ConsumeFromFirstOffset),
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, "liveconsumer:", err)
		os.Exit(1)
	}
	err = c.Subscribe(*topic, consumer.MessageSelector{}, func(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
		atomic.AddInt64(&n, int64(len(msgs)))
		return consumer.ConsumeSuccess, nil
	})
	if err == nil {
		err = c.Start()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "liveconsumer:", err)
		os.Exit(1)
	}
	fmt.Printf("STARTED group=%s topic=%s instance=%s strategy=%s\n", *group, *topic, *inst, *name)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	tick := time.NewTicker(5 * time.Second)
	for {
		select {
		case <-sig:
			_ = c.Shutdown()
			return
		case <-tick.C:
			fmt.Printf("%s consumed=%d\n", time.Now().Format("15:04:05"), atomic.LoadInt64(&n))
		}
	}
}
