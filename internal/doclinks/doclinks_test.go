// Package doclinks checks that the repository's documents and doc comments
// point only at files the repository has.
package doclinks

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	// [text](target) in Markdown, target without a scheme.
	mdLink = regexp.MustCompile(`\]\(([^)\s#]+)(#[^)]*)?\)`)
	// A path to a repository document written in a comment or in prose.
	docPath = regexp.MustCompile("(?:^|[\\s`(])((?:\\.\\./)*docs/[A-Za-z0-9_.-]+\\.md)")
)

func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err, "the repository root has go.mod")
	return root
}

func skipDir(name string) bool {
	return name == "node_modules" || name == ".git" || name == "test-results" || name == ".bin"
}

// TestLinksResolve fails on a Markdown link, or a docs/*.md path in a Go or
// Markdown file, that names a file the repository lacks.
func TestLinksResolve(t *testing.T) {
	root := repoRoot(t)
	checked := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(p)
		if ext != ".md" && ext != ".go" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for _, target := range targets(string(b), ext) {
			assert.True(t, resolves(root, filepath.Dir(p), target), "%s links to %q, which the repository does not have", rel, target)
			checked++
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 5, "links found to check")
}

func targets(text, ext string) []string {
	var out []string
	if ext == ".md" {
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			if !strings.Contains(m[1], "://") && !strings.HasPrefix(m[1], "mailto:") {
				out = append(out, m[1])
			}
		}
	}
	for _, m := range docPath.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// resolves accepts a target relative to the file's folder, or to the root
// (doc comments name repository paths from the root).
func resolves(root, dir, target string) bool {
	for _, base := range []string{dir, root} {
		if _, err := os.Stat(filepath.Join(base, target)); err == nil {
			return true
		}
	}
	return false
}

func TestTargets(t *testing.T) {
	got := targets("see [the API](js/README.md#api) and [site](https://x.org/a) and `docs/cluster-formats.md`", ".md")
	assert.Equal(t, []string{"js/README.md", "docs/cluster-formats.md"}, got)
	assert.False(t, resolves(t.TempDir(), t.TempDir(), "docs/missing.md"))
}
