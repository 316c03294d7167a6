//go:build rmqfull

package main

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answeredError is err as the module answers it: code, field.
func answeredError(t testing.TB, err error) (code, field string) {
	t.Helper()
	require.Error(t, err)
	var w writer
	writeError(&w, err)
	code, _, field, _ = responseError(t, w.b)
	return code, field
}

var fourQueues = []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("a", 1), testkit.Q("b", 0), testkit.Q("b", 1)}

func takeRequest(client byte, count int32) takeMessageQueuesRequest {
	return takeMessageQueuesRequest{
		Client: client, Mqs: callQlist{qs: fourQueues},
		Endpoints: []wireBrokerEndpoints{{"a", []string{"10.0.0.1:8081"}}, {"b", []string{"10.0.1.1:8081"}}},
		Steps:     []wireTakeStep{{Count: count}}, // nothing isolated
	}
}

func TestTakeMessageQueuesOp(t *testing.T) {
	for _, c := range []struct {
		client byte
		want   []alloc.MessageQueue
		index  int32
	}{
		{0, []alloc.MessageQueue{testkit.Q("b", 0)}, 1},                    // golang/v5 5.1.4: position next+1 only
		{1, []alloc.MessageQueue{testkit.Q("a", 1), testkit.Q("b", 0)}, 1}, // with #1324
		{2, []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("b", 0)}, 1}, // Java: getAndIncrement
	} {
		got, err := handleTakeMessageQueues(takeRequest(c.client, 3))
		require.NoError(t, err, "client %d", c.client)
		assert.Equal(t, [][]alloc.MessageQueue{c.want}, got.Steps, "client %d", c.client)
		assert.Equal(t, c.index, got.Index, "index after the step")
	}
}

func TestTakeMessageQueuesOpBadClient(t *testing.T) {
	_, err := handleTakeMessageQueues(takeRequest(7, 1))
	code, field := answeredError(t, err)
	assert.Equal(t, "ERR_INVALID_ARGUMENT", code)
	assert.Equal(t, "client", field)
}

func goSelectCase(selector byte, mqs []alloc.MessageQueue, steps int) goSelectRequest {
	q := goSelectRequest{Selector: selector, Seed: 42, Mqs: callQlist{qs: mqs}}
	for range steps {
		q.Steps = append(q.Steps, wireGoSend{Topic: testkit.Topic}) // the request's list, no last broker, key or queue set
	}
	return q
}

func TestGoSelectOp(t *testing.T) {
	got, err := handleGoSelect(goSelectCase(goSelectorRoundRobin, fourQueues, 3))
	require.NoError(t, err)
	want := []*wireQueue{{testkit.Topic, "a", 1}, {testkit.Topic, "b", 0}, {testkit.Topic, "b", 1}}
	assert.Equal(t, want, got.Picks, "round robin starts at position 1")
	// manual with no queue set: none.
	got, err = handleGoSelect(goSelectCase(goSelectorManual, fourQueues, 1))
	require.NoError(t, err)
	assert.Equal(t, []*wireQueue{nil}, got.Picks)
	_, err = handleGoSelect(goSelectCase(goSelectorManual+1, fourQueues, 1))
	_, field := answeredError(t, err)
	assert.Equal(t, "selector", field)
	_, err = handleGoSelect(goSelectCase(goSelectorRandom, nil, 1))
	code, field := answeredError(t, err)
	assert.Equal(t, "ERR_PANIC", code, "the Go client panics on an empty list")
	assert.Equal(t, "mqs", field)
}

func TestGoRouteOp(t *testing.T) {
	req := func(nullAddrs []uint64, asProducer bool) goRouteRequest {
		rt := &route.Route{}
		for _, b := range []string{"a", "b"} {
			rt.QueueDatas = append(rt.QueueDatas, route.QueueData{BrokerName: b, ReadQueueNums: 1, WriteQueueNums: 1, Perm: 6})
			rt.BrokerDatas = append(rt.BrokerDatas, route.BrokerData{Cluster: "c", BrokerName: b, BrokerAddrs: map[string]string{"0": "10.0.0.1:10911"}})
		}
		return goRouteRequest{Topic: "T", Route: rt, NullBrokerAddrs: nullAddrs, Producer: asProducer}
	}
	got, err := handleGoRoute(req(nil, false))
	require.NoError(t, err)
	assert.Equal(t, []alloc.MessageQueue{testkit.Q("b", 0), testkit.Q("a", 0)}, got.Queues, "the index comparator reverses")
	got, err = handleGoRoute(req(nil, true))
	require.NoError(t, err)
	assert.Equal(t, []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("b", 0)}, got.Queues, "a producer's list: reversed twice")
	_, err = handleGoRoute(req([]uint64{1}, false))
	code, field := answeredError(t, err)
	assert.Equal(t, "ERR_PANIC", code)
	assert.Equal(t, "brokerDatas[1].brokerAddrs", field)
	_, err = handleGoRoute(req([]uint64{2}, false))
	_, field = answeredError(t, err)
	assert.Equal(t, "nullBrokerAddrs", field, "an index past brokerDatas")
}
