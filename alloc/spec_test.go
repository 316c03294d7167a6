package alloc

import (
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStrategyNames(t *testing.T) {
	want := []string{"AVG", "AVG_BY_CIRCLE", "CONFIG", "MACHINE_ROOM", "MACHINE_ROOM_NEARBY", "CONSISTENT_HASH"}
	got := StrategyNames()
	assert.False(t, !slices.Equal(got, want), "StrategyNames() = %q, want %q", got, want)
	res := &SplitResolverSpec{Sep: "-", BrokerField: 1, ConsumerField: 1}
	for _, name := range want {
		spec := StrategySpec{Name: name, Inner: &StrategySpec{Name: "AVG"}, Resolver: res}
		s, err := NewStrategy(spec)
		require.NoError(t, err, "NewStrategy(%s): %v", name, err)
		wantName := name
		if name == "MACHINE_ROOM_NEARBY" {
			wantName = "MACHINE_ROOM_NEARBY-AVG"
		}
		assert.False(t, s.Name() != wantName, "NewStrategy(%s).Name() = %q", name, s.Name())
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
		_, err := NewStrategy(tt.spec)
		var e *Error
		assert.False(t, !errors.As(err, &e) || e.Field != tt.field || e.JavaClass != tt.class || (tt.msg != "" && e.Msg != tt.msg), "NewStrategy(%+v) = %#v, want field %s class %s", tt.spec, err, tt.field, tt.class)
	}
	// Too deep a nesting is refused, not a stack overflow.
	deep := StrategySpec{Name: "AVG"}
	for range 40 {
		inner := deep
		deep = StrategySpec{Name: "MACHINE_ROOM_NEARBY", Inner: &inner, Resolver: res}
	}
	_, err := NewStrategy(deep)
	assert.ErrorIs(t, err, ErrLimit, "deep nesting")
}

func TestNewStrategyOptions(t *testing.T) {
	mq := queues("T", "A@b", 0, 1)
	cids := []string{" ", "c"}
	spec := StrategySpec{Name: "MACHINE_ROOM", ConsumerIDCs: []string{"A"}}
	s493, _ := NewStrategy(spec)
	s533, _ := NewStrategy(spec, WithClientVersion(Java533))
	_, err := s493.Allocate("g", " ", mq, cids)
	assert.False(t, JavaClassOf(err) != IllegalArgumentException, "4.9.3 blank cid: %v", err)
	got, err := s533.Allocate("g", " ", mq, cids)
	if assert.NoError(t, err, "5.3.3 blank cid") {
		assert.Len(t, got, 1, "5.3.3 blank cid")
	}
	// CONFIG: nil list is null, HasMessageQueueList makes it [].
	c, _ := NewStrategy(StrategySpec{Name: "CONFIG"})
	got, _ = c.Allocate("g", "c", nil, nil)
	assert.Nil(t, got, "CONFIG without list")
	c, _ = NewStrategy(StrategySpec{Name: "CONFIG", HasMessageQueueList: true})
	got, _ = c.Allocate("g", "c", nil, nil)
	assert.NotNil(t, got, "CONFIG with empty list gave null")
	vn := 0
	ch, _ := NewStrategy(StrategySpec{Name: "CONSISTENT_HASH", VirtualNodeCnt: &vn})
	got, _ = ch.Allocate("g", "c", mq, cids)
	assert.Empty(t, got, "vn 0")
}

func TestParseClientVersion(t *testing.T) {
	for in, want := range map[string]ClientVersion{"": Java493, "4.9.3": Java493, "5.3.3": Java533,
		// Newer releases whose classic-client queue code is unchanged since 5.3.3.
		"5.3.4": Java533, "5.4.0": Java533, "5.5.0": Java533, "5.5.1": Java533} {
		got, err := ParseClientVersion(in)
		assert.False(t, err != nil || got != want, "ParseClientVersion(%q) = %v, %v", in, got, err)
	}
	_, err := ParseClientVersion("5.6.0")
	assert.Equal(t, IllegalArgumentException, JavaClassOf(err), "unknown version: %v", err)
	assert.False(t, Java493.String() != "4.9.3" || Java533.String() != "5.3.3", "version strings")
}
