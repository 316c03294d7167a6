//go:build live

package livetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Both builds of the command, the Go binary (cmd/rmqalloc) and the npm CLI
// (js/bin/rmqalloc.js), as an operator runs them against a secured
// cluster: `rmqalloc doctor --namesrv ... --group ...` with the key pair
// from the environment or --credentials, and the TLS flags.

// build is one build of the command: its argv before the command's own.
type build struct {
	name string
	argv []string
}

var goBinary struct {
	once sync.Once
	path string
	err  error
}

// bothBuilds: the Go binary (test-live.sh builds it into
// RMQALLOC_LIVE_RMQALLOC; else built here once) and the npm CLI (needs
// `make build` for its wasm module).
func bothBuilds(t *testing.T) []build {
	t.Helper()
	goBinary.once.Do(func() {
		if p := os.Getenv("RMQALLOC_LIVE_RMQALLOC"); p != "" {
			goBinary.path = p
			return
		}
		goBinary.path = filepath.Join(theKit.run, "rmqalloc")
		_, errs, err := run(5*time.Minute, nil, repoFile(), "go", "build", "-o", goBinary.path, "./cmd/rmqalloc")
		if err != nil {
			goBinary.err = fmt.Errorf("go build ./cmd/rmqalloc: %v\n%s", err, errs)
		}
	})
	require.NoError(t, goBinary.err)
	return []build{{"go", []string{goBinary.path}}, {"npm", []string{"node", repoFile("js", "bin", "rmqalloc.js")}}}
}

// outcome is one run of a build.
type outcome struct {
	stdout, stderr string
	exit           int
}

// noKeys clears the key pair variables (the last of a name wins in exec).
var noKeys = []string{"RMQALLOC_ACCESS_KEY=", "RMQALLOC_SECRET_KEY="}

func keyEnv(ak, sk string) []string {
	return []string{"RMQALLOC_ACCESS_KEY=" + ak, "RMQALLOC_SECRET_KEY=" + sk}
}

func (b build) run(t *testing.T, env []string, args ...string) outcome {
	t.Helper()
	out, errs, err := run(2*time.Minute, env, "", b.argv[0], append(append([]string{}, b.argv[1:]...), args...)...)
	var ee *exec.ExitError
	exit := 0
	if errors.As(err, &ee) {
		exit = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v\n%s", b.name, args, err, errs)
	}
	return outcome{out, errs, exit}
}

// cliReport is what the builds' live reports are compared on.
type cliReport struct {
	Verdict  string `json:"verdict"`
	OK       bool   `json:"ok"`
	Judged   bool   `json:"judged"`
	Queues   int    `json:"queues"`
	Unknown  int    `json:"unknown"`
	Findings []struct {
		Code string `json:"code"`
	} `json:"findings"`
	Topics []struct {
		Topic  string `json:"topic"`
		Queues []struct {
			BrokerName string   `json:"brokerName"`
			QueueID    int      `json:"queueId"`
			Expected   []string `json:"expected"`
			Actual     []string `json:"actual"`
			Status     string   `json:"status"`
		} `json:"queues"`
	} `json:"topics"`
}

// securedRead is one secured group and what an allowed reader needs.
type securedRead struct {
	c              *securedCluster
	group, topic   string
	access, secret string   // a key pair allowed to read the group
	flags          []string // the TLS flags the cluster needs (none: plain TCP)
	refusedWant    []string // in the refusal line, besides the request's name
}

func (r securedRead) args(extra ...string) []string {
	// --timeout 60s rather than the operator's 5s: TLS handshakes, signed
	// requests and the npm module's start on a loaded machine.
	return append(append([]string{"doctor", "--namesrv", r.c.namesrv, "--group", r.group, "--timeout", "60s"}, r.flags...), extra...)
}

// noSecretOut: neither stream of o holds secret.
func noSecretOut(t *testing.T, what string, o outcome, secret string) {
	t.Helper()
	assert.NotContains(t, o.stdout, secret, "%s: the secret on stdout", what)
	assert.NotContains(t, o.stderr, secret, "%s: the secret on stderr", what)
}

