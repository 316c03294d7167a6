package doctor_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// The failures below are in the words RocketMQ 4.9.3's mqadmin prints
// them on stderr (RemotingTimeoutException's "wait response on the channel
// <addr> timeout, N(ms)", MQBrokerException's "CODE: n  DESC: ... BROKER:
// addr", the broker's CONSUME_MSG_TIMEOUT remark for a client that did not
// answer: "consumer <GROUP> <CLIENT> Timeout: ...").
const (
	timeoutB = "org.apache.rocketmq.tools.command.SubCommandException: ConsumerProgressSubCommand command failed\n" +
		"\tat org.apache.rocketmq.tools.command.consumer.ConsumerProgressSubCommand.execute(ConsumerProgressSubCommand.java:220)\n" +
		"Caused by: org.apache.rocketmq.remoting.exception.RemotingTimeoutException: wait response on the channel <127.0.0.1:10921> timeout, 3000(ms)\n" +
		"\tat org.apache.rocketmq.remoting.netty.NettyRemotingAbstract.invokeSyncImpl(NettyRemotingAbstract.java:427)\n"
	aclB = "org.apache.rocketmq.tools.command.SubCommandException: ConsumerProgressSubCommand command failed\n" +
		"Caused by: org.apache.rocketmq.client.exception.MQBrokerException: CODE: 1  DESC: java.lang.NullPointerException, org.apache.rocketmq.acl.common.AclException: No accessKey is configured BROKER: 127.0.0.1:10921\n" +
		"For more information, please visit the url, http://rocketmq.apache.org/docs/faq/\n"
)

// frozenStderr is consumerStatus's stderr when client did not answer.
func frozenStderr(group, client string) string {
	return "org.apache.rocketmq.client.exception.MQClientException: CODE: 207  DESC: consumer <" + group + "> <" + client + "> Timeout: org.apache.rocketmq.remoting.exception.RemotingTimeoutException: wait response on the channel <127.0.0.1:45720> timeout, 5000(ms)\n" +
		"For more information, please visit the url, http://rocketmq.apache.org/docs/faq/\n" +
		"\tat org.apache.rocketmq.client.impl.MQClientAPIImpl.getConsumerRunningInfo(MQClientAPIImpl.java:1924)\n"
}

// withoutStatus drops client's status file.
func withoutStatus(in doctor.Input, client string) doctor.Input {
	in.Status = slices.DeleteFunc(slices.Clone(in.Status), func(s doctor.StatusText) bool { return s.Name == client })
	return in
}

