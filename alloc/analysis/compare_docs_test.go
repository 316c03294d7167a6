//go:build !js

package analysis_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/analysis"
)

// The published tables: docs/compare.md shows one typical group, docs/strategies.md
// every group of 16, 64 and 256 queues (4 brokers) × 3, 8, 16 and 64 members.
// Each sits between these markers and is generated, never typed:
//
//	UPDATE_DOCS=1 go test ./alloc/analysis -run TestCompareDocs
//
// rewrites them; without UPDATE_DOCS the test fails while one is stale.
const (
	docsBegin = "<!-- compare:begin (generated: UPDATE_DOCS=1 go test ./alloc/analysis -run TestCompareDocs) -->\n"
	docsEnd   = "<!-- compare:end -->"
)

var (
	readmeGroups = []analysis.CompareGroup{{Queues: 64, Brokers: 4, Members: 8}}
	docsGroups   = func() []analysis.CompareGroup {
		var out []analysis.CompareGroup
		for _, q := range []int{16, 64, 256} {
			for _, m := range []int{3, 8, 16, 64} {
				out = append(out, analysis.CompareGroup{Queues: q, Brokers: 4, Members: m})
			}
		}
		return out
	}()
)

func tables(t *testing.T, groups []analysis.CompareGroup) string {
	t.Helper()
	var b strings.Builder
	for i, g := range groups {
		r, err := analysis.Compare(g, nil)
		require.NoError(t, err)
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(r.Markdown())
	}
	return b.String()
}

func TestCompareDocs(t *testing.T) {
	for _, doc := range []struct {
		path   string
		groups []analysis.CompareGroup
	}{
		{"../../docs/compare.md", readmeGroups},
		{"../../docs/strategies.md", docsGroups},
	} {
		raw, err := os.ReadFile(doc.path)
		require.NoError(t, err)
		text := string(raw)
		i, j := strings.Index(text, docsBegin), strings.Index(text, docsEnd)
		require.True(t, i >= 0 && j > i, "%s: no %q ... %q markers", doc.path, docsBegin, docsEnd)
		want := text[:i+len(docsBegin)] + tables(t, doc.groups) + text[j:]
		if os.Getenv("UPDATE_DOCS") != "" {
			require.NoError(t, os.WriteFile(doc.path, []byte(want), 0o644))
			continue
		}
		require.Equal(t, want, text, "%s is stale: run UPDATE_DOCS=1 go test ./alloc/analysis -run TestCompareDocs", doc.path)
	}
}
