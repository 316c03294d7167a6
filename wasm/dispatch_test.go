package main

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// call runs op over req as index.js would and returns the response.
func call(t testing.TB, op int, req []byte) []byte {
	t.Helper()
	reserve(len(req) + 1)
	copy(reqBuf, req)
	ctl[4] = uint32(len(req))
	dispatch(op)
	require.True(t, ctl[2] == addr(respOut.b) && ctl[3] == uint32(len(respOut.b)), "response published in ctl")
	return append([]byte(nil), respOut.b...)
}

// responseError decodes an error response: code, class, field, message.
func responseError(t testing.TB, resp []byte) (code, class, field, msg string) {
	t.Helper()
	require.True(t, len(resp) > 0 && resp[0] == statusError, "want an error response")
	r := reader{b: resp[1:]}
	rd := func() string { n := r.uvarint(); s := string(r.b[r.p : r.p+int(n)]); r.p += int(n); return s }
	code, class, field, msg = rd(), rd(), rd(), rd()
	return
}

func inlineQueues(w *requestWriter, qs []alloc.MessageQueue) {
	w.u8(qlistInline)
	w.uvarint(uint64(len(qs)))
	for _, q := range qs {
		w.str(q.Topic)
		w.str(q.BrokerName)
		w.i32(q.QueueID)
	}
}

// allocateBytes writes allocate's request by hand (AVG of Java 4.9.3,
// inline queues and IDs) for the Go-only tests below;
// TestAllocateBytesReadsAsIntended pins it to the generated reader, which
// the golden requests pin to the JS encoder.
func allocateBytes(cid string, qs []alloc.MessageQueue, cids []string) []byte {
	w := newRequest()
	w.u8(clientJava493)
	w.str("AVG")
	w.u8(0)
	w.str("group")
	inlineQueues(w, qs)
	w.u8(cidsInline)
	w.uvarint(uint64(len(cids)) + 1)
	for _, c := range cids {
		w.str(c)
	}
	w.bool(false)
	w.bool(false)
	w.str(cid)
	return w.b
}

func TestAllocateBytesReadsAsIntended(t *testing.T) {
	qs := testkit.Queues("b", 2)
	bs := allocateBytes("c1", qs, []string{"c0", "c1", "c0"})
	r := reader{b: bs}
	got := readAllocateRequest(&r)
	require.NoError(t, r.err)
	assert.Equal(t, len(bs), r.p, "the reader consumes the whole request")
	want := allocateRequest{Client: clientJava493, Strategy: alloc.StrategySpec{Name: "AVG"}, ConsumerGroup: "group",
		MqAll: callQlist{qs: qs}, CidAll: cidsArg{l: &cidList{ids: []string{"c0", "c1", "c0"}}}, CurrentCID: "c1"}
	assert.Equal(t, want, got)
}

func TestAllocateAnswersWithRefsIntoMqAll(t *testing.T) {
	// AVG, 10 queues, 4 consumers: c1 gets queues 3, 4, 5.
	resp := call(t, opAllocate, allocateBytes("c1", testkit.Queues("b", 10), []string{"c0", "c1", "c2", "c3"}))
	require.Equal(t, byte(statusOK), resp[0])
	r := reader{b: resp[1:]}
	assert.Equal(t, uint64(4), r.uvarint(), "3 refs + 1")
	assert.Equal(t, []uint64{4, 5, 6}, []uint64{r.uvarint(), r.uvarint(), r.uvarint()}, "refs are positions + 1")
}

func TestJavaErrorsKeepTheirClassAndField(t *testing.T) {
	code, class, field, msg := responseError(t, call(t, opAllocate, allocateBytes("", testkit.Queues("b", 2), []string{"c"})))
	assert.Equal(t, "ERR_INVALID_ARGUMENT", code, "code")
	assert.Equal(t, alloc.IllegalArgumentException, class, "class")
	assert.Equal(t, "currentCID", field, "field")
	assert.Contains(t, msg, "currentCID is empty", "message")
}

