package alloc

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStrategyNames(t *testing.T) {
	// The registry's built-ins in their order, the Java client's six among
	// them (a new built-in adds a line to builtins, not to this test).
	want := builtinNames()
	got := StrategyNames()
	assert.False(t, !slices.Equal(got, want), "StrategyNames() = %q, want %q", got, want)
	assert.Subset(t, got, []string{"AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "MACHINE_ROOM", "MACHINE_ROOM_NEARBY", "CONFIG"})
	res := &SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1}
	for _, name := range want {
		spec := StrategySpec{Name: name, Inner: &StrategySpec{Name: "AVG"}, Resolver: res}
		s, err := Java493.NewStrategy(spec)
		require.NoError(t, err, "Java493.NewStrategy(%s): %v", name, err)
		wantName := name
		if name == "MACHINE_ROOM_NEARBY" {
			wantName = "MACHINE_ROOM_NEARBY-AVG"
		}
		assert.False(t, s.Name() != wantName, "Java493.NewStrategy(%s).Name() = %q", name, s.Name())
	}
}

func TestNewStrategyErrors(t *testing.T) {
	t.Parallel()
	neg := -2
	res := &SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1}
	tests := []struct {
		spec  StrategySpec
		field string
		class string
		msg   string
	}{
		{StrategySpec{Name: "avg"}, "strategy.name", IllegalArgumentException, ""},
		{StrategySpec{}, "strategy.name", IllegalArgumentException, ""},
		{StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &neg}, "strategy.virtualNodeCnt", IllegalArgumentException, "illegal virtualNodeCnt :-2"},
		{StrategySpec{Name: "MACHINE_ROOM_NEARBY", Resolver: res}, "strategy.inner", NullPointerException, ""},
		{StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &StrategySpec{Name: "AVG"}}, "strategy.resolver", NullPointerException, ""},
		{StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &StrategySpec{Name: "AVG"}, Resolver: &SplitResolverSpec{Sep: "(?i)-"}}, "strategy.resolver.sep", "", ""},
		{StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &neg}, Resolver: res}, "strategy.inner.virtualNodeCnt", IllegalArgumentException, "illegal virtualNodeCnt :-2"},
		{StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &StrategySpec{Name: "nope"}, Resolver: res}, "strategy.inner.name", IllegalArgumentException, ""},
	}
	for _, tt := range tests {
		_, err := Java493.NewStrategy(tt.spec)
		var e *Error
		assert.False(t, !errors.As(err, &e) || e.Field != tt.field || e.JavaClass != tt.class || (tt.msg != "" && e.Msg != tt.msg), "Java493.NewStrategy(%+v) = %#v, want field %s class %s", tt.spec, err, tt.field, tt.class)
	}
	// Too deep a nesting is refused, not a stack overflow.
	deep := StrategySpec{Name: "AVG"}
	for range 40 {
		inner := deep
		deep = StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &inner, Resolver: res}
	}
	_, err := Java493.NewStrategy(deep)
	assert.ErrorIs(t, err, ErrLimit, "deep nesting")
}

func TestNewStrategyOptions(t *testing.T) {
	mq := queues("T", "A@b", 0, 1)
	cids := []string{" ", "c"}
	spec := StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: []string{"A"}}
	s493, err := Java493.NewStrategy(spec)
	require.NoError(t, err)
	s533, err := Java533.NewStrategy(spec)
	require.NoError(t, err)
	// A blank client ID: 4.9.3's check refuses it, 5.3.3 has no such check.
	_, err = s493.Allocate("g", " ", mq, cids)
	assert.Equal(t, IllegalArgumentException, JavaClassOf(err), "4.9.3 blank cid: got %v", err)
	got, err := s533.Allocate("g", " ", mq, cids)
	require.NoError(t, err, "5.3.3 blank cid")
	assert.Len(t, got, 1, "5.3.3 blank cid: got %v", got)
	// CONFIG: nil list is null, HasMessageQueueList makes it [].
	c, err := Java493.NewStrategy(StrategySpec{Name: "CONFIG"})
	require.NoError(t, err)
	got, _ = c.Allocate("g", "c", nil, nil)
	assert.Nil(t, got, "CONFIG without list: got %v, want null", got)
	c, err = Java493.NewStrategy(StrategySpec{Name: "CONFIG", HasMessageQueueList: true})
	require.NoError(t, err)
	got, _ = c.Allocate("g", "c", nil, nil)
	assert.NotNil(t, got, "CONFIG with an empty list: got null, want []")
	assert.Empty(t, got, "CONFIG with an empty list")
	vn := 0
	ch, err := Java493.NewStrategy(StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &vn})
	require.NoError(t, err)
	got, _ = ch.Allocate("g", "c", mq, cids)
	assert.Empty(t, got, "virtualNodeCnt 0: got %v, want no queue", got)
}

func TestJavaClientNames(t *testing.T) {
	for _, tc := range []struct {
		c             JavaClient
		name, version string
	}{
		{Java493, "java-4.9.3", "4.9.3"},
		{Java533, "java-5.3.3", "5.3.3"},
	} {
		assert.Equal(t, tc.name, tc.c.Name())
		assert.Equal(t, tc.version, tc.c.Version())
	}
	assert.Equal(t, "java-unknown", JavaClient(9).Name())
}
