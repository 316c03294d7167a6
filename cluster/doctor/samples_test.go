package doctor_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// sample is one folder of testdata/cluster: its expected.json.
type sample struct {
	Topic      string               `json:"topic"`
	Queues     []doctor.QueueReport `json:"queues"`
	Findings   []string             `json:"findings"`
	SkipQueues bool                 `json:"skipQueues"`
	OwnerInfo  bool                 `json:"ownerInfo"`
	Extra      map[string]any       `json:"-"`
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// sampleInput reads a folder as the CLI would: route, connection, progress
// and every file of status/.
func sampleInput(t testing.TB, dir string) doctor.Input {
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Text: readFile(t, filepath.Join(dir, "route.txt"))}},
		Connection: readFile(t, filepath.Join(dir, "connection.txt")),
		Progress:   readFile(t, filepath.Join(dir, "progress.txt")),
	}
	files, _ := filepath.Glob(filepath.Join(dir, "status", "*"))
	for _, f := range files {
		in.Status = append(in.Status, doctor.StatusText{Name: filepath.Base(f), Text: readFile(t, f)})
	}
	return in
}

func topicOf(t testing.TB, r *doctor.Report, name string) *doctor.TopicReport {
	for i := range r.Topics {
		if r.Topics[i].Topic == name {
			return &r.Topics[i]
		}
	}
	require.FailNowf(t, "topic not in the report", "topic %q", name)
	return nil
}

// Every worked example gives exactly its expected.json: the queues (unless
// skipQueues) and every finding code it lists, through the JSON the CLI
// prints.
func TestSamples(t *testing.T) {
	for _, dir := range testkit.SampleDirs(t, "cluster") {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			var want sample
			require.NoError(t, json.Unmarshal([]byte(readFile(t, filepath.Join(dir, "expected.json"))), &want))
			rep, err := doctor.Diagnose(sampleInput(t, dir))
			require.NoError(t, err)

			b, err := json.Marshal(rep)
			require.NoError(t, err)
			var got doctor.Report
			require.NoError(t, json.Unmarshal(b, &got))

			tr := topicOf(t, &got, want.Topic)
			if !want.SkipQueues {
				require.Len(t, tr.Queues, len(want.Queues))
				for i, w := range want.Queues {
					g := tr.Queues[i]
					g.Cause = ""
					assert.Equal(t, w, g, "queue %d", i)
				}
			}
			codes := map[string]bool{}
			for _, f := range got.Findings {
				codes[string(f.Code)] = true
			}
			for _, c := range want.Findings {
				assert.True(t, codes[c], "finding %s not reported; got %v", c, codes)
			}
			assert.False(t, got.OK)
			assert.NotEmpty(t, got.Verdict)
		})
	}
}

// TestSampleCauses: every wrong-owner queue of the samples has a cause;
// where a duplicate client ID is involved it names it, and where nothing
// in the outputs explains the queue, the cause says so.
func TestSampleCauses(t *testing.T) {
	for dir, want := range map[string]string{
		"duplicate-client-id": "client ID 10.0.2.161@96930 is used by 2 connections (DUPLICATE_CLIENT_ID)",
		"wrong-owner":         "no cause shows in these outputs",
	} {
		rep, err := doctor.Diagnose(sampleInput(t, filepath.Join("../../testdata/cluster", dir)))
		require.NoError(t, err)
		n := 0
		for _, tr := range rep.Topics {
			for _, q := range tr.Queues {
				if q.Status == doctor.StatusWrongOwner {
					n++
					assert.Contains(t, q.Cause, want, "%s %s/%d", dir, q.BrokerName, q.QueueID)
				}
			}
		}
		assert.Equal(t, 2, n, dir)
	}
}
