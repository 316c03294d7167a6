package mqadmin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc/mqadmin"
)

// realDirs are the captures of real 4.9.3 and 5.3.3 clusters.
func realDirs(t testing.TB) []string {
	dirs, _ := filepath.Glob("../../testdata/real*/*")
	var out []string
	for _, d := range dirs {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			out = append(out, d)
		}
	}
	require.NotEmpty(t, out)
	return out
}

// Every real capture reads whole: the checks that refuse damaged texts
// (sections agree, rows add up to the footer, queue lists complete) hold
// on what real clusters print.
func TestRealCapturesParse(t *testing.T) {
	for _, d := range realDirs(t) {
		t.Run(filepath.Base(filepath.Dir(d))+"/"+filepath.Base(d), func(t *testing.T) {
			if c := filepath.Join(d, "connection.txt"); exists(c) {
				_, err := mqadmin.ParseConsumerConnection(read(t, c))
				require.NoError(t, err)
			}
			progs, _ := filepath.Glob(filepath.Join(d, "progress*.txt"))
			require.NotEmpty(t, progs)
			for _, f := range progs {
				text := read(t, f)
				p, err := mqadmin.ParseConsumerProgress(text)
				require.NoError(t, err, f)
				assert.Equal(t, strings.Count(text, "\n")-4-boolInt(p.Layout == mqadmin.Layout533), len(p.Rows), f)
			}
			files, _ := filepath.Glob(filepath.Join(d, "status", "*"))
			for _, f := range files {
				text := read(t, f)
				ri, err := mqadmin.ParseConsumerStatus(text)
				require.NoError(t, err, f)
				offsets := text[strings.Index(text, "#Consumer Offset#"):strings.Index(text, "#Consumer MQ Detail#")]
				assert.Equal(t, strings.Count(strings.TrimSpace(offsets), "\n")-1, len(ri.Queues), f)
			}
		})
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func globs(dir string, patterns ...string) []string {
	var out []string
	for _, p := range patterns {
		m, _ := filepath.Glob(filepath.Join(dir, p))
		out = append(out, m...)
	}
	return out
}

// parseAny reads text with the parser its content asks for; nil on error.
func parseAny(text string) any {
	var v any
	var err error
	switch {
	case strings.Contains(text, "#Consumer Properties#"):
		v, err = mqadmin.ParseConsumerStatus(text)
	case strings.Contains(text, "#ClientId"):
		v, err = mqadmin.ParseConsumerConnection(text)
	default:
		v, err = mqadmin.ParseConsumerProgress(text)
	}
	if err != nil {
		return nil
	}
	return v
}
