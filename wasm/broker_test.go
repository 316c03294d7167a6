//go:build rmqfull

package main

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func queues(topic string, qs ...string) []alloc.MessageQueue {
	out := make([]alloc.MessageQueue, len(qs))
	for i, q := range qs {
		out[i] = alloc.MessageQueue{Topic: topic, BrokerName: q[:1], QueueID: int32(q[2] - '0')}
	}
	return out
}

// TestBrokerQueryAssignmentOp: topic T, POP share 1 configured, queues
// a/0 a/1 b/0 b/1, clients c0..c2, asked for c0 and c9.
func TestBrokerQueryAssignmentOp(t *testing.T) {
	got, err := handleQueryAssignment(queryAssignmentRequest{
		Topic: "T", ConsumerGroup: "g", MessageModel: modelClustering, StrategyName: "AVG",
		ServerLoadBalancerEnable: true, BrokerDefaultMode: modePull, BrokerDefaultPopShareQueueNum: -1,
		Configured: &wireModeSetting{Mode: modePop, PopShareQueueNum: 1},
		MqAll:      callQlist{qs: queues("T", "a/0", "a/1", "b/0", "b/1")},
		CidAll:     []string{"c0", "c1", "c2"}, ClientIds: []string{"c0", "c9"},
	})
	require.NoError(t, err)
	assert.Equal(t, byte(1), got.Mode, "mode POP")
	assert.Equal(t, int32(1), got.PopShareQueueNum, "share")
	require.Len(t, got.Results, 2, "two answers")
	assert.Equal(t, queues("T", "a/0", "a/1", "b/0"), got.Results[0].Queues, "c0: own 2 queues (a/0 a/1) plus c1's (b/0)")
}

// TestBrokerQueryAssignmentNamesABadEnum: an enum byte JS never sends is an
// error naming the field.
func TestBrokerQueryAssignmentNamesABadEnum(t *testing.T) {
	for field, q := range map[string]queryAssignmentRequest{
		"messageModel":        {MessageModel: 7},
		"brokerDefaultMode":   {BrokerDefaultMode: 7},
		"configuredMode.mode": {Configured: &wireModeSetting{Mode: 7}},
	} {
		_, err := handleQueryAssignment(q)
		require.Error(t, err, field)
		e, ok := as[*boundaryError](err)
		require.True(t, ok, field)
		assert.Equal(t, field, e.field, "field")
	}
	_, err := handleQueryAssignment(queryAssignmentRequest{MqAll: callQlist{freed: true}})
	assert.EqualError(t, err, "mqAll (a Topic) has been disposed")
}

func TestBrokerProxyForbidden(t *testing.T) {
	_, err := handleProxyAssignment(proxyAssignmentRequest{Topic: "T", Route: &route.Route{}})
	var w writer
	writeError(&w, err)
	code, class, field, msg := responseError(t, w.b)
	assert.Equal(t, "ERR_FORBIDDEN", code, "code")
	assert.Equal(t, "", class, "java class")
	assert.Equal(t, "route", field, "field")
	assert.Contains(t, msg, "no readable queue", "message")
}

func TestBrokerAllocationPathOp(t *testing.T) {
	w := newRequest()
	w.u8(0)       // classic push
	w.bool(false) // clientRebalance
	w.bool(false) // orderly
	w.u8(modelClustering)
	w.str("AVG")
	resp := call(t, opAllocationPath, w.b)
	require.Equal(t, byte(statusOK), resp[0], "ok response")
	assert.Equal(t, byte(1), resp[1], "the broker path")
}

// TestBrokerAllocationPathNamesABadEnum: an enum byte JS never sends is an
// error naming the field, and the module answers afterwards.
func TestBrokerAllocationPathNamesABadEnum(t *testing.T) {
	for field, b := range map[string][2]byte{"client": {9, modelClustering}, "messageModel": {0, 7}} {
		w := newRequest()
		w.u8(b[0])
		w.bool(true)
		w.bool(false)
		w.u8(b[1])
		w.str("AVG")
		code, _, got, msg := responseError(t, call(t, opAllocationPath, w.b))
		assert.Equal(t, "ERR_INVALID_ARGUMENT", code, field)
		assert.Equal(t, field, got, "field")
		assert.Contains(t, msg, field, "message")
	}
	TestBrokerAllocationPathOp(t)
}
