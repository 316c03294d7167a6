//go:build !wasm

package alloc

import "hash/maphash"

// nameSeed seeds hashName; any seed gives the same results.
var nameSeed = maphash.MakeSeed()

// hashName hashes a broker name for nameSet. (hash_name_wasm.go is the
// WebAssembly build's.)
func hashName(name string) uint32 { return uint32(maphash.String(nameSeed, name)) }
