//go:build !wasm

package alloc

import "sync"

// registryLock guards the strategy registry: programs may register while
// others build strategies.
type registryLock struct{ sync.RWMutex }
