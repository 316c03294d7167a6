package route

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc"
)

func ptr(s string) *string { return &s }

// qs parses "a/0 a/1 b/0" into queues of topic T.
func qs(s string) []alloc.MessageQueue {
	out := []alloc.MessageQueue{}
	for _, f := range strings.Fields(s) {
		i := strings.LastIndexByte(f, '/')
		id, _ := parseInt(f[i+1:])
		out = append(out, alloc.MessageQueue{Topic: "T", BrokerName: f[:i], QueueID: id})
	}
	return out
}

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
			if !errors.Is(err, alloc.ErrLimit) || alloc.JavaClassOf(err) != "" {
				t.Errorf("%q: want ErrLimit, got %v", tt.conf, err)
			}
			continue
		}
		if strings.HasSuffix(tt.want, "Exception") {
			var e *alloc.Error
			if !errors.As(err, &e) || e.JavaClass != tt.want || e.Field != tt.field {
				t.Errorf("%q: want %s on %s, got %v", tt.conf, tt.want, tt.field, err)
			}
			if _, _, err2 := r.Queues("T"); alloc.JavaClassOf(err2) != tt.want {
				t.Errorf("%q: Queues must fail as a whole, got %v", tt.conf, err2)
			}
			continue
		}
		if err != nil || !slices.Equal(got, qs(tt.want)) {
			t.Errorf("%q: got %v, %v; want %v", tt.conf, got, err, qs(tt.want))
		}
		if sub, _ := r.SubscribeQueues("T"); !slices.Equal(sub, qs("z/0")) {
			t.Errorf("%q: subscribe %v must come from queueDatas", tt.conf, sub)
		}
	}
	msg := func(conf string) string {
		_, err := (&Route{OrderTopicConf: ptr(conf)}).PublishQueues("T")
		return err.(*alloc.Error).Msg
	}
	if m := msg("broker-a:x"); !strings.HasPrefix(m, `For input string: "x"`) {
		t.Errorf("message %q", m)
	}
	if m := msg("broker-a"); !strings.HasPrefix(m, "Index 1 out of bounds for length 1") {
		t.Errorf("message %q", m)
	}
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
	want := qs("a/0 b/0 b/1 b/0 " + emoji + "/0 " + fullwidth + "/0")
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v\nwant %v", got, err, want)
	}
	if r.QueueDatas[0].BrokerName != "b" {
		t.Fatal("the route must not be reordered")
	}
}

func TestSubscribe(t *testing.T) {
	r := &Route{QueueDatas: []QueueData{
		{BrokerName: "b", ReadQueueNums: 2, Perm: PermRead},
		{BrokerName: "a", ReadQueueNums: 1, Perm: PermRead | PermWrite},
		{BrokerName: "w", ReadQueueNums: 5, Perm: PermWrite}, // write only
		{BrokerName: "b", ReadQueueNums: 3, Perm: PermRead},  // overlaps: set
	}}
	got, err := r.SubscribeQueues("T")
	if want := qs("a/0 b/0 b/1 b/2"); err != nil || !slices.Equal(got, want) {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
	pub, _ := r.PublishQueues("T")
	if len(pub) != 0 || pub == nil {
		t.Fatalf("no brokerDatas: publish must be empty, got %#v", pub)
	}
}

func TestRouteErrors(t *testing.T) {
	var nilRoute *Route
	if _, err := nilRoute.PublishQueues("T"); alloc.JavaClassOf(err) != alloc.NullPointerException {
		t.Errorf("nil route: %v", err)
	}
	big := &Route{QueueDatas: []QueueData{{BrokerName: "a", ReadQueueNums: 1, Perm: 6}, {BrokerName: "b", WriteQueueNums: 1 << 30, ReadQueueNums: 1 << 30, Perm: 6}}, BrokerDatas: master("a", "b")}
	_, err := big.PublishQueues("T")
	if e, ok := err.(*alloc.Error); !ok || e.Field != "queueDatas[1].writeQueueNums" || !errors.Is(err, alloc.ErrLimit) || alloc.JavaClassOf(err) != "" {
		t.Errorf("huge writeQueueNums: %v", err)
	}
	_, err = big.SubscribeQueues("T")
	if e, ok := err.(*alloc.Error); !ok || e.Field != "queueDatas[1].readQueueNums" {
		t.Errorf("huge readQueueNums: %v", err)
	}
	badKey := &Route{BrokerDatas: []BrokerData{{BrokerName: "a", BrokerAddrs: map[string]string{"0": "x"}}, {BrokerName: "b", BrokerAddrs: map[string]string{"master": "x"}}}}
	_, err = badKey.PublishQueues("T")
	if e, ok := err.(*alloc.Error); !ok || e.Field != "brokerDatas[1].brokerAddrs" || e.JavaClass != alloc.NumberFormatException {
		t.Errorf("bad brokerAddrs key: %v", err)
	}
	// Keys are longs: "00" and "+0" name the master too.
	for _, k := range []string{"00", "+0", "-0"} {
		r := &Route{QueueDatas: []QueueData{{BrokerName: "a", WriteQueueNums: 1, Perm: PermWrite}}, BrokerDatas: []BrokerData{{BrokerName: "a", BrokerAddrs: map[string]string{k: "x"}}}}
		if got, err := r.PublishQueues("T"); err != nil || len(got) != 1 {
			t.Errorf("key %q: %v %v", k, got, err)
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
			if (alloc.JavaClassOf(err) == "") == !errors.Is(err, alloc.ErrLimit) || pub != nil || sub != nil {
				t.Fatalf("%q: %v", conf, err)
			}
			return
		}
		for i, q := range pub {
			if q.QueueID != 0 && (i == 0 || pub[i-1].QueueID != q.QueueID-1 || pub[i-1].BrokerName != q.BrokerName) {
				t.Fatalf("%q: queue %d %v breaks the 0..count-1 runs", conf, i, q)
			}
		}
		if len(sub) != 2 {
			t.Fatalf("%q: subscribe %v", conf, sub)
		}
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
		if zero, ok := parseBrokerID(tt.k); zero != tt.zero || ok != tt.ok {
			t.Errorf("parseBrokerID(%q) = %v, %v; want %v, %v", tt.k, zero, ok, tt.zero, tt.ok)
		}
	}
}
