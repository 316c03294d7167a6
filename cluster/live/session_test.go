package live

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func frame(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata/kit/frames", name+".frame"))
	require.NoError(t, err)
	return b
}

// replay drives a session with answer(req) until it is done.
func replay(t *testing.T, o Options, answer func(Request) ([]byte, error)) (*Snapshot, error) {
	t.Helper()
	if o.Location == nil {
		o.Location = time.UTC
	}
	s, err := NewSession(o)
	require.NoError(t, err)
	queue := s.Start()
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		c, err := DecodeFrame(r.Frame)
		require.NoError(t, err)
		require.False(t, c.IsResponse())
		f, terr := answer(r)
		next, err := s.Handle(r.ID, withOpaque(f, c.Opaque), terr)
		if err != nil {
			return nil, err
		}
		queue = append(queue, next...)
	}
	require.True(t, s.Done())
	return s.Snapshot()
}

// withOpaque is a recorded frame re-addressed to this request.
func withOpaque(f []byte, opaque int32) []byte {
	if f == nil {
		return nil
	}
	c, err := DecodeFrame(f)
	if err != nil {
		return f
	}
	c.Opaque = opaque
	return c.Encode()
}

// kitAnswer answers as the kit did for group G_LIVE (3 clients, 2 brokers).
func kitAnswer(t *testing.T, override map[string]func() ([]byte, error)) func(Request) ([]byte, error) {
	return func(r Request) ([]byte, error) {
		c, _ := DecodeFrame(r.Frame)
		key := ""
		switch c.Code {
		case codeGetRouteInfoByTopic:
			key = map[string]string{"T_LIVE": "route", "%RETRY%G_LIVE": "route-retry"}[c.ExtFields["topic"]]
			if key == "" {
				key = "route-missing"
			}
		case codeGetConsumerConnectionList:
			key = "connection"
		case codeGetConsumeStats:
			key = map[string]string{"127.0.0.1:10911": "stats-a", "127.0.0.1:10921": "stats-b"}[r.Addr]
		case codeGetConsumerRunningInfo:
			key = "running-" + strings.TrimPrefix(c.ExtFields["clientId"], "127.0.0.1@")
		case codeGetTopicStatsInfo:
			key = map[string]string{"127.0.0.1:10911": "topicstats-a", "127.0.0.1:10921": "topicstats-b"}[r.Addr]
		}
		if f, ok := override[key]; ok {
			return f()
		}
		if c.Code == codeGetTopicStatsInfo {
			return topicStatsFrame(t, "stats-"+key[len(key)-1:], c.ExtFields["topic"]), nil
		}
		if _, err := os.Stat(filepath.Join("testdata/kit/frames", key+".frame")); err != nil {
			key = "running-none"
		}
		return frame(t, key), nil
	}
}

func readText(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	return string(b)
}

// The recorded answers make the texts mqadmin printed for the same group
// (testdata/kit/mqadmin, taken a moment earlier): the route byte for byte;
// the connection but for its clients' order (mqadmin's HashSet iterates
// by identity hash); progress byte for byte but the TPS, which moves.
func TestSessionKit(t *testing.T) {
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Now: func() time.Time { return time.UnixMilli(1796161323080) }}, kitAnswer(t, nil))
	require.NoError(t, err)
	require.Len(t, snap.Routes, 1)
	assert.Equal(t, "T_LIVE", snap.Routes[0].Topic)
	assert.Equal(t, readText(t, "testdata/kit/mqadmin/route.txt"), snap.Routes[0].Text)

	want := strings.Split(readText(t, "testdata/kit/mqadmin/connection.txt"), "\n")
	got := strings.Split(snap.Connection, "\n")
	assert.ElementsMatch(t, want[1:4], got[1:4])
	assert.Equal(t, want[0], got[0])
	assert.Equal(t, want[4:], got[4:])

	wantP := readText(t, "testdata/kit/mqadmin/progress.txt")
	cut := func(s string) string { i := strings.Index(s, "Consume TPS"); return s[:i] }
	// c2 did not answer in the recording (running-c2 absent): its queues
	// show N/A, as mqadmin shows a queue no answer claims.
	assert.Contains(t, snap.Warnings[0], "127.0.0.1@c2 did not answer")
	for i, line := range strings.Split(cut(wantP), "\n") {
		gotLine := strings.Split(cut(snap.Progress), "\n")[i]
		if strings.Contains(gotLine, " N/A  ") && !strings.Contains(line, " N/A  ") {
			continue
		}
		assert.Equal(t, line, gotLine)
	}
	require.Len(t, snap.Status, 2)
	assert.Equal(t, "127.0.0.1@c1", snap.Status[0].ClientID)
	wantS := readText(t, "testdata/kit/mqadmin/status/127.0.0.1@c1")
	// the same up to the MQ detail, whose pull timestamps move
	i := strings.Index(wantS, "#Consumer MQ Detail#")
	assert.Equal(t, wantS[:i], snap.Status[0].Text[:i])
	files := snap.Files()
	assert.Contains(t, files, "status/1796161323080/127.0.0.1@c3")
	assert.NotContains(t, files, "connection.err")
}

