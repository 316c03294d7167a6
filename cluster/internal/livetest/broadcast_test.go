//go:build live

package livetest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

var bcastTopic = topic("T_bcast", queuesOn{"broker-a": 4, "broker-b": 4})

// TestBroadcastingGroup: two BROADCASTING consumers (LiveConsumer -bcast)
// each hold every queue of the topic; the brokers keep no offset of the
// group, so consumerProgress answers CODE 206. The live read, its saved
// folder and a real mqadmin capture all judge the group: exit 0 with
// BROADCASTING, every queue owned by both members, as they held them.
func TestBroadcastingGroup(t *testing.T) {
	t.Parallel()
	k, g := theKit, "G_bcast"
	cids := []string{"127.0.0.1@bc1", "127.0.0.1@bc2"}
	hold := k.holdPath(g)
	k.liveConsumer(t, "bcast", 2, "-n", k.namesrv, "-g", g, "-t", bcastTopic, "-hold", hold, "-bcast", "bc1", "bc2")
	require.Contains(t, k.fullLog("bcast"), "model=BROADCASTING")
	var all []string
	for _, b := range []string{"broker-a", "broker-b"} {
		for q := 0; q < 4; q++ {
			all = append(all, fmt.Sprintf("%s/%s/%d", b, bcastTopic, q))
		}
	}
	slices.Sort(all)
	// The truth: every member holds every queue (RebalanceImpl's
	// BROADCASTING case), by its own hold line.
	settle(t, g, 150*time.Second, func() (bool, string) {
		lines, err := readHold(hold)
		if err != nil {
			return false, err.Error()
		}
		var diff []string
		seen := 0
		for _, l := range lines {
			if !slices.Contains(cids, l.ClientID) {
				continue
			}
			seen++
			if got := mainOnly(l.Held); !slices.Equal(got, all) {
				diff = append(diff, fmt.Sprintf("%s holds %v", l.ClientID, got))
			}
		}
		if seen != len(cids) {
			diff = append(diff, fmt.Sprintf("%d of %d members in %s", seen, len(cids), hold))
		}
		return len(diff) == 0, strings.Join(diff, "\n")
	})
	for _, c := range cids {
		require.Equal(t, all, heldNow(t, hold, c), "%s holds every queue", c)
	}
	// And consumes every message: each member gets all that was sent.
	sends, _ := sendCount(t, "P_bcast", bcastTopic, 40)
	n := int64(sent(sends))
	require.Positive(t, n)
	settle(t, g+" consumed", 120*time.Second, func() (bool, string) {
		lines, err := readHold(hold)
		if err != nil {
			return false, err.Error()
		}
		var got []string
		ok := len(lines) == len(cids)
		for _, l := range lines {
			ok = ok && l.Consumed == n
			got = append(got, fmt.Sprintf("%s consumed %d of %d", l.ClientID, l.Consumed, n))
		}
		return ok, strings.Join(got, "\n")
	})

	judge := func(what string, rep *doctor.Report, statusFiles int) {
		t.Helper()
		t.Logf("%s: %s", what, rep.Verdict)
		assert.True(t, rep.Judged, "%s: %s", what, rep.Text())
		assert.True(t, rep.OK, "%s: exit 0: %s", what, rep.Text())
		assert.Contains(t, findingCodes(rep), doctor.CodeBroadcasting, "%s: %s", what, rep.Text())
		assert.Contains(t, rep.Verdict, "BROADCASTING", "%s: the verdict in the group's own terms", what)
		for _, code := range []doctor.Code{doctor.CodeUnowned, doctor.CodeDoubleOwned, doctor.CodeWrongOwner, doctor.CodeReadFailed} {
			assert.NotContains(t, findingCodes(rep), code, "%s: %s", what, rep.Text())
		}
		// With every member's status file each queue is judged against
		// its holders (both members); without, none is said to be owned
		// wrongly.
		if statusFiles == len(cids) {
			assert.Equal(t, all, queuesWithStatus(rep, bcastTopic, doctor.StatusOK), "%s: every queue, held by every member: %s", what, rep.Text())
			for _, c := range cids {
				assert.Equal(t, all, queuesExpectedOf(rep, bcastTopic, c), "%s: %s expected on every queue", what, c)
			}
		}
		assert.Empty(t, queuesWithStatus(rep, bcastTopic, doctor.StatusUnowned), what)
	}
	rep, snap := liveDiagnose(t, g, liveDir(t, "bcast"))
	t.Logf("live read: progress error %q", snap.ProgressErr)
	judge("live read", rep, len(snap.Status))
	require.Len(t, snap.Status, len(cids), "every member answered running-info")
	in, err := live.ReadFolder(liveDir(t, "bcast"))
	require.NoError(t, err)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err, "the saved folder is read, not refused")
	judge("saved folder", rep, len(in.Status))

	// The real mqadmin: consumerProgress fails with CODE 206 (its
	// progress.txt stays empty, so capture's completeness check cannot
	// apply); the capture is taken once and read as `doctor DIR` reads it.
	// On a loaded machine mqadmin can time out: the capture is taken
	// again (three times at most) while its member list is empty.
	capDir := k.captureUntil(t, "capture.sh", nil, "bcast", []string{"bcast", bcastTopic, g, hold}, func(dir string) string {
		if st, err := os.Stat(filepath.Join(dir, "connection.txt")); err != nil || st.Size() == 0 {
			b, _ := os.ReadFile(filepath.Join(dir, "connection.err"))
			return "connection.txt empty: " + strings.TrimSpace(string(b))
		}
		return ""
	})
	conn, _ := os.ReadFile(filepath.Join(capDir, "connection.txt"))
	perr, _ := os.ReadFile(filepath.Join(capDir, "progress.err"))
	t.Logf("mqadmin consumerProgress on a BROADCASTING group: %.300q", perr)
	require.Contains(t, string(conn), "BROADCASTING", "mqadmin consumerConnection names the model")
	in, err = live.ReadFolder(capDir)
	require.NoError(t, err)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err, "mqadmin's CODE 206 is read, not refused")
	t.Logf("mqadmin capture: %d status files", len(in.Status))
	judge("mqadmin capture", rep, len(in.Status))
}