func TestPanicsBecomeInternalErrors(t *testing.T) {
	const opPanic = 999
	register(opPanic, func(*reader, *writer) error { panic("boom") })
	defer delete(ops, opPanic)
	code, _, _, msg := responseError(t, call(t, opPanic, nil))
	assert.Equal(t, "ERR_INTERNAL", code, "code")
	assert.Contains(t, msg, "boom", "message")
	// The module still answers afterwards.
	resp := call(t, opAllocate, allocateBytes("c0", testkit.Queues("b", 1), []string{"c0"}))
	assert.Equal(t, byte(statusOK), resp[0], "status")
}

func TestUnknownOpIsUnsupported(t *testing.T) {
	code, _, _, _ := responseError(t, call(t, 12345, nil))
	assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
}

func TestTopicsAndProducersAreFreed(t *testing.T) {
	w := newRequest()
	inlineQueues(w, testkit.Queues("b", 3))
	resp := call(t, opTopicNew, w.b)
	r := reader{b: resp[1:]}
	id := r.uvarint()
	require.NotNil(t, topics[uint32(id)], "topic interned")
	var free writer
	free.uvarint(id)
	call(t, opTopicFree, free.b)
	require.Nil(t, topics[uint32(id)], "topic freed")
	// Using a freed topic is a clear error.
	q := newRequest()
	q.u8(qlistTopic)
	q.uvarint(id)
	q.u8(argInt)
	q.i32(1)
	code, _, _, _ := responseError(t, call(t, opSelectHash, q.b))
	assert.Equal(t, "ERR_DISPOSED", code, "code")
}

// A cursor finds an answer's queues in the view's order without the index,
// and falls back to it when they come out of order.
func TestRefCursorFindsInOrderWithoutIndex(t *testing.T) {
	qs := testkit.Queues("b", 6)
	v := &view{qs: qs}
	var c refCursor
	for _, want := range []int32{2, 3, 5} {
		q := qs[want]
		assert.Equal(t, want, v.find(&q, &c), "in order, by value")
	}
	assert.Nil(t, v.index, "no map for answers in the view's order")
	for _, want := range []int32{1, 4, 0} {
		q := qs[want]
		assert.Equal(t, want, v.find(&q, &c), "out of order")
	}
	assert.NotNil(t, v.index, "out of order falls back to the index")
	absent := alloc.MessageQueue{Topic: "X"}
	assert.Equal(t, int32(-1), v.find(&absent, &refCursor{}), "absent")
}

func TestViewFindsByAddressAndByValue(t *testing.T) {
	qs := testkit.Queues("b", 5)
	v := &view{qs: qs}
	assert.Equal(t, int32(3), v.find(&qs[3], nil), "by address")
	assert.Nil(t, v.index, "no map needed for sub-slices")
	c := qs[4]
	assert.Equal(t, int32(4), v.find(&c, nil), "a copy, by value")
	fresh := alloc.MessageQueue{Topic: string([]byte("T")), BrokerName: string([]byte("b")), QueueID: 2}
	assert.Equal(t, int32(2), v.find(&fresh, nil), "new strings, by value")
	other := alloc.MessageQueue{Topic: "X"}
	assert.Equal(t, int32(-1), v.find(&other, nil), "absent")
}

// FuzzDispatch: any bytes to any operation give a response (ok or error),
// never a panic that escapes.
func FuzzDispatch(f *testing.F) {
	f.Add(opAllocate, allocateBytes("c1", testkit.Queues("b", 4), []string{"c0", "c1"}))
	f.Add(opAllocateAll, allocateBytes("c1", testkit.Queues("b", 4), []string{"c0", "c1"}))
	f.Add(opRoute, []byte{0, 1, 0, 1, 'b', 2, 2, 12, 0, 0})
	f.Add(opAnalysisPlan, []byte{0, 0, 3, 'A', 'V', 'G', 0})
	f.Add(opRouteText, []byte{0, 1, 'T', 0, 2, '{', '}'})
	f.Add(opDoctorRun, []byte{3, 1, 0, 0, 0, 1, '{', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, op int, req []byte) {
		resp := call(t, op%48, req)
		require.True(t, len(resp) > 0 && (resp[0] == statusOK || resp[0] == statusError || resp[0] == statusInputError), "a response")
	})
}

