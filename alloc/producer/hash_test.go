package producer

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func TestHashKeys(t *testing.T) {
	t.Parallel()
	// Values printed by Java 17 (String/Long.hashCode).
	tests := []struct {
		name string
		got  HashKey
		want int32
	}{
		{"polygenelubricants", StringKey("polygenelubricants"), math.MinInt32},
		{"hello", StringKey("hello"), 99162322},
		{"emoji is two UTF-16 units", StringKey("\U0001F600"), 1772899},
		{"empty string", StringKey(""), 0},
		{"int", IntKey(-7), -7},
		{"long -1", LongKey(-1), 0},
		{"long 2^32", LongKey(1 << 32), 1},
		{"long MIN", LongKey(math.MinInt64), math.MinInt32},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, int32(tt.got), tt.name)
	}
}

func TestHashIndex(t *testing.T) {
	t.Parallel()
	tests := []struct {
		key  HashKey
		n    int
		want int
	}{
		{StringKey("polygenelubricants"), 16, 0}, // MIN % 16 == 0
		{StringKey("polygenelubricants"), 10, 8}, // MIN % 10 == -8 → 8
		{IntKey(-7), 4, 3},                       // -7 % 4 == -3 → 3
		{IntKey(7), 4, 3},
		{IntKey(math.MaxInt32), 1, 0},
		{IntKey(math.MinInt32), 3, 2}, // -2147483648 % 3 == -2 → 2
	}
	for _, tt := range tests {
		got, err := HashIndex(tt.key, tt.n)
		if assert.NoError(t, err, "HashIndex(%d, %d)", tt.key, tt.n) {
			assert.Equal(t, tt.want, got, "HashIndex(%d, %d)", tt.key, tt.n)
		}
	}
}

func TestSelectHashErrors(t *testing.T) {
	_, err := SelectHash(nil, StringKey("x"))
	wantJavaError(t, err, alloc.ArithmeticException, alloc.ErrArithmetic)
	_, err = HashIndex(1, -1)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
}

func TestSelectMachineRoomReturnsNothing(t *testing.T) {
	got, ok := SelectMachineRoom(testkit.Queues("a", 3))
	require.False(t, ok, "upstream returns null, got %v", got)
}

func FuzzSelectHash(f *testing.F) {
	for _, s := range vectorStrings(f, "../../testdata/java-4.9.3/select.cases.jsonl", "arg", "value") {
		f.Add(s, uint8(7))
	}
	f.Add("polygenelubricants", uint8(10))
	f.Fuzz(func(t *testing.T, key string, n uint8) {
		mqs := testkit.Queues("a", int(n))
		got, err := SelectHash(mqs, StringKey(key))
		if n == 0 {
			wantJavaError(t, err, alloc.ArithmeticException, alloc.ErrArithmetic)
			return
		}
		i, _ := HashIndex(StringKey(key), int(n))
		require.NoError(t, err, "key %q n %d", key, n)
		require.True(t, i >= 0 && i < int(n), "key %q n %d: index %d", key, n, i)
		require.Equal(t, mqs[i], got, "key %q n %d (index %d)", key, n, i)
	})
}