// progressRows rewrites the progress rows whose line matches re with
// edit (nil: the row is deleted; basic3's Diff Total, 0, stays right).
func progressRows(text string, re *regexp.Regexp, edit func(string) string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if re.MatchString(l) {
			if edit == nil {
				continue
			}
			l = edit(l)
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// unknownQueues is "topic broker/qid" of every unknown queue, sorted.
func unknownQueues(r *doctor.Report) []string {
	var out []string
	for _, tr := range r.Topics {
		for _, q := range tr.Queues {
			if q.Status == doctor.StatusUnknown {
				out = append(out, tr.Topic+" "+q.BrokerName+"/"+strconv.Itoa(int(q.QueueID)))
			}
		}
	}
	slices.Sort(out)
	return out
}

// heldBy is "topic broker/qid" of every queue client really held
// (held/), sorted.
func heldBy(t *testing.T, dir, client string) []string {
	owners, _, _ := heldOwners(t, dir)
	var out []string
	for k, cs := range owners {
		if slices.Contains(cs, client) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// A member frozen (kill -STOP) while the brokers still list it: its
// running-info request times out (CODE 207), so mqadmin consumerStatus
// writes no file for it, and consumerProgress -s true stops filling #Client
// IP at it (N/A, here on every row: all members share 127.0.0.1). The
// other members' status files still say who holds what: exactly the
// frozen member's queues (what it really held) are unknown, the rest is
// judged, and the member is named.
func TestFrozenMemberIsUnknownNotUnowned(t *testing.T) {
	dir := "../../testdata/real/basic3"
	const frozen = "127.0.0.1@c2"
	in := withoutStatus(captureInput(t, dir), frozen)
	in.Progress = progressRows(in.Progress, regexp.MustCompile(`127\.0\.0\.1 `), func(l string) string {
		return strings.Replace(l, "127.0.0.1", "N/A      ", 1)
	})
	in.StatusErr = frozenStderr("G_BASIC", frozen)
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Equal(t, heldBy(t, dir, frozen), unknownQueues(rep), rep.Text())
	assert.True(t, rep.Judged)
	assert.True(t, rep.OK, rep.Text()) // what was read is healthy
	assert.Equal(t, 6, rep.Unknown)
	assert.True(t, strings.HasPrefix(rep.Verdict, "Read 12 of 18 queues (6 unknown"), rep.Verdict)
	for _, code := range []doctor.Code{doctor.CodeUnowned, doctor.CodeWrongOwner, doctor.CodeDoubleOwned} {
		assert.Nil(t, finding(rep, code), code)
	}
	f := finding(rep, doctor.CodeConsumerUnresponsive)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, []string{frozen}, f.Clients)
	assert.Contains(t, f.Message, "CODE 207")
	q := queueStatus(rep, "broker-b", 0)
	assert.Contains(t, q.Cause, frozen+" did not answer")

	// Without its stderr the missing file is STATUS_INCOMPLETE: unknown
	// still, never unowned.
	in.StatusErr = ""
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Equal(t, heldBy(t, dir, frozen), unknownQueues(rep))
	assert.NotNil(t, finding(rep, doctor.CodeStatusIncomplete))
	assert.Nil(t, finding(rep, doctor.CodeUnowned))
}

// consumerProgress's #Client IP fills in a member with no status file
// when that IP is its alone: the queues it names are read, not unknown.
// (basic3 with each member on its own host: 10.0.0.N@cN sort as
// 127.0.0.1@cN did.)
func TestMissingStatusFilledByAnIPOfItsOwn(t *testing.T) {
	dir := "../../testdata/real/basic3"
	in := captureInput(t, dir)
	host := func(cid string) string { return "10.0.0." + cid[len(cid)-1:] }
	owners, _, _ := heldOwners(t, dir)
	var lines []string
	for _, l := range strings.Split(in.Progress, "\n") {
		f := strings.Fields(l)
		if len(f) > 3 {
			if o := owners[f[0]+" "+f[1]+"/"+f[2]]; len(o) == 1 {
				l = strings.Replace(l, "127.0.0.1", host(o[0])+" ", 1)
			}
		}
		lines = append(lines, l)
	}
	in.Progress = strings.Join(lines, "\n")
	for _, c := range []string{"c1", "c2", "c3"} {
		in.Connection = strings.Replace(in.Connection, "127.0.0.1@"+c+" ", "10.0.0."+c[1:]+"@"+c+"  ", 1)
	}
	for i := range in.Status {
		in.Status[i].Name = host(in.Status[i].Name) + "@" + strings.SplitN(in.Status[i].Name, "@", 2)[1]
	}
	in = withoutStatus(in, "10.0.0.2@c2")
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Empty(t, unknownQueues(rep), rep.Text())
	assert.True(t, rep.OK, rep.Text())
	assert.Equal(t, []string{"10.0.0.2@c2"}, queueStatus(rep, "broker-b", 0).Actual)
}

// A broker that did not answer: the live read saves the rows of the
// brokers that did, and the failure beside them (progress.err). Its queues
// are unknown, named with the broker and the error; the other broker's
// are judged. Without -s true's owners nothing is judged (exit 3).
func TestHungBrokerQueuesUnknown(t *testing.T) {
	dir := "../../testdata/real/basic3"
	in := captureInput(t, dir)
	in.Status = nil
	in.Progress = progressRows(in.Progress, regexp.MustCompile(`broker-b `), nil)
	in.ProgressErr = timeoutB
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	require.True(t, rep.Judged, rep.Text())
	assert.True(t, rep.OK, rep.Text())
	var want []string
	for i := range 8 {
		want = append(want, "T_BASIC broker-b/"+strconv.Itoa(i))
	}
	assert.Equal(t, want, unknownQueues(rep), rep.Text())
	f := finding(rep, doctor.CodeReadFailed)
	require.NotNil(t, f, rep.Text())
	assert.Contains(t, f.Message, "broker-b (127.0.0.1:10921): no answer in time")
	assert.Nil(t, finding(rep, doctor.CodeRouteQueueWithoutOffset))
	assert.Contains(t, rep.Text(), "unknown (8 queues: broker-b/0")

	// ACL on broker-b (CODE 1) reads the same way.
	in.ProgressErr = aclB
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.Equal(t, want, unknownQueues(rep))
	assert.Contains(t, finding(rep, doctor.CodeReadFailed).Message, "CODE 1 (")
}

// mqadmin's consumerProgress fails as a whole when one broker does not
// answer (progress.txt empty, the exception in progress.err): with the
// status files the owners are all read (no lag); without them nothing is,
// and the group is not judged (exit 3), never a guess and never bad input.
func TestProgressFailedWhole(t *testing.T) {
	dir := "../../testdata/real/basic3"
	for _, fail := range []string{timeoutB, aclB} {
		in := captureInput(t, dir)
		in.Progress = fail
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err)
		assert.True(t, rep.Judged)
		assert.True(t, rep.OK, rep.Text())
		assert.Zero(t, rep.Unknown)
		f := finding(rep, doctor.CodeReadFailed)
		require.NotNil(t, f, rep.Text())
		assert.Contains(t, f.Message, "127.0.0.1:10921")

		in.Status = nil
		rep, err = doctor.Diagnose(in)
		require.NoError(t, err)
		assert.False(t, rep.Judged, rep.Text())
		assert.False(t, rep.OK)
		assert.Contains(t, rep.Verdict, "Could not read who consumes what")
	}
}

// Every member silent (running-info refused or timed out through every
// broker): no status file, and a live read's #Client IP is empty on every
// row. That is nothing read (exit 3), not 18 UNOWNED queues.
func TestAllMembersSilentIsNotJudged(t *testing.T) {
	dir := "../../testdata/real/basic3"
	in := captureInput(t, dir)
	in.Status = nil
	in.Progress = strings.ReplaceAll(in.Progress, "127.0.0.1 ", "N/A       ")
	var errs []string
	for _, c := range []string{"127.0.0.1@c1", "127.0.0.1@c2", "127.0.0.1@c3"} {
		errs = append(errs, frozenStderr("G_BASIC", c))
	}
	in.StatusErr = strings.Join(errs, "")
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.False(t, rep.Judged, rep.Text())
	assert.Equal(t, rep.Queues, rep.Unknown)
	assert.Nil(t, finding(rep, doctor.CodeUnowned))
	f := finding(rep, doctor.CodeConsumerUnresponsive)
	require.NotNil(t, f, rep.Text())
	assert.Len(t, f.Clients, 3)
}

// A saved folder whose status/stderr.txt is real: basic3's is empty of
// failures, so nothing changes.
func TestRealStatusStderrHasNoFailure(t *testing.T) {
	dir := "../../testdata/real/basic3"
	in := captureInput(t, dir)
	in.StatusErr = readFile(t, filepath.Join(dir, "status", "stderr.txt"))
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	assert.True(t, rep.OK)
	assert.Zero(t, rep.Unknown)
}

// Owners known by IP alone (no status files) while the members share one
// IP (basic3: all on 127.0.0.1) tell nothing of the strategy: no best fit
// is claimed.
func TestNoBestFitWhenIPsDoNotTellMembersApart(t *testing.T) {
	in := captureInput(t, "../../testdata/real/basic3")
	in.Status = nil
	rep, err := doctor.Diagnose(in)
	require.NoError(t, err)
	for _, tr := range rep.Topics {
		assert.Empty(t, tr.BestFit, tr.Topic)
	}
	assert.NotContains(t, rep.Text(), "best fit")
	in = captureInput(t, "../../testdata/real/basic3")
	rep, err = doctor.Diagnose(in)
	require.NoError(t, err)
	assert.NotEmpty(t, rep.Topics[0].BestFit, "with status files the owners tell members apart")
}

// The real capture of a frozen consumer (livetest TestFrozenConsumer, the
// consumers' hold files at capture time in held/): the unknown queues are
// exactly what the frozen member 127.0.0.1@f2 held.
func TestFrozenMemberRealCapture(t *testing.T) {
	dir := "../../testdata/real/frozen-consumer"
	rep, err := doctor.Diagnose(captureInput(t, dir))
	require.NoError(t, err)
	assert.Equal(t, heldBy(t, dir, "127.0.0.1@f2"), unknownQueues(rep), rep.Text())
	f := finding(rep, doctor.CodeConsumerUnresponsive)
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, []string{"127.0.0.1@f2"}, f.Clients)
	assert.Contains(t, f.Message, "CODE 207")
}
