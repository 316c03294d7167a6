package mqadmin_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// realDirs are the captures of real 4.9.3 and 5.3.3 clusters.
func realDirs(t testing.TB) []string {
	// A capture holds route.txt; queue-grow holds three captures in turn.
	var out []string
	for _, r := range files("../../testdata/real*/*/route.txt", "../../testdata/real*/*/*/route.txt") {
		out = append(out, filepath.Dir(r))
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
			for _, c := range files(filepath.Join(d, "connection.txt")) {
				_, err := mqadmin.ParseConsumerConnection(read(t, c))
				require.NoError(t, err)
			}
			progs := files(filepath.Join(d, "progress*.txt"))
			if len(progs) == 0 {
				// mqadmin failed (a frozen broker): its error is beside it
				require.FileExists(t, filepath.Join(d, "progress.err"))
			}
			for _, f := range progs {
				text := read(t, f)
				p, err := mqadmin.ParseConsumerProgress(text)
				require.NoError(t, err, f)
				assert.Equal(t, strings.Count(text, "\n")-4-boolInt(p.Layout == mqadmin.Layout533), len(p.Rows), f)
			}
			for _, f := range statusFiles(d) {
				text := read(t, f)
				ri, err := mqadmin.ParseConsumerStatus(text)
				require.NoError(t, err, f)
				offsets := text[strings.Index(text, "#Consumer Offset#"):strings.Index(text, "#Consumer MQ Detail#")]
				assert.Equal(t, strings.Count(strings.TrimSpace(offsets), "\n")-1, len(ri.Queues), f)
			}
		})
	}
}

func globs(dir string, patterns ...string) []string {
	var ps []string
	for _, p := range patterns {
		ps = append(ps, filepath.Join(dir, p))
		if strings.HasSuffix(p, "status/*") {
			ps = append(ps, filepath.Join(dir, p, "*"))
		}
	}
	return files(ps...)
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
