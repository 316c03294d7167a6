//go:build live

package livetest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

var blockedTopic = topic("T_blocked", queuesOn{"broker-a": 4, "broker-b": 4})

// blockedStuckAfter is the CONSUMER_STUCK threshold the test judges by
// (Input.StuckAfter, doctor --stuck-after): the default 5 minutes would
// make it wait that long.
const blockedStuckAfter = 30 * time.Second

// TestBlockedListener: a listener blocked from the start (LiveConsumer
// -block: it never returns; the JVM lives and heartbeats). Its queues
// show #LastTime N/A and offset 0; its status file shows the messages
// pulled into its cache (cachedMsgCount) and no consumption since it took
// the queue. Once that is older than the threshold, one snapshot says
// CONSUMER_STUCK naming that member and exactly the queues it held; the
// healthy member's queues are OK. The same live, from the saved folder
// and from a real mqadmin capture. With the default
// threshold (5 min, not reached) nobody is called stuck.
func TestBlockedListener(t *testing.T) {
	t.Parallel()
	k, g := theKit, "G_blocked"
	cids := []string{"127.0.0.1@bl1", "127.0.0.1@bl2"}
	hold := k.holdPath(g)
	// bl1 consumes; -block applies to bl2, given after it.
	k.liveConsumer(t, "blocked", 2, "-n", k.namesrv, "-g", g, "-t", blockedTopic, "-hold", hold, "bl1", "-block", "bl2")
	require.Contains(t, k.fullLog("blocked"), "listener=concurrently,blocked")
	lg := javaGroup(g, []string{blockedTopic}, []string{hold}, avgMembers(cids...), 2)
	settle(t, g, 150*time.Second, lg.check)
	settled := time.Now()
	blocked := heldNow(t, hold, cids[1])
	healthy := heldNow(t, hold, cids[0])
	require.Len(t, blocked, 4)

	sends, _ := sendCount(t, "P_blocked", blockedTopic, 80)
	n := sent(sends)
	require.Positive(t, n)
	// The healthy member consumes what came to its queues; the blocked
	// one consumes nothing, and still holds its queues.
	settle(t, g+" consumed", 120*time.Second, func() (bool, string) {
		lines, err := readHold(hold)
		if err != nil {
			return false, err.Error()
		}
		var got []string
		ok := len(lines) == 2
		for _, l := range lines {
			if l.ClientID == cids[0] {
				ok = ok && l.Consumed > 0
			}
			got = append(got, fmt.Sprintf("%s consumed %d", l.ClientID, l.Consumed))
		}
		return ok, strings.Join(got, ", ")
	})
	// The blocked member's queues were taken before settled: once the
	// threshold has passed since, its wait is older than the threshold.
	if wait := blockedStuckAfter + 5*time.Second - time.Since(settled); wait > 0 {
		time.Sleep(wait)
	}
	truth := func(what string) {
		t.Helper()
		lines, err := readHold(hold)
		require.NoError(t, err)
		for _, l := range lines {
			switch l.ClientID {
			case cids[1]:
				require.Zero(t, l.Consumed, "%s: the blocked member consumed", what)
				require.Equal(t, blocked, mainOnly(l.Held), "%s: the blocked member's queues moved", what)
			case cids[0]:
				require.Equal(t, healthy, mainOnly(l.Held), "%s: the healthy member's queues moved", what)
			}
		}
	}
	judge := func(what string, rep *doctor.Report) {
		t.Helper()
		t.Logf("%s: %s", what, rep.Verdict)
		assert.True(t, rep.Judged, "%s: %s", what, rep.Text())
		assert.False(t, rep.OK, "%s: exit 1: %s", what, rep.Text())
		f := findingOf(rep, doctor.CodeConsumerStuck)
		if assert.NotNil(t, f, "%s: %s", what, rep.Text()) {
			assert.Equal(t, []string{cids[1]}, f.Clients, "%s: %s", what, f.Message)
			var named []string
			for _, q := range f.Queues {
				named = append(named, q.BrokerName+"/"+q.Topic+"/"+itoa(q.QueueID))
			}
			assert.ElementsMatch(t, blocked, named, "%s: the queues the blocked member held: %s", what, f.Message)
			assert.Contains(t, f.Message, "cachedMsgCount", what)
		}
		// Each queue is held by the member whose allocate call returns it:
		// the blocked one's too (stuck is its finding, not its status).
		all := append(slices.Clone(blocked), healthy...)
		slices.Sort(all)
		assert.Equal(t, all, queuesWithStatus(rep, blockedTopic, doctor.StatusOK), "%s: every queue as held: %s", what, rep.Text())
		assert.NotContains(t, findingCodes(rep), doctor.CodeUnowned, what)
	}

	truth("before the live read")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	snap, err := live.Read(ctx, live.Options{NameServer: k.namesrv, Group: g})
	cancel()
	require.NoError(t, err)
	dir := liveDir(t, "blocked")
	require.NoError(t, snap.Save(dir))
	in := snap.Input()
	in.StuckAfter = blockedStuckAfter.String()
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	judge("live read", rep)
	in.StuckAfter = ""
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.NotContains(t, findingCodes(rep), doctor.CodeConsumerStuck, "the default threshold (5m) is not reached: %s", rep.Text())

	in, err = live.ReadFolder(dir)
	require.NoError(t, err)
	in.StuckAfter = blockedStuckAfter.String()
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	judge("saved folder", rep)

	capDir := k.capture(t, "blocked", blockedTopic, g, 2, hold)
	truth("after the mqadmin capture")
	in, err = live.ReadFolder(capDir)
	require.NoError(t, err)
	require.NotEmpty(t, in.CapturedAt, "capture.sh writes captured-at.txt")
	in.StuckAfter = blockedStuckAfter.String()
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	judge("mqadmin capture", rep)
}
