package doctor_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

func findingCodes(fs []doctor.Finding) []doctor.Code {
	var out []doctor.Code
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

// The empty %RETRY% queues of dup-clientid (broker offset 0, lag 0) stay
// errors: a duplicate client ID is a cause that stays, so the first
// retried message there will be consumed twice (broker-a/0, which both
// processes hold) or by nobody (broker-b/0, the lost share). Only a
// passing cause waits for messages (TestEmptyQueueAloneIsOK).
func TestEmptyQueueOfALastingFaultIsAnError(t *testing.T) {
	rep, err := doctor.Diagnose(captureInput(t, "../../testdata/real/dup-clientid"))
	require.NoError(t, err)
	retry := topicOf(t, rep, "%RETRY%G_DUP")
	assert.Equal(t, []doctor.Code{"DOUBLE_OWNED", "ORPHANED"}, findingCodes(retry.Findings), rep.Text())
	for _, q := range retry.Queues {
		assert.Contains(t, q.Cause, "it holds no message yet, but the cause stays (a duplicate client ID)", q)
		assert.Empty(t, q.ExplainedBy)
	}
	assert.Nil(t, finding(rep, doctor.CodeEmptyQueue))
	assert.Contains(t, rep.Verdict, "13 of 18 queues")
	assert.False(t, rep.OK)

	// Costly first: the orphaned queues with lag, then double consumption
	// (no lag) before the strategy finding that causes it.
	rep, err = doctor.Diagnose(captureInput(t, "../../testdata/real/mixed-strategy"))
	require.NoError(t, err)
	assert.Equal(t, []doctor.Code{"ORPHANED", "DOUBLE_OWNED", "MIXED_STRATEGIES"}, findingCodes(rep.Findings), rep.Text())
}

// A queue with zero lag and zero offset alone does not make the group
// unhealthy: a group whose only wrong queue is empty is OK.
func TestEmptyQueueAloneIsOK(t *testing.T) {
	in := captureInput(t, "../../testdata/real/basic3")
	// c1 also holds broker-b's retry queue (c2's; empty): held twice.
	// Both sections that list its queues say so (the parser compares them).
	in.Status[0].Text = strings.Replace(in.Status[0].Text, "%RETRY%G_BASIC                    broker-a                          0     0",
		"%RETRY%G_BASIC                    broker-a                          0     0\n%RETRY%G_BASIC                    broker-b                          0     0", 1)
	detail := "%RETRY%G_BASIC                                                    broker-a                          0     ProcessQueueInfo"
	i := strings.Index(in.Status[0].Text, detail)
	require.GreaterOrEqual(t, i, 0)
	line := in.Status[0].Text[i : i+strings.Index(in.Status[0].Text[i:], "\n")+1]
	in.Status[0].Text = strings.Replace(in.Status[0].Text, line, line+strings.Replace(line, "broker-a", "broker-b", 1), 1)
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	retry := topicOf(t, rep, "%RETRY%G_BASIC")
	assert.Equal(t, []doctor.Code{"EMPTY_QUEUE"}, findingCodes(retry.Findings), rep.Text())
	assert.Contains(t, retry.Findings[0].Message, "1 double-owned")
	assert.Contains(t, retry.Findings[0].Message, "right after start two members may briefly hold one of its queues")
	assert.True(t, rep.OK, rep.Text())

	// The same queue in a group of Java and Go members, which sort client
	// IDs differently (a cause that stays): an error already, since its
	// first message will be consumed twice.
	in.Connection = strings.Replace(in.Connection, "127.0.0.1:45718        JAVA       V4_9_3", "127.0.0.1:45718        GO         V4_5_2", 1)
	for i := range in.Status {
		if strings.HasPrefix(in.Status[i].Name, "127.0.0.1@c3") { // its status as the Go client prints its version
			in.Status[i].Text = strings.Replace(in.Status[i].Text, "PROP_CLIENT_VERSION                     : V4_9_3", "PROP_CLIENT_VERSION                     : v2.1.1", 1)
		}
	}
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	retry = topicOf(t, rep, "%RETRY%G_BASIC")
	assert.Equal(t, []doctor.Code{"DOUBLE_OWNED"}, findingCodes(retry.Findings), rep.Text())
	assert.Contains(t, queueStatusIn(retry, "broker-b", 0).Cause, "Java and Go members sort client IDs differently")
	assert.False(t, rep.OK)
}

func queueStatusIn(tr *doctor.TopicReport, broker string, id int32) *doctor.QueueReport {
	for i := range tr.Queues {
		if tr.Queues[i].BrokerName == broker && tr.Queues[i].QueueID == id {
			return &tr.Queues[i]
		}
	}
	return nil
}

// Stuck consumers from one snapshot: 10.0.0.1 holds queues with lag whose
// #LastTime is 20 minutes before the capture; the others consumed a minute
// before it.
func TestConsumerStuck(t *testing.T) {
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	in := c.input(hold, nil, false, "")
	lines := strings.Split(in.Progress, "\n")
	for i, l := range lines {
		if strings.Contains(l, "  broker-") && !strings.Contains(l, " 10.0.0.1 ") {
			lines[i] = strings.Replace(l, "2026-11-30 10:00:00", "2026-11-30 10:19:00", 1)
		}
	}
	in.Progress = strings.Join(lines, "\n")
	for _, at := range []string{"2026-11-30T10:20:00Z", ""} { // given, or the newest #LastTime
		in.CapturedAt = at
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err)
		f := finding(rep, doctor.CodeConsumerStuck)
		require.NotNil(t, f, rep.Text())
		assert.Equal(t, []string{"10.0.0.1"}, f.Clients)
		assert.Equal(t, doctor.LevelError, f.Level)
		assert.Contains(t, f.Message, "has consumed nothing there since 2026-11-30 10:00:00")
		assert.False(t, rep.OK)
		assert.True(t, rep.Judged)
	}

	// Everyone recent: nothing stuck.
	in.Progress = strings.ReplaceAll(in.Progress, "2026-11-30 10:00:00", "2026-11-30 10:19:00")
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Nil(t, finding(rep, doctor.CodeConsumerStuck), rep.Text())
	assert.True(t, rep.OK, rep.Text())

	in.CapturedAt = "yesterday"
	ie := inputError(t, in)
	assert.Equal(t, "capturedAt", ie.Source)
}

