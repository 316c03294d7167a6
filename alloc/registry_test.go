package alloc

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scratchRegistry lets a test register kinds and puts the registry back
// when it ends. Tests using it must not be parallel: the registry is the
// package's (parallel tests start after every sequential one has ended).
func scratchRegistry(t *testing.T) {
	registry.Lock()
	kinds := append([]*StrategyKind(nil), registry.kinds...)
	byName := make(map[string]*StrategyKind, len(registry.byName))
	for n, k := range registry.byName {
		byName[n] = k
	}
	registry.Unlock()
	t.Cleanup(func() {
		registry.Lock()
		registry.kinds, registry.byName = kinds, byName
		registry.Unlock()
	})
}

func builtinNames() []string {
	var out []string
	for _, k := range builtins {
		out = append(out, k.Name)
	}
	return out
}

// lastQueue is a plug-in: every member gets the last queue.
type lastQueue struct{}

func (lastQueue) Name() string { return "LAST_QUEUE" }
func (lastQueue) Allocate(_, cid string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error) {
	if cid == "" || len(mqAll) == 0 || len(cidAll) == 0 {
		return nil, illegalArgument("mqAll", "empty")
	}
	return mqAll[len(mqAll)-1:], nil
}

var lastQueueKind = StrategyKind{Name: "LAST_QUEUE", Aliases: []string{"com.example.LastQueue"}, Standalone: true,
	Doc: "everybody gets the last queue",
	New: func(StrategyBuild, StrategySpec) (Strategy, error) { return lastQueue{}, nil }}

// A registered kind is named like a built-in: NewStrategy builds it (by
// name, by alias, nested in MACHINE_ROOM_NEARBY), the names list and the
// unknown-name error list it, and the strategy runs in Rebalance and
// AllocateAll.
func TestRegisteredStrategyIsNamedLikeABuiltIn(t *testing.T) {
	scratchRegistry(t)
	require.NoError(t, RegisterStrategy(lastQueueKind))

	assert.Equal(t, append(builtinNames(), "LAST_QUEUE"), StrategyNames())
	for _, name := range []string{"LAST_QUEUE", "com.example.LastQueue"} {
		s, err := Java533.NewStrategy(StrategySpec{Name: name})
		require.NoError(t, err, name)
		assert.Equal(t, "LAST_QUEUE", s.Name())
	}
	res := &SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1}
	s, err := Java493.NewStrategy(StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &StrategySpec{Name: "LAST_QUEUE"}, Resolver: res})
	require.NoError(t, err)
	assert.Equal(t, "MACHINE_ROOM_NEARBY-LAST_QUEUE", s.Name())

	_, err = Java493.NewStrategy(StrategySpec{Name: "FIRST_QUEUE"})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Equal(t, `strategy.name: unknown strategy "FIRST_QUEUE" (known: `+strings.Join(builtinNames(), ", ")+`, LAST_QUEUE)`, err.Error())

	qs := []MessageQueue{{Topic: "T", BrokerName: "b", QueueID: 0}, {Topic: "T", BrokerName: "b", QueueID: 1}, {Topic: "T", BrokerName: "a", QueueID: 0}}
	built, err := Java493.NewStrategy(StrategySpec{Name: "LAST_QUEUE"})
	require.NoError(t, err)
	p, err := Rebalance(built, "g", qs, []string{"c2", "c1"}, RebalanceOptions{})
	require.NoError(t, err)
	assert.Equal(t, "LAST_QUEUE", p.Strategy())
	// Sorted first, as a rebalance does: b/1 is last in Java's order.
	assert.Equal(t, []MessageQueue{qs[1]}, p.Of("c1"))
	assert.Equal(t, []MessageQueue{qs[1]}, p.Of("c2"))
	p, err = AllocateAll(built, "g", qs, []string{"c2", "c1"})
	require.NoError(t, err)
	assert.Equal(t, []MessageQueue{qs[2]}, p.Of("c1"), "AllocateAll keeps the order given")
}

