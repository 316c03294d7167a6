package mqadmin_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

const conn = "#ClientId                            #ClientAddr            #Language  #Version\n" +
	"10.0.0.1@1                           10.0.0.1:5000          JAVA       V4_9_3\n" +
	"my client@2                          10.0.0.2:5000          GO         V5_3_3\n" +
	"\nBelow is subscription:\n#Topic               #SubExpression\nT                    TagA || TagB\n%RETRY%G             *\n" +
	"\nConsumeType: CONSUME_PASSIVELY\nMessageModel: CLUSTERING\nConsumeFromWhere: CONSUME_FROM_LAST_OFFSET\n"

func TestConnection(t *testing.T) {
	c, err := mqadmin.ParseConsumerConnection(conn)
	require.NoError(t, err)
	assert.Equal(t, []mqadmin.ClientConn{
		{ClientID: "10.0.0.1@1", ClientAddr: "10.0.0.1:5000", Language: "JAVA", Version: "V4_9_3", Line: 2},
		{ClientID: "my client@2", ClientAddr: "10.0.0.2:5000", Language: "GO", Version: "V5_3_3", Line: 3},
	}, c.Clients)
	assert.Equal(t, []mqadmin.Subscription{{Topic: "T", SubExpression: "TagA || TagB"}, {Topic: "%RETRY%G", SubExpression: "*"}}, c.Subscriptions)
	assert.Equal(t, "CLUSTERING", c.MessageModel)
}

// What a paste does to text: CRLF, trailing blanks, a BOM, lines before
// the header, a header wrapped by an 80-column terminal.
func TestConnectionPasteQuirks(t *testing.T) {
	header := "#ClientId                            #ClientAddr            #Language  #Version"
	wrapped := header[:64] + "\n" + header[64:] // cut inside "#Language"
	text := "\ufeff$ sh mqadmin consumerConnection -g G -n ns:9876\nRocketMQLog:WARN x\n" +
		strings.Replace(conn, header, wrapped, 1)
	text = strings.ReplaceAll(text, "\n", "  \r\n")
	c, err := mqadmin.ParseConsumerConnection(text)
	require.NoError(t, err)
	assert.Len(t, c.Clients, 2)
	assert.Equal(t, 5, c.Clients[0].Line)
	assert.Equal(t, "TagA || TagB", c.Subscriptions[0].SubExpression)
}

func TestConnectionErrors(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"empty", "", 1, 0, "the text is empty"},
		{"no header", "hello\n", 1, 0, "#ClientId"},
		{"cut", conn[:strings.Index(conn, "MessageModel")], 10, 0, "looks cut"},
		{"bad language", strings.Replace(conn, "GO   ", "go   ", 1), 3, 61, "expected a language"},
		{"short line", strings.Replace(conn, "10.0.0.1:5000          JAVA       V4_9_3", "", 1), 2, 0, "expected a connection line"},
		{"bad model", strings.Replace(conn, "CLUSTERING", "CLUSTER", 1), 11, 15, "CLUSTERING or BROADCASTING"},
		{"junk", conn[:100] + "\x00\x01" + conn[100:], 2, 0, "binary"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mqadmin.ParseConsumerConnection(tt.text)
			var pe *alloc.TextError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, "connection", pe.Source)
			assert.Equal(t, tt.line, pe.Line, pe.Error())
			assert.Equal(t, tt.col, pe.Column, pe.Error())
			assert.Contains(t, pe.Msg, tt.msg)
		})
	}
}

func progressHeader(ip, inflight bool) string {
	h := pad("#Topic", 64) + "  " + pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#Broker Offset", 20) + "  " + pad("#Consumer Offset", 20) + "  "
	if ip {
		h += pad("#Client IP", 20) + " "
	}
	h += pad("#Diff", 20)
	if inflight {
		return h + " " + pad("#Inflight", 20) + "#LastTime"
	}
	return h + "  #LastTime"
}

func pad(s string, n int) string { return s + strings.Repeat(" ", max(0, n-len(s))) }

