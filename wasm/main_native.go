//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// Natively this package only exists for its tests (go test ./wasm covers the
// codec and the handlers); the module itself is GOOS=js GOARCH=wasm.
func main() {
	fmt.Fprintln(os.Stderr, "rmqalloc's wasm module: build it with GOOS=js GOARCH=wasm (make build)")
	os.Exit(2)
}
