package main

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// declaredSample exercises every kind of the walker: an absent optional, an
// empty list, a list of records and the raw rest.
type declaredSample struct {
	N    uint64
	Q    *[]int64
	L    []wirePriorityRead
	E    []int32
	Rest []byte
}

var wtDeclaredSample = wtype{kind: wkRec, fields: []wfield{
	{unsafe.Offsetof(declaredSample{}.N), &wtUvarint},
	{unsafe.Offsetof(declaredSample{}.Q), &wtOptListInt64f},
	{unsafe.Offsetof(declaredSample{}.L), &wtListRecPriorityRead},
	{unsafe.Offsetof(declaredSample{}.E), &wtListI32},
	{unsafe.Offsetof(declaredSample{}.Rest), &wtRaw},
}}

func TestDeclaredWalkerRoundTrips(t *testing.T) {
	t.Parallel()
	for name, v := range map[string]declaredSample{
		"absent optional, empty lists, empty rest": {N: 5, L: []wirePriorityRead{}, E: []int32{}, Rest: []byte{}},
		"present values": {N: 1 << 40, Q: ptrTo([]int64{-3, 1 << 52}), L: []wirePriorityRead{{Retry: true, QueueId: -1, Count: 7}, {QueueId: 2}},
			E: []int32{-1 << 31, 1<<31 - 1}, Rest: []byte(`{"a":1}`)},
	} {
		var w writer
		w.value(unsafe.Pointer(&v), &wtDeclaredSample)
		var got declaredSample
		r := reader{b: w.b}
		require.NoError(t, r.request(unsafe.Pointer(&got), &wtDeclaredSample), name)
		assert.Equal(t, v, got, name)
		assert.Equal(t, len(w.b), r.p, name)
	}
}

func TestDeclaredListCountIsBounded(t *testing.T) {
	t.Parallel()
	// A count of 2^40 elements in 3 bytes is malformed, not an allocation.
	var got declaredSample
	r := reader{b: []byte{1, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20}}
	assert.True(t, malformed(r.request(unsafe.Pointer(&got), &wtDeclaredSample)))
}
