package wtf8json

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUnmarshalKeepsLoneSurrogates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
	}{
		{`"\ud800"`, "\xed\xa0\x80"},                     // lone high: WTF-8
		{`"x\udfff"`, "x\xed\xbf\xbf"},                   // lone low
		{`"x\ufffd"`, "x\ufffd"},                         // a real U+FFFD stays one
		{`"\ud83d\ude00"`, "😀"},                          // a pair is one rune
		{`"\ud83d\ud83d\ude00"`, "\xed\xa0\xbd😀"},        // lone high, then a pair
		{`"\ufdd0\uFDD0 \ue000"`, "\ufdd0\ufdd0 \ue000"}, // the marks themselves survive
		{"\"\ufdd0\"", "\ufdd0"},
		{`"a\\ud800"`, `a\ud800`}, // an escaped backslash, not an escape
	}
	for _, tt := range tests {
		var got string
		require.NoError(t, Unmarshal([]byte(tt.in), &got), tt.in)
		assert.Equal(t, tt.want, got, tt.in)
		b, err := Marshal(got)
		require.NoError(t, err)
		var back string
		require.NoError(t, Unmarshal(b, &back))
		assert.Equal(t, got, back, "round trip of %s through %s", tt.in, b)
	}
}

func TestUnmarshalNested(t *testing.T) {
	t.Parallel()
	var v struct {
		Names []string       `json:"names"`
		Map   map[string]any `json:"map"`
		Raw   json.RawMessage
	}
	in := `{"names":["x\ud800","x\ufffd"],"map":{"k\udc00":["\ud800",{"a":"\udbff"}]}}`
	require.NoError(t, Unmarshal([]byte(in), &v))
	assert.Equal(t, []string{"x\xed\xa0\x80", "x\ufffd"}, v.Names)
	assert.Equal(t, map[string]any{"k\xed\xb0\x80": []any{"\xed\xa0\x80", map[string]any{"a": "\xed\xaf\xbf"}}}, v.Map)
	b, err := Marshal(v.Map)
	require.NoError(t, err)
	assert.Equal(t, `{"k\udc00":["\ud800",{"a":"\udbff"}]}`, string(b))
}
