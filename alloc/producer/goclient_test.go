package producer

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func master(names ...string) []route.BrokerData {
	var out []route.BrokerData
	for _, n := range names {
		out = append(out, route.BrokerData{BrokerName: n, BrokerAddrs: map[string]string{"0": "10.0.0.1:10911"}})
	}
	return out
}

func TestGoPublishQueuesReversesUpToTwelveEntries(t *testing.T) {
	r := &route.Route{
		QueueDatas:  []route.QueueData{{BrokerName: "a", WriteQueueNums: 2, Perm: 6}, {BrokerName: "b", WriteQueueNums: 1, Perm: 6}, {BrokerName: "c", WriteQueueNums: 1, Perm: 4}},
		BrokerDatas: master("a", "b", "c"),
	}
	got, err := GoPublishQueues("T", r)
	require.NoError(t, err)
	// c is read-only; b comes before a: the index comparator reverses short lists.
	require.Equal(t, []alloc.MessageQueue{testkit.Q("b", 0), testkit.Q("a", 0), testkit.Q("a", 1)}, got)
}

func TestGoProducerPublishQueuesSortsTwice(t *testing.T) {
	// The kit's T_gop_rr route: broker-a 3 queues, broker-b 5. One
	// routeData2PublishInfo reverses the two entries; the producer's list
	// comes from the second call on the reordered clone: route order.
	r := &route.Route{
		QueueDatas:  []route.QueueData{{BrokerName: "broker-a", WriteQueueNums: 3, Perm: 6}, {BrokerName: "broker-b", WriteQueueNums: 5, Perm: 6}},
		BrokerDatas: master("broker-a", "broker-b"),
	}
	once, err := GoPublishQueues("T", r)
	require.NoError(t, err)
	require.Equal(t, "broker-b", once[0].BrokerName)
	got, err := GoProducerPublishQueues("T", r)
	require.NoError(t, err)
	require.Equal(t, []alloc.MessageQueue{testkit.Q("broker-a", 0), testkit.Q("broker-a", 1), testkit.Q("broker-a", 2),
		testkit.Q("broker-b", 0), testkit.Q("broker-b", 1), testkit.Q("broker-b", 2), testkit.Q("broker-b", 3), testkit.Q("broker-b", 4)}, got)
	require.Equal(t, "broker-a", r.QueueDatas[0].BrokerName, "the caller's route is not reordered")

	// 13 entries: the permutation applied twice, which is no longer the
	// identity.
	var big route.Route
	var names []string
	for i := 0; i < 13; i++ {
		n := string(rune('a' + i))
		names = append(names, n)
		big.QueueDatas = append(big.QueueDatas, route.QueueData{BrokerName: n, WriteQueueNums: 1, Perm: 6})
	}
	big.BrokerDatas = master(names...)
	got, err = GoProducerPublishQueues("T", &big)
	require.NoError(t, err)
	o := goSliceOrder(13)
	for k := range got {
		require.Equal(t, got[k].BrokerName, names[o[o[k]]], "position %d", k)
	}

	_, err = GoProducerPublishQueues("T", &route.Route{})
	wantJavaError(t, err, GoErrorClass, alloc.ErrInvalidArgument)
}

func TestGoSliceOrderPastInsertionSort(t *testing.T) {
	for n := 0; n <= 12; n++ {
		o := goSliceOrder(n)
		for k := range o {
			require.Equal(t, n-1-k, o[k], "n=%d", n)
		}
	}
	o := goSliceOrder(13)
	require.NotEqual(t, 12, o[0], "13 entries are no longer a plain reversal")
	require.ElementsMatch(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, o)
}

func TestGoPublishQueuesIgnoresOrderTopicConfAndNeedsMaster(t *testing.T) {
	conf := "a:4"
	r := &route.Route{
		OrderTopicConf: &conf,
		QueueDatas:     []route.QueueData{{BrokerName: "a", WriteQueueNums: 1, Perm: 6}, {BrokerName: "b", WriteQueueNums: 3, Perm: 6}},
		BrokerDatas:    []route.BrokerData{{BrokerName: "b", BrokerAddrs: map[string]string{"1": "x:1"}}, {BrokerName: "a", BrokerAddrs: map[string]string{"0": "y:1"}}},
	}
	got, err := GoPublishQueues("T", r)
	require.NoError(t, err)
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 0)}, got)
}

