package doctor_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// FuzzDiagnose feeds fuzzed connection, progress and status texts next to
// a real route: Diagnose returns a report or an *alloc.TextError, never panics.
func FuzzDiagnose(f *testing.F) {
	base := sampleInput(f, statusDir)
	f.Add(base.Connection, base.Progress, base.Status[0].Text)
	other := sampleInput(f, "../../testdata/cluster/duplicate-client-id")
	f.Add(other.Connection, other.Progress, "")
	// The failures the doctor reads (an offline group, a 5.x mqadmin
	// against 4.x brokers) and per-topic progress outputs given together.
	real5 := "../../testdata/real5/b493-basic3-c533/"
	f.Add(readFile(f, "../../testdata/real/offline-group/connection.err"), base.Progress, "")
	f.Add(base.Connection, readFile(f, real5+"progress.err"), base.Status[0].Text)
	f.Add(base.Connection, readFile(f, real5+"progress-c.txt")+readFile(f, real5+"progress-c.txt"), "")
	f.Fuzz(func(t *testing.T, conn, prog, status string) {
		in := doctor.Input{Routes: base.Routes, Connection: conn, Progress: prog}
		if status != "" {
			in.Status = []doctor.StatusText{{Name: "x", Text: status}}
		}
		rep, err := doctor.Diagnose(in)
		if err != nil {
			var ie *alloc.TextError
			require.False(t, !errors.As(err, &ie) || rep != nil, "error %T %v", err, err)
			return
		}
		_ = rep.Text()
	})
}
