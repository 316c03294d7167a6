package doctor_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Files that are each whole but contradict each other are refused, naming
// the box (and line) and what disagrees; the intact captures are not.
func TestCrossCheckRefusesContradictions(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	b5 := captureInput(t, "../../testdata/real5/b533-basic3-c533")
	dup := captureInput(t, "../../testdata/real/dup-clientid")
	offline := captureInput(t, "../../testdata/real/offline-group")
	payDup := captureInput(t, "../../testdata/cluster/duplicate-client-id")
	orders := captureInput(t, "../../testdata/cluster/status-files-mixed-strategies")
	for _, in := range []doctor.Input{basic, b5, dup, offline, payDup, orders} {
		_, err := doctor.Diagnose(in)
		require.NoError(t, err)
	}
	swapNames := func(in doctor.Input) doctor.Input {
		in.Status = append([]doctor.StatusText(nil), in.Status...)
		in.Status[0].Name, in.Status[1].Name = in.Status[1].Name, in.Status[0].Name
		return in
	}
	for _, tt := range []struct {
		name     string
		in       doctor.Input
		box      string
		line     int
		contains []string
	}{
		{"status files of another group", with(basic, func(in *doctor.Input) { in.Status = b5.Status }), "status[0]", 0,
			[]string{`"G_B5"`, "consumerGroup", `"G_BASIC"`, "the connection"}},
		{"connection of another group", with(basic, func(in *doctor.Input) { in.Connection = dup.Connection }), "status[0]", 0,
			[]string{`"G_BASIC"`, `"G_DUP"`}},
		{"progress of another group", with(basic, func(in *doctor.Input) { in.Progress = dup.Progress; in.Status = nil }), "progress", 2,
			[]string{`"G_DUP"`, `"G_BASIC"`}},
		{"another group's CODE 206 as the connection", with(basic, func(in *doctor.Input) { in.Connection = offline.Connection }), "status[0]", 0,
			[]string{`"G_BASIC"`, `"G_DUP"`, "not online"}},
		{"progress of another group beside a CODE 206", with(offline, func(in *doctor.Input) { in.Progress = basic.Progress }), "progress", 2,
			[]string{`"G_BASIC"`, `"G_DUP"`, "not online"}},
		{"route of another cluster", with(basic, func(in *doctor.Input) {
			in.Routes = []doctor.RouteText{{Text: strings.NewReplacer("broker-a", "broker-x", "broker-b", "broker-y").Replace(basic.Routes[0].Text)}}
		}), "progress", 4, []string{"broker-a, broker-b", "broker-x, broker-y", "no broker in common"}},
		{"5.x status files under each other's names", swapNames(b5), "status[0]", 0,
			[]string{`"127.0.0.1@c2"`, "client 127.0.0.1@c1", "clientIP and instanceName"}},
		// The hand-made examples share group and broker names: only the
		// members' IPs tell their progress apart.
		{"progress whose clients are none of the connection's", with(payDup, func(in *doctor.Input) { in.Progress = orders.Progress }), "progress", 2,
			[]string{"#Client IP names 10.0.0.80, 10.0.1.209, 10.0.1.85, 10.0.3.36", "10.0.2.161@96930", "different groups or moments"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := doctor.Diagnose(tt.in)
			var te *alloc.TextError
			require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
			assert.Equal(t, tt.box, te.Source, te.Error())
			assert.Equal(t, tt.line, te.Line, te.Error())
			for _, c := range tt.contains {
				assert.Contains(t, te.Msg, c)
			}
		})
	}
}

// A client may subscribe another group's %RETRY% topic on purpose: every
// file then shows it, which is no contradiction.
func TestCrossCheckForeignRetrySubscription(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	in := with(basic, func(in *doctor.Input) {
		in.Connection = strings.Replace(in.Connection, "%RETRY%G_BASIC       *\n", "%RETRY%G_BASIC       *\n%RETRY%G_OTHER       *\n", 1)
	})
	require.Contains(t, in.Connection, "%RETRY%G_OTHER")
	_, err := doctor.Diagnose(in)
	require.NoError(t, err)
}

