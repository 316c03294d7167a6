package producer

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// sendIndex is the client's ThreadLocalIndex: one int that each use
// increments (wrapping at 32 bits) before reading it.
type sendIndex struct {
	s       int32
	version alloc.JavaClient
}

// next is incrementAndGet: 4.9.3 returns abs(s), which stays negative for
// Integer.MIN_VALUE; 5.3.3 returns s & 0x7FFFFFFF, never negative.
func (x *sendIndex) next() int32 {
	x.s++
	if x.version == alloc.Java493 {
		return javalang.Abs(x.s)
	}
	return x.s & 0x7FFFFFFF
}

// position is the client's plain pick among n > 0 queues from one index
// value: abs(i) % n, and 0 when that is negative (4.9.3 with
// Integer.MIN_VALUE; 5.3.3 values are never negative).
func position(i int32, n int) int {
	pos := int(javalang.Abs(i)) % n
	if pos < 0 {
		return 0
	}
	return pos
}
