package priority

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

func wantInvalid(t *testing.T, err error, field string) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, alloc.ErrInvalidArgument)
	var e *alloc.Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, field, e.Field)
}

var prio = Request{PriorityTopic: true, PriorityFactor: DefaultPriorityFactor}

func TestDecide(t *testing.T) {
	t.Parallel()
	forPriority50 := DefaultBroker()
	forPriority50.PopFromRetryProbabilityForPriority = 50
	tests := []struct {
		name    string
		b       Broker
		r       Request
		randomQ int
		want    Decision
	}{
		{"factor 100: every draw is priority mode, retries after", DefaultBroker(), prio, 99, Decision{PriorityMode: true, RetryAfter: true}},
		{"factor 100, draw 0: priority probability 0 never reads retry first", DefaultBroker(), prio, 0, Decision{PriorityMode: true, RetryAfter: true}},
		{"factor 30, draw 29: priority mode", DefaultBroker(), Request{PriorityTopic: true, PriorityFactor: 30}, 29, Decision{PriorityMode: true, RetryAfter: true}},
		{"factor 30, draw 30: rotated scan", DefaultBroker(), Request{PriorityTopic: true, PriorityFactor: 30}, 30, Decision{RetryAfter: true, Offset: 30}},
		{"factor 0 turns it off; draw 19 < 20 reads retry first", DefaultBroker(), Request{PriorityTopic: true}, 19, Decision{RetryFirst: true, Offset: 19}},
		{"normal topic ignores the factor", DefaultBroker(), Request{PriorityFactor: 100}, 20, Decision{RetryAfter: true, Offset: 20}},
		{"FIFO pop: no priority mode, no retry", DefaultBroker(), Request{PriorityTopic: true, Order: true, PriorityFactor: 100}, 5, Decision{Offset: 5}},
		{"priority retry probability 50, draw 49", forPriority50, prio, 49, Decision{PriorityMode: true, RetryFirst: true}},
		{"priority retry probability 50, draw 50", forPriority50, prio, 50, Decision{PriorityMode: true, RetryAfter: true}},
	}
	for _, tt := range tests {
		got, err := Decide(tt.b, tt.r, tt.randomQ)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, got, tt.name)
	}
	_, err := Decide(DefaultBroker(), Request{PriorityFactor: 101}, 0)
	wantInvalid(t, err, "priorityFactor")
	_, err = Decide(DefaultBroker(), Request{PriorityFactor: -1}, 0)
	wantInvalid(t, err, "priorityFactor")
	_, err = Decide(DefaultBroker(), prio, 100)
	wantInvalid(t, err, "randomQ")
	_, err = Decide(DefaultBroker(), prio, -1)
	wantInvalid(t, err, "randomQ")
}

func TestDecideKV(t *testing.T) {
	t.Parallel()
	with := func(normal, forPriority int) Broker {
		b := DefaultBroker()
		b.PopFromRetryProbability, b.PopFromRetryProbabilityForPriority = normal, forPriority
		return b
	}
	f30 := Request{PriorityTopic: true, PriorityFactor: 30}
	tests := []struct {
		name  string
		b     Broker
		r     Request
		count int64
		want  Decision
	}{
		{"first request, factor 30: priority mode", DefaultBroker(), f30, 0, Decision{PriorityMode: true, RetryAfter: true}},
		{"29th: still priority mode", DefaultBroker(), f30, 29, Decision{PriorityMode: true, RetryAfter: true}},
		{"30: rotated; 100/20 = 5 divides 30: retry first", DefaultBroker(), f30, 30, Decision{RetryFirst: true, Offset: 30}},
		{"31: rotated, retry after", DefaultBroker(), f30, 31, Decision{RetryAfter: true, Offset: 31}},
		{"100: a new hundred, priority mode again", DefaultBroker(), f30, 100, Decision{PriorityMode: true, RetryAfter: true}},
		{"priority probability 51 means every request", with(20, 51), prio, 7, Decision{PriorityMode: true, RetryFirst: true}},
		{"probability 150 is clamped to 100", with(150, 0), Request{PriorityFactor: 100}, 3, Decision{RetryFirst: true, Offset: 3}},
		{"negative probability is clamped to 0", with(-5, 0), Request{}, 0, Decision{RetryAfter: true}},
		{"priority probability 30: 100/30 = 3", with(20, 30), prio, 6, Decision{PriorityMode: true, RetryFirst: true}},
		{"priority probability 30, count 7", with(20, 30), prio, 7, Decision{PriorityMode: true, RetryAfter: true}},
		{"FIFO", DefaultBroker(), Request{PriorityTopic: true, Order: true, PriorityFactor: 100}, 10, Decision{Offset: 10}},
	}
	for _, tt := range tests {
		got, err := DecideKV(tt.b, tt.r, tt.count)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, got, tt.name)
	}
	_, err := DecideKV(DefaultBroker(), prio, -1)
	wantInvalid(t, err, "requestCount")
	_, err = DecideKV(DefaultBroker(), Request{PriorityFactor: 200}, 0)
	wantInvalid(t, err, "priorityFactor")
}

