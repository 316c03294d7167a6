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

// An answer's interface is its response's fields in wire order, an enum
// field typed by its public names; an enum with a TS name is a union of
// its documented members. The JS decoder gives those names, not the byte.
func TestBoundaryTypes(t *testing.T) {
	require.NoError(t, checkOps(wireschema.Ops))
	mode := wireschema.Enum{Name: "BROKER_MODE", TS: "MessageRequestMode", TSDoc: "Modes.", Values: []wireschema.Value{
		{Name: "Pull", Int: 0, Doc: "Pulls"}, {Name: "Pop", Int: 1},
	}}
	op := wireschema.Op{Name: "x", Response: []wireschema.Field{{Name: "path", Type: wireschema.EnumOf("PATH")}, {Name: "n", Type: wireschema.I32}},
		Answer: &wireschema.Shape{TS: "X", Doc: "An x.", Fields: map[string]string{"path": "Where.", "n": ""}}}
	assert.Equal(t, `/** Modes. */
export type MessageRequestMode =
  /** Pulls. */
  | 'PULL'
  | 'POP';

/** An x. */
export interface X {
  /** Where. */
  path: 'client' | 'broker' | 'proxy';
  n: number;
}

`, boundaryTypes([]wireschema.Enum{mode}, []wireschema.Op{op}))
	js := string(renderOpsJS(wireschema.Ops))
	assert.Contains(t, js, "const PATH_NAMES = Object.freeze(['client', 'broker', 'proxy']);")
	assert.Contains(t, js, "    path: PATH_NAMES[dec.u8()],\n")
	// The Go side and the hash see the byte.
	assert.Contains(t, string(renderOpsFullGo(wireschema.Ops)), "type allocationPathResponse struct {\n\tPath byte\n")
}

func TestAnswerDeclarationsAreChecked(t *testing.T) {
	for name, tc := range map[string]struct {
		op   wireschema.Op
		want string
	}{
		"an undocumented field": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.I32}},
			Answer: &wireschema.Shape{TS: "X", Fields: map[string]string{}}}, "no doc for field a"},
		"a doc of no field": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.I32}},
			Answer: &wireschema.Shape{TS: "X", Fields: map[string]string{"a": "", "b": ""}}}, "does not have"},
		"no TS name": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.I32}},
			Answer: &wireschema.Shape{Fields: map[string]string{"a": ""}}}, "TS name"},
		"an enum in a request": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Request: []wireschema.Field{{Name: "a", Type: wireschema.EnumOf("PATH")}}}, "response's fields only"},
		"an unknown enum":      {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.EnumOf("NOPE")}}}, `unknown enum "NOPE"`},
	} {
		err := checkOps([]wireschema.Op{tc.op})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
}