// checkBothBuilds runs both builds on r's group: each reads it with the
// keys from the environment and from a --credentials file in mqadmin's
// tools.yml layout (exit 0, the same report), and is refused in one line
// with no keys and with a wrong secret (exit 3, as a cluster that could
// not be read: docs/security.md). The secret is in no output and no --save
// folder. Across the builds, the live reports are compared parsed (verdict,
// findings, every queue's owners: two reads of a live cluster, whose
// report also carries lag, may differ in bytes without either being
// wrong), the saved folders byte for byte through `doctor DIR --json` (one
// input, so the contract's same bytes), and the refusal lines as text.
// It returns the Go binary's live report.
func checkBothBuilds(t *testing.T, r securedRead) cliReport {
	t.Helper()
	tools := r.c.write(t, "doctor-tools.yml", "# mqadmin's conf/tools.yml layout\naccessKey: "+r.access+"\nsecretKey: "+r.secret+"\n")
	reports := map[string]cliReport{}
	saved := map[string]string{}
	refusals := map[string][]string{}
	for _, b := range bothBuilds(t) {
		dir := filepath.Join(theKit.captures, r.c.name+"-"+b.name)
		o := b.run(t, keyEnv(r.access, r.secret), r.args("--json", "--save", dir)...)
		require.Equal(t, 0, o.exit, "%s with keys from the environment: %s%s", b.name, o.stdout, o.stderr)
		noSecretOut(t, b.name+" env keys", o, r.secret)
		noSecret(t, dir, r.secret)
		var rep cliReport
		require.NoError(t, json.Unmarshal([]byte(o.stdout), &rep), "%s: %s", b.name, o.stdout)
		assert.True(t, rep.OK, "%s: %s", b.name, rep.Verdict)
		reports[b.name] = rep
		saved[b.name] = dir

		o = b.run(t, noKeys, r.args("--json", "--credentials", tools)...)
		require.Equal(t, 0, o.exit, "%s with --credentials: %s%s", b.name, o.stdout, o.stderr)
		noSecretOut(t, b.name+" --credentials", o, r.secret)
		var fromFile cliReport
		require.NoError(t, json.Unmarshal([]byte(o.stdout), &fromFile))
		assert.Equal(t, rep, fromFile, "%s: --credentials reads as the environment's keys", b.name)

		for _, c := range []struct {
			what string
			env  []string
			want string
		}{
			{"no keys", noKeys, "no access key was given"},
			{"a wrong secret", keyEnv(r.access, "not-"+r.secret), `access key "` + r.access + `" is refused`},
		} {
			o = b.run(t, c.env, r.args()...)
			assert.Equal(t, 3, o.exit, "%s with %s: %s", b.name, c.what, o.stderr)
			assert.Empty(t, o.stdout, "%s with %s", b.name, c.what)
			noSecretOut(t, b.name+" "+c.what, o, r.secret)
			line := strings.TrimSuffix(o.stderr, "\n")
			assert.NotContains(t, line, "\n", "%s with %s: one line", b.name, c.what)
			assert.True(t, strings.HasPrefix(line, "rmqalloc: "), line)
			for _, w := range append([]string{c.want, " refused GET_", "; it needs a valid key"}, r.refusedWant...) {
				assert.Contains(t, line, w, "%s with %s", b.name, c.what)
			}
			refusals[b.name] = append(refusals[b.name], line)
			t.Logf("%s with %s: exit %d: %s", b.name, c.what, o.exit, line)
		}
		// --json: the refusal as {"error":...} on stdout, same exit.
		o = b.run(t, noKeys, r.args("--json")...)
		assert.Equal(t, 3, o.exit, b.name)
		var je struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		require.NoError(t, json.Unmarshal([]byte(o.stdout), &je), "%s --json refusal: %q %q", b.name, o.stdout, o.stderr)
		assert.Contains(t, je.Error.Message, "no access key was given", b.name)
	}
	assert.Equal(t, reports["go"], reports["npm"], "both builds' live reports")
	assert.Equal(t, refusals["go"], refusals["npm"], "both builds' refusal lines")
	for _, dir := range saved {
		var bytes []string
		for _, b := range bothBuilds(t) {
			o := b.run(t, noKeys, "doctor", dir, "--json")
			require.Equal(t, 0, o.exit, "%s doctor %s: %s", b.name, dir, o.stderr)
			bytes = append(bytes, o.stdout)
		}
		assert.Equal(t, bytes[0], bytes[1], "both builds on %s", dir)
	}
	return reports["go"]
}

// queuesOK is how many of topic's queues the report shows ok.
func (r cliReport) queuesOK(topic string) int {
	n := 0
	for _, tp := range r.Topics {
		for _, q := range tp.Queues {
			if tp.Topic == topic && q.Status == "ok" {
				n++
			}
		}
	}
	return n
}

// checkTLSBothBuilds: on a TLS-only cluster (r.flags hold --tls-ca),
// both builds fail a plain read and a --tls read checked against the
// system's roots (which do not know the test certificate) in one line,
// exit 3, and read with --tls-insecure as with the CA.
func checkTLSBothBuilds(t *testing.T, r securedRead, withCA cliReport) {
	t.Helper()
	plain, roots := r, r
	plain.flags, roots.flags = nil, []string{"--tls"}
	for _, b := range bothBuilds(t) {
		for _, c := range []struct {
			what string
			r    securedRead
			want string
		}{
			{"plain TCP", plain, "--tls?"},
			{"--tls and the system's roots", roots, "certificate"},
		} {
			o := b.run(t, keyEnv(r.access, r.secret), c.r.args()...)
			assert.Equal(t, 3, o.exit, "%s, %s: %s%s", b.name, c.what, o.stdout, o.stderr)
			line := strings.TrimSuffix(o.stderr, "\n")
			assert.NotContains(t, line, "\n", "%s, %s: one line", b.name, c.what)
			assert.Contains(t, line, c.want, "%s, %s", b.name, c.what)
			noSecretOut(t, b.name+" "+c.what, o, r.secret)
			t.Logf("%s, %s: exit %d: %s", b.name, c.what, o.exit, line)
		}
		insecure := r
		insecure.flags = []string{"--tls-insecure"}
		o := b.run(t, keyEnv(r.access, r.secret), insecure.args("--json")...)
		require.Equal(t, 0, o.exit, "%s --tls-insecure: %s%s", b.name, o.stdout, o.stderr)
		var rep cliReport
		require.NoError(t, json.Unmarshal([]byte(o.stdout), &rep))
		assert.Equal(t, withCA, rep, "%s: --tls-insecure reads as --tls-ca", b.name)
	}
}
