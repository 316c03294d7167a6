//go:build !(js && wasm)

package monitor

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/cluster/monitor/internal/standin"
)

// The monitor reads answers straight into what the doctor reads
// (live.Session.SnapshotDirect): on the stand-in, healthy groups and
// faulty ones give the report `doctor --namesrv` gives from the texts,
// to the byte, the timeline of a window included.
func TestDirectReadSameReport(t *testing.T) {
	c := scaleCluster(t, 40)
	mq := func(b string, q int32) alloc.MessageQueue {
		return alloc.MessageQueue{Topic: "T_1", BrokerName: b, QueueID: q}
	}
	// Faults: a double-owned queue, a member with another strategy, a
	// client that never answers running-info, lag, an offline group.
	c.SetGroup(&standin.Group{Name: "G_DOUBLE", Topic: "T_1", Members: []standin.Member{
		{ClientID: "10.9.0.1@a", Holds: []alloc.MessageQueue{mq("broker-a", 0), mq("broker-a", 1)}},
		{ClientID: "10.9.0.2@b", Holds: []alloc.MessageQueue{mq("broker-a", 1)}},
	}})
	c.SetGroup(&standin.Group{Name: "G_MIXED", Topic: "T_1", Members: []standin.Member{
		{ClientID: "10.9.1.1@a"}, {ClientID: "10.9.1.2@b", Strategy: "AllocateMessageQueueAveragelyByCircle"},
	}})
	c.SetGroup(&standin.Group{Name: "G_SILENT", Topic: "T_1", Members: []standin.Member{{ClientID: "10.9.2.1@a"}, {ClientID: "10.9.2.2@b", Silent: true}}})
	c.SetGroup(&standin.Group{Name: "G_LAG", Topic: "T_1", Members: []standin.Member{{ClientID: "10.9.3.1@a"}},
		Lag: map[alloc.MessageQueue]int64{mq("broker-a", 3): 500, mq("broker-b", 7): 12}})
	c.SetGroup(&standin.Group{Name: "G_OFFLINE", Topic: "T_1", Lag: map[alloc.MessageQueue]int64{mq("broker-b", 2): 9}})
	m, err := New(Config{NameServers: c.NameServers, Interval: time.Minute, RunningInfoRate: -1})
	require.NoError(t, err)
	defer m.pool.close()
	groups := []string{"G_DOUBLE", "G_MIXED", "G_SILENT", "G_LAG", "G_OFFLINE"}
	for i := 0; i < 40; i += 7 {
		groups = append(groups, fmt.Sprintf("G_%04d", i))
	}
	// After the stand-in's #LastTime (its clock): not a capture time
	// before it, which would name a second the two reads may not share.
	base := time.Now().UTC().Add(time.Minute).Truncate(time.Minute)
	for _, g := range groups {
		t.Run(g, func(t *testing.T) {
			var direct, text []doctor.Snapshot
			for k := range 2 {
				at := base.Add(time.Duration(k) * time.Minute)
				o := live.Options{NameServer: c.NameServers[0], Group: g, Location: time.UTC, Now: func() time.Time { return at }}
				// A silent client's request ends with the read's deadline.
				limit := 20 * time.Second
				if g == "G_SILENT" {
					limit = time.Second
				}
				ctx, cancel := context.WithTimeout(context.Background(), limit)
				d, err := readGroup(ctx, m.pool, o)
				cancel()
				require.NoError(t, err)
				ctx, cancel = context.WithTimeout(context.Background(), limit)
				s, err := live.Read(ctx, o)
				cancel()
				require.NoError(t, err)
				direct = append(direct, doctor.Snapshot{Input: d.Input(), At: at})
				text = append(text, doctor.Snapshot{Input: s.Input(), At: at})
				if g != "G_OFFLINE" {
					assert.NotNil(t, d.ParsedConnection, "the direct way")
				}
			}
			want, err := doctor.DiagnoseSeries(text)
			require.NoError(t, err)
			got, err := doctor.DiagnoseSeries(direct)
			require.NoError(t, err)
			wj, _ := json.Marshal(want)
			gj, _ := json.Marshal(got)
			assert.JSONEq(t, string(wj), string(gj))
			assert.Equal(t, want.Text(), got.Text())
			if g == "G_DOUBLE" {
				assert.False(t, got.OK, got.Text())
			}
		})
	}
}
