//go:build js && wasm

package main

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Small assertion helpers (the module's go.mod carries no test library).

func equal(t testing.TB, want, got any, what string) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		t.Errorf("%s: want %#v, got %#v", what, want, got)
	}
}

func must(t testing.TB, ok bool, what string) {
	t.Helper()
	if !ok {
		t.Fatalf("%s", what)
	}
}

func contains(t testing.TB, s, sub, what string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%s: %q does not contain %q", what, s, sub)
	}
}

func malformed(err error) bool {
	var m errMalformed
	return errors.As(err, &m)
}
