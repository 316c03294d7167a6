//go:build !js

package producer

import "time"

// host is the real clock natively; under GOOS=js, noClock (clock_js.go).
var host = hostClock{
	has: true,
	// The current time in milliseconds since the Unix epoch, as Java's
	// System.currentTimeMillis().
	now: func() int64 { return time.Now().UnixMilli() },
	// The random defaults (start indexes, reset values) are seeded from
	// the current time in nanoseconds, as a fresh java.util.Random would
	// be seeded from the clock.
	seed: func() int64 { return time.Now().UnixNano() },
	// NewTimeSeededRandom's seed: the time in milliseconds.
	timeSeed: func() int64 { return time.Now().UnixMilli() },
}
