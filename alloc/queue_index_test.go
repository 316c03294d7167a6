package alloc

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQueueIndex(t *testing.T) {
	qs := []MessageQueue{{Topic: "T", BrokerName: "a", QueueID: 5}, {Topic: "T", BrokerName: "a", QueueID: 1 << 30},
		{Topic: "U", BrokerName: "a", QueueID: 5}, {Topic: "T", BrokerName: "a", QueueID: 5}, {Topic: "T", BrokerName: "b", QueueID: -3}}
	x := newQueueIndex(qs)
	assert.Equal(t, int32(0), x.pos(qs[0]))
	assert.Equal(t, int32(1), x.pos(qs[1]))
	assert.Equal(t, int32(2), x.pos(qs[2]))
	assert.Equal(t, int32(0), x.pos(qs[3]), "first occurrence")
	assert.Equal(t, int32(4), x.pos(qs[4]))
	assert.Equal(t, int32(-1), x.pos(MessageQueue{Topic: "T", BrokerName: "b", QueueID: 7}))
	assert.Equal(t, int32(-1), x.pos(MessageQueue{Topic: "T", BrokerName: "c"}))
}
