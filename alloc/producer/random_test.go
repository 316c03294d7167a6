package producer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestJavaRandom(t *testing.T) {
	// Printed by Java 17: new Random(42).nextInt() twice; new Random(0).nextInt().
	r := newJavaRandom(42)
	a, b := r.nextInt(), r.nextInt()
	assert.Equal(t, [2]int32{-1170105035, 234785527}, [2]int32{a, b}, "Random(42).nextInt() twice")
	assert.Equal(t, int32(-1155484576), newJavaRandom(0).nextInt(), "Random(0).nextInt()")
	// new Random(42): nextInt(10) x3, nextInt(7), nextInt(1<<20), nextInt(MAX_VALUE).
	r = newJavaRandom(42)
	want := []int32{0, 3, 8, 3, 323715, 2023087525}
	for i, bound := range []int32{10, 10, 10, 7, 1 << 20, 1<<31 - 1} {
		assert.Equal(t, want[i], r.nextIntN(bound), "draw %d nextInt(%d)", i, bound)
	}
}

func TestRandomSelect(t *testing.T) {
	// Java: new Random(7), eight nextInt(5) → 1,4,0,4,0,4,3,4.
	mqs := testkit.Queues("a", 5)
	r := NewRandom(7)
	for i, want := range []int32{1, 4, 0, 4, 0, 4, 3, 4} {
		got, err := r.Select(mqs)
		require.NoError(t, err, "pick %d", i)
		require.Equal(t, want, got.QueueID, "pick %d", i)
	}
	_, err := r.Select(nil)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	_, err = NewTimeSeededRandom().Select(mqs)
	require.NoError(t, err)
}
