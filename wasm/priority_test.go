//go:build rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The worked examples of alloc/priority's docs, through the handlers.
func TestHandlePriorityDecide(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		req  priorityDecideRequest
		want priorityDecideResponse
	}{
		"file, factor 100, randomQ 37: priority mode, retry after, offset 0": {
			priorityDecideRequest{PopFromRetryProbability: 20, PriorityTopic: true, PriorityFactor: 100, Draw: 37},
			priorityDecideResponse{PriorityMode: true, RetryAfter: true},
		},
		"file, factor 30, randomQ 37: normal mode at offset 37": {
			priorityDecideRequest{PopFromRetryProbability: 20, PriorityTopic: true, PriorityFactor: 30, Draw: 37},
			priorityDecideResponse{RetryAfter: true, Offset: 37},
		},
		"file, randomQ 5 below 20 outside priority mode: retry first": {
			priorityDecideRequest{PopFromRetryProbability: 20, PriorityTopic: false, PriorityFactor: 100, Draw: 5},
			priorityDecideResponse{RetryFirst: true, Offset: 5},
		},
		"kv, request 150, factor 30: 150%100 = 50 ≥ 30, every 5th request reads retry first": {
			priorityDecideRequest{Path: 1, PopFromRetryProbability: 20, PriorityTopic: true, PriorityFactor: 30, Draw: 150},
			priorityDecideResponse{RetryFirst: true, Offset: 150},
		},
	} {
		got, err := handlePriorityDecide(tc.req)
		require.NoError(t, err, name)
		assert.Equal(t, tc.want, got, name)
	}
	_, err := handlePriorityDecide(priorityDecideRequest{PriorityFactor: 100, Draw: 100})
	assert.ErrorContains(t, err, "randomQ is random.nextInt(100)")
	_, err = handlePriorityDecide(priorityDecideRequest{Path: 1, PriorityFactor: 101})
	assert.ErrorContains(t, err, "priority.factor must be in [0, 100]")
}

func TestHandlePriorityOrder(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		req  priorityOrderRequest
		want []int32
	}{
		"asc, offset 0":     {priorityOrderRequest{ReadQueueNums: 8, Asc: true}, []int32{7, 6, 5, 4, 3, 2, 1, 0}},
		"asc, offset 3":     {priorityOrderRequest{ReadQueueNums: 8, Asc: true, Offset: 3}, []int32{2, 1, 0, 7, 6, 5, 4, 3}},
		"not asc, offset 3": {priorityOrderRequest{ReadQueueNums: 8, Offset: 3}, []int32{3, 4, 5, 6, 7, 0, 1, 2}},
	} {
		got, err := handlePriorityOrder(tc.req)
		require.NoError(t, err, name)
		assert.Equal(t, tc.want, got.QueueIds, name)
	}
	_, err := handlePriorityOrder(priorityOrderRequest{ReadQueueNums: 8, Offset: 100})
	assert.ErrorContains(t, err, "offset must be in [0, 100) on the file path")
}

func TestHandlePriorityDrain(t *testing.T) {
	t.Parallel()
	// 8 queues of 2, priority mode, asc, maxMsgNums 5: 7 gives 2, 6 gives
	// 2, 5 gives 1; with the retry topic first, it gives what it has.
	topic := []int64{2, 2, 2, 2, 2, 2, 2, 2}
	got, err := handlePriorityDrain(priorityDrainRequest{Asc: true, PriorityMode: true, RetryAfter: true, Topic: topic, MaxMsgNums: 5})
	require.NoError(t, err)
	assert.Equal(t, []wirePriorityRead{{QueueId: 7, Count: 2}, {QueueId: 6, Count: 2}, {QueueId: 5, Count: 1}}, got.Reads)
	retry := []int64{0, 3}
	got, err = handlePriorityDrain(priorityDrainRequest{Asc: true, RetryFirst: true, Topic: topic, Retry: &retry, MaxMsgNums: 5})
	require.NoError(t, err)
	assert.Equal(t, []wirePriorityRead{{Retry: true, QueueId: 1, Count: 3}, {QueueId: 7, Count: 2}}, got.Reads)
	_, err = handlePriorityDrain(priorityDrainRequest{Topic: topic})
	assert.ErrorContains(t, err, "maxMsgNums must be positive")
}

// TestPriorityOrderThroughDispatch: the declared layout end to end (list
// of i32 answered).
func TestPriorityOrderThroughDispatch(t *testing.T) {
	w := newRequest()
	w.i32(4)
	w.bool(true)
	w.f64(1)
	w.u8(0)
	resp := call(t, opPriorityOrder, w.b)
	require.Equal(t, byte(statusOK), resp[0], "status")
	r := reader{b: resp[1:]}
	n := r.uvarint()
	got := make([]int32, n)
	for i := range got {
		got[i] = r.i32()
	}
	require.NoError(t, r.err)
	assert.Equal(t, []int32{0, 3, 2, 1}, got)
	assert.Equal(t, len(r.b), r.p)
}
