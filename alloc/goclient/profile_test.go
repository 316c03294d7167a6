package goclient

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewStrategyFor(t *testing.T) {
	t.Parallel()
	mqs := testkit.Queues("b", 4)
	cids := []string{" ", "c"}
	spec := alloc.StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: []string{"x"}}
	// A blank client ID: MACHINE_ROOM of Java 4.9.3 refuses it, 5.3.3's does not.
	java493, err := NewStrategyFor(ProfileJava493, spec)
	require.NoError(t, err)
	_, err = java493.Allocate("g", " ", mqs, cids)
	assert.Error(t, err, "4.9.3: blank ID")
	java533, err := NewStrategyFor(ProfileJava533, spec)
	require.NoError(t, err)
	_, err = java533.Allocate("g", " ", mqs, cids)
	assert.NoError(t, err, "5.3.3: blank ID")
	// The Go client's is this package's emulation.
	g, err := NewStrategyFor(Profile, spec)
	require.NoError(t, err)
	_, isGo := g.(Strategy)
	assert.True(t, isGo, "go-client-2.1.2 builds this package's strategy")
	_, isGo = java533.(Strategy)
	assert.False(t, isGo)
	_, err = NewStrategyFor(Profile, alloc.StrategySpec{Name: "NOPE"})
	assert.Error(t, err)
}
