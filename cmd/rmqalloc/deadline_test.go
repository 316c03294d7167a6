//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
)

// --timeout bounds the read and the diagnosis together
// (docs/doctor-limits.md): a diagnosis that outlasts the deadline is given
// up with exit 2 and the documented line, no sooner than diagnosisGrace
// after the read; one that ends in time, even past the deadline but within
// the grace, gives its report, as does a fast run. A diagnosis that never
// ends stands in for a huge one, so nothing here depends on the machine's
// speed; the only time bounds are the timer's own (never early) and a
// generous 30 s ceiling for a loaded machine.
func TestDiagnosisDeadline(t *testing.T) {
	in, err := live.ReadFolder("../../testdata/real/basic3")
	require.NoError(t, err)
	want, err := doctor.Diagnose(in)
	require.NoError(t, err)

	stand := func(t *testing.T, f func(doctor.Input) (*doctor.Report, error)) {
		old := diagnoseInput
		diagnoseInput = f
		t.Cleanup(func() { diagnoseInput = old })
	}
	bounded := func(deadline time.Time) (*env, *bytes.Buffer) {
		var errs bytes.Buffer
		return &env{stdout: &bytes.Buffer{}, stderr: &errs, stdin: strings.NewReader(""), getenv: os.Getenv,
			deadline: deadline, timeoutText: "5s"}, &errs
	}

	t.Run("a diagnosis past the deadline is given up: exit 2, the reason said", func(t *testing.T) {
		release := make(chan struct{})
		t.Cleanup(func() { close(release) })
		stand(t, func(doctor.Input) (*doctor.Report, error) {
			<-release
			return nil, nil
		})
		e, stderr := bounded(time.Now()) // the read used all of --timeout
		start := time.Now()
		rep, err := e.diagnose(in)
		took := time.Since(start)
		assert.Nil(t, rep)
		var ce *cliError
		require.ErrorAs(t, err, &ce)
		assert.Equal(t, exitBadInput, ce.exit)
		assert.Equal(t, codeCluster, ce.code)
		assert.GreaterOrEqual(t, took, diagnosisGrace, "the diagnosis gets at least the grace after the read")
		assert.Less(t, took, 30*time.Second)
		assert.Equal(t, 2, writeError(ce, false, e.stdout, e.stderr))
		assert.Equal(t, "rmqalloc: the diagnosis did not finish within --timeout 5s (the read included; at least 1s after the read)\n", stderr.String())
	})

	t.Run("a diagnosis ending within the grace after the deadline gives its report", func(t *testing.T) {
		stand(t, doctor.Diagnose)
		e, _ := bounded(time.Now().Add(-time.Hour))
		rep, err := e.diagnose(in)
		require.NoError(t, err)
		assert.Equal(t, want, rep)
	})

	t.Run("a fast run is unaffected", func(t *testing.T) {
		e, _ := bounded(time.Now().Add(time.Minute))
		rep, err := e.diagnose(in)
		require.NoError(t, err)
		assert.Equal(t, want, rep)
		e.deadline = time.Time{} // no --namesrv: no bound
		rep, err = e.diagnose(in)
		require.NoError(t, err)
		assert.Equal(t, want, rep)
	})
}
