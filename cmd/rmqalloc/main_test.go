//go:build !(js && wasm)

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runIn runs the command in this process (not a terminal: 80 columns).
func runIn(args []string, stdout, stderr io.Writer) int {
	return run(&env{stdout: stdout, stderr: stderr, stdin: strings.NewReader(""), getenv: os.Getenv}, args)
}

// A saved read the cluster answered in part is reported in part (exit by
// what was read); one where nothing was read exits 3, not 2.
func TestRunPartialFolders(t *testing.T) {
	src := "../../testdata/real/basic3"
	copyOf := func(t *testing.T, files ...string) string {
		dir := t.TempDir()
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(src, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	const timeoutB = "org.apache.rocketmq.remoting.exception.RemotingTimeoutException: wait response on the channel <127.0.0.1:10921> timeout, 3000(ms)\n"

	hung := copyOf(t, "route.txt", "connection.txt", "captured-at.txt")
	b, _ := os.ReadFile(filepath.Join(src, "progress.txt"))
	var kept []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, " broker-b ") {
			kept = append(kept, l)
		}
	}
	must(t, os.WriteFile(filepath.Join(hung, "progress.txt"), []byte(strings.Join(kept, "\n")), 0o644))
	must(t, os.WriteFile(filepath.Join(hung, "progress.err"), []byte(timeoutB), 0o644))
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, runIn([]string{"doctor", hung}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "Read 9 of 17 queues (8 unknown")
	assert.Contains(t, out.String(), "READ_FAILED")

	none := copyOf(t, "route.txt", "connection.txt", "captured-at.txt")
	must(t, os.WriteFile(filepath.Join(none, "progress.txt"), nil, 0o644))
	must(t, os.WriteFile(filepath.Join(none, "progress.err"), []byte(timeoutB), 0o644))
	out.Reset()
	assert.Equal(t, 3, runIn([]string{"doctor", none}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "Could not read who consumes what")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A --watch --save folder (DIR/1, DIR/2, ...) is read as its series.
func TestRunWatchFolder(t *testing.T) {
	dir := t.TempDir()
	for i, snap := range []string{"basic3-early", "basic3"} {
		src := filepath.Join("../../testdata/timeline", snap)
		dst := filepath.Join(dir, string(rune('1'+i)))
		must(t, os.CopyFS(dst, os.DirFS(src)))
	}
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, runIn([]string{"doctor", dir}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "Over 2 snapshots")
	assert.Contains(t, out.String(), filepath.Join(dir, "2"))
}
