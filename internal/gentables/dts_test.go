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

`, boundaryTypes([]wireschema.Enum{mode}, nil, []wireschema.Op{op}))
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

// A record's shape is its interface: frozen members readonly, a record
// with a shape named by it, a top-level optional value an optional member,
// a list of a union parenthesized; Types narrows, Internal hides, Optional
// marks what the method drops. Two ops sharing one shape give it once.
func TestRecordShapes(t *testing.T) {
	require.NoError(t, checkOps(wireschema.Ops))
	pt := wireschema.Record{Name: "queue", Fields: []wireschema.Field{{Name: "topic", Type: wireschema.Str}}}
	pt.Shape = &wireschema.Shape{TS: "MessageQueue", Doc: "A queue.", Frozen: true, Fields: map[string]string{"topic": "Its topic."}}
	item := wireschema.Record{Name: "item", Fields: []wireschema.Field{
		{Name: "name", Type: wireschema.Str}, {Name: "order", Type: wireschema.U8}, {Name: "ok", Type: wireschema.Bool},
		{Name: "at", Type: wireschema.Opt(wireschema.Rec("queue"))}, {Name: "lists", Type: wireschema.List(wireschema.Custom("queues"))},
	}, Shape: &wireschema.Shape{TS: "Item", Doc: "An item.", Types: map[string]string{"name": "StrategyName"},
		Optional: []string{"ok"}, Internal: []string{"order"}, Fields: map[string]string{"name": "", "ok": "Flag.", "at": "", "lists": ""}}}
	shared := &wireschema.Shape{TS: "Both", Doc: "Both.", Fields: map[string]string{"n": ""}}
	resp := []wireschema.Field{{Name: "n", Type: wireschema.I32}}
	ops := []wireschema.Op{{Name: "a", Response: resp, Answer: shared}, {Name: "b", Response: resp, Answer: shared}}
	records["queue"] = pt // what checkOps indexes, for tsTypeOf
	t.Cleanup(func() { require.NoError(t, checkOps(wireschema.Ops)) })
	assert.Equal(t, `/** A queue. */
export interface MessageQueue {
  /** Its topic. */
  readonly topic: string;
}

/** An item. */
export interface Item {
  name: StrategyName;
  /** Flag. */
  ok?: boolean;
  at?: MessageQueue;
  lists: (Readonly<MessageQueue>[] | null)[];
}

/** Both. */
export interface Both {
  n: number;
}

`, boundaryTypes(nil, []wireschema.Record{pt, item}, ops))

	js := string(renderOpsJS(wireschema.Ops))
	// A frozen record's decoder freezes it and its lists; others stay plain.
	assert.Contains(t, js, "export function decRecStrategyInfo(dec, ctx) {\n  return Object.freeze({\n    name: dec.str(),\n")
	assert.Contains(t, js, "    options: Object.freeze(dec.list((dec) => dec.str())),\n")
	assert.Contains(t, js, "export function decRecFaultItem(dec, ctx) {\n  return {\n")
}

func TestShapeDeclarationsAreChecked(t *testing.T) {
	t.Cleanup(func() { require.NoError(t, checkOps(wireschema.Ops)) })
	fs := []wireschema.Field{{Name: "a", Type: wireschema.I32}, {Name: "b", Type: wireschema.Str}}
	for name, tc := range map[string]struct {
		sh   wireschema.Shape
		want string
	}{
		"documented and internal": {wireschema.Shape{TS: "X", Fields: map[string]string{"a": "", "b": ""}, Internal: []string{"b"}}, "documented and internal"},
		"internal of no field":    {wireschema.Shape{TS: "X", Fields: map[string]string{"a": "", "b": ""}, Internal: []string{"c"}}, "keeps c internal"},
		"a type of no field":      {wireschema.Shape{TS: "X", Fields: map[string]string{"a": "", "b": ""}, Types: map[string]string{"c": "string"}}, "types c"},
		"an internal type":        {wireschema.Shape{TS: "X", Fields: map[string]string{"a": ""}, Internal: []string{"b"}, Types: map[string]string{"b": "string"}}, "types b"},
		"optional of no field":    {wireschema.Shape{TS: "X", Fields: map[string]string{"a": "", "b": ""}, Optional: []string{"c"}}, "makes c optional"},
	} {
		sh := tc.sh
		err := checkShape("record r", &sh, fs)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
	// One TS name, two declarations over different fields.
	one := &wireschema.Shape{TS: "X", Fields: map[string]string{"a": ""}}
	two := &wireschema.Shape{TS: "X", Fields: map[string]string{"a": ""}}
	op := func(name string, num int, sh *wireschema.Shape) wireschema.Op {
		return wireschema.Op{Name: name, Num: num, JS: name, Build: wireschema.Both, Response: fs[:1], Answer: sh}
	}
	require.NoError(t, checkOps([]wireschema.Op{op("x", 1, one), op("y", 2, one)}))
	err := checkOps([]wireschema.Op{op("x", 1, one), op("y", 2, two)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TS name X is another declaration's")
	// Every declared record shape and answer passes.
	require.NoError(t, checkOps(wireschema.Ops))
}

// A generated interface written again by hand outside the regions would
// be merged by TypeScript and drift: refused, naming it.
func TestHandWrittenCopyOfAGeneratedNameIsRefused(t *testing.T) {
	regions := "// BEGIN GENERATED boundary: x\nexport interface MessageQueue {}\n// END GENERATED boundary\n"
	require.NoError(t, handWrittenCopies("export interface Topic {}\n"+regions, []string{"MessageQueue"}))
	err := handWrittenCopies(regions+"export interface MessageQueue { extra: 1 }\n", []string{"MessageQueue"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "interface MessageQueue is generated")
	assert.Error(t, handWrittenCopies("export type ErrorCode = 'X';\n"+regions, []string{"ErrorCode"}))
	// The repository's own file has none.
	require.NoError(t, checkOps(wireschema.Ops))
	_, err = renderDTS("../..", wireschema.Enums, wireschema.Ops)
	require.NoError(t, err)
}
