//go:build wasm

package alloc

// memberIndex under WebAssembly is memberTable, faster there than a Go map
// (members_index.go).
type memberIndex = memberTable
