package testkit

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

func TestBuilders(t *testing.T) {
	a0, a1, b0 := Q("broker-a", 0), Q("broker-a", 1), Q("b", 0)
	assert.Equal(t, alloc.MessageQueue{Topic: "T", BrokerName: "broker-a", QueueID: 0}, a0)
	for _, tc := range []struct {
		name string
		got  []alloc.MessageQueue
		want []alloc.MessageQueue
	}{
		{"Queues", Queues("broker-a", 2), []alloc.MessageQueue{a0, a1}},
		{"Queues of none", Queues("broker-a", 0), []alloc.MessageQueue{}},
		{"QueuesOn", QueuesOn(1, "broker-a", "b"), []alloc.MessageQueue{a0, b0}},
		{"IDs in order", IDs("broker-a", 1, 0), []alloc.MessageQueue{a1, a0}},
		{"Parse takes names whole", Parse("broker-a/0 b/0  broker-a/1"), []alloc.MessageQueue{a0, b0, a1}},
		{"Parse splits at the last slash", Parse("x/y/-1"), []alloc.MessageQueue{Q("x/y", -1)}},
		{"Parse of nothing is empty", Parse(" "), []alloc.MessageQueue{}},
	} {
		assert.Equal(t, tc.want, tc.got, tc.name)
	}
	assert.Panics(t, func() { Parse("broker-a") })
	assert.Panics(t, func() { Parse("broker-a/x") })
}

func TestShowIsParseBack(t *testing.T) {
	assert.Equal(t, "null", Show(nil))
	assert.Equal(t, "[]", Show(Parse("")))
	s := "[broker-a/0 b/-1 x/y/2]"
	assert.Equal(t, s, Show(Parse(s[1:len(s)-1])))
}

func TestClientIDs(t *testing.T) {
	assert.Equal(t, []string{"c0", "c1", "c2"}, ClientIDs("c", 3))
	assert.Empty(t, ClientIDs("c", 0))
}

func TestSamples(t *testing.T) {
	assert.Equal(t, filepath.Join("..", "..", "testdata", "cluster"), Testdata(t, "cluster"))
	dirs := SampleDirs(t, "cluster")
	require.NotEmpty(t, dirs)
	assert.Contains(t, dirs, filepath.Join("..", "..", "testdata", "cluster", "wrong-owner"))
	assert.FileExists(t, filepath.Join(Root(t), "go.mod"))
}
