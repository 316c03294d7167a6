package producer

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Values from the real Guava (testdata/broker-5.5.0/lite.results.jsonl).
func TestConsistentHashGuavaExamples(t *testing.T) {
	t.Parallel()
	counts := []int{1, 2, 3, 8, 16, 100, 1024}
	tests := []struct {
		input int64
		want  []int
	}{
		{2023630430, []int{0, 0, 2, 7, 7, 75, 202}}, // "lite_topic".hashCode()
		{-1207111310, []int{0, 0, 0, 3, 3, 3, 489}}, // "order-1".hashCode(), negative: sign-extended
		{1, []int{0, 0, 0, 6, 6, 55, 549}},
		{-1, []int{0, 1, 2, 7, 10, 92, 313}},
		{math.MaxInt64, []int{0, 0, 2, 7, 8, 97, 972}},
		{0, []int{0, 0, 0, 0, 0, 0, 0}}, // the first draw from state 0 jumps past every bucket
	}
	for _, tt := range tests {
		for i, n := range counts {
			got, err := ConsistentHash(tt.input, n)
			require.NoError(t, err)
			assert.Equal(t, tt.want[i], got, "ConsistentHash(%d, %d)", tt.input, n)
		}
	}
}

func TestConsistentHashBadBuckets(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, -1, math.MinInt32} {
		_, err := ConsistentHash(5, n)
		wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	}
}

// Growing the count by one keeps every input where it was or moves it to
// the new bucket: the property consistent hashing is for.
func TestConsistentHashMovesOnlyToNewBucket(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(83, 5))
	for range 300 {
		input := int64(r.Uint64())
		prev := 0
		for n := 1; n <= 300; n++ {
			got, err := ConsistentHash(input, n)
			require.NoError(t, err)
			require.True(t, got >= 0 && got < n, "bucket %d of %d", got, n)
			if got != prev {
				require.Equal(t, n-1, got, "input %d: %d buckets moved it from %d", input, n, prev)
			}
			prev = got
		}
	}
}

func TestLiteTopicQueue(t *testing.T) {
	t.Parallel()
	var qs []alloc.MessageQueue
	for _, b := range []string{"broker-a", "broker-b"} {
		for i := range 8 {
			qs = append(qs, alloc.MessageQueue{Topic: "Parent", BrokerName: b, QueueID: int32(i)})
		}
	}
	// "lite_topic" hashes to 2023630430; consistentHash(.., 16) is 7.
	got, err := LiteTopicQueue(qs, "lite_topic")
	require.NoError(t, err)
	assert.Equal(t, alloc.MessageQueue{Topic: "Parent", BrokerName: "broker-a", QueueID: 7}, got)

	_, err = LiteTopicQueue(nil, "lite_topic")
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	_, err = LiteTopicQueue(qs, "")
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
}

func BenchmarkConsistentHash1024(b *testing.B) {
	for i := range b.N {
		_, _ = ConsistentHash(int64(i), 1024)
	}
}
