package route

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

func ptr(s string) *string { return &s }

func master(names ...string) []BrokerData {
	var out []BrokerData
	for _, n := range names {
		out = append(out, BrokerData{Cluster: "c", BrokerName: n, BrokerAddrs: map[string]string{"0": "10.0.0.1:10911"}})
	}
	return out
}

func TestOrderTopicConf(t *testing.T) {
	t.Parallel()
	// Expectations printed by Java 17 running the client's parsing loop.
	tests := []struct {
		conf  string
		want  string // queues, or the Java class of the error
		field string
	}{
		{"a:2;b:1", "a/0 a/1 b/0", ""},
		{"a:1;", "a/0", ""},             // trailing empty item dropped
		{";", "", ""},                   // every item empty and trailing
		{"a:+2:x", "a/0 a/1", ""},       // sign allowed, extra field ignored
		{":2", "/0 /1", ""},             // broker name not checked
		{"a:\u0663", "a/0 a/1 a/2", ""}, // Java digits are Unicode digits
		{"a:-3;b:1", "b/0", ""},
		{"a:1;;b:1", alloc.ArrayIndexOutOfBoundsException, "orderTopicConf"},
		{";a:1", alloc.ArrayIndexOutOfBoundsException, "orderTopicConf"},
		{":", alloc.ArrayIndexOutOfBoundsException, "orderTopicConf"},
		{"a:", alloc.ArrayIndexOutOfBoundsException, "orderTopicConf"},
		{"broker-a", alloc.ArrayIndexOutOfBoundsException, "orderTopicConf"},
		{"broker-a:x", alloc.NumberFormatException, "orderTopicConf"},
		{"a:2147483648", alloc.NumberFormatException, "orderTopicConf"},
		{"a:2000000", "limit", "orderTopicConf"}, // over MaxQueues
	}
	for _, tt := range tests {
		// queueDatas are ignored by the publish side when the conf is set.
		r := &Route{OrderTopicConf: ptr(tt.conf), QueueDatas: []QueueData{{BrokerName: "z", WriteQueueNums: 8, ReadQueueNums: 1, Perm: 6}}, BrokerDatas: master("z")}
		got, err := r.PublishQueues("T")
		if tt.want == "limit" { // this port's own limit: no Java class
			assert.ErrorIs(t, err, alloc.ErrLimit, "%q", tt.conf)
			assert.Empty(t, alloc.JavaClassOf(err), "%q: a limit of this port has no Java class", tt.conf)
			continue
		}
		if strings.HasSuffix(tt.want, "Exception") {
			var e *alloc.Error
			if assert.ErrorAs(t, err, &e, "%q", tt.conf) {
				assert.Equal(t, tt.want, e.JavaClass, "%q: Java class", tt.conf)
				assert.Equal(t, tt.field, e.Field, "%q: field", tt.conf)
			}
			_, _, err2 := r.Queues("T")
			assert.Equal(t, tt.want, alloc.JavaClassOf(err2), "%q: Queues must fail as a whole (%v)", tt.conf, err2)
			continue
		}
		if assert.NoError(t, err, "%q", tt.conf) {
			assert.Equal(t, testkit.Parse(tt.want), got, "%q", tt.conf)
		}
		sub, _ := r.SubscribeQueues("T")
		assert.Equal(t, testkit.Parse("z/0"), sub, "%q: subscribe must come from queueDatas", tt.conf)
	}
	msg := func(conf string) string {
		_, err := (&Route{OrderTopicConf: ptr(conf)}).PublishQueues("T")
		return err.(*alloc.Error).Msg
	}
	assert.True(t, strings.HasPrefix(msg("broker-a:x"), `For input string: "x"`), "message %q", msg("broker-a:x"))
	assert.True(t, strings.HasPrefix(msg("broker-a"), "Index 1 out of bounds for length 1"), "message %q", msg("broker-a"))
}

func TestPublishFromQueueDatas(t *testing.T) {
	emoji, fullwidth := "\U0001F600", "\uff72" // Java: emoji (D83D) sorts first
	r := &Route{
		OrderTopicConf: ptr(""), // empty: use queueDatas
		QueueDatas: []QueueData{
			{BrokerName: "b", WriteQueueNums: 2, Perm: PermRead | PermWrite},
			{BrokerName: fullwidth, WriteQueueNums: 1, Perm: PermWrite},
			{BrokerName: "a", WriteQueueNums: 1, Perm: PermWrite | PermInherit},
			{BrokerName: emoji, WriteQueueNums: 1, Perm: PermWrite},
			{BrokerName: "r", WriteQueueNums: 3, Perm: PermRead},  // read only
			{BrokerName: "s", WriteQueueNums: 3, Perm: PermWrite}, // slave only
			{BrokerName: "n", WriteQueueNums: 3, Perm: PermWrite}, // no brokerData
			{BrokerName: "b", WriteQueueNums: 1, Perm: PermWrite}, // duplicate: queues again
			{BrokerName: "m", WriteQueueNums: 1, Perm: PermWrite}, // first brokerData has no master
			{BrokerName: "neg", WriteQueueNums: -4, Perm: PermWrite},
		},
		BrokerDatas: append(master("a", "b", "r", emoji, fullwidth, "neg"),
			BrokerData{BrokerName: "s", BrokerAddrs: map[string]string{"1": "x"}},
			BrokerData{BrokerName: "m", BrokerAddrs: map[string]string{}},
			BrokerData{BrokerName: "m", BrokerAddrs: map[string]string{"0": "x"}},
		),
	}
	got, err := r.PublishQueues("T")
	require.NoError(t, err)
	require.Equal(t, testkit.Parse("a/0 b/0 b/1 b/0 "+emoji+"/0 "+fullwidth+"/0"), got)
	require.Equal(t, "b", r.QueueDatas[0].BrokerName, "the route must not be reordered")
}

