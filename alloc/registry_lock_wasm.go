//go:build wasm

package alloc

// registryLock is no lock in the WebAssembly module: its goroutines take
// turns only where they block, and no registry operation blocks. (A
// sync.RWMutex would add ~6 KB to the module.)
type registryLock struct{}

func (registryLock) Lock()    {}
func (registryLock) Unlock()  {}
func (registryLock) RLock()   {}
func (registryLock) RUnlock() {}
