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
	for _, op := range analysisOps {
		code, class, field, msg := responseError(t, call(t, op, []byte{0, 0, 3, 'A', 'V', 'G', 0}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Equal(t, "", class, "no Java class")
		assert.Equal(t, "", field, "no field")
		assert.Equal(t, "rmq.analysis needs the full module: load({ analysis: true })", msg, "message")
	}
	// The module still answers afterwards.
	resp := call(t, opAllocate, allocateRequest("c0", testkit.Queues("b", 2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "status")
}

func TestCoreBuildAnswersBrokerOpsWithUnsupported(t *testing.T) {
	for _, op := range brokerOps {
		code, _, _, msg := responseError(t, call(t, op, nil))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Contains(t, msg, "load({ analysis: true })", "message says how")
	}
	resp := call(t, opAllocate, allocateRequest("c0", testkit.Queues("b", 2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "the module still answers")
}

// TestCoreBuildRefusesDeclaredFullOps: each full-build op declared in
// internal/wireschema is answered ERR_UNSUPPORTED with its declared message
// (ops_core_generated.go), and the module stays usable.
func TestCoreBuildRefusesDeclaredFullOps(t *testing.T) {
	code, _, _, msg := responseError(t, call(t, opLiveFree, []byte{1}))
	assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
	assert.Equal(t, "the live read (rmqalloc doctor --namesrv) needs the full module: load({ analysis: true })", msg, "message")
	resp := call(t, opAllocate, allocateRequest("c0", testkit.Queues("b", 2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "the module still answers")
}
