// Package fnv1a is 32-bit FNV-1a over a string's bytes, written out:
// hash/fnv's hashers (an interface, a []byte copy) cost the core wasm
// module size and a call per byte. alloc's member table and the Go
// client's hash selector (rocketmq-client-go's fnv.New32a) share it.
package fnv1a

// Sum32 is hash/fnv's New32a().Sum32() after writing s's bytes.
func Sum32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}
