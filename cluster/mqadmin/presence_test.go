package mqadmin_test

import (
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

func realText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile("../../testdata/real/basic3/" + path)
	require.NoError(t, err)
	return string(b)
}

// deleteLine drops the first line matching re.
func deleteLine(text, re string) string {
	loc := regexp.MustCompile(`(?m)^.*` + re + `.*\n`).FindStringIndex(text)
	if loc == nil {
		panic("no line matches " + re)
	}
	return text[:loc[0]] + text[loc[1]:]
}

// A field the tools always print, deleted, is refused at its place rather
// than read as 0 or "" (or AVG).
func TestRequiredFieldsRefused(t *testing.T) {
	route := realText(t, "route.txt")
	status := realText(t, "status/1796152192951/127.0.0.1@c1")
	conn := realText(t, "connection.txt")
	_, err := mqadmin.ParseTopicRoute(route)
	require.NoError(t, err)
	_, err = mqadmin.ParseConsumerStatus(status)
	require.NoError(t, err)
	for _, tt := range []struct {
		name  string
		parse func(string) error
		text  string
		line  int
		want  string
	}{
		{"route without perm", parseRoute, deleteLine(route, `"perm"`), 18, `has no "perm"`},
		{"route without readQueueNums", parseRoute, deleteLine(route, `"readQueueNums"`), 18, `has no "readQueueNums"`},
		{"route without a queue's brokerName", parseRoute, strings.Replace(route, "\t\t\t\"brokerName\":\"broker-a\",\n\t\t\t\"perm\"", "\t\t\t\"perm\"", 1), 18, `has no "brokerName"`},
		{"status without its strategy line", parseStatus, deleteLine(status, `^allocateMessageQueueStrategy`), 36, "no allocateMessageQueueStrategy line"},
		{"status without consumerGroup", parseStatus, deleteLine(status, `^consumerGroup`), 36, "no consumerGroup line"},
		{"status without the subscription of a held topic", parseStatus, deleteLine(status, `^002 Topic: T_BASIC`), 44, `topic "T_BASIC"`},
		{"status with a duplicated subscription header", parseStatus, strings.Replace(status, "002 Topic: T_BASIC ", "002 Topic: #Topic ", 1), 39, "header line repeated"},
		{"connection with a duplicated subscription header", parseConn, strings.Replace(conn, "T_BASIC              *\n", "#Topic               #SubExpression\nT_BASIC              *\n", 1), 9, "header line repeated"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse(tt.text)
			var te *alloc.TextError
			require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
			assert.Equal(t, tt.line, te.Line, te.Error())
			assert.Contains(t, te.Msg, tt.want)
		})
	}
	dup := strings.Replace(conn, "127.0.0.1@c1                         127.0.0.1:45710", "127.0.0.1@c2                         127.0.0.1:45720", 1)
	_, err = mqadmin.ParseConsumerConnection(dup)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 3: connection address 127.0.0.1:45720 is on line 2 too")
	// The same ID on two addresses is two processes (a duplicate client ID), not damage.
	two := strings.Replace(conn, "127.0.0.1@c1 ", "127.0.0.1@c2 ", 1)
	c, err := mqadmin.ParseConsumerConnection(two)
	require.NoError(t, err)
	assert.Len(t, c.Clients, 3)
}

func parseRoute(s string) error  { _, err := mqadmin.ParseTopicRoute(s); return err }
func parseStatus(s string) error { _, err := mqadmin.ParseConsumerStatus(s); return err }
func parseConn(s string) error   { _, err := mqadmin.ParseConsumerConnection(s); return err }

// Binary files are called binary (not UTF-16); UTF-16 is still told apart.
func TestBinaryIsNotText(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"zeros", strings.Repeat("\x00", 4096), "not text (binary): expected what mqadmin prints, found zero bytes"},
		{"elf", "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00\x01\x00\x00\x00", "found an executable (ELF)"},
		{"zip", "PK\x03\x04\x14\x00\x00\x00\x08\x00\xa1\x8c\x83Y\xb3\xd4\xe2\x90\x8f\x01\x00\x00", "found a zip archive"},
		{"utf-16 without BOM", "{\x00\n\x00\t\x00\"\x00b\x00r\x00o\x00k\x00e\x00r\x00D\x00", "the text is UTF-16"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mqadmin.ParseTopicRoute(tt.text)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "line 1")
		})
	}
}

// A client prints a #Consumer RT&TPS# row for each topic it subscribes:
// a member that holds no queue and lost its last subscription line still
// shows the topic there, and is refused rather than read as a member that
// subscribes only its %RETRY% topic.
func TestRTTPSRowNeedsItsSubscription(t *testing.T) {
	b, err := os.ReadFile("../../testdata/real5/b533-room-c533/status/1796156289527/127.0.0.1@r1")
	require.NoError(t, err)
	idle := string(b)
	ri, err := mqadmin.ParseConsumerStatus(idle)
	require.NoError(t, err)
	require.Empty(t, ri.Queues, "r1 holds nothing: only its RT&TPS row can tell")
	_, err = mqadmin.ParseConsumerStatus(deleteLine(idle, `^002 Topic: T_ROOM5`))
	var te *alloc.TextError
	require.True(t, errors.As(err, &te), "want a TextError, got %v", err)
	assert.Equal(t, 87, te.Line, te.Error())
	assert.Contains(t, te.Msg, `#Consumer RT&TPS# has a row for topic "T_ROOM5"`)
	// Rows end at the blank line: what follows (#User Consume Info#) is not read as topics.
	require.Contains(t, idle, "#User Consume Info#")
}
