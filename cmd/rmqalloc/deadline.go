//go:build !(js && wasm)

package main

import (
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// diagnosisGrace is the least time the diagnosis gets after the read: a
// read that used all of --timeout still gets its verdict, and a run ends
// within --timeout plus a second (docs/doctor-limits.md; the npm CLI's
// bounded.js does the same).
const diagnosisGrace = time.Second

// diagnoseInput is the diagnosis e.diagnose bounds: a variable so that a
// test can stand in one that outlasts any deadline.
var diagnoseInput = doctor.Diagnose

// diagnose is doctor.Diagnose, given up at e.deadline (but no sooner than
// diagnosisGrace from now) when there is one (the diagnosis goes on in the
// background until the process exits).
func (e *env) diagnose(in doctor.Input) (*doctor.Report, error) {
	if e.deadline.IsZero() {
		return diagnoseInput(in)
	}
	type result struct {
		rep *doctor.Report
		err error
	}
	done := make(chan result, 1)
	diagnose := diagnoseInput // read here: the goroutine may outlive a test's stand-in
	go func() {
		rep, err := diagnose(in)
		done <- result{rep, err}
	}()
	timer := time.NewTimer(max(time.Until(e.deadline), diagnosisGrace))
	defer timer.Stop()
	select {
	case r := <-done:
		return r.rep, r.err
	case <-timer.C:
		select {
		case r := <-done: // finished just in time
			return r.rep, r.err
		default:
			return nil, &cliError{code: codeCluster, exit: exitBadInput,
				msg: "the diagnosis did not finish within --timeout " + e.timeoutText + " (the read included; at least 1s after the read)"}
		}
	}
}
