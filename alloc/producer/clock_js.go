//go:build js

package producer

// Under GOOS=js the package links neither time (about 200 KB of
// WebAssembly) nor syscall/js (a library does not reach for its host): it
// has no clock of its own (clock_host.go has the logic, tested natively).
// A Producer with latency fault tolerance then needs Options.Clock (the
// rmqalloc module passes JS's clock), and random defaults are seeded from
// the runtime's random source.

const hasClock = false

// nowMillis is never called under js: New requires Options.Clock where
// the clock is read.
func nowMillis() int64 { return noClockMillis() }

// randomSeed seeds the random defaults (start indexes, reset values), so
// every default Producer starts at a different place, as with the real
// client.
func randomSeed() int64 { return noClockSeed() }

// timeSeed is NewTimeSeededRandom's seed: without a clock, a random one.
func timeSeed() int64 { return noClockSeed() }
