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

// metaBuild decodes a meta response (meta.go) down to its closing build name.
func metaBuild(t testing.TB, resp []byte) string {
	t.Helper()
	must(t, len(resp) > 0 && resp[0] == statusOK, "want an ok response")
	r := reader{b: resp[1:]}
	str := func() string { n := int(r.uvarint()); s := string(r.b[r.p : r.p+n]); r.p += n; return s }
	strs := func() {
		for n := r.uvarint(); n > 0; n-- {
			str()
		}
	}
	str() // version
	str() // tables hash
	// Strategies, then profiles: a name and a string list each.
	for range 2 {
		for n := r.uvarint(); n > 0; n-- {
			str()
			strs()
		}
	}
	b := str()
	equal(t, len(r.b), r.p, "nothing after the build name")
	return b
}
