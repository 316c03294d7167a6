//go:build live

package livetest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// Situations where the cluster partly fails, made real: the doctor judges
// what it could read, names what it could not, and its owners are what
// the real consumers held.

// signal sends sig to the background process the kit recorded as name
// (one this test started), by its PID.
func (k *kit) signal(t *testing.T, name string, sig syscall.Signal) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(k.run, "pids", name))
	require.NoError(t, err, "no PID recorded for %s", name)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	require.NoError(t, syscall.Kill(pid, sig), "%s (pid %d)", name, pid)
}

// freeze stops a background process (kill -STOP: its sockets stay open,
// so its peers keep it) until the test ends.
func (k *kit) freeze(t *testing.T, name string) {
	t.Helper()
	k.signal(t, name, syscall.SIGSTOP)
	t.Cleanup(func() { k.signal(t, name, syscall.SIGCONT) })
}

// heldNow is what the consumer cid holds by its hold file, main topics
// only, as broker/topic/qid.
func heldNow(t *testing.T, hold, cid string) []string {
	t.Helper()
	lines, err := readHold(hold)
	require.NoError(t, err)
	for _, l := range lines {
		if l.ClientID == cid {
			return mainOnly(l.Held)
		}
	}
	t.Fatalf("%s has no line for %s", hold, cid)
	return nil
}

// unknownOf lists topic's unknown queues as broker/topic/qid.
func unknownOf(r *doctor.Report, topic string) []string {
	return queuesWithStatus(r, topic, doctor.StatusUnknown)
}

// findingOf is the first finding of code (group or topic level).
func findingOf(r *doctor.Report, code doctor.Code) *doctor.Finding {
	for i := range r.Findings {
		if r.Findings[i].Code == code {
			return &r.Findings[i]
		}
	}
	return nil
}

var frozenTopic = topic("T_frozen", queuesOn{"broker-a": 4, "broker-b": 4})

// TestFrozenConsumer: one of three consumers frozen (kill -STOP; the
// brokers keep it listed 90-120 s). Its running-info request goes
// unanswered, so its queues are unknown: exactly what it held when it
// froze. The two others' queues are judged, as they held them; the group
// is judged (not exit 3) and nothing is UNOWNED. The same from the live
// read, its saved folder, the npm CLI and a real mqadmin capture.
func TestFrozenConsumer(t *testing.T) {
	t.Parallel()
	k, g := theKit, "G_frozen"
	cids := []string{"127.0.0.1@f1", "127.0.0.1@f2", "127.0.0.1@f3"}
	var holds []string
	for _, inst := range []string{"f1", "f2", "f3"} {
		h := k.holdPath(g + "-" + inst)
		holds = append(holds, h)
		k.liveConsumer(t, "frozen-"+inst, 1, "-n", k.namesrv, "-g", g, "-t", frozenTopic, "-hold", h, inst)
	}
	lg := javaGroup(g, []string{frozenTopic}, holds, avgMembers(cids...), 3)
	settle(t, g, 150*time.Second, lg.check)
	truth := map[string][]string{}
	for i, c := range cids {
		truth[c] = heldNow(t, holds[i], c)
	}
	require.NotEmpty(t, truth[cids[1]])
	k.freeze(t, "frozen-f2")
	t0 := time.Now()

	judge := func(what string, rep *doctor.Report) {
		t.Helper()
		assert.True(t, rep.Judged, "%s: %s", what, rep.Text())
		assert.Equal(t, truth[cids[1]], unknownOf(rep, frozenTopic), "%s: the frozen member's queues are unknown: %s", what, rep.Text())
		var ok []string
		for _, c := range []string{cids[0], cids[2]} {
			ok = append(ok, truth[c]...)
		}
		slices.Sort(ok)
		assert.Equal(t, ok, queuesWithStatus(rep, frozenTopic, doctor.StatusOK), "%s: the others' queues, as they hold them: %s", what, rep.Text())
		assert.NotContains(t, findingCodes(rep), doctor.CodeUnowned, what)
		f := findingOf(rep, doctor.CodeConsumerUnresponsive)
		if assert.NotNil(t, f, "%s: %s", what, rep.Text()) {
			assert.Equal(t, []string{cids[1]}, f.Clients, what)
		}
		assert.True(t, strings.HasPrefix(rep.Verdict, "Read "), "%s: %s", what, rep.Verdict)
	}
	rep, snap := liveDiagnose(t, g, liveDir(t, "frozen"))
	assert.Contains(t, snap.StatusErr, cids[1])
	judge("live read", rep)
	out := cliLiveDoctor(t, g, liveDir(t, "frozen-cli"))
	assert.Contains(t, out, `"code":"CONSUMER_UNRESPONSIVE"`, "the npm CLI's live report")
	assert.Contains(t, out, `"judged":true`)
	// mqadmin waits for the broker's own 10 s call to the client (CODE
	// 207), then writes the other two status files.
	dir := k.captureWith(t, "capture.sh", nil, "frozen", 2, append([]string{"frozen", frozenTopic, g}, holds...))
	in := captureInput(t, dir)
	assert.Contains(t, in.StatusErr, cids[1], "mqadmin consumerStatus's stderr names the frozen client")
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	judge("mqadmin capture", rep)
	if since := time.Since(t0); since > 85*time.Second {
		t.Logf("the reads took %v after the freeze: the brokers may have dropped the member meanwhile", since)
	}
}