// Right after a broker crashes it leaves the route at once, while the
// members' status files still list the queues they held there until their
// next rebalance: a member that held only that broker's queues is no
// contradiction (basic3 with broker-b gone from the route and progress).
func TestCrossCheckBrokerJustLeft(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	in := with(basic, func(in *doctor.Input) {
		var keep []string
		for _, l := range strings.Split(in.Progress, "\n") {
			if !strings.Contains(l, "broker-b") {
				keep = append(keep, l)
			}
		}
		in.Progress = strings.Join(keep, "\n")
		route := strings.NewReplacer(
			"\t\t{\n\t\t\t\"brokerAddrs\":{0:\"127.0.0.1:10921\"\n\t\t\t},\n\t\t\t\"brokerName\":\"broker-b\",\n\t\t\t\"cluster\":\"DefaultCluster\"\n\t\t},\n", "",
			",\n\t\t{\n\t\t\t\"brokerName\":\"broker-b\",\n\t\t\t\"perm\":6,\n\t\t\t\"readQueueNums\":8,\n\t\t\t\"topicSysFlag\":0,\n\t\t\t\"writeQueueNums\":8\n\t\t}", "",
		).Replace(basic.Routes[0].Text)
		require.NotContains(t, route, "broker-b")
		in.Routes = []doctor.RouteText{{Text: route}}
		// Only broker-b's queues in one member's status file.
		var only []doctor.StatusText
		for _, st := range in.Status {
			if !strings.Contains(st.Text, "broker-a") {
				only = append(only, st)
			}
		}
		require.NotEmpty(t, only, "basic3 has a member holding broker-b queues only")
	})
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Contains(t, rep.Text(), "broker-b")

	// Every status file of another cluster is still refused.
	foreign := with(in, func(in *doctor.Input) {
		in.Status = append([]doctor.StatusText(nil), in.Status...)
		for i := range in.Status {
			in.Status[i].Text = strings.ReplaceAll(in.Status[i].Text, "broker-a", "broker-x")
			in.Status[i].Text = strings.ReplaceAll(in.Status[i].Text, "broker-b", "broker-y")
		}
	})
	_, err = doctor.Diagnose(foreign)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no broker in common")
}

// Sizes over the documented limits are refused before anything grows
// with them, naming the limit and the value.
func TestLimitsRefuseHugeInput(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	huge := with(basic, func(in *doctor.Input) {
		in.Routes = []doctor.RouteText{{Text: strings.ReplaceAll(basic.Routes[0].Text, `"readQueueNums":8`, `"readQueueNums":500000`)}}
	})
	_, err := doctor.Diagnose(huge)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "500000")
	assert.Contains(t, err.Error(), "65536")

	big := with(basic, func(in *doctor.Input) { in.Progress += strings.Repeat(" ", doctor.MaxInputBytes) })
	_, err = doctor.Diagnose(big)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "progress: the text's size in bytes is")
}

// with is a copy of in changed by f.
func with(in doctor.Input, f func(*doctor.Input)) doctor.Input {
	f(&in)
	return in
}

// Snapshots of several groups (a shell glob over every capture) are
// refused, naming both snapshots and both groups.
func TestSeriesOfOneGroup(t *testing.T) {
	snap := func(dir, at string) doctor.Snapshot {
		in := captureInput(t, "../../testdata/real/"+dir)
		in.CapturedAt = ""
		tm, err := time.Parse(time.RFC3339, at)
		require.NoError(t, err)
		return doctor.Snapshot{Input: in, At: tm, Name: dir}
	}
	_, err := doctor.DiagnoseSeries([]doctor.Snapshot{snap("basic3-early", "2026-12-01T19:08:00Z"), snap("basic3", "2026-12-01T19:09:00Z")})
	require.NoError(t, err)
	_, err = doctor.DiagnoseSeries([]doctor.Snapshot{snap("basic3", "2026-12-01T19:08:00Z"), snap("dup-clientid", "2026-12-01T19:09:00Z")})
	var te *alloc.TextError
	require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
	assert.Equal(t, "snapshot[1].connection", te.Source)
	for _, want := range []string{`"G_DUP"`, `snapshot "basic3"`, `"G_BASIC"`, `(snapshot "dup-clientid")`} {
		assert.Contains(t, te.Msg, want)
	}
}

