//go:build !rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestCoreBuildNamesItselfInMeta(t *testing.T) {
	resp := call(t, opMeta, nil)
	assert.Equal(t, "core", metaBuild(t, resp), "build")
}

func TestCoreBuildAnswersAnalysisWithUnsupported(t *testing.T) {
	for _, op := range []int{opAnalysisPlan, opAnalysisDiff, opAnalysisScenario, opAnalysisViews, opAnalysisSubscription, opAnalysisMixed, opAnalysisCompare} {
		code, class, field, msg := responseError(t, call(t, op, []byte{0, 0, 3, 'A', 'V', 'G', 0}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Equal(t, "", class, "no Java class")
		assert.Equal(t, "", field, "no field")
		assert.Equal(t, "rmq.analysis needs the full module: load({ analysis: true })", msg, "message")
	}
	// The module still answers afterwards.
	resp := call(t, opAllocate, allocateBytes("c0", testkit.Queues("b", 2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "status")
}

// TestCoreBuildRefusesDeclaredFullOps: each full-build op declared in
// internal/wireschema is answered ERR_UNSUPPORTED with its declared message
// (ops_core_generated.go), and the module stays usable.
func TestCoreBuildRefusesDeclaredFullOps(t *testing.T) {
	for _, r := range refusals {
		code, class, field, msg := responseError(t, call(t, r.num, []byte{1}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "op %d: code", r.num)
		assert.Equal(t, "", class, "op %d: no Java class", r.num)
		assert.Equal(t, "", field, "op %d: no field", r.num)
		assert.Equal(t, r.msg, msg, "op %d: message", r.num)
		assert.Contains(t, msg, "load({ analysis: true })", "op %d: the message says how", r.num)
	}
	assert.Len(t, refusals, len(fullOps), "one refusal per full-build op")
	resp := call(t, opAllocate, allocateBytes("c0", testkit.Queues("b", 2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "the module still answers")
}
