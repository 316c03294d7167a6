package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/wireschema"
)

// The unions are the registry's lines: a new kind is a new member of both,
// its options typed by their shape, optional unless required.
func TestStrategyUnions(t *testing.T) {
	t.Parallel()
	got, err := strategyUnions([]alloc.StrategyKind{
		{Name: "AVG", Doc: "contiguous runs"},
		{Name: "BY_QUEUE_ID", Doc: "queue i to member i mod C", Options: []alloc.StrategyOption{
			{Name: "virtualNodeCnt", Type: alloc.OptionInt, Doc: "n"},
			{Name: "inner", Type: alloc.OptionStrategy, Required: true, Doc: "the inner one"},
		}},
	})
	require.NoError(t, err)
	assert.Equal(t, `/** Names of the consumer allocation strategies (Java's getName()). */
export type StrategyName =
  | 'AVG'
  | 'BY_QUEUE_ID';

/**
 * A consumer strategy, shaped as in the vectors' FORMAT.md.
 *
 * - `+"`AVG`"+`: contiguous runs.
 * - `+"`BY_QUEUE_ID`"+`: queue i to member i mod C.
 *   - `+"`virtualNodeCnt`"+`: n.
 *   - `+"`inner`"+`: the inner one.
 */
export type StrategySpec =
  | { name: 'AVG' }
  | { name: 'BY_QUEUE_ID'; virtualNodeCnt?: number; inner: StrategySpec };
`, got)

	_, err = strategyUnions([]alloc.StrategyKind{{Name: "X", Options: []alloc.StrategyOption{{Name: "weights", Type: "map"}}}})
	assert.ErrorContains(t, err, `strategy X: option weights has type "map"`)
}

// The name lists are outside the schema hash: a strategy's name travels as
// a string, so a new strategy changes no layout and no recorded hash.
func TestNameListsAreNotHashed(t *testing.T) {
	t.Parallel()
	c, err := parseConsts("../../wasm")
	require.NoError(t, err)
	body, err := renderTables(c, wireschema.Ops, wireschema.Enums)
	require.NoError(t, err)
	assert.NotContains(t, body, "STRATEGY_NAMES")
	assert.Contains(t, renderLists(), "STRATEGY_NAMES")
}