var hungTopic = "T_hung"

// TestFrozenBroker: a broker of the topic frozen (kill -STOP; the name
// server lists it about 120 s more). broker-c is started for this test
// alone (its topic is on broker-a and broker-c; no other test's client
// talks to it). The live read still reports within its --timeout: the
// members' status files give every owner (as they held them), broker-c's
// offsets are unknown and said so (READ_FAILED naming its address), and
// the folder is saved. mqadmin's consumerProgress fails as a whole on the
// same cluster; its capture gives the same owners.
func TestFrozenBroker(t *testing.T) {
	k, g := theKit, "G_hung"
	out, errs, err := k.clusterSh(3*time.Minute, "start", "c")
	require.NoError(t, err, "starting broker-c: %s%s", out, errs)
	t.Cleanup(func() { k.kill("broker-c") })
	for _, b := range []string{"127.0.0.1:10911", "127.0.0.1:10931"} {
		_, errs, err := k.mqadminUntil(t, func(out, errs string, err error) bool { return err == nil && strings.Contains(out, "success") },
			"updateTopic", "-b", b, "-t", hungTopic, "-r", "4", "-w", "4")
		require.NoError(t, err, "%s", errs)
	}
	cids := []string{"127.0.0.1@h1", "127.0.0.1@h2"}
	var holds []string
	for _, inst := range []string{"h1", "h2"} {
		h := k.holdPath(g + "-" + inst)
		holds = append(holds, h)
		k.liveConsumer(t, "hung-"+inst, 1, "-n", k.namesrv, "-g", g, "-t", hungTopic, "-hold", h, inst)
	}
	lg := javaGroup(g, []string{hungTopic}, holds, avgMembers(cids...), 2)
	settle(t, g, 150*time.Second, lg.check)
	var want []string
	for i, c := range cids {
		want = append(want, heldNow(t, holds[i], c)...)
	}
	slices.Sort(want)
	require.Len(t, want, 8)
	k.freeze(t, "broker-c")

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	t0 := time.Now()
	snap, err := live.Read(ctx, live.Options{NameServer: k.namesrv, Group: g})
	took := time.Since(t0)
	require.NoError(t, err, "the read goes on without broker-c")
	assert.Less(t, took, 8*time.Second+time.Second, "bounded by its timeout")
	t.Logf("live read with broker-c frozen: %v, warnings %v", took.Round(time.Millisecond), snap.Warnings)
	assert.Contains(t, snap.ProgressErr, "127.0.0.1:10931")
	dir := liveDir(t, "hung")
	require.NoError(t, snap.Save(dir))
	in, err := live.ReadFolder(dir)
	require.NoError(t, err)
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.True(t, rep.Judged, rep.Text())
	assert.True(t, rep.OK, rep.Text())
	assert.Equal(t, want, queuesWithStatus(rep, hungTopic, doctor.StatusOK), "every owner, as held: %s", rep.Text())
	f := findingOf(rep, doctor.CodeReadFailed)
	if assert.NotNil(t, f, rep.Text()) {
		assert.Contains(t, f.Message, "127.0.0.1:10931")
	}

	// The real mqadmin on the same moment: consumerProgress fails whole
	// (its exception names broker-c), and so does consumerStatus when it
	// asks broker-c for the members: read, not refused; what it could not
	// read is unknown (exit 3 when that is everything), never a guess.
	capDir := filepath.Join(k.captures, "hung")
	_ = os.RemoveAll(capDir)
	k.capSem <- struct{}{}
	_, _, _ = run(3*time.Minute, []string{"FAST=1", "RMQKIT_CAPTURES=" + k.captures}, k.run, filepath.Join(k.dir, "capture.sh"), append([]string{"hung", hungTopic, g}, holds...)...)
	<-k.capSem
	capIn := captureInput(t, capDir)
	t.Logf("mqadmin consumerProgress with broker-c frozen: %.300q", capIn.Progress)
	rep, err = doctor.Diagnose(capIn)
	require.NoError(t, err, "mqadmin's failure is read, not refused")
	t.Logf("doctor on the mqadmin capture: %s", rep.Verdict)
	for _, code := range []doctor.Code{doctor.CodeUnowned, doctor.CodeUnexpectedOwner, doctor.CodeUnknownOwner, doctor.CodeWrongOwner} {
		assert.NotContains(t, findingCodes(rep), code, "nothing guessed from what mqadmin could not read: %s", rep.Text())
	}
	assert.Contains(t, findingCodes(rep), doctor.CodeReadFailed, rep.Text())
	if rep.Judged {
		assert.Equal(t, want, queuesWithStatus(rep, hungTopic, doctor.StatusOK), "mqadmin capture: %s", rep.Text())
	} else {
		assert.Empty(t, queuesWithStatus(rep, hungTopic, doctor.StatusOK), rep.Text())
		assert.Contains(t, rep.Text(), "127.0.0.1:10931")
	}
	resumedBroker(t, g, cids, holds, t0)
}