func TestRandomRequestsNeverKillTheModule(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seeds := [][]byte{allocateBytes("c1", testkit.Queues("b", 6), []string{"c0", "c1", "c2"})}
	for i := 0; i < 5000; i++ {
		b := append([]byte(nil), seeds[0]...)
		for k := rng.IntN(4); k >= 0; k-- {
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		}
		if rng.IntN(4) == 0 {
			b = b[:rng.IntN(len(b))]
		}
		resp := call(t, 1+rng.IntN(26), b)
		require.True(t, len(resp) > 0, "a response")
	}
	resp := call(t, opAllocate, seeds[0])
	assert.Equal(t, byte(statusOK), resp[0], "status after fuzzing")
}

// nestedSpecRequest is a strategyName request: NEARBY wrapped around NEARBY
// levels deep, AVG at the bottom, every level with resolver "@", 0, 1.
func nestedSpecRequest(levels int) []byte {
	w := newRequest()
	w.u8(clientJava493)
	for range levels {
		w.str("MACHINE_ROOM_NEARBY")
		w.u8(specFlagInner | specFlagResolver)
	}
	w.str("AVG")
	w.u8(0)
	for range levels {
		w.str("@")
		w.i32(0)
		w.i32(1)
	}
	return w.b
}

// TestSpecNestingLimitIsAllocs: the boundary reads up to
// wireLimitSpecDepth levels, past alloc.MaxSpecDepth, so too deep a spec
// gets alloc's named ERR_LIMIT error (a limit of this port, no Java class).
func TestSpecNestingLimitIsAllocs(t *testing.T) {
	resp := call(t, opStrategyName, nestedSpecRequest(alloc.MaxSpecDepth))
	require.Equal(t, byte(statusOK), resp[0], "MaxSpecDepth levels of nesting build")
	code, class, field, msg := responseError(t, call(t, opStrategyName, nestedSpecRequest(alloc.MaxSpecDepth+1)))
	assert.Equal(t, "ERR_LIMIT", code)
	assert.Equal(t, "", class)
	assert.Equal(t, "strategy"+strings.Repeat(".inner", alloc.MaxSpecDepth+1), field)
	assert.Contains(t, msg, "nested deeper than 16")
	// Deeper than the wire carries (the JS side never sends it): malformed, not a crash.
	code, _, _, msg = responseError(t, call(t, opStrategyName, nestedSpecRequest(wireLimitSpecDepth+1)))
	assert.Equal(t, "ERR_INTERNAL", code)
	assert.Contains(t, msg, "malformed request")
}

// TestMetaListsTheClients: meta lists the clients an allocate request
// names, by client byte, each with the Java versions that name it too and
// its sort (1 Java's, 2 the Go client's): what the JS package reads.
func TestMetaListsTheClients(t *testing.T) {
	got := readMeta(t, call(t, opMeta, nil)).clients
	assert.Equal(t, []metaClient{
		{profile: "java-4.9.3", versions: []string{"4.9.3"}, order: 1},
		{profile: "java-5.3.3", versions: []string{"5.3.3"}, order: 1},
		{profile: "go-client-2.1.2", order: 2},
	}, got)
}

// The client profile constants the generator reads are the clients' own names.
func TestClientProfilesAreTheClientsNames(t *testing.T) {
	require.Equal(t, alloc.Java493.Name(), clientProfileJava493)
	require.Equal(t, alloc.Java533.Name(), clientProfileJava533)
	require.Equal(t, goclient.Client.Name(), clientProfileGo)
}
