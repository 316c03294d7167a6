package alloc

import "hash/maphash"

// hashNameMaphash is the native build's hashName under seed (hash_name.go
// holds the seed, so the WebAssembly build links no maphash).
func hashNameMaphash(seed maphash.Seed, name string) uint32 {
	return uint32(maphash.String(seed, name))
}
