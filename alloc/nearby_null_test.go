package alloc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nilStrategy is a strategy of one's own that answers Java's null.
type nilStrategy struct{}

func (nilStrategy) Name() string { return "NIL" }
func (nilStrategy) Allocate(_, _ string, _ []MessageQueue, _ []string) ([]MessageQueue, error) {
	return nil, nil
}

// Java's AllocateMachineRoomNearby adds inner's result with addAll, which
// throws NullPointerException on null. Worked examples over the resolver
// "-" field 1 / field 1 (broker "broker-A" is in room A, consumer "C1-A"
// too).
func TestNearbyOverAStrategyThatReturnsNull(t *testing.T) {
	t.Parallel()
	res, err := SplitResolver("-", 1, 1)
	require.NoError(t, err)
	a0 := MessageQueue{Topic: "T", BrokerName: "broker-A", QueueID: 0}
	a1 := MessageQueue{Topic: "T", BrokerName: "broker-A", QueueID: 1}
	c0 := MessageQueue{Topic: "T", BrokerName: "broker-C", QueueID: 0}
	const npe = "NPE"
	tests := []struct {
		name   string
		inner  Strategy
		mqAll  []MessageQueue
		cidAll []string
		want   map[string]any // cid → []MessageQueue or npe
	}{
		{
			// C1-A's room has queues: inner is called and returns null.
			// C2-B's room has none and no room lacks a consumer: inner is
			// never called for it.
			name: "CONFIG(null), own room only", inner: ByConfig(nil),
			mqAll: []MessageQueue{a0, a1}, cidAll: []string{"C1-A", "C2-B"},
			want: map[string]any{"C1-A": npe, "C2-B": []MessageQueue{}},
		},
		{
			// Room C has queues and no consumer: everyone calls inner for it.
			name: "CONFIG(null), a room without consumers", inner: ByConfig(nil),
			mqAll: []MessageQueue{a0, c0}, cidAll: []string{"C1-A", "C2-B"},
			want: map[string]any{"C1-A": npe, "C2-B": npe},
		},
		{
			name: "CONFIG([]) is not null", inner: ByConfig([]MessageQueue{}),
			mqAll: []MessageQueue{a0, c0}, cidAll: []string{"C1-A", "C2-B"},
			want: map[string]any{"C1-A": []MessageQueue{}, "C2-B": []MessageQueue{}},
		},
		{
			// CONFIG's list once for the own room, once per orphan room.
			name: "CONFIG([a1])", inner: ByConfig([]MessageQueue{a1}),
			mqAll: []MessageQueue{a0, c0}, cidAll: []string{"C1-A", "C2-B"},
			want: map[string]any{"C1-A": []MessageQueue{a1, a1}, "C2-B": []MessageQueue{a1}},
		},
		{
			name: "a strategy of one's own returning nil", inner: nilStrategy{},
			mqAll: []MessageQueue{a0, a1}, cidAll: []string{"C1-A", "C2-B"},
			want: map[string]any{"C1-A": npe, "C2-B": []MessageQueue{}},
		},
		{
			// The inner NEARBY throws; the outer one passes it on.
			name: "NEARBY(NEARBY(CONFIG(null)))", inner: nearbyOver(t, ByConfig(nil), res),
			mqAll: []MessageQueue{a0, a1}, cidAll: []string{"C1-A", "C2-B"},
			want: map[string]any{"C1-A": npe, "C2-B": []MessageQueue{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := nearbyOver(t, tt.inner, res)
			plan, err := AllocateAll(s, "g", tt.mqAll, tt.cidAll)
			require.NoError(t, err)
			for cid, want := range tt.want {
				got, err := s.Allocate("g", cid, tt.mqAll, tt.cidAll)
				if want == npe {
					assert.Equal(t, NullPointerException, JavaClassOf(err), cid)
					assert.Nil(t, got, cid)
					assert.Equal(t, NullPointerException, JavaClassOf(plan.Err(cid)), cid)
					continue
				}
				require.NoError(t, err, cid)
				assert.Equal(t, want, got, cid)
				assert.NoError(t, plan.Err(cid), cid)
				assert.Equal(t, want, plan.Of(cid), cid)
			}
		})
	}
}

func nearbyOver(t *testing.T, inner Strategy, res MachineRoomResolver) Strategy {
	t.Helper()
	s := MachineRoomNearby(inner, res)
	require.NoError(t, Validate(s))
	return s
}
