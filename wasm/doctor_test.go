//go:build rmqfull && !rmqnodoctor

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	testConnection = "#ClientId                            #ClientAddr            #Language  #Version\n" +
		"10.0.0.1@1                           10.0.0.1:5000          JAVA       V4_9_3\n" +
		"10.0.0.2@2                           10.0.0.2:5000          JAVA       V4_9_3\n\n" +
		"Below is subscription:\n#Topic               #SubExpression\nT                    *\n\n" +
		"ConsumeType: CONSUME_PASSIVELY\nMessageModel: CLUSTERING\nConsumeFromWhere: CONSUME_FROM_LAST_OFFSET\n"
	testProgressHeader = "#Topic                                                            #Broker Name                      #QID  #Broker Offset        #Consumer Offset      #Client IP           #Diff                 #LastTime\n"
)

func TestFullBuildNamesItselfInMeta(t *testing.T) {
	resp := call(t, opMeta, nil)
	assert.Equal(t, "full", metaBuild(t, resp), "build")
}

func progressRow(qid, ip string) string {
	pad := func(s string, n int) string {
		for len(s) < n {
			s += " "
		}
		return s
	}
	return pad("T", 64) + "  " + pad("broker-a", 32) + "  " + pad(qid, 4) + "  " + pad("10", 20) + "  " + pad("5", 20) + "  " + pad(ip, 20) + " " + pad("5", 20) + "  2026-11-30 10:00:00\n"
}

func doctorRequest(want byte, route, connection, progress string) []byte {
	w := newRequest()
	w.u8(want)
	w.uvarint(0) // the text's width: 80
	w.uvarint(1) // one snapshot: no name, time or its source
	w.str("")
	w.str("")
	w.str("")
	w.uvarint(1)
	w.str("")
	w.str(route)
	w.str(connection)
	w.str(progress)
	w.uvarint(0)
	w.str("")    // strategy
	w.str("")    // profile
	w.str("")    // capturedAt
	w.str("")    // progressErr
	w.str("")    // statusErr
	w.uvarint(0) // topicStatus
	w.str("")    // stuckAfter: the default
	return w.b
}

func TestDoctorAnswersTextAndJSON(t *testing.T) {
	// AVG over broker-a 0..2 and two consumers: 10.0.0.1 gets 0, 1; 10.0.0.2 gets 2.
	progress := testProgressHeader + progressRow("0", "10.0.0.1") + progressRow("1", "10.0.0.2") + progressRow("2", "10.0.0.2") + "\nConsume TPS: 0.00\nDiff Total: 15\n"
	resp := call(t, opDoctorRun, doctorRequest(wantText|wantJSON, fastjsonRoute, testConnection, progress))
	assert.Equal(t, byte(statusOK), resp[0], "status")
	r := reader{b: resp[1:]}
	ok := r.bool()
	assert.True(t, r.bool(), "judged: the progress shows owners")
	n := r.uvarint()
	text := string(r.b[r.p : r.p+int(n)])
	var rep struct {
		OK     bool `json:"ok"`
		Topics []struct {
			Queues []struct {
				QueueID int    `json:"queueId"`
				Status  string `json:"status"`
			} `json:"queues"`
		} `json:"topics"`
	}
	require.True(t, json.Unmarshal(r.b[r.p+int(n):], &rep) == nil, "the rest is JSON")
	assert.Equal(t, false, ok, "ok flag")
	assert.Equal(t, ok, rep.OK, "ok flag = report.ok")
	require.True(t, len(text) > 0, "a text")
	assert.Equal(t, "wrong-owner", rep.Topics[0].Queues[1].Status, "queue 1")
	assert.Equal(t, "ok", rep.Topics[0].Queues[0].Status, "queue 0")

	// Only the JSON: an empty text before it.
	resp = call(t, opDoctorRun, doctorRequest(wantJSON, fastjsonRoute, testConnection, progress))
	require.Equal(t, byte(0), resp[3], "no text after the ok and judged flags")
	require.True(t, json.Valid(resp[4:]), "only JSON after the empty text")
}

func TestDoctorInputErrorsNameTheBox(t *testing.T) {
	code, box, msg, line, _ := inputErrorOfResponse(t, call(t, opDoctorRun, doctorRequest(3, fastjsonRoute, testProgressHeader, "")))
	assert.Equal(t, "ERR_BAD_INPUT", code, "code")
	assert.Equal(t, "connection", box, "box")
	assert.Equal(t, uint64(1), line, "line")
	assert.Contains(t, msg, "connection: line 1", "message")
	// The parse op names the format.
	w := newRequest()
	w.u8(2)
	w.str(testConnection)
	_, box, _, line, _ = inputErrorOfResponse(t, call(t, opParse, w.b))
	assert.Equal(t, "progress", box, "box")
	require.True(t, line >= 1, "a line")
	// An unknown format is the caller's bug.
	w = newRequest()
	w.u8(9)
	w.str("x")
	code, _, field, _ := responseError(t, call(t, opParse, w.b))
	assert.Equal(t, "ERR_INVALID_ARGUMENT", code, "code")
	assert.Equal(t, "format", field, "field")
}
