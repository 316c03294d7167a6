//go:build !js

package producer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
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
	p, err := New(testkit.Queues("a", 2), Options{Client: alloc.Java493, LatencyFaultTolerance: true})
	require.NoError(t, err)
	before := nowMillis()
	p.Update("a", Outcome{Latency: 100, Isolation: true}) // isolation: latency 30000 → 600 s
	after := nowMillis()
	require.False(t, before < ms2020 || after > ms2100 || after < before, "clock reads %d then %d: not a real clock in ms", before, after)
	fs := p.Faults()
	require.Len(t, fs, 1, "faults")
	st := fs[0].StartTimestamp
	require.False(t, st < before+600000 || st > after+600000, "StartTimestamp = %d, want in [%d, %d]", st, before+600000, after+600000)
}

// TestTimeSeededRandom: NewTimeSeededRandom is NewRandom of the clock in
// ms, so it picks like a NewRandom seeded within the call's time window.
func TestTimeSeededRandom(t *testing.T) {
	mqs := testkit.Queues("a", 1<<16)
	before := nowMillis()
	r := NewTimeSeededRandom()
	after := nowMillis()
	got, err := r.Select(mqs)
	require.NoError(t, err)
	for seed := before; seed <= after; seed++ {
		if want, _ := NewRandom(seed).Select(mqs); want == got {
			return
		}
	}
	require.Fail(t, "no seed matches", "pick %v matches no seed in [%d, %d]", got, before, after)
}
