package mqadmin_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc/mqadmin"
)

// seeds adds every sample file matching pattern to f.
func seeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob("../../testdata/cluster/" + pattern)
	for _, p := range files {
		f.Add(read(f, p))
	}
	f.Add("")
	f.Add("\ufeff\r\n#\r\n")
}

// checkErr: a parser returns a value or a *ParseError with a line, never
// both, never anything else.
func checkErr[T any](t *testing.T, v *T, err error) {
	t.Helper()
	if err == nil {
		if v == nil {
			t.Fatal("nil result without error")
		}
		return
	}
	var pe *mqadmin.ParseError
	if !errors.As(err, &pe) || v != nil || pe.Line < 0 || pe.Column < 0 {
		t.Fatalf("bad error %T %v (value %v)", err, err, v)
	}
}

func FuzzParseTopicRoute(f *testing.F) {
	seeds(f, "*/route.txt")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := mqadmin.ParseTopicRoute(s)
		checkErr(t, r, err)
	})
}

func FuzzParseConsumerConnection(f *testing.F) {
	seeds(f, "*/connection.txt")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := mqadmin.ParseConsumerConnection(s)
		checkErr(t, c, err)
	})
}

func FuzzParseConsumerProgress(f *testing.F) {
	seeds(f, "*/progress.txt")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := mqadmin.ParseConsumerProgress(s)
		checkErr(t, p, err)
	})
}

func FuzzParseConsumerStatus(f *testing.F) {
	seeds(f, "*/status/*")
	f.Fuzz(func(t *testing.T, s string) {
		ri, err := mqadmin.ParseConsumerStatus(s)
		checkErr(t, ri, err)
	})
}