// A client with a variant of a kind gets its variant; without one, the
// kind's New, which sees the client.
func TestClientVariantsAndPlugins(t *testing.T) {
	scratchRegistry(t)
	var saw []Client
	require.NoError(t, RegisterStrategy(StrategyKind{Name: "SEES_CLIENT", New: func(b StrategyBuild, _ StrategySpec) (Strategy, error) {
		saw = append(saw, b.Client)
		return Averagely(), nil
	}}))
	v := variantClient{JavaClient: Java533}
	s, err := NewStrategyFor(v, StrategySpec{Name: "AVG"})
	require.NoError(t, err)
	assert.Equal(t, "AVG_VARIANT", s.Name())
	_, err = NewStrategyFor(v, StrategySpec{Name: "SEES_CLIENT"})
	require.NoError(t, err)
	assert.Equal(t, []Client{v}, saw)
}

type variantClient struct{ JavaClient }

type renamed struct{ Strategy }

func (renamed) Name() string { return "AVG_VARIANT" }

func (variantClient) StrategyVariant(name string) StrategyConstructor {
	if name != "AVG" {
		return nil
	}
	return func(StrategyBuild, StrategySpec) (Strategy, error) { return renamed{Averagely()}, nil }
}

func TestRegisterStrategyRefuses(t *testing.T) {
	scratchRegistry(t)
	newAVG := func(StrategyBuild, StrategySpec) (Strategy, error) { return Averagely(), nil }
	for _, tc := range []struct {
		kind StrategyKind
		want string
	}{
		{StrategyKind{Name: "AVG", New: newAVG}, `"AVG" is empty or taken`},
		{StrategyKind{Name: "X", Aliases: []string{"AllocateMessageQueueAveragely"}, New: newAVG}, `"AllocateMessageQueueAveragely" is empty or taken`},
		{StrategyKind{Name: "Y", Aliases: []string{"Y"}, New: newAVG}, `"Y" is empty or taken`},
		{StrategyKind{Name: "Z", Aliases: []string{""}, New: newAVG}, `"" is empty or taken`},
		{StrategyKind{Name: "W"}, "needs a Name and a New"},
		{StrategyKind{New: newAVG}, "needs a Name and a New"},
	} {
		err := RegisterStrategy(tc.kind)
		require.Error(t, err, tc.kind.Name)
		assert.True(t, errors.Is(err, ErrInvalidArgument) && strings.Contains(err.Error(), tc.want), "%v", err)
	}
	assert.Len(t, StrategyNames(), len(builtins), "a refused kind leaves no trace")
}

// Registering while others build strategies is safe (go test -race).
func TestRegistryIsSafeForConcurrentUse(t *testing.T) {
	scratchRegistry(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			k := lastQueueKind
			k.Name, k.Aliases = "P"+itoa(i), nil
			assert.NoError(t, RegisterStrategy(k))
		}()
		go func() {
			defer wg.Done()
			_, err := Java493.NewStrategy(StrategySpec{Name: "AVG"})
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	assert.Len(t, StrategyKinds(), len(builtins)+8)
}

// Every built-in has a doc line, and options only of the shapes the spec
// and the wire carry.
func TestBuiltinKindsAreDescribed(t *testing.T) {
	t.Parallel()
	for _, k := range StrategyKinds()[:len(builtins)] {
		assert.NotEmpty(t, k.Doc, k.Name)
		assert.NotEmpty(t, k.Aliases, "%s: the Java class consumerStatus prints", k.Name)
		for _, o := range k.Options {
			assert.Contains(t, []OptionType{OptionQueues, OptionStrings, OptionInt, OptionStrategy, OptionResolver}, o.Type, "%s.%s", k.Name, o.Name)
			assert.NotEmpty(t, o.Doc, "%s.%s", k.Name, o.Name)
		}
	}
}

// The built-ins are registered unchecked: their names and aliases are
// distinct here.
func TestBuiltinNamesAreDistinct(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for _, k := range builtins {
		for _, n := range append([]string{k.Name}, k.Aliases...) {
			assert.NotEmpty(t, n)
			assert.NotContains(t, seen, n, "%s: taken by %s", n, seen[n])
			seen[n] = k.Name
		}
		assert.NotNil(t, k.New, k.Name)
	}
}
