package producer

import "math/rand/v2"

// hostClock is what the package takes from where it runs: a clock (or
// none) and the seeds of the random defaults. New and NewTimeSeededRandom
// read host: the real clock natively (clock.go), noClock under GOOS=js
// (clock_js.go). noClock is compiled in every build, so native tests check
// it.
type hostClock struct {
	// has is false without a clock: a Producer with latency fault
	// tolerance then needs Options.Clock.
	has bool
	// now is the clock in milliseconds; never called when has is false
	// (New requires Options.Clock where the clock is read).
	now func() int64
	// seed seeds the random defaults (start indexes, reset values), so
	// every default Producer starts at a different place, as with the
	// real client.
	seed func() int64
	// timeSeed is NewTimeSeededRandom's seed.
	timeSeed func() int64
}

// noClock is the host without a clock (GOOS=js): a Producer with latency
// fault tolerance needs Options.Clock (the rmqalloc module passes JS's
// clock), and random defaults and NewTimeSeededRandom are seeded from the
// runtime's random source.
var noClock = hostClock{
	has:      false,
	now:      func() int64 { return 0 },
	seed:     rand.Int64,
	timeSeed: rand.Int64,
}
