//go:build !(js && wasm)

package main

import (
	"time"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// diagnose is doctor.Diagnose, given up at e.deadline when there is one
// (the diagnosis goes on in the background until the process exits).
func (e *env) diagnose(in doctor.Input) (*doctor.Report, error) {
	if e.deadline.IsZero() {
		return doctor.Diagnose(in)
	}
	type result struct {
		rep *doctor.Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		rep, err := doctor.Diagnose(in)
		done <- result{rep, err}
	}()
	timer := time.NewTimer(time.Until(e.deadline))
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
				msg: "the diagnosis did not finish within --timeout " + e.timeoutText + " (the read included)"}
		}
	}
}