// The four layouts: 4.9.3 and 5.3.3, with and without -s true; a topic
// longer than 64 characters is printed cut.
func TestProgressLayouts(t *testing.T) {
	long := strings.Repeat("t", 64)
	for _, tt := range []struct {
		ip, inflight bool
		row          string
		footer       string
	}{
		{true, false, long + "  broker-a  0  10  4  10.0.0.1  6  2026-11-30 10:00:00", "Diff Total: 6"},
		{false, false, long + "  broker-a  0  10  4  6  N/A", "Diff Total: 6"},
		{true, true, long + "  broker-a  0  10  4  10.0.0.1  6  2  2026-11-30 10:00:00", "Consume Diff Total: 6\nConsume Inflight Total: 2"},
		{false, true, long + "  broker-a  0  10  4  6  2  N/A", "Consume Diff Total: 6\nConsume Inflight Total: 2"},
	} {
		p, err := mqadmin.ParseConsumerProgress(progressHeader(tt.ip, tt.inflight) + "\n" + tt.row + "\n\nConsume TPS: 1.50\n" + tt.footer + "\n")
		require.NoError(t, err, tt.row)
		assert.Equal(t, tt.ip, p.HasClientIP)
		want := mqadmin.Layout493
		if tt.inflight {
			want = mqadmin.Layout533
		}
		assert.Equal(t, want, p.Layout)
		require.Len(t, p.Rows, 1)
		r := p.Rows[0]
		assert.Equal(t, long, r.Topic)
		assert.Equal(t, int64(6), r.Diff)
		assert.Equal(t, int64(10), r.BrokerOffset)
		if tt.ip {
			assert.Equal(t, "10.0.0.1", r.ClientIP)
			assert.Equal(t, "2026-11-30 10:00:00", r.LastTime)
		} else {
			assert.Equal(t, "", r.ClientIP)
			assert.Equal(t, "N/A", r.LastTime)
		}
		if tt.inflight {
			assert.Equal(t, int64(2), r.Inflight)
		}
		assert.Equal(t, "1.50", p.ConsumeTPS)
		assert.Equal(t, int64(6), *p.DiffTotal)
	}
}

// The 4.9.3 -s true header is about 230 characters: an 80-column terminal
// wraps it into three lines.
func TestProgressWrappedHeader(t *testing.T) {
	h := progressHeader(true, false)
	var wrapped []string
	for len(h) > 80 {
		wrapped, h = append(wrapped, h[:80]), h[80:]
	}
	wrapped = append(wrapped, h)
	require.Len(t, wrapped, 3)
	p, err := mqadmin.ParseConsumerProgress("$ mqadmin consumerProgress -g G -s true\n" + strings.Join(wrapped, "\n") + "\nT  b  0  10  4  1.1.1.1  6  N/A\n\nConsume TPS: 0.00\nDiff Total: 6\n")
	require.NoError(t, err)
	assert.True(t, p.HasClientIP)
	require.Len(t, p.Rows, 1)
	assert.Equal(t, 5, p.Rows[0].Line)
}

func TestProgressErrors(t *testing.T) {
	h := progressHeader(true, false) + "\n"
	for _, tt := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"cut row", h + "T  b  0  10  4  1.1.1.1  6  2026-11-30 10:0", 2, 29, "#LastTime"},
		{"no footer", h + "T  b  0  10  4  1.1.1.1  6  N/A\n", 2, 0, "looks cut"},
		{"bad qid", h + "T  b  x  10  4  1.1.1.1  6  N/A\n\nDiff Total: 6\n", 2, 7, "queue ID"},
		{"bad offset", h + "T  b  0  1e3  4  1.1.1.1  6  N/A\n\nDiff Total: 6\n", 2, 10, "#Broker Offset"},
		{"too few", h + "T  b  0  10\n", 2, 0, "expected a queue line"},
		{"row after footer", h + "\nConsume TPS: 0.00\nT  b  0  10  4  1.1.1.1  6  N/A\n", 4, 0, "footer"},
		{"wrong box", conn, 1, 0, "consumerConnection output"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mqadmin.ParseConsumerProgress(tt.text)
			var pe *alloc.TextError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tt.line, pe.Line, pe.Error())
			assert.Equal(t, tt.col, pe.Column, pe.Error())
			assert.Contains(t, pe.Msg, tt.msg)
		})
	}
}

