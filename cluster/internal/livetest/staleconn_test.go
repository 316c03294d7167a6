//go:build live

package livetest

import (
	"context"
	"regexp"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// staleWatch is how long after broker-c resumes the test looks for its
// stale channels: the clients heartbeat every 30 s, so a client that
// reconnected while it was frozen shows by then.
const staleWatch = 60 * time.Second

// staleFreeze is how long broker-c stays frozen before it resumes.
const staleFreeze = 65 * time.Second

var clientIDField = regexp.MustCompile(`"clientId":"([^"]+)"`)

// listedTimes asks the broker at addr for the group's connections
// (GET_CONSUMER_CONNECTION_LIST, what mqadmin consumerConnection asks) and
// returns how often each client ID is listed; nil when it does not answer.
func listedTimes(addr, group string) map[string]int {
	resp, err := requestCmd(addr, 203, map[string]string{"consumerGroup": group})
	if err != nil || resp.Code != 0 {
		return nil
	}
	return idCounts(resp.Body)
}

// idCounts is how often a connection list's body names each client ID.
func idCounts(body []byte) map[string]int {
	n := map[string]int{}
	for _, m := range clientIDField.FindAllStringSubmatch(string(body), -1) {
		n[m[1]]++
	}
	return n
}

// resumedBroker: broker-c, frozen by TestFrozenBroker, resumes. A broker
// that paused may keep a client's old channels for ~2 minutes beside its
// new one, listing that client ID several times (from one IP) where the
// other brokers list it once: one process, not several. While broker-c
// lists a member more than once, the live read must not call it
// DUPLICATE_CLIENT_ID nor its queues DOUBLE_OWNED, unless the members'
// hold files (holds), read just before or just after, show both holding
// the queue: the members rebalance as the broker comes back. Whether the
// real broker shows stale channels at all is logged: when it does not,
// nothing is claimed.
func resumedBroker(t *testing.T, g string, cids []string, holds []string, frozen time.Time) {
	k := theKit
	// Frozen across two heartbeats (every 30 s) at least: a client whose
	// call timed out reconnects, and the broker finds the new channel
	// beside the old ones when it resumes.
	if wait := staleFreeze - time.Since(frozen); wait > 0 {
		t.Logf("broker-c stays frozen %v more (%v in all)", wait.Round(time.Second), staleFreeze)
		time.Sleep(wait)
	}
	k.signal(t, "broker-c", syscall.SIGCONT)
	resumed := time.Now()
	reads := 0
	for time.Since(resumed) < staleWatch && reads < 2 {
		c, a := listedTimes("127.0.0.1:10931", g), listedTimes("127.0.0.1:10911", g)
		var stale []string
		for _, id := range cids {
			if c[id] > 1 {
				stale = append(stale, id)
			}
		}
		if len(stale) == 0 {
			time.Sleep(3 * time.Second)
			continue
		}
		reads++
		t.Logf("%v after broker-c resumed: it lists %v (broker-a: %v)", time.Since(resumed).Round(time.Second), c, a)
		var snap *live.Snapshot
		var err error
		double := heldWhile(t, holds, func() {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			snap, err = live.Read(ctx, live.Options{NameServer: k.namesrv, Group: g})
		})
		require.NoError(t, err)
		rep, err := doctor.Diagnose(snap.Input())
		require.NoError(t, err)
		fromC := false
		for _, w := range snap.Warnings {
			fromC = fromC || strings.Contains(w, "stale channels")
		}
		t.Logf("live read: warnings %v; the list read was broker-c's: %v; %s", snap.Warnings, fromC, rep.Verdict)
		assert.NotContains(t, findingCodes(rep), doctor.CodeDuplicateClientID, "stale channels of one process: %s", rep.Text())
		logTopicFindings(t, rep)
		assertHeldTwice(t, rep, double)
		if !fromC {
			readBrokerCFirst(t, g, holds)
		}
	}
	if reads == 0 {
		// The same read with broker-c's list first still runs: its
		// duplicates, should they show now, are checked as above.
		readBrokerCFirst(t, g, holds)
		t.Logf("STALE CHANNELS NOT REPRODUCED: broker-c listed no member of %s more than once in the %v after it resumed; the stale-channel check was not exercised on the real broker", g, staleWatch)
	}
}

// heldWhile runs read while sampling the hold files (every 200 ms, from
// just before read until holdLag after it) and returns the queues
// (broker/topic/qid, retry topics aside) that two or more members held at
// some sample of that window, not necessarily the same one. The doctor
// asks each member for its queues in turn, so during a rebalance what it
// calls double-owned is what each member held when asked: a queue one
// member gave up a moment before another took it is double-owned in that
// read, and the truth it is checked against must be the same window, not
// two single samples around it.
func heldWhile(t *testing.T, holds []string, read func()) map[string]bool {
	t.Helper()
	byMember := map[string]map[string]bool{}
	sample := func() error {
		lines, err := readHolds(holds...)
		if err != nil {
			return err // caught while its driver rewrites it: the next sample reads it
		}
		for _, l := range lines {
			set := byMember[l.ClientID]
			if set == nil {
				set = map[string]bool{}
				byMember[l.ClientID] = set
			}
			for _, q := range l.Held {
				set[q] = true
			}
		}
		return nil
	}
	stop, done := make(chan struct{}), make(chan int)
	go func() {
		samples := 0
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			if sample() == nil {
				samples++
			}
			select {
			case <-stop:
				done <- samples
				return
			case <-tick.C:
			}
		}
	}()
	read()
	// The hold files are rewritten every second: what a member held when
	// it was asked shows in them up to holdLag later.
	time.Sleep(holdLag)
	close(stop)
	require.NotZero(t, <-done, "no hold file of %v could be read during the read", holds)
	held := map[string][]string{}
	for cid, set := range byMember {
		held[cid] = keys(set)
	}
	out := map[string]bool{}
	for _, q := range heldTwice(held) {
		out[q] = true
	}
	return out
}

