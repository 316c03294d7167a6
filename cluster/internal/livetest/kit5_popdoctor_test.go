//go:build live

package livetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/cluster/live"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// checkPopDoctor reads a settled POP group straight from the 5.3.3 cluster
// (what `rmqalloc doctor --namesrv` does) and with the real 5.3.3 mqadmin
// (kit5's capture5.sh): the live status files are in the 5.3.3 tool's
// layout (same section and column headers, same property order, same Pop
// Detail and MQ Detail queues), both diagnoses agree, and the doctor
// recognises every member as broker-assigned and names the queues the
// broker gave each one to pop.
func checkPopDoctor(t *testing.T, g popGroup, dir string) {
	t.Helper()
	rep, snap := liveDiagnoseOn(t, theKit.namesrv5, g.name, dir)
	t.Logf("doctor on the live POP group %s:\n%s", g.name, rep.Text())
	require.Len(t, snap.Status, len(g.insts), "one status file per client")
	f := findingWith(rep, doctor.CodeServerSideRebalance)
	require.NotNil(t, f, "SERVER_SIDE_REBALANCE: %s", rep.Text())
	var want []string
	for _, inst := range g.insts {
		want = append(want, "127.0.0.1@"+inst)
	}
	assert.ElementsMatch(t, want, f.Clients)
	held, err := readPopHold(theKit.holdPath(g.name))
	require.NoError(t, err)
	for _, h := range held {
		var pops []string
		for _, q := range h.Held {
			if b, rest, ok := strings.Cut(q, "/"+g.topic+"/"); ok {
				pops = append(pops, b+"/"+rest)
			}
		}
		assert.Contains(t, f.Message, h.ClientID+" pops "+g.topic+" "+strings.Join(pops, " "), "the doctor names what the broker gave %s", h.ClientID)
	}

	capDir := theKit.capture5(t, "kit5-"+g.name, g.topic, g.name, len(g.insts))
	real := diagnose(t, capDir)
	sameDiagnosis(t, real, rep, g.topic)
	assert.ElementsMatch(t, f.Clients, findingWith(real, doctor.CodeServerSideRebalance).Clients)
	realStatus := realStatusFiles(t, capDir)
	for _, st := range snap.Status {
		sameStatusLayout(t, realStatus[st.ClientID], st)
		li, err := mqadmin.ParseConsumerStatus(st.Text)
		require.NoError(t, err)
		assert.NotEmpty(t, li.PopQueues, "%s pops queues", st.ClientID)
	}
}

// realStatusFiles are a capture's status files by client ID.
func realStatusFiles(t *testing.T, capDir string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(capDir, "status", "*", "*"))
	out := map[string]string{}
	for _, p := range files {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		out[filepath.Base(p)] = string(b)
	}
	return out
}

func findingWith(rep *doctor.Report, code doctor.Code) *doctor.Finding {
	for i := range rep.Findings {
		if rep.Findings[i].Code == code {
			return &rep.Findings[i]
		}
	}
	return nil
}

// sameStatusLayout: a live status file and mqadmin 5.3.3's for one client
// have the same header lines, property names in the same order and the
// same queues (pulled and popped); values like timestamps may differ.
func sameStatusLayout(t *testing.T, real string, st live.StatusText) {
	t.Helper()
	require.NotEmpty(t, real, "mqadmin wrote no status file for %s", st.ClientID)
	headers := func(s string) (hs, props []string) {
		inProps := false
		for _, l := range strings.Split(s, "\n") {
			switch {
			case strings.HasPrefix(l, "#"):
				hs = append(hs, l)
				inProps = l == "#Consumer Properties#"
			case inProps && strings.Contains(l, ": "):
				props = append(props, strings.TrimSpace(l[:strings.Index(l, ": ")]))
			}
		}
		return
	}
	rh, rp := headers(real)
	lh, lp := headers(st.Text)
	assert.Equal(t, rh, lh, "%s: section and column headers", st.ClientID)
	assert.Equal(t, rp, lp, "%s: property names and order", st.ClientID)
	ri, err := mqadmin.ParseConsumerStatus(real)
	require.NoError(t, err)
	li, err := mqadmin.ParseConsumerStatus(st.Text)
	require.NoError(t, err)
	qs := func(hq []mqadmin.HeldQueue) (out []string) {
		for _, q := range hq {
			out = append(out, queueKey(alloc.MessageQueue{Topic: q.Topic, BrokerName: q.BrokerName, QueueID: q.QueueID}))
		}
		return
	}
	assert.Equal(t, qs(ri.PopQueues), qs(li.PopQueues), "%s: Pop Detail queues", st.ClientID)
	assert.Equal(t, qs(ri.Queues), qs(li.Queues), "%s: pulled queues", st.ClientID)
}
