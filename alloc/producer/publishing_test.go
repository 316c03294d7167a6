package producer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

var twoBrokers = map[string]Endpoints{"a": {"10.0.0.1:8081"}, "b": {"10.0.1.1:8081"}}

func take(t *testing.T, c BalancerClient, start int32, isolated []Endpoints, count int) []alloc.MessageQueue {
	t.Helper()
	b, err := NewPublishingBalancer(c, testkit.QueuesOn(2, "a", "b"), twoBrokers, start)
	require.NoError(t, err)
	return b.Take(isolated, count)
}

func TestTakeMessageQueuesWorkedExamples(t *testing.T) {
	// Index 0, three attempts wanted, nothing isolated.
	// Go 5.1.4: Inc gives 1, every position is 1+1 = 2: one queue only.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("b", 0)}, take(t, BalancerGo514, 0, nil, 3))
	// Fixed: positions 1, 2, 3, 0: a1, then b0 (a taken already).
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 1), testkit.Q("b", 0)}, take(t, BalancerGoFixed, 0, nil, 3))
	// Java: getAndIncrement gives 0: positions 0, 1, 2, 3.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("b", 0)}, take(t, BalancerJava, 0, nil, 3))
}

func TestTakeMessageQueuesIsolation(t *testing.T) {
	isoB := []Endpoints{{"10.0.1.1:8081"}}
	// Go 5.1.4 looks at b0 only; b isolated: the fallback looks at b0 again.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("b", 0)}, take(t, BalancerGo514, 0, isoB, 3))
	// Fixed: a1 is taken, b skipped.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 1)}, take(t, BalancerGoFixed, 0, isoB, 3))
	// Everything isolated: Java's fallback continues at position 4 = 0.
	all := []Endpoints{{"10.0.0.1:8081"}, {"10.0.1.1:8081"}}
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("b", 0)}, take(t, BalancerJava, 0, all, 3))
}

func TestTakeMessageQueuesEndpointMatching(t *testing.T) {
	eps := map[string]Endpoints{"a": {"h1:1", "h2:1"}, "b": {"h3:1"}}
	for _, c := range []struct {
		client BalancerClient
		want   []alloc.MessageQueue
	}{
		{BalancerGoFixed, []alloc.MessageQueue{testkit.Q("b", 0)}},                 // one address of a is enough
		{BalancerJava, []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("b", 0)}}, // Java needs the whole Endpoints
	} {
		b, err := NewPublishingBalancer(c.client, testkit.QueuesOn(1, "a", "b"), eps, 1)
		require.NoError(t, err)
		if c.client == BalancerJava {
			b.index = 0
		}
		require.Equal(t, c.want, b.Take([]Endpoints{{"h2:1"}}, 2), "client %d", c.client)
	}
}

func TestTakeMessageQueuesCountZero(t *testing.T) {
	isoA := []Endpoints{{"10.0.0.1:8081"}}
	// Go skips the count check when it skips a queue: a 0 count still takes b0.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("b", 0)}, take(t, BalancerGoFixed, 0, isoA, 0))
	// Java checks after every position: nothing.
	require.Empty(t, take(t, BalancerJava, 0, isoA, 0))
}

func TestTakeMessageQueuesIndexWraps(t *testing.T) {
	b, err := NewPublishingBalancer(BalancerGoFixed, testkit.Queues("a", 3), nil, 2147483647)
	require.NoError(t, err)
	// Inc wraps to -2^31; floorMod(-2^31, 3) = 1.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 1)}, b.Take(nil, 1))
	require.Equal(t, int32(-2147483648), b.Index())
}

func TestNewPublishingBalancerErrors(t *testing.T) {
	_, err := NewPublishingBalancer(BalancerGo514, nil, nil, 0)
	wantJavaError(t, err, GoErrorClass, alloc.ErrInvalidArgument)
	_, err = NewPublishingBalancer(BalancerJava, nil, nil, 0)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
	_, err = NewPublishingBalancer(BalancerClient(9), testkit.Queues("a", 1), nil, 0)
	wantJavaError(t, err, alloc.IllegalArgumentException, alloc.ErrInvalidArgument)
}
