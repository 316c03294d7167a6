package doctor

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Worked examples of judgeLag: samples {consumer offset, lag} taken at
// the given seconds; other queues last advanced from second `adv`.
func TestJudgeLag(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		pairs  [][2]int64
		secs   []int
		adv    int // -1: no queue ever advanced
		want   string
		frozen int // index of the sample the offset froze at; -1 none
	}{
		{"moving, lag growing: slow consumers", [][2]int64{{100, 2}, {110, 6}, {120, 66}}, []int{0, 3, 40}, 30, LagWarn, -1},
		// The orderly consumer killed: moved once, then put while
		// lag grows 6 → 66 → 121 over 42 s: nobody consumes it.
		{"moved, then frozen 42s", [][2]int64{{100, 2}, {110, 6}, {110, 66}, {110, 121}}, []int{0, 3, 5, 45}, 40, LagStall, 1},
		{"caught up, then frozen 40s", [][2]int64{{100, 0}, {110, 6}, {110, 66}}, []int{0, 5, 45}, 40, LagStall, 1},
		{"frozen after the other queues stopped too", [][2]int64{{100, 2}, {110, 6}, {110, 66}}, []int{0, 5, 45}, 0, LagStop, 1},
		// Put for 10 s only: less than a rebalance plus a commit, Burrow's
		// rules stand.
		{"frozen shorter than minFrozen", [][2]int64{{100, 2}, {110, 6}, {110, 9}}, []int{0, 30, 40}, 30, LagWarn, -1},
		{"frozen 30s exactly", [][2]int64{{100, 2}, {110, 6}, {110, 9}}, []int{0, 10, 40}, 30, LagStall, 1},
		{"caught up at the end", [][2]int64{{100, 2}, {110, 6}, {110, 0}}, []int{0, 10, 60}, 30, LagOK, -1},
		{"lag went down, then frozen", [][2]int64{{100, 9}, {120, 3}, {120, 5}, {120, 8}}, []int{0, 30, 60, 90}, 90, LagStall, 1},
		{"lag went down, still moving", [][2]int64{{100, 9}, {120, 3}, {125, 5}}, []int{0, 30, 60}, 30, LagOK, -1},
		{"frozen over the window, group consumes", [][2]int64{{100, 5}, {100, 9}}, []int{0, 30}, 0, LagStall, 0},
		{"frozen over the window, group stopped", [][2]int64{{100, 5}, {100, 9}}, []int{0, 30}, -1, LagStop, 0},
		// Offsets are committed every 5 s: put over 5 s says nothing, nor
		// does one capture given twice (no time between).
		{"put over 5s only, group consumes", [][2]int64{{100, 5}, {100, 9}}, []int{0, 5}, 0, LagOK, -1},
		{"put over 5s only, group stopped", [][2]int64{{100, 5}, {100, 9}}, []int{0, 5}, -1, LagOK, -1},
		{"one capture twice", [][2]int64{{100, 5}, {100, 5}}, []int{0, 0}, -1, LagOK, -1},
		{"rewind stays rewind", [][2]int64{{100, 5}, {90, 9}, {90, 12}, {90, 15}}, []int{0, 30, 60, 90}, 60, LagRewind, -1},
		{"one sample", [][2]int64{{100, 5}}, []int{0}, 0, LagOK, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ss := samples(tc.pairs...)
			at := func(j int) time.Time { return t0.Add(time.Duration(tc.secs[j]) * time.Second) }
			var adv time.Time
			if tc.adv >= 0 {
				adv = t0.Add(time.Duration(tc.adv) * time.Second)
			}
			status, from := judgeLag(ss, tc.adv >= 0, adv, at)
			assert.Equal(t, tc.want, status)
			assert.Equal(t, tc.frozen, from)
		})
	}
}

// Invariants over fuzzed windows: judgeLag turns OK or WARN into STALL or
// STOP, or STALL or STOP put for less than minFrozen into OK; a STALL or
// STOP it gives has had the offset put with lag from the sample it names
// to the end, for minFrozen at least.
func FuzzJudgeLag(f *testing.F) {
	f.Add([]byte{0, 5, 0, 5, 0, 9}, byte(30), true)
	f.Add([]byte{1, 5, 2, 8, 0, 12, 0, 20}, byte(20), true)
	f.Add([]byte{3, 0, 0, 9}, byte(40), false)
	f.Fuzz(func(t *testing.T, b []byte, step byte, consumed bool) {
		var ss []OffsetSample
		off := int64(1000)
		for i := 0; i+1 < len(b) && len(ss) < 8; i += 2 {
			off += int64(b[i] % 3) // steps: put or forward
			ss = append(ss, OffsetSample{Snapshot: len(ss), ConsumerOffset: off, Lag: int64(b[i+1]) - 2})
		}
		t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
		at := func(j int) time.Time { return t0.Add(time.Duration(j) * time.Duration(step) * time.Second) }
		base := evaluateLag(ss, consumed)
		status, from := judgeLag(ss, consumed, lastAdvanceStart([][]OffsetSample{ss}, at), at)
		if status == LagStall || status == LagStop {
			last := ss[len(ss)-1]
			assert.GreaterOrEqual(t, at(last.Snapshot).Sub(at(ss[from].Snapshot)), minFrozen)
		}
		if status == base {
			return
		}
		if base == LagStall || base == LagStop {
			assert.Equal(t, LagOK, status)
			assert.Equal(t, -1, from)
			return
		}
		assert.Contains(t, []string{LagOK, LagWarn}, base)
		assert.Contains(t, []string{LagStall, LagStop}, status)
		if assert.GreaterOrEqual(t, from, 1) {
			last := ss[len(ss)-1]
			for _, s := range ss[from:] {
				assert.Equal(t, last.ConsumerOffset, s.ConsumerOffset)
				assert.Positive(t, s.Lag)
			}
			assert.GreaterOrEqual(t, at(last.Snapshot).Sub(at(ss[from].Snapshot)), minFrozen)
		}
	})
}
