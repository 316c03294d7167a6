package mqadmin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// files are the regular files matching the glob patterns that hold text,
// but what mqadmin printed beside the status files (status/stdout.txt,
// stderr.txt); an empty file is a failed command's output (its error is
// in the .err beside it).
func files(patterns ...string) []string {
	var out []string
	for _, p := range patterns {
		m, _ := filepath.Glob(p)
		for _, f := range m {
			st, err := os.Stat(f)
			if err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
				continue
			}
			if b := filepath.Base(f); strings.Contains(f, "/status/") && (b == "stdout.txt" || b == "stderr.txt") {
				continue
			}
			out = append(out, f)
		}
	}
	return out
}

// statusFiles are a folder's consumerStatus files: status/<clientId>, or
// capture.sh's status/<millis>/<clientId>.
func statusFiles(dir string) []string {
	return files(filepath.Join(dir, "status", "*"), filepath.Join(dir, "status", "*", "*"))
}

// Every sample's texts parse, with the row counts the files hold.
func TestSamplesParse(t *testing.T) {
	for _, d := range testkit.SampleDirs(t, "cluster") {
		t.Run(filepath.Base(d), func(t *testing.T) {
			r, err := mqadmin.ParseTopicRoute(read(t, d+"/route.txt"))
			require.NoError(t, err)
			require.NotEmpty(t, r.QueueDatas)

			connText := read(t, d+"/connection.txt")
			c, err := mqadmin.ParseConsumerConnection(connText)
			require.NoError(t, err)
			assert.Equal(t, strings.Count(connText, "@"), len(c.Clients))
			assert.Equal(t, "CLUSTERING", c.MessageModel)
			assert.Len(t, c.Subscriptions, 2)

			progText := read(t, d+"/progress.txt")
			p, err := mqadmin.ParseConsumerProgress(progText)
			require.NoError(t, err)
			assert.Equal(t, strings.Count(progText, "\n")-4-boolInt(p.Layout == mqadmin.Layout533), len(p.Rows))
			require.NotNil(t, p.DiffTotal)
			var sum int64
			for _, row := range p.Rows {
				sum += row.Diff
			}
			assert.Equal(t, *p.DiffTotal, sum)

			files, _ := filepath.Glob(d + "/status/*")
			for _, f := range files {
				ri, err := mqadmin.ParseConsumerStatus(read(t, f))
				require.NoError(t, err, f)
				assert.Equal(t, filepath.Base(f), ri.Properties["clientIP"]+"@"+ri.Properties["instanceName"])
				assert.NotEmpty(t, ri.Subscriptions)
				assert.Contains(t, ri.Properties["allocateMessageQueueStrategy"], "AllocateMessageQueue")
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