// holdLag is how long after a moment the hold files surely show it: the
// drivers rewrite them every second.
const holdLag = 2 * time.Second

// readBrokerCFirst reads the group live with broker-c's member list as the
// list read (the first broker asked for the connections is sent to
// broker-c instead; which broker comes first is the name server's
// order), so that the other brokers' lists are asked for and checked
// against it on the real cluster: its stale channels must come out as
// one process, with a warning, and no queue double-owned that no two
// members held.
func readBrokerCFirst(t *testing.T, g string, holds []string) {
	t.Helper()
	const brokerC = "127.0.0.1:10931"
	s, err := live.NewSession(live.Options{NameServer: theKit.namesrv, Group: g})
	require.NoError(t, err)
	var redirected atomic.Bool
	// broker-c's answer: how often it lists each ID (written by the one
	// redirected call, read once Drive has returned).
	var listed map[string]int
	double := heldWhile(t, holds, func() {
		err = live.Drive(s, func(r live.Request) ([]byte, error) {
			addr := r.Addr
			first := r.What == "connections of "+g && redirected.CompareAndSwap(false, true)
			if first {
				addr = brokerC
			}
			frame, err := sendFrame(addr, r.Frame, 15*time.Second)
			if first && err == nil {
				if resp, derr := live.DecodeFrame(frame); derr == nil {
					listed = idCounts(resp.Body)
				}
			}
			return frame, err
		})
	})
	require.NoError(t, err)
	snap, err := s.Snapshot()
	require.NoError(t, err)
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	dup := false
	for _, k := range listed {
		dup = dup || k > 1
	}
	t.Logf("live read with broker-c's list first (it listed %v): warnings %v; %s", listed, snap.Warnings, rep.Verdict)
	logTopicFindings(t, rep)
	if !dup {
		t.Logf("broker-c's list had no duplicate by then: the cross-check was not needed")
		return
	}
	stale := false
	for _, w := range snap.Warnings {
		stale = stale || strings.Contains(w, "stale channels")
	}
	assert.True(t, stale, "broker-c's duplicates checked against the other brokers' lists: %v", snap.Warnings)
	assert.NotContains(t, findingCodes(rep), doctor.CodeDuplicateClientID, "stale channels of one process: %s", rep.Text())
	assertHeldTwice(t, rep, double)
}

// logTopicFindings logs the hung topic's findings (code: message): what
// the doctor gave as the cause while the members rebalance.
func logTopicFindings(t *testing.T, rep *doctor.Report) {
	t.Helper()
	for _, tr := range rep.Topics {
		if tr.Topic != hungTopic {
			continue
		}
		for _, f := range tr.Findings {
			t.Logf("  %s: %s", f.Code, f.Message)
		}
	}
}

// assertHeldTwice: every queue of the report called double-owned was held
// by two members during its read (double, from heldWhile).
func assertHeldTwice(t *testing.T, rep *doctor.Report, double map[string]bool) {
	t.Helper()
	var unheld []string
	for _, q := range queuesWithStatus(rep, hungTopic, doctor.StatusDoubleOwned) {
		if !double[q] {
			unheld = append(unheld, q)
		}
	}
	if len(double) > 0 {
		t.Logf("two members held %v during the read (a rebalance)", keys(double))
	}
	assert.Empty(t, unheld, "double-owned, but no two members held them during the read: %s", rep.Text())
}
