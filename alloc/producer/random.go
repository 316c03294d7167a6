package producer

import "github.com/rmqalloc/rmqalloc/alloc"

// javaRandom is java.util.Random: a 48-bit linear congruential generator.
// Same seed, same sequence as Java.
type javaRandom struct{ seed uint64 }

const (
	lcgMultiplier = 0x5DEECE66D
	lcgAddend     = 0xB
	lcgMask       = 1<<48 - 1
)

func newJavaRandom(seed int64) *javaRandom {
	return &javaRandom{seed: (uint64(seed) ^ lcgMultiplier) & lcgMask}
}

func (r *javaRandom) next(bits uint) int32 {
	r.seed = (r.seed*lcgMultiplier + lcgAddend) & lcgMask
	return int32(int64(r.seed) >> (48 - bits))
}

// nextInt is Random.nextInt().
func (r *javaRandom) nextInt() int32 { return r.next(32) }

// nextIntN is Random.nextInt(bound) for bound > 0.
func (r *javaRandom) nextIntN(bound int32) int32 {
	x := r.next(31)
	m := bound - 1
	if bound&m == 0 { // power of two
		return int32((int64(bound) * int64(x)) >> 31)
	}
	for u := x; ; u = r.next(31) {
		x = u % bound
		if u-x+m >= 0 { // Java: loop while u - r + m < 0 (int overflow)
			return x
		}
	}
}

// Random is SelectMessageQueueByRandom: each Select returns
// mqs[random.nextInt(len(mqs))] of a java.util.Random. Upstream seeds it with
// System.currentTimeMillis() when the selector is built; NewRandom(seed)
// with the same seed reproduces Java's picks exactly.
//
// A Random holds state: use it from one goroutine at a time.
type Random struct{ rng *javaRandom }

// NewRandom returns a random selector seeded like `new Random(seed)`.
func NewRandom(seed int64) *Random { return &Random{rng: newJavaRandom(seed)} }

// NewTimeSeededRandom is the upstream default: seeded with the current time
// in milliseconds (under GOOS=js, where this package has no clock, with a
// random seed).
func NewTimeSeededRandom() *Random { return NewRandom(timeSeed()) }

// Select picks a queue. An empty mqs fails as Java's nextInt(0) does, with
// IllegalArgumentException "bound must be positive", and consumes no
// randomness.
func (r *Random) Select(mqs []alloc.MessageQueue) (alloc.MessageQueue, error) {
	n := len(mqs)
	if n == 0 || n > 1<<31-1 {
		return alloc.MessageQueue{}, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "mqs", Msg: "bound must be positive"}
	}
	return mqs[r.rng.nextIntN(int32(n))], nil
}
