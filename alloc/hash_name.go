//go:build !wasm

package alloc

import "hash/maphash"

// nameSeed seeds hashName; any seed gives the same results.
var nameSeed = maphash.MakeSeed()

// hashName hashes a broker name for nameSet: natively maphash
// (hashNameMaphash); under WebAssembly FNV-1a (hash_name_wasm.go). Any hash
// gives the same results, and both are compiled in every build.
func hashName(name string) uint32 { return hashNameMaphash(nameSeed, name) }
