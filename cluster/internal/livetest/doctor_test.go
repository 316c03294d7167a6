//go:build live

package livetest

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// captureInput reads a capture.sh folder as the CLI's folder reader does:
// route.txt, connection.txt, progress.txt and every client file of status/
// (capture.sh keeps mqadmin's own status/<millis>/<clientId> layout).
func captureInput(t *testing.T, dir string) doctor.Input {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(b)
	}
	in := doctor.Input{Routes: []doctor.RouteText{{Text: read("route.txt")}}, Connection: read("connection.txt"), Progress: read("progress.txt")}
	// What the commands printed on stderr: a failed consumerProgress's
	// error, the clients consumerStatus could not reach.
	if b, err := os.ReadFile(filepath.Join(dir, "progress.err")); err == nil && strings.TrimSpace(in.Progress) == "" {
		in.Progress = string(b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "connection.err")); err == nil && strings.TrimSpace(in.Connection) == "" {
		in.Connection = string(b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "status", "stderr.txt")); err == nil {
		in.StatusErr = string(b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "route-retry.txt")); err == nil && len(b) > 0 {
		in.Routes = append(in.Routes, doctor.RouteText{Text: string(b)})
	}
	files, _ := filepath.Glob(filepath.Join(dir, "status", "*", "*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		in.Status = append(in.Status, doctor.StatusText{Name: filepath.Base(f), Text: string(b)})
	}
	return in
}

func diagnose(t *testing.T, dir string) *doctor.Report {
	t.Helper()
	rep, err := doctor.Diagnose(captureInput(t, dir))
	require.NoError(t, err, "doctor on %s", dir)
	t.Logf("doctor on %s: %s", filepath.Base(dir), rep.Verdict)
	return rep
}

func findingCodes(r *doctor.Report) []doctor.Code {
	set := map[doctor.Code]bool{}
	for _, f := range r.Findings {
		set[f.Code] = true
	}
	for _, tr := range r.Topics {
		for _, f := range tr.Findings {
			set[f.Code] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// queuesWithStatus lists a topic's queues of one status as broker/topic/qid.
func queuesWithStatus(r *doctor.Report, topic, status string) []string {
	var out []string
	for _, tr := range r.Topics {
		if tr.Topic != topic {
			continue
		}
		for _, q := range tr.Queues {
			if q.Status == status {
				out = append(out, q.BrokerName+"/"+topic+"/"+itoa(q.QueueID))
			}
		}
	}
	sort.Strings(out)
	return out
}

// queuesExpectedOf lists the queues of topic whose expected owners
// include cid, as queuesWithStatus names them.
func queuesExpectedOf(r *doctor.Report, topic, cid string) []string {
	var out []string
	for _, tr := range r.Topics {
		if tr.Topic != topic {
			continue
		}
		for _, q := range tr.Queues {
			if slices.Contains(q.Expected, cid) {
				out = append(out, q.BrokerName+"/"+topic+"/"+itoa(q.QueueID))
			}
		}
	}
	sort.Strings(out)
	return out
}

func itoa(n int32) string { return strconv.Itoa(int(n)) }
