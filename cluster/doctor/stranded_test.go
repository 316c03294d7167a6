package doctor_test

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// broker-a of basic3 with read and write queue counts set so.
func withQueueNums(route string, read, write int) string {
	i := strings.Index(route, `"brokerName":"broker-a"`+",\n\t\t\t\"perm\":6,")
	if i < 0 {
		panic("basic3's route changed")
	}
	j := i + strings.Index(route[i:], "}")
	q := regexp.MustCompile(`"readQueueNums":\d+`).ReplaceAllString(route[i:j], `"readQueueNums":`+strconv.Itoa(read))
	q = regexp.MustCompile(`"writeQueueNums":\d+`).ReplaceAllString(q, `"writeQueueNums":`+strconv.Itoa(write))
	return route[:i] + q + route[j:]
}

// writeQueueNums 8 > readQueueNums 4 on broker-a: queues 4-7 are written,
// never read. topicStatus shows what sits there (18+18+19+20 messages in
// basic3's real topicStatus): STRANDED_MESSAGES, an error naming them.
// With no message known there yet, a warning; the reverse, information.
func TestStrandedMessages(t *testing.T) {
	dir := "../../testdata/real/basic3"
	in := captureInput(t, dir)
	in.Routes[0].Text = withQueueNums(in.Routes[0].Text, 4, 8)
	// consumerProgress lists broker-a's queues up to readQueueNums.
	in.Progress = progressRows(in.Progress, regexp.MustCompile(`^T_BASIC +broker-a +[4-7] `), nil)
	in.TopicStatus = []doctor.TopicStatusText{{Text: readFile(t, filepath.Join(dir, "topicstatus.txt"))}}
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	f := finding(rep, doctor.CodeStrandedMessages)
	require.NotNil(t, f, rep.Text())
	assert.True(t, strings.HasPrefix(f.Message, "75 messages sit in 4 queues"), f.Message)
	assert.Len(t, f.Queues, 4)
	assert.Equal(t, int32(4), f.Queues[0].QueueID)
	assert.Equal(t, "broker-a", f.Queues[0].BrokerName)
	assert.False(t, rep.OK)

	// Without topicStatus nothing shows what sits there: consumerProgress
	// lists a broker's queues up to readQueueNums only.
	in.TopicStatus = nil
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Nil(t, finding(rep, doctor.CodeStrandedMessages))
	f = finding(rep, doctor.CodeUnreadQueues)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "topicStatus -t T_BASIC shows how many")

	// The reverse: read 8 > write 4.
	in = captureInput(t, dir)
	in.Routes[0].Text = withQueueNums(in.Routes[0].Text, 8, 4)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	f = finding(rep, doctor.CodeQueuesNotWritten)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, doctor.LevelInfo, f.Level)
	assert.Nil(t, finding(rep, doctor.CodeUnreadQueues))
	assert.True(t, rep.OK, rep.Text())
}
