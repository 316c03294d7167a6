//go:build !rmqfull

package main

// The core build (js/rmqalloc.wasm, the default of load()) leaves out
// package alloc/analysis and the JSON writer to stay within the module's
// size budget, like the doctor, routes as text, the broker side and the Go
// producers. It still answers their operations (declared in
// internal/wireschema as full-build ops), each with an ERR_UNSUPPORTED
// error that says how to get them (ops_core_generated.go), so a core
// instance fails clearly and stays usable.

// build names this build in the meta response (meta.go).
const build = "core"

// registerUnsupported makes each of ops answer ERR_UNSUPPORTED with msg,
// which says how to get it: the core build's answer for what only the
// full build serves.
func registerUnsupported(msg string, ops ...int) {
	for _, op := range ops {
		register(op, func(*reader, *writer) error { return unsupported(msg) })
	}
}
