//go:build !rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCoreBuildAnswersDoctorWithUnsupported(t *testing.T) {
	for _, op := range []int{opDoctorRun, opParse} {
		code, _, _, msg := responseError(t, call(t, op, []byte{3, 0}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Equal(t, errDoctorNeedsFull, msg, "message")
	}
	for _, op := range []int{opParseRoute, opRouteText} {
		code, _, _, msg := responseError(t, call(t, op, []byte{0}))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
		assert.Equal(t, errRouteTextNeedsFull, msg, "message")
	}
	resp := call(t, opAllocate, allocateRequest("c0", testQueues(2), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "the module still answers")
}
