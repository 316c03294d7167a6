package live

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// replayDirect is replay's session with its snapshot taken the direct way.
func replayDirect(t *testing.T, o Options, answer func(Request) ([]byte, error)) (*Snapshot, error) {
	t.Helper()
	s, err := NewSession(o)
	require.NoError(t, err)
	queue := s.Start()
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		c, err := DecodeFrame(r.Frame)
		require.NoError(t, err)
		f, terr := answer(r)
		next, err := s.Handle(r.ID, withOpaque(f, c.Opaque), terr)
		if err != nil {
			return nil, err
		}
		queue = append(queue, next...)
	}
	return s.SnapshotDirect()
}

// sameReport: the doctor says the same of the direct snapshot as of the
// texts, to the byte of its --json and text reports; and each box decoded
// directly is what the parser reads of its text, line numbers included.
func sameReport(t *testing.T, text, direct *Snapshot) {
	t.Helper()
	if direct.ParsedConnection != nil {
		want, err := mqadmin.ParseConsumerConnection(text.Connection)
		require.NoError(t, err)
		assert.Equal(t, want, direct.ParsedConnection)
	}
	if direct.ParsedProgress != nil {
		want, err := mqadmin.ParseConsumerProgress(text.Progress)
		require.NoError(t, err)
		assert.Equal(t, want, direct.ParsedProgress)
	}
	require.Len(t, direct.Status, len(text.Status))
	for i, st := range direct.Status {
		if st.Info != nil {
			want, err := mqadmin.ParseConsumerStatus(text.Status[i].Text)
			require.NoError(t, err)
			assert.Equal(t, want, st.Info, st.ClientID)
		}
	}
	for i, r := range direct.Routes {
		if r.Route != nil {
			want, err := mqadmin.ParseTopicRoute(text.Routes[i].Text)
			require.NoError(t, err)
			assert.Equal(t, want, r.Route)
		}
	}
	want, werr := doctor.Diagnose(text.Input())
	got, gerr := doctor.Diagnose(direct.Input())
	if werr != nil {
		assert.Equal(t, werr.Error(), gerr.Error())
		return
	}
	require.NoError(t, gerr)
	wj, _ := json.Marshal(want)
	gj, _ := json.Marshal(got)
	assert.JSONEq(t, string(wj), string(gj))
	assert.Equal(t, want.Text(), got.Text())
	// and over a series (the monitor's window): the timeline too
	at := time.UnixMilli(text.Millis)
	ws, err := doctor.DiagnoseSeries([]doctor.Snapshot{{Input: text.Input(), At: at}, {Input: text.Input(), At: at.Add(time.Minute)}})
	require.NoError(t, err)
	gs, err := doctor.DiagnoseSeries([]doctor.Snapshot{{Input: direct.Input(), At: at}, {Input: direct.Input(), At: at.Add(time.Minute)}})
	require.NoError(t, err)
	wj, _ = json.Marshal(ws)
	gj, _ = json.Marshal(gs)
	assert.JSONEq(t, string(wj), string(gj))
}

// The real kit's recorded answers, and the ways a read goes partly wrong,
// give the same report the direct way as through the texts.
func TestDirectSameAsText(t *testing.T) {
	timeout := func() ([]byte, error) { return nil, &TransportError{Timeout: true, Msg: "timed out"} }
	v5 := func(name string) func() ([]byte, error) {
		return func() ([]byte, error) {
			c, err := DecodeFrame(frame(t, name))
			require.NoError(t, err)
			c.Version = versionOrdinal("V5_3_3")
			return c.Encode(), nil
		}
	}
	for _, c := range []struct {
		name     string
		override map[string]func() ([]byte, error)
		direct   bool // every box goes the direct way
	}{
		{"the kit's group", nil, true},
		{"offline", map[string]func() ([]byte, error){"connection": func() ([]byte, error) { return frame(t, "connection-offline"), nil }}, false},
		{"a broker's stats time out", map[string]func() ([]byte, error){"stats-b": timeout}, true},
		{"no status answers", map[string]func() ([]byte, error){"running-c1": timeout, "running-c3": timeout}, true},
		{"5.x clients' layout", map[string]func() ([]byte, error){"running-c1": v5("running-c1"), "running-c3": v5("running-c3")}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Now: func() time.Time { return time.UnixMilli(1796161323080) }, Location: time.UTC}
			text, err := replay(t, o, kitAnswer(t, c.override))
			require.NoError(t, err)
			direct, err := replayDirect(t, o, kitAnswer(t, c.override))
			require.NoError(t, err)
			if c.direct {
				assert.NotNil(t, direct.ParsedConnection)
				assert.Empty(t, direct.Connection)
				for _, r := range direct.Routes {
					assert.NotNil(t, r.Route)
				}
				for _, st := range direct.Status {
					assert.NotNil(t, st.Info, st.ClientID)
				}
				if text.Progress != "" {
					assert.NotNil(t, direct.ParsedProgress)
				}
			}
			sameReport(t, text, direct)
		})
	}
}