func TestSubscribe(t *testing.T) {
	r := &Route{QueueDatas: []QueueData{
		{BrokerName: "b", ReadQueueNums: 2, Perm: PermRead},
		{BrokerName: "a", ReadQueueNums: 1, Perm: PermRead | PermWrite},
		{BrokerName: "w", ReadQueueNums: 5, Perm: PermWrite}, // write only
		{BrokerName: "b", ReadQueueNums: 3, Perm: PermRead},  // overlaps: set
	}}
	got, err := r.SubscribeQueues("T")
	require.NoError(t, err)
	require.Equal(t, testkit.Parse("a/0 b/0 b/1 b/2"), got)
	pub, _ := r.PublishQueues("T")
	require.NotNil(t, pub, "no brokerDatas: publish must be empty, not nil")
	require.Empty(t, pub, "no brokerDatas: publish must be empty")
}

func TestRouteErrors(t *testing.T) {
	var nilRoute *Route
	_, err := nilRoute.PublishQueues("T")
	assert.Equal(t, alloc.NullPointerException, alloc.JavaClassOf(err), "nil route: %v", err)
	big := &Route{QueueDatas: []QueueData{{BrokerName: "a", ReadQueueNums: 1, Perm: 6}, {BrokerName: "b", WriteQueueNums: 1 << 30, ReadQueueNums: 1 << 30, Perm: 6}}, BrokerDatas: master("a", "b")}
	_, err = big.PublishQueues("T")
	if e, ok := err.(*alloc.Error); assert.True(t, ok, "huge writeQueueNums: %v", err) {
		assert.Equal(t, "queueDatas[1].writeQueueNums", e.Field, "huge writeQueueNums")
		assert.ErrorIs(t, err, alloc.ErrLimit, "huge writeQueueNums")
		assert.Empty(t, alloc.JavaClassOf(err), "huge writeQueueNums: no Java class")
	}
	_, err = big.SubscribeQueues("T")
	if e, ok := err.(*alloc.Error); assert.True(t, ok, "huge readQueueNums: %v", err) {
		assert.Equal(t, "queueDatas[1].readQueueNums", e.Field, "huge readQueueNums")
	}
	badKey := &Route{BrokerDatas: []BrokerData{{BrokerName: "a", BrokerAddrs: map[string]string{"0": "x"}}, {BrokerName: "b", BrokerAddrs: map[string]string{"master": "x"}}}}
	_, err = badKey.PublishQueues("T")
	if e, ok := err.(*alloc.Error); assert.True(t, ok, "bad brokerAddrs key: %v", err) {
		assert.Equal(t, "brokerDatas[1].brokerAddrs", e.Field, "bad brokerAddrs key")
		assert.Equal(t, alloc.NumberFormatException, e.JavaClass, "bad brokerAddrs key")
	}
	// Keys are longs: "00" and "+0" name the master too.
	for _, k := range []string{"00", "+0", "-0"} {
		r := &Route{QueueDatas: []QueueData{{BrokerName: "a", WriteQueueNums: 1, Perm: PermWrite}}, BrokerDatas: []BrokerData{{BrokerName: "a", BrokerAddrs: map[string]string{k: "x"}}}}
		got, err := r.PublishQueues("T")
		if assert.NoError(t, err, "key %q", k) {
			assert.Len(t, got, 1, "key %q", k)
		}
	}
}

// FuzzOrderTopicConf: any conf gives queues or an *alloc.Error (Java's
// exception, or a limit of this port, which has no Java class), never a
// panic; queues always count up from 0 per item.
func FuzzOrderTopicConf(f *testing.F) {
	for _, s := range []string{"broker-a", "broker-a:x", "Broker-Z:3;broker-a:4", "broker-h:0;broker-f:0;broker-d:4;room1@broker-a:4", "a:1;;b:1", "", ";", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, conf string) {
		r := &Route{OrderTopicConf: &conf, QueueDatas: []QueueData{{BrokerName: "a", ReadQueueNums: 2, WriteQueueNums: 2, Perm: 6}}, BrokerDatas: master("a")}
		pub, sub, err := r.Queues("T")
		if err != nil {
			require.NotEqual(t, alloc.JavaClassOf(err) == "", !errors.Is(err, alloc.ErrLimit), "%q: %v is a Java exception or a limit of this port", conf, err)
			require.Nil(t, pub, "%q: no publish queues on error", conf)
			require.Nil(t, sub, "%q: no subscribe queues on error", conf)
			return
		}
		for i, q := range pub {
			require.False(t, q.QueueID != 0 && (i == 0 || pub[i-1].QueueID != q.QueueID-1 || pub[i-1].BrokerName != q.BrokerName), "%q: queue %d %v breaks the 0..count-1 runs", conf, i, q)
		}
		require.Len(t, sub, 2, "%q: subscribe", conf)
	})
}

func TestParseBrokerID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		k        string
		zero, ok bool
	}{
		{"0", true, true}, {"00", true, true}, {"-0", true, true}, {"+0", true, true},
		{"1", false, true}, {"-1", false, true},
		{"9223372036854775807", false, true}, {"-9223372036854775808", false, true},
		{"9223372036854775808", false, false}, {"-9223372036854775809", false, false},
		{"99999999999999999999", false, false},
		{"", false, false}, {"+", false, false}, {"-", false, false}, {"1a", false, false}, {" 0", false, false}, {"0x0", false, false},
	}
	for _, tt := range tests {
		zero, ok := parseBrokerID(tt.k)
		assert.Equal(t, [2]bool{tt.zero, tt.ok}, [2]bool{zero, ok}, "parseBrokerID(%q): zero, ok", tt.k)
	}
}
