//go:build rmqfull

package main

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawStr reads a response string (uvarint length, bytes: no table).
func rawStr(r *reader) string {
	n := int(r.uvarint())
	s := string(r.b[r.p : r.p+n])
	r.p += n
	return s
}

// readQueueAnswer reads one writeQueues answer (every queue written out).
func readQueueAnswer(r *reader) []alloc.MessageQueue {
	n := r.uvarint()
	if n == 0 {
		return nil
	}
	out := make([]alloc.MessageQueue, n-1)
	for i := range out {
		r.uvarint() // 0: no base list
		out[i] = alloc.MessageQueue{Topic: rawStr(r), BrokerName: rawStr(r), QueueID: r.i32()}
	}
	return out
}

var fourQueues = []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("a", 1), testkit.Q("b", 0), testkit.Q("b", 1)}

func takeRequest(client byte, count int32) []byte {
	w := newRequest()
	w.u8(client)
	inlineQueues(w, fourQueues)
	w.uvarint(2) // endpoints
	w.str("a")
	w.uvarint(1)
	w.str("10.0.0.1:8081")
	w.str("b")
	w.uvarint(1)
	w.str("10.0.1.1:8081")
	w.i32(0)     // start index
	w.uvarint(1) // one step
	w.uvarint(0) // nothing isolated
	w.i32(count)
	return w.b
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
		resp := call(t, opTakeMessageQueues, takeRequest(c.client, 3))
		require.Equal(t, byte(statusOK), resp[0], "client %d: %s", c.client, resp[1:])
		r := reader{b: resp[1:]}
		require.Equal(t, uint64(1), r.uvarint(), "one step")
		assert.Equal(t, c.want, readQueueAnswer(&r), "client %d", c.client)
		assert.Equal(t, c.index, r.i32(), "index after the step")
	}
}

func TestTakeMessageQueuesOpBadClient(t *testing.T) {
	code, _, field, _ := responseError(t, call(t, opTakeMessageQueues, takeRequest(7, 1)))
	assert.Equal(t, "ERR_INVALID_ARGUMENT", code)
	assert.Equal(t, "client", field)
	resp := call(t, opTakeMessageQueues, takeRequest(0, 1))
	assert.Equal(t, byte(statusOK), resp[0], "the module still answers")
}

func goSelectRequest(selector byte, mqs []alloc.MessageQueue, steps int) []byte {
	w := newRequest()
	w.u8(selector)
	w.i64(42)    // seed
	w.uvarint(0) // no start indexes
	inlineQueues(w, mqs)
	w.uvarint(uint64(steps))
	for range steps {
		w.str("T")
		w.bool(false) // the case's list
		w.str("")     // no last broker
		w.str("")     // no sharding key
		w.bool(false) // no queue set
	}
	return w.b
}

func TestGoSelectOp(t *testing.T) {
	resp := call(t, opGoSelect, goSelectRequest(goSelectorRoundRobin, fourQueues, 3))
	require.Equal(t, byte(statusOK), resp[0], "%s", resp[1:])
	r := reader{b: resp[1:]}
	require.Equal(t, uint64(3), r.uvarint())
	for _, want := range []alloc.MessageQueue{testkit.Q("a", 1), testkit.Q("b", 0), testkit.Q("b", 1)} {
		assert.Equal(t, []alloc.MessageQueue{want}, readQueueAnswer(&r), "round robin starts at position 1")
	}
	// manual with no queue set: null.
	resp = call(t, opGoSelect, goSelectRequest(goSelectorManual, fourQueues, 1))
	r = reader{b: resp[1:]}
	require.Equal(t, uint64(1), r.uvarint())
	assert.Nil(t, readQueueAnswer(&r))
}

func TestGoSelectOpPanicIsAnError(t *testing.T) {
	code, _, field, _ := responseError(t, call(t, opGoSelect, goSelectRequest(goSelectorRandom, nil, 1)))
	assert.Equal(t, "ERR_PANIC", code, "the Go client panics on an empty list")
	assert.Equal(t, "mqs", field)
}

func TestGoRouteOp(t *testing.T) {
	route := func(nullAddrs, asProducer bool) []byte {
		w := newRequest()
		w.str("T")
		w.u8(0)      // no orderTopicConf
		w.uvarint(2) // queueDatas
		for _, b := range []string{"a", "b"} {
			w.str(b)
			w.i32(1)
			w.i32(1)
			w.i32(6)
			w.i32(0)
		}
		w.uvarint(2) // brokerDatas
		for _, b := range []string{"a", "b"} {
			w.str("c")
			w.str(b)
			w.uvarint(1)
			w.str("0")
			w.str("10.0.0.1:10911")
		}
		w.bool(false) // queueDatas not null
		if nullAddrs {
			w.uvarint(1)
			w.uvarint(1)
		} else {
			w.uvarint(0)
		}
		w.bool(asProducer)
		return w.b
	}
	resp := call(t, opGoRoute, route(false, false))
	require.Equal(t, byte(statusOK), resp[0], "%s", resp[1:])
	r := reader{b: resp[1:]}
	assert.Equal(t, []alloc.MessageQueue{testkit.Q("b", 0), testkit.Q("a", 0)}, readQueueAnswer(&r), "the index comparator reverses")
	resp = call(t, opGoRoute, route(false, true))
	require.Equal(t, byte(statusOK), resp[0], "%s", resp[1:])
	r = reader{b: resp[1:]}
	assert.Equal(t, []alloc.MessageQueue{testkit.Q("a", 0), testkit.Q("b", 0)}, readQueueAnswer(&r), "a producer's list: reversed twice")
	code, _, field, _ := responseError(t, call(t, opGoRoute, route(true, false)))
	assert.Equal(t, "ERR_PANIC", code)
	assert.Equal(t, "brokerDatas[1].brokerAddrs", field)
}
