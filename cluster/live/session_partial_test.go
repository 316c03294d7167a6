package live

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// A read the cluster partly fails is still a snapshot: what arrived, and
// what did not in progress.err / status/stderr.txt, which the doctor turns
// into unknown queues naming the broker or member.
func TestSessionPartial(t *testing.T) {
	timeout := func() ([]byte, error) { return nil, &TransportError{Timeout: true, Msg: "timed out"} }
	acl := func() ([]byte, error) {
		return (&Command{Code: 1, Flag: flagResponse, Remark: "org.apache.rocketmq.acl.common.AclException: No accessKey is configured", Language: "JAVA"}).Encode(), nil
	}
	for _, c := range []struct {
		name, broker, addr, err string
		answer                  func() ([]byte, error)
	}{
		{"hung broker-b", "broker-b", "127.0.0.1:10921", "RemotingTimeoutException: wait response on the channel <127.0.0.1:10921> timeout", timeout},
		{"ACL on broker-a", "broker-a", "127.0.0.1:10911", "CODE: 1  DESC: org.apache.rocketmq.acl.common.AclException: No accessKey is configured BROKER: 127.0.0.1:10911", acl},
	} {
		t.Run(c.name, func(t *testing.T) {
			key := map[string]string{"broker-a": "stats-a", "broker-b": "stats-b"}[c.broker]
			snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, kitAnswer(t, map[string]func() ([]byte, error){key: c.answer}))
			require.NoError(t, err)
			assert.NotContains(t, snap.Progress, c.broker+" ")
			assert.Contains(t, snap.ProgressErr, c.err)
			assert.Equal(t, snap.ProgressErr, snap.Files()["progress.err"])
			dir := t.TempDir()
			require.NoError(t, snap.Save(dir))
			in, err := ReadFolder(dir)
			require.NoError(t, err)
			assert.Equal(t, snap.Input(), in)
			rep, err := doctor.Diagnose(in)
			require.NoError(t, err)
			require.True(t, rep.Judged, rep.Text())
			// c2 did not answer in the recording: its queues are unknown; the
			// broker's owners come from c1's and c3's status files.
			for _, tr := range rep.Topics {
				for _, q := range tr.Queues {
					if q.Status == doctor.StatusUnknown {
						assert.Contains(t, q.Cause, "127.0.0.1@c2", q)
					}
				}
			}
			assert.Contains(t, rep.Text(), c.addr)
			for _, f := range rep.Findings {
				assert.NotContains(t, []doctor.Code{doctor.CodeUnowned, doctor.CodeRouteQueueWithoutOffset}, f.Code, f.Message)
			}
		})
	}
}

// The connections from the first broker time out: the next one gives
// them, and the dead broker is not asked for running info again.
func TestSessionConnectionFromNextBroker(t *testing.T) {
	base := kitAnswer(t, nil)
	var askedDead []string
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, func(r Request) ([]byte, error) {
		c, _ := DecodeFrame(r.Frame)
		if r.Addr == "127.0.0.1:10921" {
			if c.Code == codeGetConsumerRunningInfo {
				askedDead = append(askedDead, r.What)
			}
			return nil, &TransportError{Timeout: true, Msg: "timed out"}
		}
		return base(r)
	})
	require.NoError(t, err)
	assert.NotEmpty(t, snap.Connection)
	assert.Len(t, snap.Status, 2)
	assert.Empty(t, askedDead)
	assert.Contains(t, strings.Join(snap.Warnings, "\n"), "asked the next broker")
}

// No broker gives the member list: nothing can be judged (exit 3), and the
// snapshot still says why (connection.err), not an offline group.
func TestSessionNoConnection(t *testing.T) {
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Topics: []string{"T_LIVE"}}, kitAnswer(t, map[string]func() ([]byte, error){
		"connection": func() ([]byte, error) { return nil, &TransportError{Timeout: true, Msg: "timed out"} },
	}))
	require.NoError(t, err)
	assert.False(t, snap.Offline())
	assert.Contains(t, snap.ConnectionErr, "RemotingTimeoutException")
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	assert.False(t, rep.Judged, rep.Text())
	assert.Contains(t, rep.Verdict, "consumerConnection failed")
}

// A client that does not answer its running-info request is in
// status/stderr.txt, and the doctor names it.
func TestSessionSilentClient(t *testing.T) {
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, kitAnswer(t, nil))
	require.NoError(t, err)
	assert.Contains(t, snap.StatusErr, "127.0.0.1@c2")
	assert.Equal(t, snap.StatusErr, snap.Files()["status/stderr.txt"])
	rep, err := doctor.Diagnose(snap.Input())
	require.NoError(t, err)
	f := (*doctor.Finding)(nil)
	for i := range rep.Findings {
		if rep.Findings[i].Code == doctor.CodeConsumerUnresponsive {
			f = &rep.Findings[i]
		}
	}
	require.NotNil(t, f, rep.Text())
	assert.Equal(t, []string{"127.0.0.1@c2"}, f.Clients)
	assert.Positive(t, rep.Unknown, rep.Text())
	assert.True(t, rep.Judged)
}

// Each route topic's queues and offsets come with the read (mqadmin
// topicStatus, from every master of its route), saved as topicStatus.txt
// and read back.
func TestSessionTopicStatus(t *testing.T) {
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, kitAnswer(t, nil))
	require.NoError(t, err)
	require.Len(t, snap.TopicStatus, 1)
	text := snap.Files()["topicStatus.txt"]
	assert.True(t, strings.HasPrefix(text, "#Broker Name                      #QID  #Min Offset           #Max Offset             #Last Updated\n"), text)
	ts, err := mqadmin.ParseTopicStatus(text)
	require.NoError(t, err)
	assert.Len(t, ts.Rows, 16)
	dir := t.TempDir()
	require.NoError(t, snap.Save(dir))
	in, err := ReadFolder(dir)
	require.NoError(t, err)
	assert.Equal(t, snap.Input().TopicStatus, in.TopicStatus)

	// A broker that does not answer leaves it out, with a warning.
	snap, err = replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, kitAnswer(t, map[string]func() ([]byte, error){
		"topicstats-b": func() ([]byte, error) { return nil, &TransportError{Timeout: true, Msg: "timed out"} },
	}))
	require.NoError(t, err)
	assert.Empty(t, snap.TopicStatus)
	assert.Contains(t, strings.Join(snap.Warnings, "\n"), "topicStatus.txt is left out")
}
