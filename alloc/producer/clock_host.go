package producer

import "math/rand/v2"

// Without a clock of its own (GOOS=js, clock_js.go) the package reads
// these; they are compiled in every build so native tests check them, and
// New's refusal of latency fault tolerance without Options.Clock is
// newProducer with hostHasClock false.

// noClockMillis stands for the clock where there is none; never called,
// since New requires Options.Clock where the clock is read.
func noClockMillis() int64 { return 0 }

// noClockSeed seeds the random defaults and NewTimeSeededRandom from the
// runtime's random source.
func noClockSeed() int64 { return rand.Int64() }
