package lenientjson

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFastjson(t *testing.T) {
	text := "\ufeffRocketMQLog:WARN x\r\n{\r\n\t\"a\":{0:\"x\",-1:\"y\"\r\n\t},\"b\":[1,-2.5e3,true,null,\"\\u00e9\"]}\r\n"
	v, err := Parse(text)
	require.NoError(t, err)
	a, ok := v.Get("a")
	require.True(t, ok)
	k0, k1 := strings.Index(text, "0:"), strings.Index(text, "-1:")
	assert.Equal(t, []Member{{Key: "0", Offset: k0, Value: Value{Kind: String, Str: "x", Offset: k0 + 2}}, {Key: "-1", Offset: k1, Value: Value{Kind: String, Str: "y", Offset: k1 + 3}}}, a.Members)
	b, _ := v.Get("b")
	var kinds []Kind
	for _, it := range b.Items {
		kinds = append(kinds, it.Kind)
	}
	assert.Equal(t, []Kind{Number, Number, Bool, Null, String}, kinds)
	assert.Equal(t, "-2.5e3", b.Items[1].Str)
	assert.Equal(t, "é", b.Items[4].Str)
}

func TestPosition(t *testing.T) {
	text := "\ufeffab\n\tcé\nx"
	for _, tt := range []struct{ off, line, col int }{
		{3, 1, 1}, {4, 1, 2}, {6, 2, 1}, {7, 2, 2}, {8, 2, 3}, {10, 2, 4}, {11, 3, 1}, {99, 3, 2},
	} {
		line, col := Position(text, tt.off)
		assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{line, col}, "offset %d", tt.off)
	}
}

func TestParseErrorsAndDepth(t *testing.T) {
	for _, text := range []string{"", "x", "{", "{\"a\"", "{\"a\":}", "[1 2]", "{\"a\":1}}", "{\"a\":\"\\q\"}", strings.Repeat("[", 100)} {
		_, err := Parse(text)
		var e *Error
		require.ErrorAs(t, err, &e, "%q", text)
		assert.NotEmpty(t, e.Msg)
	}
}

// fastjson writes a map keyed by beans with the bean as the key.
func TestObjectKeys(t *testing.T) {
	v, err := Parse(`{"offsetTable":{{"brokerName":"b","queueId":3}:{"x":1},{"queueId":4}:{}}}`)
	require.NoError(t, err)
	tab, ok := v.Get("offsetTable")
	require.True(t, ok)
	require.Len(t, tab.Members, 2)
	k := tab.Members[0].KeyValue
	require.NotNil(t, k)
	q, ok := k.Get("queueId")
	require.True(t, ok)
	assert.Equal(t, "3", q.Str)
	assert.Equal(t, `{"brokerName":"b","queueId":3}`, tab.Members[0].Key)
	assert.Equal(t, Object, tab.Members[0].Value.Kind)
	assert.Nil(t, v.Members[0].KeyValue)
	_, err = Parse(`{{"a":1:2}`)
	require.Error(t, err)
}
