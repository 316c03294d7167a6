package main

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// declaredSample exercises every kind of the walker: an absent optional, an
// empty list, a list of records and the raw rest. Its descriptors are
// written here, as gentables writes them, so the test needs no declared
// op of either build.
type declaredSample struct {
	N    uint64
	Q    *[]int64
	L    []sampleRead
	E    []int32
	Rest []byte
}

type sampleRead struct {
	Retry   bool
	QueueId int32
	Count   int32
}

func mkSlice[T any](n int) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(make([]T, n))) }

var (
	wtSampleRead = wtype{kind: wkRec, size: unsafe.Sizeof(sampleRead{}), mk: mkSlice[sampleRead], fields: []wfield{
		{unsafe.Offsetof(sampleRead{}.Retry), &wtBool},
		{unsafe.Offsetof(sampleRead{}.QueueId), &wtI32},
		{unsafe.Offsetof(sampleRead{}.Count), &wtI32},
	}}
	wtSampleListRead    = wtype{kind: wkList, min: 3, size: unsafe.Sizeof([]sampleRead{}), elem: &wtSampleRead, mk: mkSlice[sampleRead]}
	wtSampleListI32     = wtype{kind: wkList, min: 1, size: unsafe.Sizeof([]int32{}), elem: &wtI32, mk: mkSlice[int32]}
	wtSampleListI64f    = wtype{kind: wkList, min: 8, size: unsafe.Sizeof([]int64{}), elem: &wtInt64f, mk: mkSlice[int64]}
	wtSampleOptListI64f = wtype{kind: wkOpt, min: 1, size: unsafe.Sizeof((*[]int64)(nil)), elem: &wtSampleListI64f, mk: mkSlice[[]int64]}
)

var wtDeclaredSample = wtype{kind: wkRec, fields: []wfield{
	{unsafe.Offsetof(declaredSample{}.N), &wtUvarint},
	{unsafe.Offsetof(declaredSample{}.Q), &wtSampleOptListI64f},
	{unsafe.Offsetof(declaredSample{}.L), &wtSampleListRead},
	{unsafe.Offsetof(declaredSample{}.E), &wtSampleListI32},
	{unsafe.Offsetof(declaredSample{}.Rest), &wtRaw},
}}

func TestDeclaredWalkerRoundTrips(t *testing.T) {
	t.Parallel()
	for name, v := range map[string]declaredSample{
		"absent optional, empty lists, empty rest": {N: 5, L: []sampleRead{}, E: []int32{}, Rest: []byte{}},
		"present values": {N: 1 << 40, Q: ptrTo([]int64{-3, 1 << 52}), L: []sampleRead{{Retry: true, QueueId: -1, Count: 7}, {QueueId: 2}},
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
