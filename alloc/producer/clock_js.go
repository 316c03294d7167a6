//go:build js

package producer

import (
	"math/rand/v2"
	"syscall/js"
)

// Under GOOS=js the package does not import time: linking it costs about
// 200 KB of WebAssembly, and the host already has a clock.

// nowMillis is the default clock: the host's Date.now(), the current time
// in milliseconds since the Unix epoch, as Java's
// System.currentTimeMillis().
func nowMillis() int64 { return int64(js.Global().Get("Date").Call("now").Float()) }

// randomSeed seeds the random defaults (start indexes, reset values) from
// the runtime's random source, so every default Producer starts at a
// different place, as with the real client.
func randomSeed() int64 { return rand.Int64() }
