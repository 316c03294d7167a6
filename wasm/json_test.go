package main

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// The hand-written JSON writer (json.go) against encoding/json on the same
// values: byte for byte where both write the same text, and as the same
// decoded value where the two spell it differently (encoding/json writes
// \b and \f, escapes U+2028/U+2029 and picks another float notation).

// written runs write on a fresh jsonw and returns its text.
func written(write func(j jsonw)) string {
	var w writer
	write(jsonw{&w})
	return string(w.b)
}

// stdJSON is encoding/json's text of v, without HTML escaping.
func stdJSON(t testing.TB, v any) string {
	t.Helper()
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	require.NoError(t, e.Encode(v))
	return strings.TrimSuffix(b.String(), "\n")
}

// sameValue: got is valid JSON and decodes to what want decodes to.
func sameValue(t testing.TB, want, got string) {
	t.Helper()
	require.True(t, json.Valid([]byte(got)), "valid JSON: %s", got)
	var w, g any
	require.NoError(t, json.Unmarshal([]byte(want), &w))
	require.NoError(t, json.Unmarshal([]byte(got), &g))
	assert.Equal(t, w, g, "got %s, encoding/json %s", got, want)
}

func TestJSONStringsMatchEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, in string
		exact    bool // encoding/json writes the very same bytes
	}{
		{"empty", "", true},
		{"ascii", "broker-a@room1", true},
		{"quote and backslash", `say "hi" \ bye`, true},
		{"newline, return, tab", "a\nb\rc\td", true},
		{"other control bytes", "\x00\x01\x1f", true},
		{"html characters stay raw", "<a href='x'>&</a>", true},
		{"multi-byte UTF-8", "队列-キュー-🚀", true},
		{"backspace and form feed", "\b\f", false},
		{"line and paragraph separators", "a\u2028b\u2029c", false},
		{"invalid UTF-8 becomes U+FFFD", "a\xffb\xc3", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := written(func(j jsonw) { j.str(tt.in) })
			want := stdJSON(t, tt.in)
			if tt.exact {
				assert.Equal(t, want, got)
			}
			sameValue(t, want, got)
		})
	}
}

func TestJSONNumbersMatchEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, v := range []int{0, 1, -1, 42, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64} {
		assert.Equal(t, stdJSON(t, v), written(func(j jsonw) { j.int(v) }), "int %d", v)
	}
	for _, f := range []float64{0, 1, -2.5, 0.1, 1.0 / 3, 1e-7, 123456789, 1e21, 5e-324, math.MaxFloat64} {
		sameValue(t, stdJSON(t, f), written(func(j jsonw) { j.float(f) }))
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		assert.Equal(t, "null", written(func(j jsonw) { j.float(f) }), "%v has no JSON number", f)
	}
	assert.Equal(t, stdJSON(t, true), written(func(j jsonw) { j.bool(true) }))
	assert.Equal(t, stdJSON(t, false), written(func(j jsonw) { j.bool(false) }))
}

func TestJSONCompositesMatchEncodingJSON(t *testing.T) {
	t.Parallel()
	type queue struct {
		Topic      string `json:"topic"`
		BrokerName string `json:"brokerName"`
		QueueID    int32  `json:"queueId"`
	}
	qs := []alloc.MessageQueue{{Topic: "T", BrokerName: "b\"1", QueueID: 3}, {Topic: "队列", BrokerName: "", QueueID: -1}}
	std := make([]queue, len(qs))
	for i, q := range qs {
		std[i] = queue{q.Topic, q.BrokerName, q.QueueID}
	}
	assert.Equal(t, stdJSON(t, std), written(func(j jsonw) { j.queues(qs) }))
	assert.Equal(t, stdJSON(t, []queue{}), written(func(j jsonw) { j.queues(nil) }), "no queues is [], not null")
	assert.Equal(t, stdJSON(t, []string{"a", "", "c\n"}), written(func(j jsonw) { j.strs([]string{"a", "", "c\n"}) }))
	assert.Equal(t, stdJSON(t, []int{1, -2, 3}), written(func(j jsonw) { j.ints([]int{1, -2, 3}) }))
	assert.Equal(t, stdJSON(t, []int32{7, math.MinInt32}), written(func(j jsonw) { j.int32s([]int32{7, math.MinInt32}) }))
	obj := written(func(j jsonw) {
		j.raw("{")
		j.key("name", true)
		j.str("x")
		j.intFields([]string{"a", "b"}, 1, 2)
		j.raw("}")
	})
	want := struct {
		Name string `json:"name"`
		A    int    `json:"a"`
		B    int    `json:"b"`
	}{"x", 1, 2}
	assert.Equal(t, stdJSON(t, want), obj, "keys in the order written")
}

