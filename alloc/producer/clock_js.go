//go:build js

package producer

// Under GOOS=js the package links neither time (about 200 KB of
// WebAssembly) nor syscall/js (a library does not reach for its host): it
// has no clock of its own (noClock, clock_host.go).
var host = noClock
