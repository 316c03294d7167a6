package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wireSample is one golden request (ops_samples_generated_test.go): the
// operation, its generated reader and what the request decodes to.
type wireSample struct {
	name   string
	op     int
	decode func(*reader) any
	want   any
}

// decodeDeclared reads a request of type T with its descriptor t.
func decodeDeclared[T any](t *wtype) func(*reader) any {
	return func(r *reader) any {
		var q T
		r.value(unsafe.Pointer(&q), t)
		return q
	}
}

func ptrTo[T any](v T) *T { return &v }

// customSample is one custom value's golden bytes (internal/wireschema's
// SampleHex) and the Go value they are (SampleGo); read and write are its
// declared GoRead and GoWrite, nil when it has none.
type customSample struct {
	name  string
	hex   string
	strs  int // new strings in hex (wireschema.CustomType.SampleStrs)
	want  any
	read  func(*reader) any
	write func(*writer)
}

// TestCustomValuesMatchTheirGoldenBytes: each hand-written custom layout
// reads its golden bytes as its golden value and writes that value as
// those bytes (js/test/wire-golden.test.mjs checks the JS side on the
// same bytes).
func TestCustomValuesMatchTheirGoldenBytes(t *testing.T) {
	for _, c := range customSamples {
		t.Run(c.name, func(t *testing.T) {
			bs, err := hex.DecodeString(c.hex)
			require.NoError(t, err)
			if c.read != nil {
				r := reader{b: bs}
				got := c.read(&r)
				require.NoError(t, r.err)
				assert.Equal(t, c.want, got, "the golden bytes read")
				assert.Equal(t, len(bs), r.p, "the reader consumes them all")
				assert.Len(t, r.strs, c.strs, "the new strings the bytes hold (SampleStrs)")
			}
			if c.write != nil {
				var w writer
				c.write(&w)
				assert.Equal(t, c.hex, hex.EncodeToString(w.b), "the golden value written")
			}
		})
	}
}

// TestGoldenRequestsDecode reads the request bytes the real JS encoders
// wrote (testdata/wire/golden.json, by scripts/wire-golden.mjs in make
// generate) with the generated Go readers: a layout that drifts between
// the two sides fails here, natively, without Chromium.
func TestGoldenRequestsDecode(t *testing.T) {
	b, err := os.ReadFile("testdata/wire/golden.json")
	require.NoError(t, err)
	var golden struct {
		Schema   string            `json:"schema"`
		Requests map[string]string `json:"requests"`
	}
	require.NoError(t, json.Unmarshal(b, &golden))
	require.Equal(t, tablesHash, golden.Schema, "testdata/wire/golden.json was written for another schema: run make generate")
	inBuild := map[string]bool{}
	for _, s := range wireSamples {
		inBuild[s.name] = true
	}
	for name := range golden.Requests {
		// The core build has no types for the full build's ops: it refuses them.
		_, full := fullOps[name]
		assert.True(t, inBuild[name] || full && build == "core", "golden request %s is a declared operation of this build", name)
	}
	for name, op := range fullOps {
		_, registered := ops[op]
		assert.True(t, registered, "full-build op %s is registered in this build (the core one refuses it)", name)
	}
	for _, s := range wireSamples {
		t.Run(s.name, func(t *testing.T) {
			raw, ok := golden.Requests[s.name]
			require.True(t, ok, "no golden request for %s: run make generate", s.name)
			bs, err := hex.DecodeString(raw)
			require.NoError(t, err)
			r := reader{b: bs}
			got := s.decode(&r)
			require.NoError(t, r.err)
			assert.Equal(t, len(bs), r.p, "the reader consumes the whole request")
			assert.Equal(t, s.want, got)
			_, registered := ops[s.op]
			assert.True(t, registered, "op %d is registered in this build", s.op)
		})
	}
}

// TestGoldenRequestsCutShortAreMalformed: every prefix of a golden request
// is refused as malformed, never read as another value.
func TestGoldenRequestsCutShortAreMalformed(t *testing.T) {
	b, err := os.ReadFile("testdata/wire/golden.json")
	require.NoError(t, err)
	var golden struct {
		Requests map[string]string `json:"requests"`
	}
	require.NoError(t, json.Unmarshal(b, &golden))
	for _, s := range wireSamples {
		bs, err := hex.DecodeString(golden.Requests[s.name])
		require.NoError(t, err)
		for n := 0; n < len(bs); n++ {
			r := reader{b: bs[:n]}
			s.decode(&r)
			assert.True(t, malformed(r.err), "%s cut to %d bytes: want a malformed-request error", s.name, n)
		}
	}
}

// TestDeclaredOpsAnswerThroughDispatch: a golden request dispatched to its
// declared operation is read whole (a handle that does not exist is freed
// harmlessly; consistentHash and priorityQueue answer or fail as values).
func TestDeclaredOpsAnswerThroughDispatch(t *testing.T) {
	var w requestWriter
	w.table = map[string]uint64{}
	w.i64(-1234567890123456789)
	w.i32(1000)
	resp := call(t, opConsistentHash, w.b)
	require.Equal(t, byte(statusOK), resp[0], "status")
	r := reader{b: resp[1:]}
	bucket := r.i32()
	require.NoError(t, r.err)
	assert.True(t, bucket >= 0 && bucket < 1000, "bucket %d in [0, 1000)", bucket)
	assert.Equal(t, len(r.b), r.p, "one i32 answered")

	resp = call(t, opTopicFree, []byte{0x7f})
	assert.Equal(t, []byte{statusOK}, resp, "freeing an unknown handle answers nothing")
	// A request cut short is malformed, not a crash.
	code, _, _, _ := responseError(t, call(t, opConsistentHash, []byte{1, 2}))
	assert.Equal(t, "ERR_INTERNAL", code, "a malformed request")
}
