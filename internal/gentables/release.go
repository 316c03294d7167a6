package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/internal/wireschema"
)

// checkRelease ties the version to the released schemas: the released
// versions ascend; the current version is either the last released one,
// with its very schema, or a newer unreleased one, whose schema may still
// change. Only a schema change under a released version needs an action:
// a new version.
func checkRelease(version, hash string, released []wireschema.Release) error {
	cur, err := semver(version)
	if err != nil {
		return fmt.Errorf("wasm/meta.go version: %w", err)
	}
	var last []int
	for i, r := range released {
		v, err := semver(r.Version)
		if err != nil {
			return fmt.Errorf("internal/wireschema.Released[%d]: %w", i, err)
		}
		if r.Hash == "" {
			return fmt.Errorf("internal/wireschema.Released[%d] (%s): no hash", i, r.Version)
		}
		if last != nil && compare(v, last) <= 0 {
			return fmt.Errorf("internal/wireschema.Released[%d]: %s does not follow %s", i, r.Version, released[i-1].Version)
		}
		last = v
	}
	if len(released) == 0 {
		return nil
	}
	l := released[len(released)-1]
	switch c := compare(cur, last); {
	case c == 0 && l.Hash != hash:
		return fmt.Errorf("the wire schema changed since %s was released (%s, now %s): bump the version in wasm/meta.go and js/package.json", l.Version, l.Hash, hash)
	case c < 0:
		return fmt.Errorf("version %s is older than %s, the last released (internal/wireschema.Released)", version, l.Version)
	}
	return nil
}

// semver reads MAJOR.MINOR.PATCH (a -pre suffix is not used here).
func semver(s string) ([]int, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return nil, fmt.Errorf("%q is not MAJOR.MINOR.PATCH", s)
	}
	out := make([]int, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || p != strconv.Itoa(n) {
			return nil, fmt.Errorf("%q is not MAJOR.MINOR.PATCH", s)
		}
		out[i] = n
	}
	return out, nil
}

func compare(a, b []int) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