// No real capture shows a stuck consumer (captured-at.txt dates them).
func TestRealCapturesNotStuck(t *testing.T) {
	for _, c := range realCases {
		rep, err := doctor.Diagnose(captureInput(t, filepath.Join("../../testdata", c.dir)))
		require.NoError(t, err)
		assert.Nil(t, finding(rep, doctor.CodeConsumerStuck), c.dir)
	}
}

// Both processes of a duplicate client ID hold its share, whichever output
// shows the owners: from consumerProgress's #Client IP alone (every
// member of dup-clientid is 127.0.0.1) the queues the ID's call returns
// are double-owned too, and the other member's are not.
func TestDuplicateIDShareIsDoubleOwnedByIP(t *testing.T) {
	in := captureInput(t, "../../testdata/real/dup-clientid")
	in.Status = nil
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	tr := topicOf(t, rep, "T_DUP")
	var double, ok []string
	for _, q := range tr.Queues {
		name := q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
		switch q.Status {
		case doctor.StatusDoubleOwned:
			double = append(double, name)
			assert.Contains(t, q.Cause, "DUPLICATE_CLIENT_ID", name)
		case doctor.StatusOK:
			ok = append(ok, name)
		}
	}
	assert.Equal(t, []string{"broker-a/0", "broker-a/1", "broker-a/2", "broker-a/3", "broker-a/4", "broker-a/5"}, double, rep.Text())
	assert.Equal(t, []string{"broker-b/3", "broker-b/4", "broker-b/5", "broker-b/6", "broker-b/7"}, ok, rep.Text())
}
