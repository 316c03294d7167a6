//go:build !wasm

package alloc

import (
	"runtime"
	"sync"
)

// minChunkDigests is the fewest MD5 digests worth a goroutine of their
// own (a digest costs ~0.2–0.5 µs, starting a goroutine ~1 µs).
const minChunkDigests = 256

// hashChunks runs hash over [0, n) — n items of perItem digests each —
// split into contiguous chunks on up to GOMAXPROCS goroutines, and returns
// when all are done. Each chunk must write only its own positions, so the
// result is the same however the work is split. It runs hash(0, n) inline
// when there is one processor, the work is small, or the hash is a
// HashFunc of the caller's, which need not be safe for concurrent use.
// (consistent_hash_serial.go is the WebAssembly build's: one thread.)
func (s consistentHashStrategy) hashChunks(n, perItem int, hash func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	if s.hash != nil {
		workers = 1
	}
	workers = min(workers, n*perItem/minChunkDigests)
	if workers <= 1 {
		hash(0, n)
		return
	}
	step := (n + workers - 1) / workers
	var wg sync.WaitGroup
	for lo := step; lo < n; lo += step {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			hash(lo, hi)
		}(lo, min(lo+step, n))
	}
	hash(0, step)
	wg.Wait()
}
