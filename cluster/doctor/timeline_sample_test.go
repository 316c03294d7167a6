package doctor_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// snapshotDir reads a folder of saved outputs as the CLI does: the newest
// status/<millis>/ when mqadmin consumerStatus wrote one, and the time of
// captured-at.txt.
func snapshotDir(t testing.TB, dir string) doctor.Snapshot {
	t.Helper()
	in := doctor.Input{
		Routes:     []doctor.RouteText{{Text: readFile(t, filepath.Join(dir, "route.txt"))}},
		Connection: readFile(t, filepath.Join(dir, "connection.txt")),
		Progress:   readFile(t, filepath.Join(dir, "progress.txt")),
	}
	runs, _ := filepath.Glob(filepath.Join(dir, "status", "[0-9]*"))
	require.NotEmpty(t, runs, dir)
	slices.Sort(runs)
	files, _ := filepath.Glob(filepath.Join(runs[len(runs)-1], "*"))
	for _, f := range files {
		in.Status = append(in.Status, doctor.StatusText{Name: filepath.Base(f), Text: readFile(t, f)})
	}
	at, err := time.Parse(time.RFC3339, strings.TrimSpace(strings.SplitN(readFile(t, filepath.Join(dir, "captured-at.txt")), "\n", 2)[0]))
	require.NoError(t, err)
	return doctor.Snapshot{Input: in, At: at, AtSource: "captured-at.txt", Name: filepath.Base(dir)}
}
