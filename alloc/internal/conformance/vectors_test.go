package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// vectorsDir holds copies of the real clients' vectors (testdata/FORMAT.md).
const vectorsDir = "../../../testdata"

// skippedCases lists case-id substrings a port may skip, with the reason,
// as FORMAT.md allows. Every skip is logged by name.
var skippedCases = map[string]string{}

// notProfiles are testdata's folders that hold no vectors: mqadmin outputs
// with their diagnoses (cluster), what real clusters printed (real, real5),
// snapshot series (timeline), the live layer's drivers (live), and the
// live read's ACL credentials and TLS test certificates (credentials, tls),
// and the command's case table run against both builds (cli).
var notProfiles = map[string]bool{"cluster": true, "real": true, "real5": true, "timeline": true, "live": true, "credentials": true, "tls": true, "cli": true}

// TestVectors runs every public case of every profile folder and compares
// the result with the real client's, per FORMAT.md. A profile or op without
// a handler fails: nothing is skipped silently.
func TestVectors(t *testing.T) {
	profiles, err := os.ReadDir(vectorsDir)
	require.NoError(t, err)
	total := 0
	for _, p := range profiles {
		if !p.IsDir() || notProfiles[p.Name()] {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(vectorsDir, p.Name(), "*.cases.jsonl"))
		assert.False(t, len(files) == 0, "profile %s has no case files", p.Name())
		for _, f := range files {
			total += runVectorFile(t, p.Name(), f)
		}
	}
	require.False(t, total == 0, "no vectors ran")
	t.Logf("%d vector cases compared", total)
}

func runVectorFile(t *testing.T, profile, casesPath string) int {
	cases := readLines(t, casesPath)
	results := readLines(t, strings.Replace(casesPath, ".cases.", ".results.", 1))
	require.False(t, len(cases) != len(results), "%s: %d cases but %d results", casesPath, len(cases), len(results))
	n := 0
	name := profile + "/" + strings.TrimSuffix(filepath.Base(casesPath), ".cases.jsonl")
	t.Run(name, func(t *testing.T) {
		for i, c := range cases {
			id := caseID(t, c)
			if reason := skipReason(id); reason != "" {
				t.Logf("skipped %s: %s", id, reason)
				continue
			}
			var out bytes.Buffer
			if !assert.NoError(t, Run(profile, bytes.NewReader(c), &out), id) {
				continue
			}
			assert.Empty(t, Diff(results[i], bytes.TrimSpace(out.Bytes())), id)
			n++
		}
	})
	return n
}

func skipReason(id string) string {
	for sub, why := range skippedCases {
		if strings.Contains(id, sub) {
			return why
		}
	}
	return ""
}

func caseID(t *testing.T, line []byte) string {
	var head struct{ ID string }
	err := json.Unmarshal(line, &head)
	require.NoError(t, err, "bad case line: %v", err)
	return head.ID
}

func readLines(t *testing.T, path string) [][]byte {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var lines [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
			lines = append(lines, bytes.Clone(l))
		}
	}
	require.NoError(t, sc.Err())
	return lines
}
