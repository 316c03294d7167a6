// Package fuzzlimit bounds the fuzzing engine's minimization in test
// binaries whose seeds are whole mqadmin outputs (kilobytes each).
//
// When a worker finds a new interesting input, the engine minimizes it
// before fuzzing on, for up to -fuzzminimizetime (60 s by default): on
// inputs of several kilobytes that is the whole budget of a 30 s run,
// reported as 0 execs/s, with one new input found instead of hundreds.
// Main caps it at a number of tries unless the command line sets it.
package fuzzlimit

import (
	"flag"
	"os"
	"testing"
)

// MinimizeTries is the cap: a few hundred runs shorten an input enough to
// keep it while the engine spends its time fuzzing.
const MinimizeTries = "200x"

// Main is a TestMain: it caps -test.fuzzminimizetime at MinimizeTries
// when not given, then runs the tests.
func Main(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "test.fuzzminimizetime" {
			given = true
		}
	})
	if !given {
		if err := flag.Set("test.fuzzminimizetime", MinimizeTries); err != nil {
			panic(err) // the testing package renamed its flag: this file needs to follow
		}
	}
	os.Exit(m.Run())
}
