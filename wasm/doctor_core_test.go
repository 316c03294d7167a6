//go:build js && wasm && !rmqfull

package main

import "testing"

func TestCoreBuildAnswersDoctorWithUnsupported(t *testing.T) {
	for _, op := range []int{opDoctorRun, opParse} {
		code, _, _, msg := responseError(t, call(t, op, []byte{3, 0}))
		equal(t, "ERR_UNSUPPORTED", code, "code")
		equal(t, errDoctorNeedsFull, msg, "message")
	}
	resp := call(t, opRouteText, textRequest("T", fastjsonRoute))
	equal(t, byte(statusOK), resp[0], "route text still works")
}