// A 5.x POP consumer's status: the Pop Detail section's queues and lines.
func TestDirectStatusPop(t *testing.T) {
	ri, err := decodeRunningInfo([]byte(runningInfoPop5))
	require.NoError(t, err)
	text, err := renderStatus(ri, time.UTC, true)
	require.NoError(t, err)
	want, err := mqadmin.ParseConsumerStatus(text)
	require.NoError(t, err)
	got, ok := directStatus(ri, time.UTC, true, names{})
	require.True(t, ok)
	assert.Equal(t, want, got)
	require.Len(t, got.PopQueues, 2)
}

// What the text's parser refuses or reads differently is left to it.
func TestDirectLeavesOddAnswersToTheText(t *testing.T) {
	c := &connection{Conns: []conn{{ClientID: "a b@1", ClientAddr: "1.2.3.4:5", Language: "JAVA"}, {ClientID: "x@1", ClientAddr: "1.2.3.4:5", Language: "JAVA"}},
		ConsumeType: "CONSUME_PASSIVELY", MessageModel: "CLUSTERING"}
	_, ok := directConnection(c, names{})
	assert.False(t, ok, "two connections on one address")
	c.Conns = c.Conns[:1]
	_, ok = directConnection(c, names{})
	assert.True(t, ok, "a blank inside a client ID reads back")
	c.MessageModel = ""
	_, ok = directConnection(c, names{})
	assert.False(t, ok, "MessageModel: null is refused by the parser")

	mq := func(topic, broker string, id int32) offsets {
		return offsets{MQ: alloc.MessageQueue{Topic: topic, BrokerName: broker, QueueID: id}, BrokerOffset: 5, ConsumerOffset: 3}
	}
	_, ok = directProgress([]*consumeStats{{Table: []offsets{mq("T", "b", 1)}}}, nil, time.UTC, names{})
	assert.False(t, ok, "a broker's queues not from 0")
	_, ok = directProgress([]*consumeStats{{Table: []offsets{mq("T", "b", 0), mq("T", "b", 2)}}}, nil, time.UTC, names{})
	assert.False(t, ok, "a queue skipped")
	_, ok = directProgress([]*consumeStats{{Table: []offsets{mq("T", "b", 0), mq("T", "b", 1)}}}, nil, time.UTC, names{})
	assert.True(t, ok)
	long := "T_" + strings.Repeat("x", 64)
	_, ok = directProgress([]*consumeStats{{Table: []offsets{mq(long, "b", 0)}}}, nil, time.UTC, names{})
	assert.False(t, ok, "a topic name mqadmin cuts")

	ri, err := decodeRunningInfo([]byte(runningInfoPop5))
	require.NoError(t, err)
	ri.Subs = nil
	_, ok = directStatus(ri, time.UTC, true, names{})
	assert.False(t, ok, "no subscription: the parser's error")
	_, err = mqadmin.ParseConsumerStatus(must(renderStatus(ri, time.UTC, true)))
	assert.Error(t, err)
}

func must(s string, err error) string {
	if err != nil {
		panic(errors.New("render: " + err.Error()))
	}
	return s
}
