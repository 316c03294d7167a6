//go:build js

package producer

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Under GOOS=js the package has no clock: latency fault tolerance without
// Options.Clock is refused, naming the field; with one it works.
func TestJSNeedsAClockForLatencyFaultTolerance(t *testing.T) {
	_, err := New(testkit.Queues("a", 2), Options{Client: alloc.Java493, LatencyFaultTolerance: true})
	require.ErrorIs(t, err, alloc.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "clock")

	p, err := New(testkit.Queues("a", 2), Options{Client: alloc.Java493, LatencyFaultTolerance: true, Clock: func() int64 { return 5 }})
	require.NoError(t, err)
	p.Update("a", Outcome{Latency: 100, Isolation: true})
	assert.Equal(t, int64(600005), p.Faults()[0].StartTimestamp)

	_, err = New(testkit.Queues("a", 2), Options{Client: alloc.Java493})
	assert.NoError(t, err, "no clock needed without latency fault tolerance")
}
