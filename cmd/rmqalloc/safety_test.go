//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file over the doctor's limit is refused by its size, naming it, as a
// folder's file and as a flag's (js/test/cli-safety.test.mjs: the npm CLI).
func TestOversizedFileRefused(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"route.txt", "connection.txt"} {
		b, err := os.ReadFile(filepath.Join("../../testdata/real/basic3", f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), b, 0o644))
	}
	big := filepath.Join(dir, "progress.txt")
	require.NoError(t, os.WriteFile(big, nil, 0o644))
	require.NoError(t, os.Truncate(big, doctor.MaxInputBytes+1)) // sparse: no 64 MiB written
	want := strconv.Itoa(doctor.MaxInputBytes+1) + " bytes, over the doctor's limit of " + strconv.Itoa(doctor.MaxInputBytes)

	var out, errOut bytes.Buffer
	assert.Equal(t, exitBadInput, runIn([]string{"doctor", dir}, &out, &errOut))
	assert.True(t, strings.HasPrefix(errOut.String(), "rmqalloc: "+big+": "+want), errOut.String())

	out.Reset()
	errOut.Reset()
	args := []string{"doctor", "--json", "--route", filepath.Join(dir, "route.txt"), "--connection", filepath.Join(dir, "connection.txt"), "--progress", big}
	assert.Equal(t, exitBadInput, runIn(args, &out, &errOut))
	assert.Contains(t, out.String(), `"code":"input"`)
	assert.Contains(t, out.String(), `"file":`+strconv.Quote(big))
	assert.Contains(t, out.String(), want)
}

// An error's text may quote a server's answer: control characters are
// written as escapes on a terminal, and JSON escapes them itself.
func TestErrorTextEscaped(t *testing.T) {
	e := &cliError{code: codeCluster, msg: "the broker said \x1b]0;owned\a\x1b[2J", exit: exitBadInput}
	var out, errOut bytes.Buffer
	writeError(e, false, &out, &errOut)
	assert.Equal(t, `rmqalloc: the broker said \x1b]0;owned\a\x1b[2J`+"\n", errOut.String())
	errOut.Reset()
	writeError(e, true, &out, &errOut)
	assert.NotContains(t, out.String(), "\x1b")
	assert.Contains(t, out.String(), `\u001b[2J`)
}

// A saved file with terminal escape sequences in a client ID (a window
// title, a clear screen) is refused as not text, and nothing of it reaches
// the terminal raw. (From a live read they reach the report: the text
// output escapes them, js/test/live-bounds.test.mjs and
// cluster/live's TestFakeClusterEscapes.)
func TestDoctorFileWithEscapes(t *testing.T) {
	const evil = "127.0.0.1@c1\x1b]0;owned\a\x1b[2J"
	src, dir := "../../testdata/real/basic3", t.TempDir()
	for _, f := range []string{"route.txt", "connection.txt", "progress.txt"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(strings.ReplaceAll(string(b), "127.0.0.1@c1", evil)), 0o644))
	}
	for _, args := range [][]string{{"doctor", dir}, {"doctor", "--json", dir}} {
		var out, errOut bytes.Buffer
		assert.Equal(t, exitBadInput, runIn(args, &out, &errOut), args)
		assert.Contains(t, out.String()+errOut.String(), "connection.txt")
		assert.Contains(t, out.String()+errOut.String(), "binary data")
		assert.NotContains(t, out.String()+errOut.String(), "\x1b")
		assert.NotContains(t, out.String()+errOut.String(), "\a")
	}
}
