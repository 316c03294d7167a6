//go:build live

package livetest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/doctor"
)

// checkPopDoctor reads a settled POP group straight from the 5.3.3 cluster
// (what `rmqalloc doctor --namesrv` does) and checks that the doctor
// recognises every member as broker-assigned.
func checkPopDoctor(t *testing.T, g popGroup, dir string) {
	t.Helper()
	rep, snap := liveDiagnoseOn(t, theKit.namesrv5, g.name, dir)
	t.Logf("doctor on the live POP group %s:\n%s", g.name, rep.Text())
	require.Len(t, snap.Status, len(g.insts), "one status file per client")
	var f *doctor.Finding
	for i := range rep.Findings {
		if rep.Findings[i].Code == doctor.CodeServerSideRebalance {
			f = &rep.Findings[i]
		}
	}
	require.NotNil(t, f, "SERVER_SIDE_REBALANCE: %s", rep.Text())
	var want []string
	for _, inst := range g.insts {
		want = append(want, "127.0.0.1@"+inst)
	}
	assert.ElementsMatch(t, want, f.Clients)
}
