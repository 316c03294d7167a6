package producer

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// TestDefaultStartIsRandom: without StartIndex, producers start at
// different places (the chance that 8 default producers over 1000 queues
// all pick the same first queue is 1e-21).
func TestDefaultStartIsRandom(t *testing.T) {
	first := map[int32]bool{}
	for range 8 {
		p, err := New(queues("a", 1000), Options{Client: alloc.Java533})
		if err != nil {
			t.Fatal(err)
		}
		q, err := p.Select(Attempt{})
		if err != nil {
			t.Fatal(err)
		}
		first[q.QueueID] = true
	}
	if len(first) < 2 {
		t.Fatalf("8 default producers all started at the same queue %v", first)
	}
}
