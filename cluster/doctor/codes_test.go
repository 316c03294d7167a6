package doctor_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/cluster/doctor"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// readmeCodes is the finding-code table of docs/doctor-findings.md:
// code -> severity.
func readmeCodes(t *testing.T) map[doctor.Code]string {
	b, err := os.ReadFile("../../docs/doctor-findings.md")
	require.NoError(t, err)
	row := regexp.MustCompile("(?m)^\\| `([A-Z_]+)` \\| (error|warning|info) \\| [^|]+ \\| [^|]+ \\|$")
	out := map[doctor.Code]string{}
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		out[doctor.Code(m[1])] = m[2]
	}
	require.NotEmpty(t, out, "docs/doctor-findings.md has a finding-code table")
	return out
}

// codeConstants are the values of every Code* constant the package's
// non-test files declare.
func codeConstants(t *testing.T) []doctor.Code {
	fs := token.NewFileSet()
	files, _ := filepath.Glob("*.go")
	var out []doctor.Code
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fs, f, nil, 0)
		require.NoError(t, err)
		ast.Inspect(af, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, name := range vs.Names {
				if strings.HasPrefix(name.Name, "Code") && i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						out = append(out, doctor.Code(v))
					}
				}
			}
			return true
		})
	}
	require.NotEmpty(t, out)
	return out
}

// Every code is defined once: a constant, in Codes() with its level, and
// in the README's table with the same severity.
func TestCodesDocumented(t *testing.T) {
	readme := readmeCodes(t)
	levels := map[doctor.Code]string{}
	for _, c := range doctor.Codes() {
		_, dup := levels[c.Code]
		assert.False(t, dup, "%s twice in Codes()", c.Code)
		levels[c.Code] = c.Level
		assert.Equal(t, c.Level, readme[c.Code], "%s: README severity", c.Code)
	}
	for _, v := range codeConstants(t) {
		assert.Contains(t, levels, v, "constant %s is not in Codes()", v)
	}
	for code := range readme {
		assert.Contains(t, levels, code, "the README documents %s, which is not a code", code)
	}
}

// Every code the doctor emits, on every sample and real capture and on
// planted faults, is documented, at its one level.
func TestEmittedCodesDocumented(t *testing.T) {
	readme := readmeCodes(t)
	levels := map[doctor.Code]string{}
	for _, c := range doctor.Codes() {
		levels[c.Code] = c.Level
	}
	var reps []*doctor.Report
	for _, dir := range testkit.SampleDirs(t, "cluster") {
		rep, err := doctor.Diagnose(sampleInput(t, dir))
		require.NoError(t, err)
		reps = append(reps, rep)
	}
	for _, c := range realCases {
		rep, err := doctor.Diagnose(captureInput(t, filepath.Join("../../testdata", c.dir)))
		require.NoError(t, err)
		reps = append(reps, rep)
	}
	reps = append(reps, plantedReports(t)...)
	seen := map[doctor.Code]bool{}
	for _, rep := range reps {
		for _, tr := range rep.Topics {
			for _, f := range tr.Findings {
				assert.Equal(t, tr.Topic, f.Topic, "%s: a topic's finding names it", f.Code)
			}
		}
		for _, f := range rep.Findings {
			seen[f.Code] = true
			assert.Contains(t, readme, f.Code, "%s is emitted but not in the README's table", f.Code)
			assert.Equal(t, levels[f.Code], f.Level, "%s emitted at another level than Codes() says", f.Code)
		}
	}
	assert.GreaterOrEqual(t, len(seen), 15, "the inputs exercise most codes: %v", seen)
}

// plantedReports are diagnoses of the synthetic groups with planted
// faults the other tests use.
func plantedReports(t *testing.T) []*doctor.Report {
	var out []*doctor.Report
	diag := func(in doctor.Input) {
		rep, err := doctor.Diagnose(in)
		require.NoError(t, err)
		out = append(out, rep)
	}
	c := small()
	hold := ownAllocate(t, c, "AVG", alloc.Java493.Name(), c.clients)
	diag(c.input(hold, classOf, true, ""))
	a, b := c.clients[0], c.clients[1]
	moved := cloneHold(hold)
	moved[a], moved[b] = append(moved[a], moved[b][0]), moved[b][1:]
	diag(c.input(moved, classOf, true, ""))
	diag(c.input(moved, classOf, false, ""))
	unknown := cloneHold(hold)
	unknown["10.9.9.9@1"] = hold[a][:1]
	unknown[a] = hold[a][1:]
	diag(c.input(unknown, classOf, true, ""))
	dup := *c
	dup.clients = append(dup.clients, c.clients[0])
	diag(dup.input(hold, classOf, false, ""))
	lang := *c
	lang.langs = []string{"JAVA", "CPP", "GO"}
	diag(lang.input(hold, nil, false, ""))
	bc := *c
	bc.model = "BROADCASTING"
	diag(bc.input(hold, nil, false, ""))
	in := c.input(hold, nil, false, "")
	in.Progress = ""
	diag(in)
	return out
}

func cloneHold(h map[string][]alloc.MessageQueue) map[string][]alloc.MessageQueue {
	out := map[string][]alloc.MessageQueue{}
	for k, v := range h {
		out[k] = append([]alloc.MessageQueue(nil), v...)
	}
	return out
}
