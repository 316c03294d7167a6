//go:build live

package livetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// strandedTopic has writeQueueNums 8 and readQueueNums 4 on broker-a
// (mqadmin updateTopic -w 8 -r 4; not a topicDefs topic: LiveAdmin makes
// both counts equal).
const strandedTopic = "T_stranded"

// TestStrandedMessages: producers write to queues 0-7, consumers read only
// 0-3 (a rebalance allocates the read queues). The producer's own report
// says how many went to queues 4-7; the consumer consumes the rest. The
// doctor, live (it reads topicStatus), from its saved folder and from a
// real mqadmin capture with topicStatus, reports STRANDED_MESSAGES
// naming queues 4-7 and exactly that count, and the read queues as the
// consumer held them.
//
// Not parallel: under the parallel tests' load a new producer process may
// miss the topic's route at the NameServer and send by the default topic's
// route (4 queues on every broker, auto-created), which is no write>read
// topic at all. Alone, before the parallel tests start, it gets the route.
func TestStrandedMessages(t *testing.T) {
	k, g := theKit, "G_stranded"
	_, errs, err := k.mqadminUntil(t, func(out, errs string, err error) bool { return err == nil && strings.Contains(out, "success") },
		"updateTopic", "-b", brokerAddr["broker-a"], "-t", strandedTopic, "-r", "4", "-w", "8")
	require.NoError(t, err, "%s", errs)
	settle(t, "route of "+strandedTopic, 60*time.Second, func() (bool, string) {
		r, err := topicRoute(k.namesrv, strandedTopic)
		if err != nil || r == nil || len(r.QueueDatas) != 1 {
			return false, fmt.Sprintf("route %+v, err %v", r, err)
		}
		qd := r.QueueDatas[0]
		return qd.ReadQueueNums == 4 && qd.WriteQueueNums == 8, fmt.Sprintf("read %d write %d", qd.ReadQueueNums, qd.WriteQueueNums)
	})
	cid := "127.0.0.1@st1"
	hold := k.holdPath(g)
	k.liveConsumer(t, "stranded", 1, "-n", k.namesrv, "-g", g, "-t", strandedTopic, "-hold", hold, "st1")
	var read []string
	for q := 0; q < 4; q++ {
		read = append(read, fmt.Sprintf("broker-a/%s/%d", strandedTopic, q))
	}
	settle(t, g, 150*time.Second, func() (bool, string) {
		lines, err := readHold(hold)
		if err != nil || len(lines) != 1 {
			return false, fmt.Sprintf("%v %v", lines, err)
		}
		got := mainOnly(lines[0].Held)
		return fmt.Sprint(got) == fmt.Sprint(read), fmt.Sprintf("%s holds %v", cid, got)
	})

	// The truth of what sits unread: where the producer's sends went.
	sends, queues := sendCount(t, "P_stranded", strandedTopic, 80)
	t.Logf("producer's queues: %s", queues)
	strandedSent, readSent := 0, 0
	for _, s := range sends {
		if s.queue == "" {
			continue
		}
		id, err := strconv.Atoi(s.queue[strings.LastIndexByte(s.queue, '/')+1:])
		require.NoError(t, err, s.queue)
		if id >= 4 {
			strandedSent++
		} else {
			readSent++
		}
	}
	require.Positive(t, strandedSent, "the producer writes to queues 4-7: %v", sends)
	// The consumer reads the others: wait until it has them all, so its
	// lag is 0 and what remains is only what is stranded.
	settle(t, g+" consumed", 120*time.Second, func() (bool, string) {
		lines, err := readHold(hold)
		if err != nil || len(lines) != 1 {
			return false, fmt.Sprintf("%v %v", lines, err)
		}
		return lines[0].Consumed == int64(readSent), fmt.Sprintf("consumed %d of %d", lines[0].Consumed, readSent)
	})

	var strandedQs []doctor.QueueRef
	for q := int32(4); q < 8; q++ {
		strandedQs = append(strandedQs, doctor.QueueRef{Topic: strandedTopic, BrokerName: "broker-a", QueueID: q})
	}
	judge := func(what string, rep *doctor.Report) {
		t.Helper()
		assert.True(t, rep.Judged, "%s: %s", what, rep.Text())
		assert.False(t, rep.OK, "%s: stranded messages are an error: %s", what, rep.Text())
		f := findingOf(rep, doctor.CodeStrandedMessages)
		if assert.NotNil(t, f, "%s: %s", what, rep.Text()) {
			assert.Equal(t, doctor.LevelError, f.Level, what)
			assert.Equal(t, strandedQs, f.Queues, "%s: the unread queues", what)
			assert.True(t, strings.HasPrefix(f.Message, strconv.Itoa(strandedSent)+" messages "), "%s: the count sent there (%d): %s", what, strandedSent, f.Message)
		}
		assert.Equal(t, read, queuesWithStatus(rep, strandedTopic, doctor.StatusOK), "%s: the read queues, as held: %s", what, rep.Text())
		assert.Equal(t, read, queuesExpectedOf(rep, strandedTopic, cid), what)
		for _, code := range []doctor.Code{doctor.CodeUnowned, doctor.CodeDoubleOwned, doctor.CodeWrongOwner} {
			assert.NotContains(t, findingCodes(rep), code, "%s: %s", what, rep.Text())
		}
	}
	dir := liveDir(t, "stranded")
	rep, _ := liveDiagnose(t, g, dir)
	judge("live read", rep)
	_, err = os.Stat(filepath.Join(dir, "topicStatus.txt"))
	require.NoError(t, err, "the live read saves topicStatus")
	in, err := live.ReadFolder(dir)
	require.NoError(t, err)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	judge("saved folder", rep)

	// capture.sh's FAST mode leaves topicStatus out: it is run beside it.
	capDir := k.capture(t, "stranded", strandedTopic, g, 1, hold)
	ts, errs, err := k.mqadminUntil(t, func(out, errs string, err error) bool { return err == nil && strings.Contains(out, "#Broker Name") },
		"topicStatus", "-t", strandedTopic)
	require.NoError(t, err, "%s", errs)
	require.NoError(t, os.WriteFile(filepath.Join(capDir, "topicstatus.txt"), []byte(ts), 0o644))
	in, err = live.ReadFolder(capDir)
	require.NoError(t, err)
	require.NotEmpty(t, in.TopicStatus, "capture.sh's topicstatus.txt is read")
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	judge("mqadmin capture", rep)
}