const status = "#Consumer Properties#\n" +
	"allocateMessageQueueStrategy            : org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely@1b2c3d\n" +
	"clientIP                                : 10.0.0.1\nunitName                                : \n\n\n" +
	"#Consumer Subscription#\n001 Topic: T                                        ClassFilter: false    SubExpression: TagA || TagB\n\n\n" +
	"#Consumer Offset#\n#Topic                            #Broker Name                      #QID  #Consumer Offset\n" +
	"T                                 broker-a                          0     12\n" +
	"T                                 broker-a                          1     13\n\n\n" +
	"#Consumer MQ Detail#\n#Topic                            #Broker Name                      #QID  #ProcessQueueInfo\n" +
	"T                                 broker-a                          0     ProcessQueueInfo [commitOffset=12, droped=false]\n" +
	"T                                 broker-a                          1     ProcessQueueInfo [commitOffset=13, droped=true]\n\n\n" +
	"#Consumer RT&TPS#\nT  1.0  2.0\n"

func TestStatus(t *testing.T) {
	ri, err := mqadmin.ParseConsumerStatus(strings.ReplaceAll(status, "\n", "\r\n"))
	require.NoError(t, err)
	assert.Equal(t, "10.0.0.1", ri.Properties["clientIP"])
	assert.Equal(t, "", ri.Properties["unitName"])
	assert.Contains(t, ri.Properties["allocateMessageQueueStrategy"], "AllocateMessageQueueAveragely@1b2c3d")
	assert.Equal(t, []mqadmin.Subscription{{Topic: "T", SubExpression: "TagA || TagB"}}, ri.Subscriptions)
	assert.Equal(t, []mqadmin.HeldQueue{
		{Topic: "T", BrokerName: "broker-a", QueueID: 0, ConsumerOffset: 12, Line: 13},
		{Topic: "T", BrokerName: "broker-a", QueueID: 1, ConsumerOffset: 13, Dropped: true, Line: 14},
	}, ri.Queues)
}

// A terminal wraps the long #Consumer Offset# header.
func TestStatusWrappedHeader(t *testing.T) {
	h := "#Topic                            #Broker Name                      #QID  #Consumer Offset"
	ri, err := mqadmin.ParseConsumerStatus(strings.Replace(status, h, h[:40]+"\n"+h[40:], 1))
	require.NoError(t, err)
	assert.Len(t, ri.Queues, 2)
}

// A property whose value spans lines is kept whole.
func TestStatusMultiLineProperty(t *testing.T) {
	text := strings.Replace(status, "clientIP ", "note                                    : first line\n  second line\nclientIP ", 1)
	ri, err := mqadmin.ParseConsumerStatus(text)
	require.NoError(t, err)
	assert.Equal(t, "first line\n  second line", ri.Properties["note"])
	assert.Equal(t, "10.0.0.1", ri.Properties["clientIP"])
}

func TestStatusErrors(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"cut in offsets", status[:strings.Index(status, "#Consumer MQ Detail#")], 16, "MQ Detail"},
		{"no property", "#Consumer Properties#\nno colon here\n", 2, "expected a property"},
		{"cut after properties", status[:strings.Index(status, "#Consumer Subscription#")], 6, "#Consumer Subscription#"},
		{"bad qid", strings.Replace(status, "  0     12", "  x     12", 1), 13, "queue ID"},
		{"bad subscription", strings.Replace(status, "ClassFilter", "Class", 1), 8, "subscription"},
		{"wrong box", conn, 1, "consumerConnection output"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mqadmin.ParseConsumerStatus(tt.text)
			var pe *alloc.TextError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tt.line, pe.Line, pe.Error())
			assert.Contains(t, pe.Msg, tt.msg)
		})
	}
}

func TestRouteWrongBox(t *testing.T) {
	_, err := mqadmin.ParseTopicRoute(conn)
	var pe *alloc.TextError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "route", pe.Source)
	assert.Contains(t, pe.Msg, "consumerConnection output")
	assert.Equal(t, "route: line 1, column 1: "+pe.Msg, pe.Error())
}

