//go:build wasm

package alloc

// hashChunks is hash(0, n): WebAssembly runs one thread, so the digests
// are computed in order on it (consistent_hash_parallel.go is the native
// build's).
func (consistentHashStrategy) hashChunks(n, _ int, hash func(lo, hi int)) {
	hash(0, n)
}