func TestGoPublishQueuesDecoderFailures(t *testing.T) {
	_, err := GoPublishQueues("T", &route.Route{})
	wantJavaError(t, err, GoErrorClass, alloc.ErrInvalidArgument)
	_, err = GoPublishQueues("T", &route.Route{QueueDatas: []route.QueueData{}, BrokerDatas: []route.BrokerData{{BrokerName: "a"}}})
	wantJavaError(t, err, goclient.PanicClass, goclient.ErrPanic)
	require.ErrorContains(t, err, "brokerDatas[0].brokerAddrs")
}

func TestGoRoundRobinStartsAtOneAndWraps(t *testing.T) {
	mqs := testkit.Parse("a/0 a/1 b/0")
	rr := NewGoRoundRobin()
	var got []alloc.MessageQueue
	for range 4 {
		m, err := rr.Select("T", mqs, "")
		require.NoError(t, err)
		got = append(got, m)
	}
	require.Equal(t, []alloc.MessageQueue{testkit.Q("a", 1), testkit.Q("b", 0), testkit.Q("a", 0), testkit.Q("a", 1)}, got)
	// 2^32-1 then 0: the uint32 counter wraps (2^32 % 3 != 0).
	rr.SetIndex("T", 1<<32-2)
	m, _ := rr.Select("T", mqs, "")
	require.Equal(t, testkit.Q("a", 0), m) // 4294967295 % 3 = 0
	m, _ = rr.Select("T", mqs, "")
	require.Equal(t, testkit.Q("a", 0), m) // 0 % 3
}

func TestGoRoundRobinAvoidsLastBroker(t *testing.T) {
	mqs := testkit.Parse("a/0 a/1 b/0")
	rr := NewGoRoundRobin()
	m, err := rr.Select("T", mqs, "a") // position 1 is a, 2 is b
	require.NoError(t, err)
	require.Equal(t, testkit.Q("b", 0), m)
	require.Equal(t, uint32(2), rr.Index("T"))
	// Only broker a: n tries, then one more step.
	m, _ = NewGoRoundRobin().Select("T", testkit.Queues("a", 2), "a")
	require.Equal(t, testkit.Q("a", 1), m) // counter 3 → 3 % 2
}

func TestGoSelectorsPanicOnEmpty(t *testing.T) {
	_, err := NewGoRoundRobin().Select("T", nil, "a")
	wantJavaError(t, err, goclient.PanicClass, goclient.ErrPanic)
	_, err = NewGoRandom(rand.New(rand.NewSource(1))).Select(nil)
	wantJavaError(t, err, goclient.PanicClass, goclient.ErrPanic)
	_, err = NewGoHash(nil).Select(nil, "k")
	wantJavaError(t, err, goclient.PanicClass, goclient.ErrPanic)
}

func TestGoHashIndexIsFNV1a(t *testing.T) {
	// FNV-1a 32 of "a" is 0xe40c292c = 3826002220; 3826002220 % 7 = 5.
	i, err := GoHashIndex("a", 7)
	require.NoError(t, err)
	require.Equal(t, 5, i)
	// Without a key the hash selector draws like a random one of the same seed.
	mqs := testkit.Queues("a", 5)
	h, r := NewGoHash(rand.New(rand.NewSource(42))), NewGoRandom(rand.New(rand.NewSource(42)))
	for range 5 {
		x, _ := h.Select(mqs, "")
		y, _ := r.Select(mqs)
		require.Equal(t, y, x)
	}
	// No source: a keyless message cannot be placed; a keyed one can.
	_, err = NewGoHash(nil).Select(mqs, "")
	require.ErrorIs(t, err, alloc.ErrUnsupported)
	_, err = NewGoHash(nil).Select(mqs, "k")
	require.NoError(t, err)
}
