package doctor_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// progressRow is one consumerProgress -s true line (4.9.3 layout).
type progressRow struct {
	q        alloc.MessageQueue
	owner    string // client ID; "" = N/A
	diff     int64
	lastTime string // "N/A" or yyyy-MM-dd HH:mm:ss
}

func progressLines(rows []progressRow) string {
	var b strings.Builder
	b.WriteString(pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#Broker Offset", 20) + "  " + pad("#Consumer Offset", 20) + "  " + pad("#Client IP", 20) + " " + pad("#Diff", 20) + "  #LastTime\n")
	for _, r := range rows {
		ip := "N/A"
		if r.owner != "" {
			ip, _, _ = strings.Cut(r.owner, "@")
		}
		consumed := int64(0)
		if r.lastTime != "N/A" {
			consumed = 50
		}
		b.WriteString(pad(r.q.Topic, 64) + "  " + pad(r.q.BrokerName, 32) + "  " + pad(strconv.Itoa(int(r.q.QueueID)), 4) + "  " + pad(strconv.FormatInt(consumed+r.diff, 10), 20) + "  " + pad(strconv.FormatInt(consumed, 10), 20) + "  " + pad(ip, 20) + " " + pad(strconv.FormatInt(r.diff, 10), 20) + "  " + r.lastTime + "\n")
	}
	return b.String()
}

// A listener blocked from the start (issue 34, What-2): its member pulled
// the messages (cachedMsgCount) but never returned, so its queues show
// #LastTime N/A; only its status file dates the wait. The capture is at
// 10:06:00; the other members consumed at 10:05:50.
func TestStuckFromStatusFile(t *testing.T) {
	const capture = "2026-11-30T10:06:00Z"
	for _, tt := range []struct {
		name        string
		cached      int64
		lastConsume string // "" = not printed
		start       string // PROP_CONSUMER_START_TIMESTAMP; "" = absent
		diff        int64  // lag on each of the blocked member's queues
		capturedAt  string
		stuckAfter  string // Input.StuckAfter; "" = 5 min
		wantStuck   bool
		wantSince   string
	}{
		// 190 messages cached a queue since 10:00:05, 5 min 55 s before the capture: stuck.
		{name: "blocked 6 min", cached: 190, lastConsume: "20261130100005123", diff: 190, capturedAt: capture, wantStuck: true, wantSince: "2026-11-30 10:00:05"},
		// the older tool's time format reads the same
		{name: "older time format", cached: 570, lastConsume: "2026-11-30 10:00:05", diff: 190, capturedAt: capture, wantStuck: true, wantSince: "2026-11-30 10:00:05"},
		// consumed 30 s ago (its offset is not committed yet): not stuck
		{name: "consumed recently", cached: 570, lastConsume: "20261130100530000", diff: 190, capturedAt: capture},
		// nothing cached: the messages are not pulled yet, no listener holds them
		{name: "nothing cached", cached: 0, lastConsume: "20261130100005123", diff: 190, capturedAt: capture},
		// no message waiting: never stuck
		{name: "no lag", cached: 570, lastConsume: "20261130100005123", diff: 0, capturedAt: capture},
		// no lastConsumeTimestamp: the consumer's start dates it (10:00:00 → stuck)
		{name: "absent, old start", cached: 5, start: "1796032800000", diff: 190, capturedAt: capture, wantStuck: true, wantSince: "2026-11-30 10:00:00"},
		// ... started 10:04:00, 2 min before the capture: not yet
		{name: "absent, recent start", cached: 5, start: "1796032920000", diff: 190, capturedAt: capture},
		// ... neither: nothing to date it by
		{name: "absent, no start", cached: 5, diff: 190, capturedAt: capture},
		// dated after the capture (the tool's zone is ahead of UTC): no claim
		{name: "after the capture", cached: 570, lastConsume: "20261130140005123", diff: 190, capturedAt: capture},
		// the capture time decides, not the wall clock: at 10:03 it waited 3 min
		{name: "early capture", cached: 570, lastConsume: "20261130100005123", diff: 190, capturedAt: "2026-11-30T10:03:00Z"},
		// ... unless the threshold is shorter: 3 min waited, 2m given
		{name: "early capture, 2m threshold", cached: 570, lastConsume: "20261130100005123", diff: 190, capturedAt: "2026-11-30T10:03:00Z", stuckAfter: "2m", wantStuck: true, wantSince: "2026-11-30 10:00:05"},
		// ... a threshold longer than the wait: not stuck at 5 min 55 s
		{name: "10m threshold", cached: 190, lastConsume: "20261130100005123", diff: 190, capturedAt: capture, stuckAfter: "10m"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := small()
			hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
			blocked := c.clients[1]
			var rows []progressRow
			qs := c.queues()
			alloc.SortQueues(qs)
			for _, q := range qs {
				for cid, held := range hold {
					for _, h := range held {
						if h == q {
							r := progressRow{q: q, owner: cid, diff: 2, lastTime: "2026-11-30 10:05:50"}
							if cid == blocked {
								r.diff, r.lastTime = tt.diff, "N/A"
							}
							rows = append(rows, r)
						}
					}
				}
			}
			text := progressLines(rows)
			in := statusInput(c, hold, func(cid string) string {
				var props []string
				if cid == blocked && tt.start != "" {
					props = []string{"PROP_CONSUMER_START_TIMESTAMP", tt.start}
				}
				s := statusText(cid, "", c.topic, hold[cid], nil, props...)
				if cid != blocked {
					return strings.ReplaceAll(s, "locked=false,", "cachedMsgCount=0, locked=false, lastConsumeTimestamp=20261130100550000,")
				}
				pq := "cachedMsgCount=" + strconv.FormatInt(tt.cached, 10) + ", locked=false,"
				if tt.lastConsume != "" {
					pq += " lastConsumeTimestamp=" + tt.lastConsume + ","
				}
				return strings.ReplaceAll(s, "locked=false,", pq)
			})
			in.Progress = text + progressFooter(text)
			in.CapturedAt = tt.capturedAt
			in.StuckAfter = tt.stuckAfter
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			f := finding(rep, doctor.CodeConsumerStuck)
			if !tt.wantStuck {
				assert.Nil(t, f, rep.Text())
				return
			}
			require.NotNil(t, f, rep.Text())
			assert.Equal(t, []string{blocked}, f.Clients)
			assert.Len(t, f.Queues, len(hold[blocked]))
			for _, q := range f.Queues {
				assert.Contains(t, hold[blocked], alloc.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: q.QueueID})
			}
			assert.Contains(t, f.Message, "since "+tt.wantSince)
			assert.Contains(t, f.Message, strconv.Itoa(int(tt.cached)*len(hold[blocked]))+" messages pulled and waiting in its local cache, cachedMsgCount")
			assert.Contains(t, f.Message, "lag "+strconv.Itoa(int(tt.diff)*len(hold[blocked])))
			assert.False(t, rep.OK, rep.Text())
		})
	}
}

// StuckAfter is read as a duration; anything else is refused, naming it.
func TestStuckAfterRefused(t *testing.T) {
	for _, bad := range []string{"5", "soon", "500ms", "-1m"} {
		_, err := doctor.Diagnose(doctor.Input{StuckAfter: bad})
		var te *alloc.TextError
		if assert.ErrorAs(t, err, &te, bad) {
			assert.Equal(t, "stuckAfter", te.Source, bad)
			assert.Contains(t, te.Msg, strconv.Quote(bad), bad)
		}
	}
}
