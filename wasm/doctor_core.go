//go:build js && wasm && !rmqfull

package main

// The core build leaves out the doctor and the mqadmin parsers (they need
// encoding/json); it answers their operations with ERR_UNSUPPORTED saying
// how to get them, and stays usable. Routes as text (route.go) work here.

const errDoctorNeedsFull = "rmq.doctor and rmq.parse need the full module: load({ analysis: true })"

func init() {
	for _, op := range []int{opDoctorRun, opParse} {
		register(op, func(*reader, *writer) error { return unsupported(errDoctorNeedsFull) })
	}
}
