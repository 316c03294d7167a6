//go:build live

package livetest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

var orderlyTopic = topic("T_orderly", queuesOn{"broker-a": 4, "broker-b": 4})

// orderlyLockWindow is how long after a kill its queues are surely still
// locked for the dead client: the broker keeps a lock 60 s after its last
// renewal, and a client renews every 20 s.
const orderlyLockWindow = 40 * time.Second

// TestOrderlyConsumerKilled: three MessageListenerOrderly consumers
// (LiveConsumer -orderly), one killed with kill -9. The brokers drop it at
// once (its sockets close), the two others' allocate calls now return its
// queues, but an orderly consumer takes a queue only once the broker locks
// it for it, and the broker keeps the dead client's locks up to 60 s: its
// queues are consumed by nobody meanwhile (the survivors' hold files).
// Read within that window, live, from the saved folder and from a real
// mqadmin capture: ORDERLY_LOCK_HELD naming exactly those queues, exit 1,
// never "OK for now".
func TestOrderlyConsumerKilled(t *testing.T) {
	t.Parallel()
	k, g := theKit, "G_orderly"
	insts := []string{"o1", "o2", "o3"}
	var cids, holds []string
	for _, inst := range insts {
		cids = append(cids, "127.0.0.1@"+inst)
		h := k.holdPath(g + "-" + inst)
		holds = append(holds, h)
		k.liveConsumer(t, "orderly-"+inst, 1, "-n", k.namesrv, "-g", g, "-t", orderlyTopic, "-hold", h, "-orderly", inst)
	}
	require.Contains(t, k.fullLog("orderly-o1"), "listener=orderly")
	lg := javaGroup(g, []string{orderlyTopic}, holds, avgMembers(cids...), 3)
	settle(t, g, 150*time.Second, lg.check)
	var all []string
	held := map[string][]string{}
	for i, c := range cids {
		held[c] = heldNow(t, holds[i], c)
		all = append(all, held[c]...)
	}
	slices.Sort(all)
	require.Len(t, all, 8)
	dead := held[cids[1]]
	require.NotEmpty(t, dead)

	// nobody: the queues neither survivor holds, by their hold files.
	nobody := func(t *testing.T) []string {
		t.Helper()
		var out []string
		for _, q := range all {
			if !slices.Contains(heldNow(t, holds[0], cids[0]), q) && !slices.Contains(heldNow(t, holds[2], cids[2]), q) {
				out = append(out, q)
			}
		}
		return out
	}

	k.signal(t, "orderly-o2", syscall.SIGKILL)
	killed := time.Now()
	// Messages for every queue, the dead one's too: they wait there. The
	// Go producer starts in a blink, where a JVM would eat the window.
	r := runGoProducer(t, k.namesrv, "P_orderly", orderlyTopic, "rr", 40, nil)
	require.NotEmpty(t, r.sends, "goproducer sent nothing: %v", r.fails)
	// The brokers drop the killed client with its sockets; the survivors
	// are told and rebalance, and cannot lock its queues.
	settle(t, g+" without o2", 20*time.Second, func() (bool, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		snap, err := live.Read(ctx, live.Options{NameServer: k.namesrv, Group: g})
		if err != nil {
			return false, err.Error()
		}
		return !strings.Contains(snap.Connection, cids[1]), "the connection list still names " + cids[1]
	})
	require.Equal(t, dead, nobody(t), "the killed member's queues are held by nobody")

	judge := func(t *testing.T, what string, rep *doctor.Report, truth []string) {
		t.Helper()
		t.Logf("%s, %v after the kill: %s", what, time.Since(killed).Round(time.Second), rep.Verdict)
		assert.True(t, rep.Judged, "%s: %s", what, rep.Text())
		assert.False(t, rep.OK, "%s: exit 1: %s", what, rep.Text())
		assert.NotContains(t, rep.Text(), "OK for now", what)
		f := findingOf(rep, doctor.CodeOrderlyLockHeld)
		if assert.NotNil(t, f, "%s: %s", what, rep.Text()) {
			var named []string
			for _, q := range f.Queues {
				named = append(named, q.BrokerName+"/"+q.Topic+"/"+itoa(q.QueueID))
			}
			slices.Sort(named)
			assert.Equal(t, truth, named, "%s: the queues the killed member held: %s", what, f.Message)
			assert.NotContains(t, f.Clients, cids[1], what)
		}
		assert.Equal(t, truth, queuesWithStatus(rep, orderlyTopic, doctor.StatusUnowned), "%s: %s", what, rep.Text())
		var kept []string
		for _, q := range all {
			if !slices.Contains(truth, q) {
				kept = append(kept, q)
			}
		}
		assert.Equal(t, kept, queuesWithStatus(rep, orderlyTopic, doctor.StatusOK), "%s: the survivors' queues, as held: %s", what, rep.Text())
	}

	before := nobody(t)
	rep, _ := liveDiagnose(t, g, liveDir(t, "orderly"))
	after := nobody(t)
	require.Equal(t, before, after, "the survivors' holdings changed during the live read")
	judge(t, "live read", rep, before)
	in, err := live.ReadFolder(liveDir(t, "orderly"))
	require.NoError(t, err)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	judge(t, "saved folder", rep, before)

	// The mqadmin part is a subtest: when a loaded machine makes it miss
	// the lock window, it counts as skipped in the layer's counts, loudly.
	t.Run("mqadmin capture", func(t *testing.T) {
		// The real mqadmin, at once: not behind other tests' captures (the
		// lock window is short).
		capDir := filepath.Join(k.captures, "orderly")
		_ = os.RemoveAll(capDir)
		t0 := time.Now()
		// A loaded machine can time an mqadmin call out: take it again while
		// the window lasts. mqadmin's JVMs can be too slow for the window on
		// a loaded machine: then that part is not checked, and said so loudly.
		for attempt := 1; ; attempt++ {
			_ = os.RemoveAll(capDir)
			out, errs, err := run(3*time.Minute, []string{"FAST=1", "RMQKIT_CAPTURES=" + k.captures}, k.run, filepath.Join(k.dir, "capture.sh"), append([]string{"orderly", orderlyTopic, g}, holds[0], holds[2])...)
			require.NoError(t, err, "%s%s", out, errs)
			missing := captureMissing(capDir, 2)
			if missing == "" {
				break
			}
			if time.Since(killed) > orderlyLockWindow {
				t.Skipf("MQADMIN CAPTURE NOT CHECKED: incomplete %v after the kill (%s), past the lock window; load: %s", time.Since(killed).Round(time.Second), missing, loadAvg())
			}
			t.Logf("capture orderly incomplete (%s), taking it again (attempt %d)", missing, attempt)
		}
		took := time.Since(t0)
		after := nobody(t)
		since := time.Since(killed)
		t.Logf("mqadmin capture took %v, done %v after the kill", took.Round(time.Second), since.Round(time.Second))
		if !slices.Equal(after, dead) {
			require.Greater(t, since, orderlyLockWindow, "the killed member's queues were taken within the lock window: %v", after)
			t.Skipf("MQADMIN CAPTURE NOT CHECKED: it ended %v after the kill, when the locks had expired (nobody holds %v); load: %s", since.Round(time.Second), after, loadAvg())
		}
		in, err := live.ReadFolder(capDir)
		require.NoError(t, err)
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err)
		judge(t, "mqadmin capture", rep, dead)
	})
}

// loadAvg is /proc/loadavg's first three fields, for logs.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}
