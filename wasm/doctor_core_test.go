//go:build !rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestCoreBuildAnswersDoctorWithUnsupported(t *testing.T) {
	for _, op := range []int{opDoctorRun, opParse} {
		code, _, _, msg := responseError(t, call(t, op, []byte{3, 0}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Equal(t, errDoctorNeedsFull, msg, "message")
	}
	for op, want := range map[int]string{opRouteText: errRouteTextNeedsFull, opParseRoute: errParseRouteNeedsFull} {
		code, _, _, msg := responseError(t, call(t, op, []byte{0}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Equal(t, want, msg, "message")
	}
	assert.Contains(t, errParseRouteNeedsFull, "rmq.parse.topicRoute", "names the call the caller made")
	resp := call(t, opAllocate, allocateRequest("c0", testkit.Queues("b", 2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "the module still answers")
}