// A capture time before the newest #LastTime is said as a warning; the
// capture's own time is not.
func TestCaptureBeforeLastTime(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	has := func(in doctor.Input) bool {
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err)
		for _, f := range rep.Findings {
			if f.Code == doctor.CodeCaptureBeforeLastTime {
				assert.Equal(t, doctor.LevelWarning, f.Level)
				assert.Contains(t, f.Message, "2026-12-01 19:08:11")
				return true
			}
		}
		return false
	}
	assert.False(t, has(basic), "the capture's own captured-at.txt")
	assert.True(t, has(with(basic, func(in *doctor.Input) { in.CapturedAt = "2026-12-01T18:08:11Z" })), "an hour early")
	assert.False(t, has(with(basic, func(in *doctor.Input) { in.CapturedAt = "2026-12-01T19:07:30Z" })), "within the minute a capture takes")
	assert.True(t, has(with(basic, func(in *doctor.Input) { in.CapturedAt = "\ufeff2026-12-01T10:00:00Z" })), "a BOM before the time is read too")
}

// A broker lists every queue 0..readQueueNums-1 of a topic it has offsets
// of (getConsumeStats), so consumerProgress with a queue missing inside a
// broker's run, or a count the route does not give that broker, is a lost
// line or a route of another topic: refused naming the progress line (and
// the route). A whole broker missing stays a broker that did not answer.
func TestProgressQueuesAgainstRoute(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	drop := func(text, line string) string {
		require.Contains(t, text, line)
		return strings.Replace(text, line, "", 1)
	}
	row := func(broker string, qid int) string {
		for _, l := range strings.SplitAfter(basic.Progress, "\n") {
			f := strings.Fields(l)
			if len(f) > 3 && f[0] == "T_BASIC" && f[1] == broker && f[2] == strconv.Itoa(qid) {
				return l
			}
		}
		t.Fatalf("no row %s/%d", broker, qid)
		return ""
	}
	for _, tt := range []struct {
		name     string
		in       doctor.Input
		line     int
		contains []string
	}{
		{"a queue inside a broker's run lost", with(basic, func(in *doctor.Input) { in.Progress = drop(in.Progress, row("broker-a", 3)) }), 7,
			[]string{"broker-a/4", "broker-a/2", "missing"}},
		{"the last queue of a broker lost", with(basic, func(in *doctor.Input) { in.Progress = drop(in.Progress, row("broker-b", 7)) }), 12,
			[]string{"broker-b", "7 queues", "readQueueNums 8", "route"}},
		{"a route of another topic", with(basic, func(in *doctor.Input) {
			in.Routes = []doctor.RouteText{{Text: strings.ReplaceAll(basic.Routes[0].Text, `"readQueueNums":8`, `"readQueueNums":4`)}}
		}), 4, []string{"broker-a", "8 queues", "readQueueNums 4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := doctor.Diagnose(tt.in)
			var te *alloc.TextError
			require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
			assert.Equal(t, "progress", te.Source, te.Error())
			assert.Equal(t, tt.line, te.Line, te.Error())
			for _, c := range tt.contains {
				assert.Contains(t, te.Msg, c)
			}
		})
	}
	// A broker that did not answer: all its lines are missing.
	in := with(basic, func(in *doctor.Input) {
		for q := range 8 {
			in.Progress = drop(in.Progress, row("broker-b", q))
		}
	})
	_, err := doctor.Diagnose(in)
	require.NoError(t, err)
}

