package candidate_test

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/candidate"
)

// BenchmarkGroup: one whole-group plan (what each member computes on every
// rebalance) for a typical and a big group.
func BenchmarkGroup(b *testing.B) {
	for _, size := range []struct {
		name    string
		brokers int
		per     int
		members int
	}{{"256q-64c", 4, 64, 64}, {"4096q-256c", 16, 256, 256}} {
		qs, cids := queues(size.brokers, size.per), members(1, size.members)
		for _, s := range []alloc.Strategy{candidate.Rendezvous(), candidate.BoundedLoad(10, 125), candidate.Sticky()} {
			b.Run(s.Name()+"/"+size.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := alloc.AllocateAll(s, "g", qs, cids); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
