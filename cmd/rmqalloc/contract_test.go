//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The contract (testdata/cli/cases.json) run against both builds.

const repoRoot = "../.."

type contractCase struct {
	Name       string            `json:"name"`
	Args       []string          `json:"args"`
	Builds     []string          `json:"builds"`
	Why        string            `json:"why"`
	Stdin      string            `json:"stdin"`
	Env        map[string]string `json:"env"`
	Exit       int               `json:"exit"`
	StdoutHas  string            `json:"stdoutHas"`
	StderrHas  string            `json:"stderrHas"`
	Error      *string           `json:"error"`
	ErrorStart string            `json:"errorStart"`
	JSONError  map[string]any    `json:"jsonError"`
	// SameStdoutAs names an earlier case whose stdout this one's equals.
	SameStdoutAs string `json:"sameStdoutAs"`
	// Never is a text neither stream may hold (a secret).
	Never string `json:"never"`
}

type contract struct {
	Fixtures map[string]json.RawMessage `json:"fixtures"`
	Cases    []contractCase             `json:"cases"`
}

// result is one run of a build.
type result struct {
	exit           int
	stdout, stderr string
}

// build is a way to run the command: the Go binary or the npm CLI.
type build struct {
	name string
	cmd  func(args ...string) *exec.Cmd
}

// goBuild is the Go binary, built once for the test.
func goBuild(t *testing.T) build {
	bin := filepath.Join(t.TempDir(), "rmqalloc")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return build{"go", func(args ...string) *exec.Cmd { return exec.Command(bin, args...) }}
}

// npmBuild is js/bin/rmqalloc.js; it needs node and the full module (make build).
func npmBuild(t *testing.T) (build, bool) {
	node, err := exec.LookPath("node")
	if err != nil {
		return build{}, false
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "js", "rmqalloc-full.wasm")); err != nil {
		return build{}, false
	}
	bin, err := filepath.Abs(filepath.Join(repoRoot, "js", "bin", "rmqalloc.js"))
	require.NoError(t, err)
	return build{"npm", func(args ...string) *exec.Cmd { return exec.Command(node, append([]string{bin}, args...)...) }}, true
}

// builds are both builds; without node or js/rmqalloc-full.wasm the npm
// CLI is left out (said in the log) unless RMQALLOC_NEED_NPM is set.
func builds(t *testing.T) []build {
	bs := []build{goBuild(t)}
	if b, ok := npmBuild(t); ok {
		bs = append(bs, b)
	} else if os.Getenv("RMQALLOC_NEED_NPM") != "" {
		t.Fatal("the npm CLI needs node and js/rmqalloc-full.wasm (make build)")
	} else {
		t.Log("the npm CLI is not run: it needs node and js/rmqalloc-full.wasm (make build)")
	}
	return bs
}

// makeFixtures writes the contract's fixtures under dir.
func makeFixtures(t *testing.T, dir string, fx map[string]json.RawMessage) {
	fileText := func(v string) []byte {
		if strings.HasPrefix(v, "@") {
			b, err := os.ReadFile(filepath.Join(repoRoot, v[1:]))
			require.NoError(t, err)
			return b
		}
		return []byte(v)
	}
	for name, raw := range fx {
		var text string
		if json.Unmarshal(raw, &text) == nil {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), fileText(text), 0o644))
			continue
		}
		var files map[string]string
		require.NoError(t, json.Unmarshal(raw, &files), name)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, name), 0o755))
		for f, v := range files {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name, f), fileText(v), 0o644))
		}
	}
}

// runBuild runs b on args in the repository root, with env added to a
// clean environment (no COLUMNS: not a terminal, so 80 columns).
func runBuild(t *testing.T, b build, args []string, stdin string, env map[string]string) result {
	c := b.cmd(args...)
	c.Dir = repoRoot
	c.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TMPDIR=" + os.TempDir()}
	for k, v := range env {
		c.Env = append(c.Env, k+"="+v)
	}
	c.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	c.Stdout, c.Stderr = &out, &errOut
	err := c.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{code, out.String(), errOut.String()}
}