// A client reports one version to the broker (the connection's #Version)
// and in its running info (PROP_CLIENT_VERSION): a status file whose
// client library or version contradicts the connection line of the
// client it is named after is another client's, renamed (4.x status files
// print no clientIP or instanceName to tell otherwise).
func TestStatusVersionAgainstConnection(t *testing.T) {
	lang := captureInput(t, "../../testdata/real/mixed-language")
	_, err := doctor.Diagnose(lang)
	require.NoError(t, err)
	var java, goFile int
	for i, s := range lang.Status {
		if strings.Contains(s.Name, "go1") {
			goFile = i
		} else {
			java = i
		}
	}
	swapped := with(lang, func(in *doctor.Input) {
		in.Status = append([]doctor.StatusText(nil), in.Status...)
		in.Status[java].Name, in.Status[goFile].Name = in.Status[goFile].Name, in.Status[java].Name
	})
	_, err = doctor.Diagnose(swapped)
	var te *alloc.TextError
	require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
	assert.Contains(t, te.Msg, "PROP_CLIENT_VERSION")
	assert.Contains(t, te.Msg, "connection line")

	basic := captureInput(t, "../../testdata/real/basic3")
	newer := with(basic, func(in *doctor.Input) {
		in.Status = append([]doctor.StatusText(nil), in.Status...)
		in.Status[0].Text = strings.Replace(in.Status[0].Text, ": V4_9_3", ": V5_3_3", 1)
	})
	_, err = doctor.Diagnose(newer)
	require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
	assert.Equal(t, "status[0]", te.Source)
	assert.Contains(t, te.Msg, "V5_3_3")
	assert.Contains(t, te.Msg, "V4_9_3")
}

// A route names no topic: when every read that would name the group's
// topics failed (here refused by ACL, as mqadmin printed it on the kit),
// the capture is read, not refused: nothing can be judged (the failures
// said), and the route is left out with the reason and what to give.
func TestUnnamedRouteAfterFailedReads(t *testing.T) {
	basic := captureInput(t, "../../testdata/real/basic3")
	const acl = "org.apache.rocketmq.tools.command.SubCommandException: %s command failed\n" +
		"Caused by: org.apache.rocketmq.client.exception.MQBrokerException: CODE: 1  DESC: org.apache.rocketmq.acl.common.AclException: No accessKey is configured, org.apache.rocketmq.acl.plain.PlainPermissionManager.validate(PlainPermissionManager.java:636) BROKER: 127.0.0.1:10991\n"
	in := doctor.Input{
		Routes:      []doctor.RouteText{{Text: basic.Routes[0].Text}},
		Connection:  strings.ReplaceAll(acl, "%s", "ConsumerConnectionSubCommand"),
		ProgressErr: strings.ReplaceAll(acl, "%s", "ConsumerProgressSubCommand"),
	}
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.False(t, rep.Judged, rep.Text())
	assert.Contains(t, rep.Verdict, "Could not read the group: consumerConnection failed (127.0.0.1:10991: CODE 1")
	assert.Zero(t, rep.Queues, rep.Text())
	note := finding(rep, doctor.CodeNotDiagnosed)
	require.NotNil(t, note, rep.Text())
	assert.Contains(t, note.Message, "route was not used: nothing read names the group's topics (consumerConnection failed: 127.0.0.1:10991: CODE 1 (org.apache.rocketmq.acl.common.AclException")
	assert.Contains(t, note.Message, "; consumerProgress failed: 127.0.0.1:10991: CODE 1")
	// Named, its queues are there, every one unknown.
	in.Routes[0].Topic = "T_BASIC"
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.False(t, rep.Judged, rep.Text())
	assert.Equal(t, 16, rep.Queues, rep.Text()) // basic3's route: 8 on each broker
	assert.Equal(t, 16, rep.Unknown, rep.Text())
	// With nothing failed, an unnamed route is still refused: a request
	// for the topic, not a guess.
	_, err = doctor.Diagnose(doctor.Input{Routes: []doctor.RouteText{{Text: basic.Routes[0].Text}}, Connection: basic.Connection})
	if err != nil {
		assert.NotContains(t, err.Error(), "was not used")
	}
}
