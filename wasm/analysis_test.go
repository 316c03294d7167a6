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

// planIn is an analysis plan input: AVG over qs and members.
func planIn(qs []alloc.MessageQueue, members []string, sort bool) wirePlanInput {
	return wirePlanInput{Strategy: wireClientStrategy{Client: clientJava493, Spec: alloc.StrategySpec{Name: "AVG"}},
		Queues: callQlist{qs: qs}, Members: members, Sort: sort}
}

// answerOf is what an analysis answer writes.
func answerOf(t *testing.T, a analysisAnswer, err error) []byte {
	t.Helper()
	require.NoError(t, err)
	var w writer
	writeAnalysisAnswer(&w, a)
	return w.b
}

func TestFullBuildServesAnalysisDiff(t *testing.T) {
	// AVG over 6 queues: c0 owns 0-2 and c1 3-5; with c2 joining, c0 owns
	// 0-1, c1 2-3 and c2 4-5: queues 2 (c0→c1), 4 and 5 (c1→c2) move.
	p, err := handleAnalysisDiff(analysisDiffRequest{From: planIn(testkit.Queues("b", 6), []string{"c0", "c1"}, false), To: planIn(testkit.Queues("b", 6), []string{"c0", "c1", "c2"}, false)})
	resp := answerOf(t, p.Answer, err)
	var got struct {
		Diff struct {
			Moved       int     `json:"moved"`
			MovedQueues []int32 `json:"movedQueues"`
		} `json:"diff"`
	}
	require.NoError(t, json.Unmarshal(resp, &got), "%s", resp)
	assert.Equal(t, 3, got.Diff.Moved, "moved")
	assert.Equal(t, []int32{2, 4, 5}, got.Diff.MovedQueues, "moved queues")
}

func TestAnalysisErrorsNameTheirField(t *testing.T) {
	in := planIn(nil, []string{"c0"}, false)
	in.Queues = callQlist{freed: true}
	_, err := handleAnalysisPlan(analysisPlanRequest{Plan: in})
	assert.EqualError(t, err, "queues (a Topic) has been disposed")
	in = planIn(testkit.Queues("b", 2), []string{"c0"}, false)
	in.Strategy.Spec.Name = "NOPE"
	_, err = handleAnalysisPlan(analysisPlanRequest{Plan: in})
	assert.Error(t, err, "an unknown strategy, before the queues")
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
