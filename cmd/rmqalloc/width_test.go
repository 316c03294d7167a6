//go:build !(js && wasm)

package main

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// widthRuns are the command lines whose every line must fit 80 columns
// (COLUMNS unset, not a terminal): every help, the doctor on every sample
// folder and on series of them, plan and plan --compare. Paths are from
// the repository root.
func widthRuns(t *testing.T, longDir string) [][]string {
	runs := [][]string{{"--help"}, {"doctor", "--help"}, {"plan", "--help"}, {"monitor", "--help"}}
	var folders []string
	for _, glob := range []string{"testdata/cluster/*", "testdata/real/*", "testdata/real5/*", "testdata/timeline/*", "testdata/real/queue-grow/*", "../shared/samples/*/*"} {
		m, err := filepath.Glob(filepath.Join(repoRoot, glob))
		require.NoError(t, err)
		for _, p := range m {
			if isFile(filepath.Join(p, "route.txt")) {
				rel, _ := filepath.Rel(repoRoot, p)
				folders = append(folders, rel)
			}
		}
	}
	sort.Strings(folders)
	require.Greater(t, len(folders), 20, "the samples")
	for _, f := range folders {
		runs = append(runs, []string{"doctor", f}, []string{"doctor", f, "--strategy", "AVG_BY_CIRCLE"})
	}
	runs = append(runs,
		[]string{"doctor", "testdata/timeline/basic3-early", "testdata/timeline/basic3"},
		[]string{"doctor", "testdata/real/basic3-early", "testdata/real/basic3"},
		[]string{"doctor", "testdata/real/queue-grow/1-before", "testdata/real/queue-grow/2-just-after", "testdata/real/queue-grow/3-after-60s"},
		// a series header with a long path
		[]string{"doctor", filepath.Join(longDir, "basic3-early"), filepath.Join(longDir, "basic3")},
		[]string{"plan", "--brokers", "3", "--queues", "4", "--consumers", "5"},
		[]string{"plan", "--brokers", "30", "--queues", "3", "--consumers", "4"},
		[]string{"plan", "--brokers", "26", "--queues", "16", "--consumers", "3", "--strategy", "AVG_BY_CIRCLE"},
		[]string{"plan", "--brokers", "4", "--queues", "8", "--consumers", "a-very-long-client-id-from-a-container@some-pod-name-7f9c,b@2", "--strategy", "CONSISTENT_HASH"},
		[]string{"plan", "--route", "testdata/cluster/long-topic-unowned/route.txt", "--consumers", "3"},
		[]string{"plan", "--compare", "--brokers", "4", "--queues", "16", "--consumers", "8"},
		[]string{"plan", "--compare", "--brokers", "1", "--queues", "9", "--consumers", "8"},
		[]string{"plan", "--compare", "--brokers", "10", "--queues", "64", "--consumers", "100"},
	)
	return runs
}

// longestLine is the widest line of s and its width in columns (runes).
func longestLine(s string) (string, int) {
	best, w := "", 0
	for _, l := range strings.Split(s, "\n") {
		if n := utf8.RuneCountInString(l); n > w {
			best, w = l, n
		}
	}
	return best, w
}

// TestEightyColumns: every help and report of both builds fits 80 columns;
// the longest line is printed.
func TestEightyColumns(t *testing.T) {
	longDir := filepath.Join(t.TempDir(), "a-folder-name-long-enough-to-push-the-series-header", "past-eighty-columns")
	for _, s := range []string{"basic3-early", "basic3"} {
		require.NoError(t, os.MkdirAll(longDir, 0o755))
		require.NoError(t, os.CopyFS(filepath.Join(longDir, s), os.DirFS(filepath.Join(repoRoot, "testdata", "timeline", s))))
	}
	runs := widthRuns(t, longDir)
	var mu sync.Mutex
	type widest struct {
		line, where string
		w           int
	}
	most := map[string]widest{}
	t.Run("runs", func(t *testing.T) {
		for _, b := range builds(t) {
			for _, args := range runs {
				t.Run(b.name+" "+strings.Join(args, " "), func(t *testing.T) {
					t.Parallel()
					r := runBuild(t, b, args, "", nil)
					out := r.stdout
					if b.name == "npm" && args[0] == "monitor" {
						// the npm CLI has no monitor: one line, exit 2
						require.Equal(t, 2, r.exit, "%s", r.stderr)
						out = r.stderr
					} else {
						require.Contains(t, []int{0, 1, 3}, r.exit, "%s", r.stderr)
					}
					line, w := longestLine(out)
					assert.LessOrEqual(t, w, 80, "the longest line: %q", line)
					mu.Lock()
					if w > most[b.name].w {
						most[b.name] = widest{line, strings.Join(args, " "), w}
					}
					mu.Unlock()
				})
			}
		}
	})
	for name, m := range most {
		t.Logf("%s: %d runs, the longest line %d columns (%s): %q", name, len(runs), m.w, m.where, m.line)
	}
}

// TestWidthFollowsColumns: COLUMNS narrows what plan fits its lines in
// (the doctor's tables and compare's columns have a floor; 80 is the
// contract, TestEightyColumns).
func TestWidthFollowsColumns(t *testing.T) {
	for _, cols := range []int{60} {
		for _, args := range [][]string{
			{"plan", "--brokers", "30", "--queues", "3", "--consumers", "4"},
			{"plan", "--brokers", "4", "--queues", "8", "--consumers", "a-very-long-client-id-from-a-container@pod-7f9c,b@2"},
		} {
			var out, errOut strings.Builder
			e := &env{stdout: &out, stderr: &errOut, stdin: strings.NewReader(""), getenv: func(k string) string {
				if k == "COLUMNS" {
					return strconv.Itoa(cols)
				}
				return ""
			}}
			require.Equal(t, 0, run(e, args), errOut.String())
			line, w := longestLine(out.String())
			assert.LessOrEqual(t, w, cols, "COLUMNS=%d %v: %q", cols, args, line)
		}
	}
}
