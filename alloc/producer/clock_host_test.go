package producer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// Without a clock of its own (GOOS=js, checked here natively): latency fault
// tolerance without Options.Clock is refused, naming the field; with one
// it works; without latency fault tolerance no clock is needed.
func TestNoClockNeedsOptionsClock(t *testing.T) {
	mqs := testkit.Queues("a", 2)
	_, err := newProducer(mqs, Options{Client: alloc.Java493, LatencyFaultTolerance: true}, false)
	require.ErrorIs(t, err, alloc.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "clock")
	var e *alloc.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "clock", e.Field)
	assert.Equal(t, alloc.IllegalArgumentException, e.JavaClass)

	p, err := newProducer(mqs, Options{Client: alloc.Java493, LatencyFaultTolerance: true, Clock: func() int64 { return 5 }}, false)
	require.NoError(t, err)
	p.Update("a", Outcome{Latency: 100, Isolation: true})
	assert.Equal(t, int64(600005), p.Faults()[0].StartTimestamp, "isolation at 5 ms blocks for 600 s")

	_, err = newProducer(mqs, Options{Client: alloc.Java493}, false)
	assert.NoError(t, err, "no clock needed without latency fault tolerance")
}

// Without a clock the random defaults still differ from one producer to
// the next (the chance that 8 producers over 1000 queues all start at the
// same queue is 1e-21), and so do time-seeded selectors.
func TestNoClockSeedsAreRandom(t *testing.T) {
	first := map[int32]bool{}
	for range 8 {
		p, err := newProducer(testkit.Queues("a", 1000), Options{Client: alloc.Java533}, false)
		require.NoError(t, err)
		q, err := p.Select(Attempt{})
		require.NoError(t, err)
		first[q.QueueID] = true
	}
	assert.Greater(t, len(first), 1, "8 producers without a clock all started at %v", first)
	seeds := map[int64]bool{}
	for range 8 {
		seeds[noClockSeed()] = true
	}
	assert.Greater(t, len(seeds), 1, "time seeds without a clock")
}

// New is newProducer with the host's clock: natively it has one, so
// latency fault tolerance needs no Options.Clock; under GOOS=js it has
// none, and New refuses (clock_js_test.go checks the message).
func TestNewWithoutClockFollowsTheHost(t *testing.T) {
	_, err := New(testkit.Queues("a", 2), Options{Client: alloc.Java493, LatencyFaultTolerance: true})
	if hasClock {
		assert.NoError(t, err)
	} else {
		assert.ErrorIs(t, err, alloc.ErrInvalidArgument)
	}
}
