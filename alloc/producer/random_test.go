package producer

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestJavaRandom(t *testing.T) {
	// Printed by Java 17: new Random(42).nextInt() twice; new Random(0).nextInt().
	r := newJavaRandom(42)
	if a, b := r.nextInt(), r.nextInt(); a != -1170105035 || b != 234785527 {
		t.Errorf("Random(42).nextInt() = %d, %d", a, b)
	}
	if v := newJavaRandom(0).nextInt(); v != -1155484576 {
		t.Errorf("Random(0).nextInt() = %d", v)
	}
	// new Random(42): nextInt(10) x3, nextInt(7), nextInt(1<<20), nextInt(MAX_VALUE).
	r = newJavaRandom(42)
	want := []int32{0, 3, 8, 3, 323715, 2023087525}
	for i, bound := range []int32{10, 10, 10, 7, 1 << 20, 1<<31 - 1} {
		if got := r.nextIntN(bound); got != want[i] {
			t.Errorf("draw %d nextInt(%d) = %d, want %d", i, bound, got, want[i])
		}
	}
}

func TestRandomSelect(t *testing.T) {
	// Java: new Random(7), eight nextInt(5) → 1,4,0,4,0,4,3,4.
	mqs := testkit.Queues("a", 5)
	r := NewRandom(7)
	for i, want := range []int32{1, 4, 0, 4, 0, 4, 3, 4} {
		got, err := r.Select(mqs)
		if err != nil || got.QueueID != want {
			t.Fatalf("pick %d: %v %v, want queue %d", i, got, err, want)
		}
	}
	_, err := r.Select(nil)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	if _, err := NewTimeSeededRandom().Select(mqs); err != nil {
		t.Fatal(err)
	}
}
