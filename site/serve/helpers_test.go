package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tiny assertion helpers (the module's testify needs go.sum entries this
// package should not depend on).

func mustNoErr(t *testing.T, err error) {
	t.Helper()
	require.NoError(t, err, "unexpected error: %v", err)
}

func mustErrContaining(t *testing.T, err error, want string) {
	t.Helper()
	require.Error(t, err, "no error, want one containing %q", want)
	require.False(t, !strings.Contains(err.Error(), want), "error %q does not contain %q", err, want)
}

func wantEq[T comparable](t *testing.T, want, got T, ctx ...string) {
	t.Helper()
	assert.False(t, got != want, "%s: got %v, want %v", strings.Join(ctx, " "), got, want)
}
