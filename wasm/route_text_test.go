//go:build rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The route text mqadmin topicRoute prints: fastjson, unquoted integer keys.
const fastjsonRoute = `{
	"brokerDatas":[
		{
			"brokerAddrs":{0:"10.0.0.1:10911",1:"10.0.0.2:10911"
			},
			"brokerName":"broker-a",
			"cluster":"DefaultCluster"
		}
	],
	"filterServerTable":{},
	"queueDatas":[
		{
			"brokerName":"broker-a",
			"perm":6,
			"readQueueNums":3,
			"topicSysFlag":0,
			"writeQueueNums":2
		}
	]
}`

func textRequest(strs ...string) []byte {
	w := newRequest()
	for _, s := range strs {
		w.str(s)
	}
	return w.b
}

// inputErrorOfResponse decodes a statusInputError response: code, field
// (the box), message, line, column.
func inputErrorOfResponse(t *testing.T, resp []byte) (code, box, msg string, line, col uint64) {
	t.Helper()
	require.True(t, len(resp) > 0 && resp[0] == statusInputError, "want an input error response")
	r := reader{b: resp[1:]}
	rd := func() string { n := r.uvarint(); s := string(r.b[r.p : r.p+int(n)]); r.p += int(n); return s }
	code, _, box, msg = rd(), rd(), rd(), rd()
	r.u8()
	return code, box, msg, r.uvarint(), r.uvarint()
}

func TestRouteTextGivesTheQueuesOfTheParsedRoute(t *testing.T) {
	resp := call(t, opRouteText, textRequest("T", fastjsonRoute))
	assert.Equal(t, byte(statusOK), resp[0], "status")
	r := reader{b: resp[1:]}
	// publish: 2 write queues; subscribe: 3 read queues (writeRefs layout: n+1, then per queue 0 + queue).
	assert.Equal(t, uint64(3), r.uvarint(), "publish count+1")
}

func TestParseRouteWritesTheRouteBack(t *testing.T) {
	resp := call(t, opParseRoute, textRequest(fastjsonRoute))
	assert.Equal(t, byte(statusOK), resp[0], "status")
	// Response strings carry no table: re-encode them the request's way and
	// read the route back with readRoute (the two layouts are the same).
	r := reader{b: resp[1:]}
	rstr := func() string { n := r.uvarint(); s := string(r.b[r.p : r.p+int(n)]); r.p += int(n); return s }
	w := newRequest()
	w.bool(r.bool())
	nq := r.uvarint()
	w.uvarint(nq)
	for i := uint64(0); i < nq; i++ {
		w.str(rstr())
		for k := 0; k < 4; k++ {
			w.i32(r.i32())
		}
	}
	nb := r.uvarint()
	w.uvarint(nb)
	for i := uint64(0); i < nb; i++ {
		w.str(rstr())
		w.str(rstr())
		na := r.uvarint()
		w.uvarint(na)
		for j := uint64(0); j < 2*na; j++ {
			w.str(rstr())
		}
	}
	require.True(t, r.err == nil && r.p == len(r.b), "the whole response read")
	rt := readRoute(&reader{b: w.b})
	assert.Equal(t, 1, len(rt.QueueDatas), "queueDatas")
	assert.Equal(t, int32(3), rt.QueueDatas[0].ReadQueueNums, "readQueueNums")
	assert.Equal(t, int32(2), rt.QueueDatas[0].WriteQueueNums, "writeQueueNums")
	assert.Equal(t, "broker-a", rt.BrokerDatas[0].BrokerName, "brokerName")
	assert.Equal(t, "10.0.0.2:10911", rt.BrokerDatas[0].BrokerAddrs["1"], "brokerAddrs[1]")
}

func TestUnreadableRouteTextIsAnInputErrorWithLineAndColumn(t *testing.T) {
	for _, op := range []int{opRouteText, opParseRoute} {
		var req []byte
		if op == opRouteText {
			req = textRequest("T", "{\n\t\"queueDatas\":[")
		} else {
			req = textRequest("{\n\t\"queueDatas\":[")
		}
		code, box, msg, line, col := inputErrorOfResponse(t, call(t, op, req))
		assert.Equal(t, "ERR_BAD_INPUT", code, "code")
		assert.Equal(t, "route", box, "box")
		assert.Equal(t, uint64(2), line, "line")
		require.True(t, col > 0, "a column")
		assert.Contains(t, msg, "route: line 2", "message")
	}
	resp := call(t, opRouteText, textRequest("T", fastjsonRoute))
	assert.Equal(t, byte(statusOK), resp[0], "usable afterwards")
}
