//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// childEnv makes the test binary run `rmqalloc monitor` with the
// arguments after "--" (TestMonitorChild), so a test can signal a real
// process.
const childEnv = "RMQALLOC_MONITOR_CHILD"

func TestMonitorChild(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("run by TestMonitorSIGTERM")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(runMonitor(args, os.Stdout, os.Stderr))
}

// SIGTERM stops the monitor cleanly, exit 0, within 5 s — here while a
// pass is waiting on a NameServer that accepts connections and never
// answers.
func TestMonitorSIGTERM(t *testing.T) {
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer silent.Close()
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			go func() { _, _ = io.Copy(io.Discard, c) }()
		}
	}()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMonitorChild$", "--", "--namesrv", silent.Addr().String(), "--listen", "127.0.0.1:0", "--interval", "1m")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { _ = cmd.Process.Kill() }()
	lines := bufio.NewScanner(stderr)
	require.True(t, lines.Scan(), "the monitor says where it serves")
	addr := regexp.MustCompile(`http://[0-9.:]+`).FindString(lines.Text())
	require.NotEmpty(t, addr, lines.Text())
	resp, err := http.Get(addr + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	resp, err = http.Get(addr + "/readyz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 503, resp.StatusCode, "the NameServer never answered")

	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	sent := time.Now()
	var rest bytes.Buffer
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		assert.NoError(t, err, "exit status 0")
		assert.Less(t, time.Since(sent), 5*time.Second)
		assert.Contains(t, rest.String(), "rmqalloc monitor: stopped")
	case <-time.After(10 * time.Second):
		t.Fatal("the monitor did not stop within 10 s of SIGTERM")
	}
}

// Bad flags: one line naming the flag as typed, exit 2.
func TestMonitorBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give --namesrv HOST:PORT"},
		{[]string{"--namesrv", "localhost"}, "NameServer address localhost is not HOST:PORT"},
		{[]string{"--namesrv", "127.0.0.1:9876", "--group", "("}, "invalid value \"(\" for flag -group"},
		{[]string{"--namesrv", "127.0.0.1:9876", "--interval", "-1s"}, "--interval -1s"},
		{[]string{"--namesrv", "127.0.0.1:9876", "--window", "0"}, "--window 0"},
		{[]string{"--namesrv", "127.0.0.1:9876", "--running-info-rate", "-3"}, "--running-info-rate -3"},
		{[]string{"--namesrv", "127.0.0.1:9876", "--listen", "256.0.0.1:1"}, "--listen 256.0.0.1:1"},
		{[]string{"--namesrv", "127.0.0.1:9876", "extra"}, "unexpected argument extra"},
	} {
		var out, errs bytes.Buffer
		code := runIn(append([]string{"monitor"}, tc.args...), &out, &errs)
		assert.Equal(t, 2, code, "%v", tc.args)
		assert.Contains(t, errs.String(), tc.want, "%v", tc.args)
		assert.Equal(t, 1, strings.Count(errs.String(), "\n"), "one line: %q", errs.String())
	}
	var out, errs bytes.Buffer
	assert.Equal(t, 0, runIn([]string{"monitor", "--help"}, &out, &errs))
	assert.Contains(t, out.String(), "rmqalloc monitor --namesrv")
}

func TestMonitorMemoryLimitFlag(t *testing.T) {
	for _, c := range []struct {
		flag, env string
		want      int64
		bad       bool
	}{
		{"", "", 256 << 20, false},
		{"", "1GiB", -1, false},
		{"512MiB", "1GiB", 512 << 20, false},
		{"300MB", "", 300e6, false},
		{"0", "", math.MaxInt64, false},
		{"lots", "", 0, true},
		{"-5MiB", "", 0, true},
	} {
		got, err := memoryLimit(c.flag, c.env)
		if c.bad {
			require.Error(t, err, c.flag)
			assert.Contains(t, err.Error(), "--memory-limit "+c.flag)
			continue
		}
		require.NoError(t, err, c.flag)
		assert.Equal(t, c.want, got, c.flag)
	}
}
