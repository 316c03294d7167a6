//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		out    string
		errOut string
	}{
		{[]string{"doctor", "../../testdata/cluster/wrong-owner"}, 1, "not consumed as expected", ""},
		{[]string{"doctor", "../../testdata/cluster/wrong-owner", "--json"}, 1, `"topics":`, ""},
		{[]string{"doctor", "nope"}, 2, "", "nope: not a folder of saved mqadmin outputs (no route.txt)"},
		{[]string{"doctor"}, 2, "", "give --namesrv HOST:PORT --group GROUP, or a FOLDER"},
		{[]string{"doctor", "--namesrv", "127.0.0.1:1"}, 2, "", "no consumer group"},
		{[]string{"doctor", "--namesrv", "127.0.0.1:1", "--group", "G", "--timeout", "2s"}, 3, "", "NameServer 127.0.0.1:1 is unreachable: connection refused"},
		{[]string{"doctor", "--bogus"}, 2, "", "flag provided but not defined: -bogus"},
		// several folders: one group's snapshots over time, else refused naming both
		{[]string{"doctor", "../../testdata/timeline/basic3-early", "../../testdata/timeline/basic3"}, 0, "Over 2 snapshots", ""},
		{[]string{"doctor", "../../testdata/timeline/basic3-early", "--json", "../../testdata/timeline/basic3"}, 0, `"timeline":`, ""},
		{[]string{"doctor", "../../testdata/real/basic3", "../../testdata/real/dup-clientid"}, 2, "",
			`real/dup-clientid/connection.txt: is of consumer group "G_DUP", but snapshot "../../testdata/real/basic3" is of "G_BASIC"`},
		{[]string{"--help"}, 0, "Usage: rmqalloc doctor --namesrv", ""},
		{[]string{"doctor", "--help"}, 0, "Usage: rmqalloc doctor --namesrv", ""},
	} {
		var out, errOut bytes.Buffer
		status := run(c.args, &out, &errOut)
		assert.Equal(t, c.status, status, "%v: %s", c.args, errOut.String())
		assert.Contains(t, out.String(), c.out, "%v", c.args)
		assert.Contains(t, errOut.String(), c.errOut, "%v", c.args)
	}
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
	assert.Equal(t, 0, run([]string{"doctor", hung}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "Read 9 of 17 queues (8 unknown")
	assert.Contains(t, out.String(), "READ_FAILED")

	none := copyOf(t, "route.txt", "connection.txt", "captured-at.txt")
	must(t, os.WriteFile(filepath.Join(none, "progress.txt"), nil, 0o644))
	must(t, os.WriteFile(filepath.Join(none, "progress.err"), []byte(timeoutB), 0o644))
	out.Reset()
	assert.Equal(t, 3, run([]string{"doctor", none}, &out, &errOut), errOut.String())
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
	assert.Equal(t, 0, run([]string{"doctor", dir}, &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "Over 2 snapshots")
	assert.Contains(t, out.String(), filepath.Join(dir, "2"))
}
