//go:build !(js && wasm)

package monitor

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/monitor/internal/standin"
)

// GET /api/groups/{group} builds the report from the group's window while
// passes run: what it answers is always one read's summary with that
// read's report (its lag and time), the window never longer than asked.
// Under -race this also checks the window is not read while written.
func TestGroupDetailDuringPasses(t *testing.T) {
	c := startCluster(t)
	const window, passes = 3, 8
	lagged := func(n int64) *standin.Group {
		g := healthy("G", 2)
		g.Lag = map[alloc.MessageQueue]int64{mq("broker-a", 0): n, mq("broker-b", 3): 2 * n}
		return g
	}
	c.SetGroup(lagged(1))
	m := newMonitor(t, c, func(cfg *Config) { cfg.Window = window })
	pass(m)
	h := m.Handler()
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for i := range passes {
			c.SetGroup(lagged(int64(10 * (i + 2))))
			pass(m)
		}
	}()
	seen := map[int64]bool{}
	for done := false; !done; {
		select {
		case <-finished:
			done = true
		default:
		}
		d := detail(t, h, "G")
		require.NotNil(t, d.Report, d.Verdict)
		tl := d.Report.Timeline
		require.NotNil(t, tl)
		assert.LessOrEqual(t, len(tl.Snapshots), window)
		require.NotNil(t, d.LastRead)
		assert.True(t, d.LastRead.Equal(tl.To), "summary read at %v, report's last snapshot at %v", d.LastRead, tl.To)
		var lag int64
		last := len(tl.Snapshots) - 1
		for _, q := range tl.Queues {
			if q.Lag != nil && len(q.Lag.Samples) > 0 && q.Lag.Samples[len(q.Lag.Samples)-1].Snapshot == last {
				lag += q.Lag.Samples[len(q.Lag.Samples)-1].Lag
			}
		}
		assert.Equal(t, d.Lag, lag, "the summary's lag is its report's")
		seen[d.Lag] = true
	}
	d := detail(t, h, "G")
	assert.Len(t, d.Report.Timeline.Snapshots, window)
	assert.Equal(t, int64(3*10*(passes+1)), d.Lag, "the last read")
	t.Logf("%d distinct lags seen while passes ran", len(seen))
}
