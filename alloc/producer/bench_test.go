package producer

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func BenchmarkSelect(b *testing.B) {
	mqs := testkit.QueuesOn(4, "broker-a", "broker-b", "broker-c", "broker-d")
	b.Run("hash_string", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := SelectHash(mqs, StringKey("order-20261130-000123")); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("round_robin", func(b *testing.B) {
		p, _ := New(mqs, Options{Client: alloc.Java533, StartIndex: i32(0)})
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.Select(Attempt{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	// 4.9.3 latency fault tolerance, brokers a and c unavailable for the
	// whole run (the clock stands still), so half the tries skip.
	b.Run("latency_4brokers_2faulted", func(b *testing.B) {
		p, _ := New(mqs, Options{Client: alloc.Java493, LatencyFaultTolerance: true,
			Clock: func() int64 { return 0 }, StartIndex: i32(0)})
		p.Update("broker-a", Outcome{Latency: 5000})
		p.Update("broker-c", Outcome{Isolation: true})
		b.ReportAllocs()
		for b.Loop() {
			mq, err := p.Select(Attempt{})
			if err != nil || mq.BrokerName == "broker-a" || mq.BrokerName == "broker-c" {
				b.Fatal(mq, err)
			}
		}
	})
}
