//go:build rmqfull

package main

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planRequest encodes an analysis plan input: AVG over qs and members.
func planRequest(w *requestWriter, qs []alloc.MessageQueue, members []string) {
	w.u8(clientJava493)
	w.str("AVG")
	w.u8(0)
	inlineQueues(w, qs)
	w.uvarint(uint64(len(members)) + 1)
	for _, m := range members {
		w.str(m)
	}
	w.bool(false) // sort
	w.bool(false) // rooms
}

func TestFullBuildNamesItselfInMeta(t *testing.T) {
	resp := call(t, opMeta, nil)
	assert.Equal(t, "full", metaBuild(t, resp), "build")
}

func TestFullBuildServesAnalysisDiff(t *testing.T) {
	// AVG over 6 queues: c0 owns 0-2 and c1 3-5; with c2 joining, c0 owns
	// 0-1, c1 2-3 and c2 4-5: queues 2 (c0→c1), 4 and 5 (c1→c2) move.
	w := newRequest()
	planRequest(w, testkit.Queues("b", 6), []string{"c0", "c1"})
	planRequest(w, testkit.Queues("b", 6), []string{"c0", "c1", "c2"})
	resp := call(t, opAnalysisDiff, w.b)
	require.Equal(t, byte(statusOK), resp[0])
	var got struct {
		Diff struct {
			Moved       int     `json:"moved"`
			MovedQueues []int32 `json:"movedQueues"`
		} `json:"diff"`
	}
	require.NoError(t, json.Unmarshal(resp[1:], &got), "%s", resp[1:])
	assert.Equal(t, 3, got.Diff.Moved, "moved")
	assert.Equal(t, []int32{2, 4, 5}, got.Diff.MovedQueues, "moved queues")
}

func TestJSONWriterOutputParses(t *testing.T) {
	var w writer
	j := jsonw{&w}
	j.raw(`{"s":`)
	j.str("q\"\\\n\t\x01😀\xff")
	j.key("f", false)
	j.float(1.5)
	j.key("n", false)
	j.float(math.NaN())
	j.key("q", false)
	j.queue(alloc.MessageQueue{Topic: "T", BrokerName: "b", QueueID: -1})
	j.raw("}")
	var got map[string]any
	require.NoError(t, json.Unmarshal(w.b, &got), "%s", w.b)
	assert.Equal(t, "q\"\\\n\t\x01😀\ufffd", got["s"], "escaped string")
	assert.Equal(t, 1.5, got["f"], "float")
	assert.Nil(t, got["n"], "NaN as null")
	assert.Equal(t, map[string]any{"topic": "T", "brokerName": "b", "queueId": -1.0}, got["q"], "queue")
}
