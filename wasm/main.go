//go:build js && wasm

// Command wasm is rmqalloc's WebAssembly module: the boundary between the
// JS package (js/index.js) and package alloc, nothing more. Every algorithm
// lives in alloc and its sub-packages, tested natively.
//
// Calls come in through //go:wasmexport functions, which JS calls directly
// on the instance's exports: about 0.2 µs per call, where a js.FuncOf
// callback costs 15–100 µs (an event round trip plus a finalizer for every
// js.Value it touches). Arguments and results travel as bytes in linear
// memory (memory.go, codec.go), so no js.Value is made per call at all.
//
//	rmqalloc_call(op)     runs operation op on the request in linear memory
//	rmqalloc_reserve(n)   grows the request buffer to n bytes
//	rmqalloc_ctl()        address of the control block (memory.go)
//
// The loader sets globalThis.__rmqalloc_host__ to a fresh object just for
// the synchronous start of the program; main registers the one js.Func it
// needs (exit) on that object, never on the global scope, and blocks until
// exit is called, then releases it and returns.
//
// Every operation recovers panics and reports failures as error responses,
// which js/lib/runtime.js throws as JS Errors: the module never dies of bad input.
//
// Only this file needs GOOS=js GOARCH=wasm: the codec, the handlers and
// the JSON writer build everywhere, so plain `go test ./wasm` and `go vet`
// cover them natively (main_native.go stands in for main).
//
// Three builds of this package ship: the core module (js/rmqalloc.wasm,
// the one with a size budget); with -tags rmqfull, the full module
// (js/rmqalloc-full.wasm) that adds the analysis operations (analysis.go,
// json.go) and the doctor; with -tags rmqfull,rmqnodoctor, the analysis
// module (js/rmqalloc-analysis.wasm), the full one without the doctor
// (nodoctor.go). The core build answers the full ops with ERR_UNSUPPORTED
// (ops_core_generated.go, from internal/wireschema); meta reports which
// build answers.
package main

import (
	"syscall/js"
)

// hostKey is the temporary global through which the loader passes its host
// object; the loader deletes it as soon as the program blocks.
const hostKey = "__rmqalloc_host__"

func main() {
	host := js.Global().Get(hostKey)
	if host.Type() != js.TypeObject {
		return // not started by the loader: nothing to serve
	}
	done := make(chan struct{})
	exit := js.FuncOf(func(js.Value, []js.Value) any {
		select {
		case <-done:
		default:
			close(done)
		}
		return nil
	})
	reserve(64 << 10)
	host.Set("exit", exit)
	host.Set("ready", true)
	<-done
	host.Delete("exit")
	exit.Release()
}

//go:wasmexport rmqalloc_call
//lint:ignore U1000 JS calls it through //go:wasmexport, which staticcheck does not see
func wasmCall(op int32) { dispatch(int(op)) }

//go:wasmexport rmqalloc_reserve
//lint:ignore U1000 JS calls it through //go:wasmexport, which staticcheck does not see
func wasmReserve(n int32) {
	if n > 0 && n <= 1<<30 {
		reserve(int(n))
	}
}

//go:wasmexport rmqalloc_ctl
//lint:ignore U1000 JS calls it through //go:wasmexport, which staticcheck does not see
func wasmCtl() int32 { return int32(ctlAddr()) }