// randomString mixes ASCII, escapes, multi-byte runes and invalid bytes.
func randomString(rng *rand.Rand) string {
	pieces := []string{"a", "Z", "0", " ", `"`, `\`, "\n", "\t", "\x00", "\x1f", "\x7f", "é", "队", "🚀", "\u2028", "\xff", "\xc3", "<", "&"}
	var b strings.Builder
	for n := rng.IntN(12); n > 0; n-- {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// TestJSONWriterPropertyAgainstEncodingJSON: for random strings, numbers and
// lists the writer's text is valid JSON of the same value.
func TestJSONWriterPropertyAgainstEncodingJSON(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 2000; i++ {
		ss := make([]string, rng.IntN(4))
		for k := range ss {
			ss[k] = randomString(rng)
		}
		sameValue(t, stdJSON(t, ss), written(func(j jsonw) { j.strs(ss) }))
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			sameValue(t, stdJSON(t, f), written(func(j jsonw) { j.float(f) }))
		}
		n := int(rng.Int64()) >> rng.IntN(64)
		assert.Equal(t, stdJSON(t, n), written(func(j jsonw) { j.int(n) }))
	}
}

// FuzzJSONString: any bytes make a valid JSON string that decodes to the
// input (each invalid UTF-8 byte as U+FFFD, as encoding/json does).
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\xff", "\u2028", "\x00"} {
		f.Add(s)
	}
	f.Add("0\xed\xa6\x9f\\ud800") // a lone surrogate (WTF-8), then a backslash and text
	f.Fuzz(func(t *testing.T, s string) {
		got := written(func(j jsonw) { j.str(s) })
		require.True(t, json.Valid([]byte(got)), got)
		assert.True(t, utf8.ValidString(got))
		// What JS's JSON.parse reads: the string's UTF-16 units, lone
		// surrogates included.
		assert.Equal(t, wtf8Units(s), jsonUnits(t, got), got)
	})
}

// wtf8Units is s as the UTF-16 units JS sent: a WTF-8 surrogate sequence
// is its unit, an invalid byte U+FFFD.
func wtf8Units(s string) []uint16 {
	var us []uint16
	for len(s) > 0 {
		if len(s) >= 3 && s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF && s[2]&0xC0 == 0x80 {
			us = append(us, 0xD000|uint16(s[1]&0x3F)<<6|uint16(s[2]&0x3F))
			s = s[3:]
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		us = utf16.AppendRune(us, r)
		s = s[n:]
	}
	return us
}

// jsonUnits reads a JSON string literal into UTF-16 units, as JS does:
// a \u escape is one unit, whatever it is.
func jsonUnits(t *testing.T, lit string) []uint16 {
	t.Helper()
	require.True(t, len(lit) >= 2 && lit[0] == '"' && lit[len(lit)-1] == '"', lit)
	body := lit[1 : len(lit)-1]
	var us []uint16
	for i := 0; i < len(body); {
		if body[i] != '\\' {
			r, n := utf8.DecodeRuneInString(body[i:])
			us = utf16.AppendRune(us, r)
			i += n
			continue
		}
		if body[i+1] == 'u' {
			v, err := strconv.ParseUint(body[i+2:i+6], 16, 16)
			require.NoError(t, err, lit)
			us = append(us, uint16(v))
			i += 6
			continue
		}
		us = append(us, uint16(map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[body[i+1]]))
		i += 2
	}
	return us
}
