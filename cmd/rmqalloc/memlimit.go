//go:build !(js && wasm)

package main

import (
	"math"
	"strconv"
	"strings"
)

// defaultMemoryLimit is the monitor's soft memory limit unless told
// otherwise: a pass over 2,000 groups allocates several times what the
// window keeps, and without a limit the Go runtime lets the heap grow to
// twice what is live before collecting, which holds the RSS near 500 MB;
// at 256 MiB it collects more often instead (docs/monitor.md has both
// figures). Below what the window keeps, the runtime caps the collector's
// CPU and the limit is exceeded, never a crash.
const defaultMemoryLimit = 256 << 20

// memoryLimit is the limit to set from --memory-limit (flag, "" when not
// given) and GOMEMLIMIT (env): -1 leaves the runtime's own (GOMEMLIMIT
// read at start, or none), 0 in the flag means none.
func memoryLimit(flag, env string) (int64, error) {
	switch {
	case flag == "" && env != "":
		return -1, nil // the runtime read GOMEMLIMIT already
	case flag == "":
		return defaultMemoryLimit, nil
	case flag == "0":
		return math.MaxInt64, nil
	}
	n, err := parseSize(flag)
	if err != nil {
		return 0, &flagError{"--memory-limit " + flag + ": " + err.Error() + " (give a size such as 256MiB or 1GiB, or 0 for none)"}
	}
	return n, nil
}

type flagError struct{ msg string }

func (e *flagError) Error() string { return e.msg }

// parseSize reads a byte count with an optional unit: B, KiB, MiB, GiB
// (GOMEMLIMIT's) or KB, MB, GB (powers of 1000).
func parseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1}}
	num, mult := s, int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			num, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult {
		return 0, &flagError{"not a size"}
	}
	return n * mult, nil
}
