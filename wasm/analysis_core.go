//go:build !rmqfull

package main

// The core build (js/rmqalloc.wasm, the default of load()) leaves out
// package alloc/analysis and the JSON writer to stay within the module's
// size budget. It still answers the analysis operations, each with an
// ERR_UNSUPPORTED error that says how to get them, so a core instance
// fails clearly and stays usable.

// build names this build in the meta response (meta.go).
const build = "core"

// errNeedsFull is the answer to every analysis operation in this build.
const errNeedsFull = "rmq.analysis needs the full module: load({ analysis: true })"

func init() { registerUnsupported(errNeedsFull, analysisOps...) }

// registerUnsupported makes each of ops answer ERR_UNSUPPORTED with msg,
// which says how to get it: the core build's answer for what only the
// full build serves (analysis, the doctor, text routes, the broker side).
func registerUnsupported(msg string, ops ...int) {
	for _, op := range ops {
		register(op, func(*reader, *writer) error { return unsupported(msg) })
	}
}
