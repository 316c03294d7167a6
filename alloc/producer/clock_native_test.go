//go:build !js

package producer

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// 2020-01-01T00:00:00Z and 2100-01-01T00:00:00Z in ms: a real clock reads
// between them.
const (
	ms2020 = 1577836800000
	ms2100 = 4102444800000
)

// TestDefaultClockIsReal: without Options.Clock, fault windows are laid on
// the real clock (time.Now): a 4.9.3
// isolation blocks the broker for 600 s from the time of the Update.
func TestDefaultClockIsReal(t *testing.T) {
	p, err := New(queues("a", 2), Options{Client: alloc.Java493, LatencyFaultTolerance: true})
	if err != nil {
		t.Fatal(err)
	}
	before := nowMillis()
	p.Update("a", Outcome{Latency: 100, Isolation: true}) // isolation: latency 30000 → 600 s
	after := nowMillis()
	if before < ms2020 || after > ms2100 || after < before {
		t.Fatalf("clock reads %d then %d: not a real clock in ms", before, after)
	}
	fs := p.Faults()
	if len(fs) != 1 {
		t.Fatalf("faults = %v, want one", fs)
	}
	if st := fs[0].StartTimestamp; st < before+600000 || st > after+600000 {
		t.Fatalf("StartTimestamp = %d, want in [%d, %d]", st, before+600000, after+600000)
	}
}

// TestTimeSeededRandom: NewTimeSeededRandom is NewRandom of the clock in
// ms, so it picks like a NewRandom seeded within the call's time window.
func TestTimeSeededRandom(t *testing.T) {
	mqs := queues("a", 1<<16)
	before := nowMillis()
	r := NewTimeSeededRandom()
	after := nowMillis()
	got, err := r.Select(mqs)
	if err != nil {
		t.Fatal(err)
	}
	for seed := before; seed <= after; seed++ {
		if want, _ := NewRandom(seed).Select(mqs); want == got {
			return
		}
	}
	t.Fatalf("pick %v matches no seed in [%d, %d]", got, before, after)
}
