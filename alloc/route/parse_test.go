package route_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// Every sample route (real fastjson text) parses, and gives the same
// queues as the standard-JSON form read by encoding/json.
func TestParseSampleRoutes(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/cluster/*/route.txt")
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		r, err := route.Parse(string(b))
		require.NoError(t, err, f)
		require.NotEmpty(t, r.QueueDatas, f)
		require.NotEmpty(t, r.BrokerDatas, f)
		assert.Equal(t, "192.168.0.1:10911", r.BrokerDatas[0].BrokerAddrs["0"], f)

		std, err := json.Marshal(r)
		require.NoError(t, err)
		var back route.Route
		require.NoError(t, json.Unmarshal(std, &back))
		r2, err := route.Parse(string(std))
		require.NoError(t, err)
		assert.Equal(t, back, *r2, f)
		s1, err := r.SubscribeQueues("T")
		require.NoError(t, err)
		s2, err := back.SubscribeQueues("T")
		require.NoError(t, err)
		assert.Equal(t, s1, s2)
	}
}

func TestParseFastjsonQuirks(t *testing.T) {
	text := "\ufeffRocketMQLog:WARN No appenders\r\n{\r\n\t\"brokerDatas\":[{\"brokerAddrs\":{0:\"a:1\",1:\"b:1\"\r\n\t},\"brokerName\":\"bk\",\"cluster\":\"c\",\"zoneName\":null}],\r\n" +
		"\t\"filterServerTable\":{},\"topicQueueMappingByBroker\":null,\r\n\t\"queueDatas\":[{\"brokerName\":\"bk\",\"perm\":6,\"readQueueNums\":4,\"topicSynFlag\":3,\"writeQueueNums\":2}]\r\n}\r\n"
	r, err := route.Parse(text)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"0": "a:1", "1": "b:1"}, r.BrokerDatas[0].BrokerAddrs)
	assert.Equal(t, route.QueueData{BrokerName: "bk", ReadQueueNums: 4, WriteQueueNums: 2, Perm: 6, TopicSysFlag: 3}, r.QueueDatas[0])
	assert.Nil(t, r.OrderTopicConf)
}

func TestParseEscapes(t *testing.T) {
	r, err := route.Parse(`{"queueDatas":[{"brokerName":"b\u00e9\ud83d\ude00\t\"x\\"}]}`)
	require.NoError(t, err)
	assert.Equal(t, "bé😀\t\"x\\", r.QueueDatas[0].BrokerName)
	_, err = route.Parse(`{"queueDatas":[{"brokerName":"\x"}]}`)
	assert.ErrorContains(t, err, "column 32: expected an escape")
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"empty", "", 1, 1, "expected '{' (the start of the JSON document), found the end of the text: a route is the JSON that mqadmin topicRoute -t TOPIC prints"},
		{"log only", "RocketMQLog:WARN x\n", 1, 1, "found 'R': a route is the JSON that mqadmin topicRoute"},
		{"cut before the object", "RocketMQLog:WARN x\n{", 2, 2, "expected a key"},
		{"cut", "{\n\t\"queueDatas\":[{\"brokerName\":\"a\",\n", 3, 1, "expected a key"},
		{"cut in string", "{\n\t\"queueDatas\":[{\"brokerName\":\"a", 2, 32, "close the string"},
		{"bad count", "{\"queueDatas\":[{\"readQueueNums\":\"4\"}]}", 1, 33, "queueDatas[0].readQueueNums to be an integer"},
		{"big count", "{\"queueDatas\":[{\"perm\":99999999999}]}", 1, 24, "queueDatas[0].perm to be an integer from"},
		{"not a route", "{\"a\":1}", 1, 1, "queueDatas"},
		{"bad key", "{\"queueDatas\":[],\"brokerDatas\":[{\"brokerAddrs\":{x:\"a\"}}]}", 1, 49, "broker ID"},
		{"trailing", "{\"queueDatas\":[]}\nx", 2, 1, "end of the text"},
		{"junk", "{\x00}", 1, 2, "expected a key"},
		{"array", "[1]", 1, 1, "JSON object"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := route.Parse(tt.text)
			var pe *alloc.TextError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tt.line, pe.Line, pe.Error())
			assert.Equal(t, tt.col, pe.Column, pe.Error())
			assert.Contains(t, pe.Msg, tt.msg)
		})
	}
}

func TestParseDeepNesting(t *testing.T) {
	_, err := route.Parse("{\"x\":" + strings.Repeat("[", 100000))
	require.Error(t, err)
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/cluster/*/route.txt")
	for _, p := range files {
		b, _ := os.ReadFile(p)
		f.Add(string(b))
	}
	f.Add("{\"queueDatas\":[{\"perm\":6}],\"brokerDatas\":[{\"brokerAddrs\":{0:\"a\"}}]}")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := route.Parse(s)
		if err == nil {
			_, _, _ = r.Queues("T")
		} else {
			require.IsType(t, (*alloc.TextError)(nil), err, "error %v", err)
		}
	})
}
