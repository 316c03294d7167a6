package producer

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

func TestPriorityQueue(t *testing.T) {
	t.Parallel()
	sent := alloc.MessageQueue{Topic: "T", BrokerName: "broker-a", QueueID: 6}
	tests := []struct {
		priority, writeQueueNums int
		want                     int32
	}{
		{0, 8, 0}, // the broker's integration test: priority i on queue i
		{3, 8, 3},
		{7, 8, 7},
		{8, 8, 7}, // past the last queue: clamped
		{20, 8, 7},
		{math.MaxInt32, 16, 15},
		{5, 1, 0},
	}
	for _, tt := range tests {
		got, err := PriorityQueue(sent, tt.priority, tt.writeQueueNums)
		require.NoError(t, err)
		assert.Equal(t, alloc.MessageQueue{Topic: "T", BrokerName: "broker-a", QueueID: tt.want}, got, "priority %d of %d", tt.priority, tt.writeQueueNums)
	}
	_, err := PriorityQueue(sent, -1, 8)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	_, err = PriorityQueue(sent, 1, 0)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
}
