package doctor_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// What mqadmin 4.9.3 consumerProgress prints for a group whose brokers
// hold no offset (DefaultMQAdminExtImpl.examineConsumeStats): what a
// BROADCASTING group, whose offsets its clients keep, always gets.
const progress206 = "org.apache.rocketmq.tools.command.SubCommandException: ConsumerProgressSubCommand command failed\n" +
	"\tat org.apache.rocketmq.tools.command.consumer.ConsumerProgressSubCommand.execute(ConsumerProgressSubCommand.java:220)\n" +
	"Caused by: org.apache.rocketmq.client.exception.MQClientException: CODE: 206  DESC: Not found the consumer group consume stats, because return offset table is empty, maybe the consumer not consume any message\n" +
	"For more information, please visit the url, http://rocketmq.apache.org/docs/faq/\n"

// A BROADCASTING group (MessageModel in the connection) with
// consumerProgress's CODE 206 is healthy, not bad input and not unjudged:
// every member consumes every queue, there is no allocation to check.
func TestBroadcastingProgress206(t *testing.T) {
	in := captureInput(t, "../../testdata/real/basic3")
	in.Connection = strings.Replace(in.Connection, "MessageModel: CLUSTERING", "MessageModel: BROADCASTING", 1)
	in.Progress = progress206
	in.Status = nil
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.True(t, rep.OK, rep.Text())
	assert.True(t, rep.Judged)
	assert.Contains(t, rep.Verdict, "BROADCASTING")
	f := finding(rep, doctor.CodeBroadcasting)
	require.NotNil(t, f)
	assert.Contains(t, f.Message, "CODE 206")
	assert.Nil(t, finding(rep, doctor.CodeReadFailed))
	assert.Nil(t, finding(rep, doctor.CodeNoOwnerInfo))

	// The same answer for a CLUSTERING group is no owner information
	// (exit 3), not an error of the input.
	in.Connection = strings.Replace(in.Connection, "MessageModel: BROADCASTING", "MessageModel: CLUSTERING", 1)
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.False(t, rep.Judged, rep.Text())
}
