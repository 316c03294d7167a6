//go:build wasm

package alloc

// hashName hashes a broker name for nameSet: 32-bit FNV-1a, cheaper under
// WebAssembly than 64-bit hashing and small (hash_name.go is the native
// build's).
func hashName(name string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(name); i++ {
		h ^= uint32(name[i])
		h *= 16777619
	}
	return h
}