func TestQueueOrder(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		n      int
		asc    bool
		offset int64
		path   Path
		want   []int32
	}{
		{"asc, priority mode: highest queue (highest priority) first", 8, true, 0, PathFile, []int32{7, 6, 5, 4, 3, 2, 1, 0}},
		{"desc, priority mode: queue 0 is the highest priority", 8, false, 0, PathFile, []int32{0, 1, 2, 3, 4, 5, 6, 7}},
		{"asc rotated by 3", 8, true, 3, PathFile, []int32{2, 1, 0, 7, 6, 5, 4, 3}},
		{"asc rotated by 10", 8, true, 10, PathFile, []int32{1, 0, 7, 6, 5, 4, 3, 2}},
		{"desc rotated by 3", 8, false, 3, PathFile, []int32{3, 4, 5, 6, 7, 0, 1, 2}},
		{"one queue", 1, true, 99, PathFile, []int32{0}},
		{"KV counter past 2^31 wraps as Java's (int) cast does", 8, false, math.MaxInt32, PathKV, []int32{7, 0, -7, -6, -5, -4, -3, -2}},
		{"KV large counter, asc", 4, true, 1 << 20, PathKV, []int32{3, 2, 1, 0}},
	}
	for _, tt := range tests {
		got, err := QueueOrder(tt.n, tt.asc, tt.offset, tt.path)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, got, tt.name)
	}
	_, err := QueueOrder(0, true, 0, PathFile)
	wantInvalid(t, err, "readQueueNums")
	_, err = QueueOrder(8, true, 100, PathFile)
	wantInvalid(t, err, "offset")
	_, err = QueueOrder(8, true, -1, PathKV)
	wantInvalid(t, err, "offset")
}

// Without wrapping every request visits every queue exactly once, and the
// order is a rotation of the base order.
func TestQueueOrderIsRotation(t *testing.T) {
	t.Parallel()
	for n := 1; n <= 17; n++ {
		for _, asc := range []bool{true, false} {
			for offset := int64(0); offset < 100; offset++ {
				got, err := QueueOrder(n, asc, offset, PathFile)
				require.NoError(t, err)
				seen := make([]bool, n)
				for i, q := range got {
					require.False(t, seen[q], "queue %d twice", q)
					seen[q] = true
					step := int32(1)
					if asc {
						step = int32(n - 1)
					}
					assert.Equal(t, (got[0]+int32(i)*step)%int32(n), q)
				}
			}
		}
	}
}

func TestDrain(t *testing.T) {
	t.Parallel()
	twoEach := Backlog{2, 2, 2, 2, 2, 2, 2, 2}
	desc := DefaultBroker()
	desc.PriorityOrderAsc = false
	pm := Decision{PriorityMode: true, RetryAfter: true}
	tests := []struct {
		name  string
		b     Broker
		d     Decision
		topic Backlog
		retry Backlog
		max   int
		want  []Read
	}{
		{"priority mode takes the highest queues first", DefaultBroker(), pm, twoEach, nil, 5,
			[]Read{{QueueID: 7, Count: 2}, {QueueID: 6, Count: 2}, {QueueID: 5, Count: 1}}},
		{"desc: queue 0 first", desc, pm, twoEach, nil, 3,
			[]Read{{QueueID: 0, Count: 2}, {QueueID: 1, Count: 1}}},
		{"a deep top queue fills the batch alone: lower priorities wait", DefaultBroker(), pm, Backlog{50, 50, 50, 100}, nil, 32,
			[]Read{{QueueID: 3, Count: 32}}},
		{"empty high queues are passed over", DefaultBroker(), pm, Backlog{4, 1, 0, 0}, Backlog{5}, 10,
			[]Read{{QueueID: 1, Count: 1}, {QueueID: 0, Count: 4}, {Retry: true, QueueID: 0, Count: 5}}},
		{"retry first, scanned in the same order", DefaultBroker(), Decision{PriorityMode: true, RetryFirst: true}, twoEach, Backlog{3, 0}, 4,
			[]Read{{Retry: true, QueueID: 0, Count: 3}, {QueueID: 7, Count: 1}}},
		{"rotated scan (offset 10 of 8 starts at queue 1)", DefaultBroker(), Decision{RetryAfter: true, Offset: 10}, twoEach, nil, 3,
			[]Read{{QueueID: 1, Count: 2}, {QueueID: 0, Count: 1}}},
		{"FIFO pop: no retry topic", DefaultBroker(), Decision{}, Backlog{1, 0}, Backlog{9}, 5,
			[]Read{{QueueID: 0, Count: 1}}},
		{"nothing anywhere", DefaultBroker(), pm, Backlog{0, 0}, nil, 5, nil},
	}
	for _, tt := range tests {
		got, err := Drain(tt.b, tt.d, PathFile, tt.topic, tt.retry, tt.max)
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, got, tt.name)
	}
	_, err := Drain(DefaultBroker(), pm, PathFile, twoEach, nil, 0)
	wantInvalid(t, err, "maxMsgNums")
	_, err = Drain(DefaultBroker(), pm, PathFile, Backlog{1, -1}, nil, 1)
	wantInvalid(t, err, "topic")
	_, err = Drain(DefaultBroker(), pm, PathFile, twoEach, Backlog{-2}, 1)
	wantInvalid(t, err, "retry")
	_, err = Drain(desc, Decision{Offset: math.MaxInt32}, PathKV, twoEach, nil, 16)
	wantInvalid(t, err, "offset")
}

// The worked example end to end: a PRIORITY topic of 8 queues, messages of
// priority i on queue i, default broker and group: each request drains
// from priority 7 down, as the broker's integration test expects.
func TestPopOneRequestEndToEnd(t *testing.T) {
	t.Parallel()
	for randomQ := 0; randomQ < 100; randomQ++ {
		d, err := Decide(DefaultBroker(), prio, randomQ)
		require.NoError(t, err)
		got, err := Drain(DefaultBroker(), d, PathFile, Backlog{1, 1, 1, 1, 1, 1, 1, 1}, nil, 8)
		require.NoError(t, err)
		require.Len(t, got, 8)
		for i, r := range got {
			assert.Equal(t, Read{QueueID: int32(7 - i), Count: 1}, r)
		}
	}
}