func TestSessionOffline(t *testing.T) {
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, kitAnswer(t, map[string]func() ([]byte, error){
		"connection": func() ([]byte, error) { return frame(t, "connection-offline"), nil },
	}))
	require.NoError(t, err)
	assert.True(t, snap.Offline())
	assert.Equal(t, "", snap.Connection)
	assert.Contains(t, snap.ConnectionErr, "CODE: 206  DESC: the consumer group[G_NOPE] not online BROKER: 127.0.0.1:")
	assert.Empty(t, snap.Status)
	require.Len(t, snap.Routes, 1, "the topics come from the consume stats")
	assert.Equal(t, "T_LIVE", snap.Routes[0].Topic)
	assert.Contains(t, snap.Progress, "N/A ")
	assert.NotContains(t, snap.Progress, "127.0.0.1 ")
	f := snap.Files()
	assert.Equal(t, "", f["connection.txt"])
	assert.Equal(t, snap.ConnectionErr, f["connection.err"])
}

func TestSessionErrors(t *testing.T) {
	refused := func() ([]byte, error) { return nil, errors.New("dial tcp 127.0.0.1:9876: connect: connection refused") }
	timeout := func() ([]byte, error) { return nil, &TransportError{Timeout: true, Msg: "timed out"} }
	acl := func() ([]byte, error) {
		return (&Command{Code: respNoPermission, Flag: flagResponse, Remark: "AccessKey not allowed", Language: "JAVA"}).Encode(), nil
	}
	other := func() ([]byte, error) {
		return (&Command{Code: 25, Flag: flagResponse, Remark: "not that", Language: "JAVA"}).Encode(), nil
	}
	for _, c := range []struct {
		name     string
		o        Options
		override map[string]func() ([]byte, error)
		kind     error
		msg      string
	}{
		{"namesrv down", Options{Group: "G_LIVE"}, map[string]func() ([]byte, error){"route-retry": refused}, ErrNameServer, "NameServer 127.0.0.1:9876 is unreachable: connection refused"},
		{"namesrv timeout", Options{Group: "G_LIVE"}, map[string]func() ([]byte, error){"route-retry": timeout}, ErrTimeout, "NameServer 127.0.0.1:9876 did not answer in time"},
		{"unknown group", Options{Group: "G_NOPE"}, nil, ErrUnknownGroup, `unknown consumer group "G_NOPE": NameServer 127.0.0.1:9876 has no route for %RETRY%G_NOPE`},
		{"unknown topic", Options{Group: "G_LIVE", Topics: []string{"T_NOPE"}}, nil, ErrUnknownTopic, `unknown topic "T_NOPE": NameServer 127.0.0.1:9876`},
		// Every broker refuses (one that does is read around: TestSessionPartial).
		{"acl", Options{Group: "G_LIVE"}, map[string]func() ([]byte, error){"stats-a": acl, "stats-b": acl, "connection": acl}, ErrRefused, "refused GET_CONSUMER_CONNECTION_LIST (connections of G_LIVE, code 203): ACL: no access key was given"},
		{"acl namesrv", Options{Group: "G_LIVE"}, map[string]func() ([]byte, error){"route-retry": acl}, ErrRefused, "NameServer 127.0.0.1:9876 refused GET_ROUTEINFO_BY_TOPIC (route of %RETRY%G_LIVE, code 105): ACL: no access key was given"},
		{"other code namesrv", Options{Group: "G_LIVE"}, map[string]func() ([]byte, error){"route-retry": other}, ErrRefused, "NameServer 127.0.0.1:9876 refused the request for route of %RETRY%G_LIVE: CODE: 25  DESC: not that"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.o.NameServer = "127.0.0.1:9876"
			ov := c.override
			if c.name == "unknown group" {
				ov = map[string]func() ([]byte, error){"": func() ([]byte, error) { return frame(t, "route-missing"), nil }}
			}
			_, err := replay(t, c.o, kitAnswer(t, ov))
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, e, c.kind)
			assert.Contains(t, e.Error(), c.msg)
		})
	}
}

