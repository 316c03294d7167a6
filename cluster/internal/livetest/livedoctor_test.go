//go:build live

package livetest

import (
	"context"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// liveDiagnose reads group straight from the cluster (cluster/live, what
// `rmqalloc doctor --namesrv` does), saves it as a folder, reads the folder
// back and diagnoses it: the report `rmqalloc doctor DIR` gives.
func liveDiagnose(t *testing.T, group, dir string) (*doctor.Report, *live.Snapshot) {
	t.Helper()
	return liveDiagnoseOn(t, theKit.namesrv, group, dir)
}

// liveDiagnoseOn is liveDiagnose on the cluster of namesrv.
func liveDiagnoseOn(t *testing.T, namesrv, group, dir string) (*doctor.Report, *live.Snapshot) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	t0 := time.Now()
	snap, err := live.Read(ctx, live.Options{NameServer: namesrv, Group: group})
	require.NoError(t, err, "live read of %s", group)
	t.Logf("live read of %s: %v (%d status files, warnings %v)", group, time.Since(t0).Round(time.Millisecond), len(snap.Status), snap.Warnings)
	require.NoError(t, snap.Save(dir))
	in, err := live.ReadFolder(dir)
	require.NoError(t, err)
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err, "doctor on the live read of %s", group)
	direct, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	assert.Equal(t, direct.Verdict, rep.Verdict, "the saved folder gives the live report")
	return rep, snap
}

// sameDiagnosis: the live read and the mqadmin capture of one settled group
// agree on the verdict, the findings and every queue of topic.
func sameDiagnosis(t *testing.T, fromMqadmin, fromLive *doctor.Report, topic string) {
	t.Helper()
	assert.Equal(t, fromMqadmin.OK, fromLive.OK, "mqadmin: %s\nlive: %s", fromMqadmin.Text(), fromLive.Text())
	assert.Equal(t, findingCodes(fromMqadmin), findingCodes(fromLive), "live: %s", fromLive.Text())
	for _, status := range []string{doctor.StatusOK, doctor.StatusDoubleOwned, doctor.StatusUnowned, doctor.StatusWrongOwner} {
		assert.Equal(t, queuesWithStatus(fromMqadmin, topic, status), queuesWithStatus(fromLive, topic, status), "%s queues of %s, live: %s", status, topic, fromLive.Text())
	}
}

func liveDir(t *testing.T, name string) string {
	return filepath.Join(theKit.captures, name+"-live")
}

// cliLiveDoctor runs the npm package's `rmqalloc doctor --namesrv` on group
// (saving into dir), then `rmqalloc doctor dir`: both JSON reports, which
// must be the same.
func cliLiveDoctor(t *testing.T, group, dir string) string {
	t.Helper()
	return cliLiveDoctorOn(t, theKit.namesrv, group, dir)
}

// cliLiveDoctorOn is cliLiveDoctor on the cluster of namesrv; judge are
// judging flags given to both runs (--stuck-after 30s).
func cliLiveDoctorOn(t *testing.T, namesrv, group, dir string, judge ...string) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	cli := filepath.Join(filepath.Dir(here), "..", "..", "..", "js", "bin", "rmqalloc.js")
	t0 := time.Now()
	// --timeout 60s: the default 5s is the operator's; here a loaded
	// machine (and a member that does not answer, whose broker waits 10 s
	// for it) must not turn into a run given up at the deadline.
	live, errs, err := run(2*time.Minute, nil, "", "node", append([]string{cli, "doctor", "--namesrv", namesrv, "--group", group, "--json", "--save", dir, "--timeout", "60s"}, judge...)...)
	t.Logf("node rmqalloc doctor --namesrv (end to end): %v", time.Since(t0).Round(time.Millisecond))
	if err != nil && !strings.Contains(err.Error(), "exit status 1") {
		require.NoError(t, err, "%s", errs)
	}
	saved, errs, err := run(time.Minute, nil, "", "node", append([]string{cli, "doctor", dir, "--json"}, judge...)...)
	if err != nil && !strings.Contains(err.Error(), "exit status 1") {
		require.NoError(t, err, "%s", errs)
	}
	assert.JSONEq(t, live, saved, "the live report is the saved folder's")
	return live
}
