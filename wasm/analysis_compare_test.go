//go:build rmqfull

package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

func compareRequest(queues, brokers, members int32) []byte {
	w := newRequest()
	w.i32(queues)
	w.i32(brokers)
	w.i32(members)
	return w.b
}

// TestFullBuildServesCompare: the JSON is analysis.Compare's, field for field.
func TestFullBuildServesCompare(t *testing.T) {
	resp := call(t, opAnalysisCompare, compareRequest(16, 4, 3))
	require.Equal(t, byte(statusOK), resp[0], "%s", resp[1:])
	var got analysis.CompareResult
	var extra struct {
		Markdown string   `json:"markdown"`
		Changes  []string `json:"changes"`
	}
	require.NoError(t, json.Unmarshal(resp[1:], &got), "%s", resp[1:])
	require.NoError(t, json.Unmarshal(resp[1:], &extra))
	want, err := analysis.Compare(analysis.CompareGroup{Queues: 16, Brokers: 4, Members: 3}, nil)
	require.NoError(t, err)
	assert.Equal(t, want, &got)
	assert.Equal(t, want.Markdown(), extra.Markdown)
	assert.Equal(t, analysis.CompareChanges, extra.Changes)
}

func TestCompareBadGroupNamesTheField(t *testing.T) {
	resp := call(t, opAnalysisCompare, compareRequest(15, 4, 3))
	require.NotEqual(t, byte(statusOK), resp[0])
	assert.Contains(t, string(resp), "group.queues")
}
