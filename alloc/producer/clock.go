//go:build !js

package producer

import "time"

const hasClock = true

// nowMillis is the default clock: the current time in milliseconds since
// the Unix epoch, as Java's System.currentTimeMillis().
func nowMillis() int64 { return time.Now().UnixMilli() }

// randomSeed seeds the random defaults (start indexes, reset values) from
// the current time in nanoseconds, as a fresh java.util.Random would be
// seeded from the clock.
func randomSeed() int64 { return time.Now().UnixNano() }

// timeSeed is NewTimeSeededRandom's seed: the time in milliseconds.
func timeSeed() int64 { return nowMillis() }
