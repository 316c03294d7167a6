package main

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// requestWriter encodes a request the way js/lib/wire.js does (string
// table included), for the tests.
type requestWriter struct {
	writer
	table map[string]uint64
}

func newRequest() *requestWriter { return &requestWriter{table: map[string]uint64{}} }

func (w *requestWriter) str(s string) {
	if k, ok := w.table[s]; ok {
		w.uvarint(k)
		return
	}
	w.table[s] = uint64(len(w.table) + 1)
	w.uvarint(0)
	w.writer.str(s)
}

func TestCodecRoundTrip(t *testing.T) {
	w := newRequest()
	ints := []int32{0, 1, -1, 63, -64, math.MaxInt32, math.MinInt32}
	for _, v := range ints {
		w.i32(v)
	}
	w.uvarint(1<<53 - 1)
	w.f64(-0.5)
	w.f64(1700015855038)
	w.i64(math.MinInt64)
	w.bool(true)
	for _, s := range []string{"", "topic", "😀 中文", "topic", "\x00", "😀 中文"} {
		w.str(s)
	}
	r := reader{b: w.b}
	for _, v := range ints {
		assert.Equal(t, v, r.i32(), "i32")
	}
	assert.Equal(t, uint64(1<<53-1), r.uvarint(), "uvarint")
	assert.Equal(t, -0.5, r.f64(), "f64")
	assert.Equal(t, int64(1700015855038), r.int64f(), "int64f")
	assert.Equal(t, int64(math.MinInt64), r.i64(), "i64")
	assert.True(t, r.bool(), "bool")
	for _, s := range []string{"", "topic", "😀 中文", "topic", "\x00", "😀 中文"} {
		assert.Equal(t, s, r.str(), "str")
	}
	require.NoError(t, r.err, "no error")
	assert.Equal(t, len(w.b), r.p, "everything read")
	assert.Len(t, r.strs, 4, "repeats come from the table")
}

func TestReaderRejectsMalformedInput(t *testing.T) {
	cases := map[string][]byte{
		"empty":               {},
		"varint too long":     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
		"string past the end": {0, 10, 'a'},
		"unknown table entry": {3},
		"i32 over 32 bits":    {0xff, 0xff, 0xff, 0xff, 0x7f},
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			r := reader{b: b}
			r.str()
			r.i32()
			r.f64()
			require.True(t, malformed(r.err), "want a malformed-request error")
		})
	}
	// A count larger than the bytes left cannot allocate.
	r := reader{b: []byte{0xff, 0xff, 0xff, 0xff, 0x0f}}
	assert.Equal(t, 0, r.count(3), "count")
	require.True(t, malformed(r.err), "want a malformed-request error")
}

func TestInt64fRejectsFractions(t *testing.T) {
	for _, f := range []float64{0.5, math.NaN(), math.Inf(1), 1 << 60} {
		var w writer
		w.f64(f)
		r := reader{b: w.b}
		r.int64f()
		require.True(t, r.err != nil, "fraction accepted")
	}
}
