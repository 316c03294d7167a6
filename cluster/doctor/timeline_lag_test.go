package doctor

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// samples are {consumer offset, lag} pairs; the broker offset is their sum.
func samples(pairs ...[2]int64) []OffsetSample {
	out := make([]OffsetSample, len(pairs))
	for i, p := range pairs {
		out[i] = OffsetSample{Snapshot: i, ConsumerOffset: p[0], Lag: p[1], BrokerOffset: p[0] + p[1]}
	}
	return out
}

// Worked examples of the rules, in their order.
func TestEvaluateLag(t *testing.T) {
	tests := []struct {
		name     string
		samples  []OffsetSample
		consumed bool // the group advanced some queue
		want     string
	}{
		{"no sample", nil, true, LagOK},
		{"one sample with lag: incomplete window", samples([2]int64{100, 50}), true, LagOK},
		{"caught up at the start", samples([2]int64{100, 0}, [2]int64{100, 30}, [2]int64{100, 60}), true, LagOK},
		{"caught up at the end", samples([2]int64{100, 30}, [2]int64{130, 0}), false, LagOK},
		{"offset went back", samples([2]int64{100, 5}, [2]int64{90, 20}, [2]int64{95, 15}), true, LagRewind},
		{"rewind before stall", samples([2]int64{100, 5}, [2]int64{90, 15}), false, LagRewind},
		{"not moving, group consumes", samples([2]int64{100, 5}, [2]int64{100, 5}, [2]int64{100, 9}), true, LagStall},
		{"not moving, group stopped", samples([2]int64{100, 5}, [2]int64{100, 9}), false, LagStop},
		{"moving, lag growing", samples([2]int64{100, 5}, [2]int64{110, 8}, [2]int64{120, 12}), true, LagWarn},
		{"moving, lag steady", samples([2]int64{100, 5}, [2]int64{110, 5}), true, LagWarn},
		{"moving, lag went down once", samples([2]int64{100, 5}, [2]int64{110, 9}, [2]int64{120, 7}), true, LagOK},
		{"moving, lag shrinking", samples([2]int64{100, 50}, [2]int64{140, 20}), true, LagOK},
		{"negative diff counts as caught up", samples([2]int64{100, 3}, [2]int64{100, -1}), true, LagOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, evaluateLag(tc.samples, tc.consumed))
		})
	}
}

// lagInvariants checks, for one window, what the rules promise.
func lagInvariants(t *testing.T, ss []OffsetSample, consumed bool) {
	t.Helper()
	got := evaluateLag(ss, consumed)
	assert.Contains(t, []string{LagOK, LagWarn, LagStall, LagStop, LagRewind}, got)
	// Only offsets and lags count: broker offsets and snapshot numbers not.
	other := slices.Clone(ss)
	for i := range other {
		other[i].BrokerOffset = -7 * int64(i)
		other[i].Snapshot = 99 - i
	}
	assert.Equal(t, got, evaluateLag(other, consumed), "broker offsets changed")
	// A repeated sample (the same snapshot taken twice) changes nothing
	// once the window is complete (two samples or more).
	for i := 0; len(ss) >= 2 && i < len(ss); i++ {
		dup := slices.Insert(slices.Clone(ss), i, ss[i])
		assert.Equal(t, got, evaluateLag(dup, consumed), "sample %d repeated", i)
	}
	// STALL and STOP differ only by whether the group consumed.
	if got == LagStall || got == LagStop {
		want := map[bool]string{true: LagStall, false: LagStop}
		assert.Equal(t, want[!consumed], evaluateLag(ss, !consumed))
	} else {
		assert.Equal(t, got, evaluateLag(ss, !consumed), "only STALL/STOP depend on the group")
	}
	// Any sample caught up: OK.
	for _, s := range ss {
		if s.Lag <= 0 {
			assert.Equal(t, LagOK, got)
		}
	}
	if got == LagRewind {
		back := false
		for i := 1; i < len(ss); i++ {
			back = back || ss[i].ConsumerOffset < ss[i-1].ConsumerOffset
		}
		assert.True(t, back)
	}
	if got == LagStall || got == LagStop {
		assert.False(t, advanced(ss))
		assert.Equal(t, ss[0].ConsumerOffset, ss[len(ss)-1].ConsumerOffset)
	}
}

// FuzzEvaluateLag: windows of up to 8 samples from bytes (consumer offset
// steps and lags); the status satisfies lagInvariants.
func FuzzEvaluateLag(f *testing.F) {
	f.Add([]byte{0, 5, 0, 5}, true)
	f.Add([]byte{1, 5, 2, 8, 3, 12}, true)
	f.Add([]byte{10, 5, 250, 9}, false)
	f.Add([]byte{3, 0, 0, 9}, false)
	f.Fuzz(func(t *testing.T, b []byte, consumed bool) {
		var ss []OffsetSample
		off := int64(1000)
		for i := 0; i+1 < len(b) && len(ss) < 8; i += 2 {
			off += int64(int8(b[i])) // steps may go back
			ss = append(ss, OffsetSample{Snapshot: len(ss), ConsumerOffset: off, Lag: int64(b[i+1]) - 2, BrokerOffset: off + int64(b[i+1])})
		}
		lagInvariants(t, ss, consumed)
	})
}