func TestContract(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "cli", "cases.json"))
	require.NoError(t, err)
	var k contract
	require.NoError(t, json.Unmarshal(raw, &k))
	fix := t.TempDir()
	makeFixtures(t, fix, k.Fixtures)
	bs := builds(t)
	sub := func(s string) string { return strings.ReplaceAll(s, "$FIX", fix) }
	unsub := func(s string) string { return strings.ReplaceAll(s, fix, "$FIX") }
	byName := map[string]contractCase{}
	for _, c := range k.Cases {
		_, dup := byName[c.Name]
		require.False(t, dup, "two cases named %q", c.Name)
		byName[c.Name] = c
	}
	// runCase is one case on one build, its texts with $FIX put back.
	runCase := func(t *testing.T, b build, c contractCase) result {
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			args[i] = sub(a)
		}
		stdin := c.Stdin
		if strings.HasPrefix(stdin, "@") {
			b, err := os.ReadFile(filepath.Join(repoRoot, stdin[1:]))
			require.NoError(t, err)
			stdin = string(b)
		}
		r := runBuild(t, b, args, stdin, c.Env)
		r.stdout, r.stderr = unsub(r.stdout), unsub(r.stderr)
		return r
	}
	var mu sync.Mutex
	passed := map[string]int{}
	t.Run("cases", func(t *testing.T) {
		for _, c := range k.Cases {
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel() // the builds of a case run one after the other
				var first *result
				for _, b := range bs {
					if len(c.Builds) > 0 && !contains(c.Builds, b.name) {
						continue
					}
					ok := t.Run(b.name, func(t *testing.T) {
						r := runCase(t, b, c)
						checkCase(t, c, r)
						if c.SameStdoutAs != "" {
							other, ok := byName[c.SameStdoutAs]
							require.True(t, ok, "sameStdoutAs: no case %q", c.SameStdoutAs)
							assert.Equal(t, runCase(t, b, other).stdout, r.stdout, "stdout differs from case %q", c.SameStdoutAs)
						}
						if first == nil {
							first = &r
							return
						}
						// The builds agree: exit, stdout bytes, stderr.
						assert.Equal(t, first.exit, r.exit, "exit status differs between the builds")
						assert.Equal(t, first.stdout, r.stdout, "stdout differs between the builds")
						assert.Equal(t, first.stderr, r.stderr, "stderr differs between the builds")
					})
					if ok {
						mu.Lock()
						passed[b.name]++
						mu.Unlock()
					}
				}
			})
		}
	})
	t.Logf("contract: %d cases; passed: go %d, npm %d", len(k.Cases), passed["go"], passed["npm"])
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// checkCase: what the case pins.
func checkCase(t *testing.T, c contractCase, r result) {
	assert.Equal(t, c.Exit, r.exit, "exit status; stderr: %s", r.stderr)
	assert.Contains(t, r.stdout, c.StdoutHas)
	assert.Contains(t, r.stderr, c.StderrHas)
	if c.Never != "" {
		assert.NotContains(t, r.stdout+r.stderr, c.Never)
	}
	firstLine, _, _ := strings.Cut(r.stderr, "\n")
	if c.Error != nil {
		assert.Equal(t, "rmqalloc: "+*c.Error, firstLine)
	}
	if c.ErrorStart != "" {
		assert.True(t, strings.HasPrefix(firstLine, "rmqalloc: "+c.ErrorStart), "stderr %q should start with %q", firstLine, "rmqalloc: "+c.ErrorStart)
	}
	if (c.Exit == exitBadInput || c.Exit == exitFailed) && c.JSONError == nil && !contains(c.Args, "--json") && c.StdoutHas == "" {
		assert.Empty(t, r.stdout, "a failure prints nothing on stdout")
	}
	if c.JSONError != nil {
		assert.Empty(t, r.stderr, "with --json the error is on stdout")
		var got struct {
			Error map[string]any `json:"error"`
		}
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &got), "stdout: %s", r.stdout)
		assert.ElementsMatch(t, []string{"code", "message", "file", "line"}, keys(got.Error))
		for key, want := range c.JSONError {
			assert.Equal(t, want, got.Error[key], "error.%s", key)
		}
		assert.NotEmpty(t, got.Error["message"])
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
