//go:build wasm

package alloc

// hashName under WebAssembly is 32-bit FNV-1a, cheaper there than 64-bit
// hashing (hash_name.go).
func hashName(name string) uint32 { return fnv1a(name) }