// Two clients' texts pasted as one are not merged into one client (the
// second's properties would overwrite the first's, its queues join them):
// the second #Consumer Properties# line is an error naming that line.
func TestStatusTwoClientsInOneText(t *testing.T) {
	second := strings.ReplaceAll(status, "10.0.0.1", "10.0.0.2")
	_, err := mqadmin.ParseConsumerStatus(status + "\n" + second)
	var pe *alloc.TextError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, strings.Count(status, "\n")+2, pe.Line, "the second client's first line")
	assert.Contains(t, pe.Msg, "another client's status starts here")
}

// A blank #Client IP: the owner's client ID starts with "@" (the Go client
// found no IP on a host with only loopback), so mqadmin 4.9.3 prints 20
// spaces there; with N/A or a date after it. Lines from a real capture.
func TestProgressBlankClientIP(t *testing.T) {
	text := "#Topic                                                            #Broker Name                      #QID  #Broker Offset        #Consumer Offset      #Client IP           #Diff                 #LastTime\n" +
		"%RETRY%G_go                                                       broker-a                          0     0                     0                                          0                     N/A\n" +
		"T_go                                                              broker-a                          0     5                     5                                          0                     2026-12-02 01:53:39\n" +
		"T_go                                                              broker-a                          1     5                     3                     127.0.0.1            2                     2026-12-02 01:53:39\n" +
		"\nConsume TPS: 0.00\nDiff Total: 2\n"
	p, err := mqadmin.ParseConsumerProgress(text)
	require.NoError(t, err)
	require.Len(t, p.Rows, 3)
	assert.Equal(t, "", p.Rows[0].ClientIP)
	assert.Equal(t, "N/A", p.Rows[0].LastTime)
	assert.Equal(t, "", p.Rows[1].ClientIP)
	assert.Equal(t, int64(0), p.Rows[1].Diff)
	assert.Equal(t, "2026-12-02 01:53:39", p.Rows[1].LastTime)
	assert.Equal(t, "127.0.0.1", p.Rows[2].ClientIP)
	assert.Equal(t, int64(2), p.Rows[2].Diff)
}

// ProcessQueueInfo's cached count, lock and times are read as printed, on
// a real 4.9.3 file (queue broker-b/3 of 127.0.0.1@other in dup-clientid)
// and on the older tool's "yyyy-MM-dd HH:mm:ss,SSS" times; a count or flag
// that does not read is a damaged line.
func TestStatusProcessQueueInfo(t *testing.T) {
	real, err := os.ReadFile("../../testdata/real/dup-clientid/status/1796152364417/127.0.0.1@other")
	require.NoError(t, err)
	ri, err := mqadmin.ParseConsumerStatus(string(real))
	require.NoError(t, err)
	require.NotEmpty(t, ri.Queues)
	q := ri.Queues[0]
	assert.Equal(t, mqadmin.HeldQueue{Topic: "T_DUP", BrokerName: "broker-b", QueueID: 3, ConsumerOffset: 10,
		LastLockTimestamp: "20261201191112358", LastPullTimestamp: "20261201191235163", LastConsumeTimestamp: "20261201191118818", Line: q.Line}, q)

	detail := "ProcessQueueInfo [commitOffset=12, cachedMsgCount=570, locked=true, lastLockTimestamp=1970-01-01 08:00:00,000, droped=false, lastConsumeTimestamp=2026-11-30 10:00:00,000]"
	ri, err = mqadmin.ParseConsumerStatus(strings.Replace(status, "ProcessQueueInfo [commitOffset=12, droped=false]", detail, 1))
	require.NoError(t, err)
	assert.Equal(t, int64(570), ri.Queues[0].CachedMsgCount)
	assert.True(t, ri.Queues[0].Locked)
	assert.Equal(t, "2026-11-30 10:00:00", ri.Queues[0].LastConsumeTimestamp)
	assert.Equal(t, "", ri.Queues[0].LastPullTimestamp)

	for _, bad := range []string{"cachedMsgCount=x", "locked=maybe", "cachedMsgCount=1e3"} {
		_, err = mqadmin.ParseConsumerStatus(strings.Replace(status, "commitOffset=12,", "commitOffset=12, "+bad+",", 1))
		var pe *alloc.TextError
		require.ErrorAs(t, err, &pe, bad)
		assert.Equal(t, 19, pe.Line, bad)
	}
}