func TestNewSessionOptions(t *testing.T) {
	for _, o := range []Options{{Group: "G"}, {NameServer: "host", Group: "G"}, {NameServer: "h:1"}} {
		_, err := NewSession(o)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.ErrorIs(t, e, ErrUsage)
	}
	s, err := NewSession(Options{NameServer: "a:1;b:2", Group: " G "})
	require.NoError(t, err)
	assert.Equal(t, "a:1", s.Start()[0].Addr)
}

// Saved and read back, a snapshot is the doctor's same input.
func TestSaveReadFolder(t *testing.T) {
	snap, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Topics: []string{"T_LIVE", "%RETRY%G_LIVE"}}, kitAnswer(t, nil))
	require.NoError(t, err)
	require.Len(t, snap.Routes, 2)
	dir := t.TempDir()
	require.NoError(t, snap.Save(dir))
	// what mqadmin consumerStatus also leaves there is not a status file
	require.NoError(t, os.WriteFile(filepath.Join(dir, "status", "stdout.txt"), []byte("001 ..."), 0o644))
	in, err := ReadFolder(dir)
	require.NoError(t, err)
	assert.Equal(t, snap.Input(), in)
	assert.Equal(t, "%RETRY%G_LIVE", in.Routes[1].Topic)
	_, err = os.Stat(filepath.Join(dir, "route.%RETRY%G_LIVE.txt"))
	require.NoError(t, err)
	_, err = ReadFolder(t.TempDir())
	assert.ErrorContains(t, err, "no route.txt")
}

func BenchmarkSessionKit(b *testing.B) {
	t := &testing.T{}
	answer := kitAnswer(t, nil)
	for i := 0; i < b.N; i++ {
		if _, err := replay(t, Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, answer); err != nil {
			b.Fatal(err)
		}
	}
}

// topicStatsFrame is a broker's TopicStatsTable answer for topic, in the
// wire shape of the recorded consume stats (fastjson, MessageQueue keys):
// each of the topic's queues there, its broker offset as max offset.
func topicStatsFrame(t *testing.T, statsFrame, topic string) []byte {
	t.Helper()
	c, err := DecodeFrame(frame(t, statsFrame))
	require.NoError(t, err)
	st, err := decodeConsumeStats(c.Body)
	require.NoError(t, err)
	var parts []string
	for _, o := range st.Table {
		if o.MQ.Topic == topic {
			parts = append(parts, `{"brokerName":"`+o.MQ.BrokerName+`","queueId":`+strconv.Itoa(int(o.MQ.QueueID))+`,"topic":"`+topic+`"}:{"lastUpdateTimestamp":`+strconv.FormatInt(o.LastTimestamp, 10)+`,"maxOffset":`+strconv.FormatInt(o.BrokerOffset, 10)+`,"minOffset":0}`)
		}
	}
	c.Body = []byte(`{"offsetTable":{` + strings.Join(parts, ",") + `}}`)
	return c.Encode()
}
