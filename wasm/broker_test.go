//go:build rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// queryAssignmentRequest: topic T, POP share 1 configured, queues a/0 a/1
// b/0 b/1, clients c0..c2, asked for c0 and c9.
func queryAssignmentRequest() []byte {
	w := newRequest()
	w.str("T")
	w.str("g")
	w.u8(modelClustering)
	w.str("AVG")
	w.bool(true)
	w.u8(0)
	w.i32(-1)
	w.u8(configuredPop)
	w.i32(1)
	w.u8(qlistInline)
	w.uvarint(4)
	for _, q := range []struct {
		b  string
		id int32
	}{{"a", 0}, {"a", 1}, {"b", 0}, {"b", 1}} {
		w.str("T")
		w.str(q.b)
		w.i32(q.id)
	}
	for _, ids := range [][]string{{"c0", "c1", "c2"}, {"c0", "c9"}} {
		w.uvarint(uint64(len(ids)) + 1)
		for _, id := range ids {
			w.str(id)
		}
	}
	return w.b
}

func TestBrokerQueryAssignmentOp(t *testing.T) {
	resp := call(t, opQueryAssignment, queryAssignmentRequest())
	require.Equal(t, byte(statusOK), resp[0], "ok response")
	r := reader{b: resp[1:]}
	assert.Equal(t, byte(1), r.u8(), "mode POP")
	assert.Equal(t, int32(1), r.i32(), "share")
	assert.Equal(t, uint64(2), r.uvarint(), "two answers")
	assert.Equal(t, uint64(3)+1, r.uvarint(), "c0: own 2 queues (a/0 a/1) plus c1's (b/0): 3")
}

// Every truncation of a valid request is answered (malformed or ok), never a panic.
func TestBrokerOpsTruncated(t *testing.T) {
	req := queryAssignmentRequest()
	for n := 0; n < len(req); n++ {
		resp := call(t, opQueryAssignment, req[:n])
		if resp[0] == statusError {
			code, _, _, _ := responseError(t, resp)
			assert.Equal(t, "ERR_INTERNAL", code, "truncated request")
		}
	}
}

func TestBrokerProxyForbidden(t *testing.T) {
	w := newRequest()
	w.str("T")
	w.u8(0)       // no orderTopicConf
	w.uvarint(0)  // no queueDatas
	w.uvarint(0)  // no brokerDatas
	w.bool(false) // not orderly
	code, class, field, msg := responseError(t, call(t, opProxyAssignment, w.b))
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
