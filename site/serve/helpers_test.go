package main

import (
	"strings"
	"testing"
)

// Tiny assertion helpers (the module's testify needs go.sum entries this
// package should not depend on).

func mustNoErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func mustErrContaining(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error containing %q, got nil", want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not contain %q", err, want)
	}
}

func wantEq[T comparable](t *testing.T, want, got T, ctx ...string) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got %v, want %v", strings.Join(ctx, " "), got, want)
	}
}
