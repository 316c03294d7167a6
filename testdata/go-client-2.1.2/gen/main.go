// Command gen writes producer.cases.jsonl and producer.results.jsonl for
// profile go-client-2.1.2: the real rocketmq-client-go v2.1.2 producer's
// publish list (route decoding + routeData2PublishInfo, exported by the
// overlay in shim/) and its four QueueSelectors. Run through gen.sh.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"unsafe"

	"github.com/apache/rocketmq-client-go/v2/primitive"
	"github.com/apache/rocketmq-client-go/v2/producer"
)

type queue [3]any // ["topic","broker",id]

func mq(q queue) *primitive.MessageQueue {
	return &primitive.MessageQueue{Topic: q[0].(string), BrokerName: q[1].(string), QueueId: q[2].(int)}
}

func out(m *primitive.MessageQueue) any {
	if m == nil {
		return nil
	}
	return queue{m.Topic, m.BrokerName, m.QueueId}
}

type queueData struct {
	BrokerName     string `json:"brokerName"`
	ReadQueueNums  int    `json:"readQueueNums"`
	WriteQueueNums int    `json:"writeQueueNums"`
	Perm           int    `json:"perm"`
	TopicSysFlag   int    `json:"topicSysFlag"`
}

type brokerData struct {
	Cluster     string            `json:"cluster"`
	BrokerName  string            `json:"brokerName"`
	BrokerAddrs map[string]string `json:"brokerAddrs"`
}

type route struct {
	OrderTopicConf *string      `json:"orderTopicConf"`
	QueueDatas     []queueData  `json:"queueDatas"`
	BrokerDatas    []brokerData `json:"brokerDatas"`
}

type step struct {
	Topic          string  `json:"topic"`
	Mqs            []queue `json:"mqs,omitempty"`
	LastBrokerName string  `json:"lastBrokerName,omitempty"`
	ShardingKey    string  `json:"shardingKey,omitempty"`
	Queue          *queue  `json:"queue,omitempty"`
}

type selectCase struct {
	ID         string            `json:"id"`
	Op         string            `json:"op"`
	Selector   string            `json:"selector"`
	Seed       *int64            `json:"seed,omitempty,string"` // a decimal string: JSON numbers lose int64 precision in JS
	StartIndex map[string]uint32 `json:"startIndex,omitempty"`
	Mqs        []queue           `json:"mqs"`
	Steps      []step            `json:"steps"`
}

var brokers = []string{"broker-a", "broker-b", "broker-c", "broker-d", "broker-e", "b-1", "B", "中文-broker", ""}

func randQueues(r *rand.Rand, topic string, n int) []queue {
	var qs []queue
	for i := 0; i < n; i++ {
		qs = append(qs, queue{topic, brokers[r.Intn(4)], r.Intn(8)})
	}
	return qs
}

// publishList: brokers each with 0..8 write queues, in broker order.
func publishList(r *rand.Rand, topic string) []queue {
	var qs []queue
	nb := 1 + r.Intn(4)
	for b := 0; b < nb; b++ {
		for i := 0; i < r.Intn(9); i++ {
			qs = append(qs, queue{topic, brokers[b], i})
		}
	}
	if len(qs) == 0 {
		qs = append(qs, queue{topic, brokers[0], 0})
	}
	return qs
}

func randRoute(r *rand.Rand, nq int) route {
	var rt route
	for i := 0; i < nq; i++ {
		perms := []int{6, 6, 6, 2, 4, 0, 7, 3}
		rt.QueueDatas = append(rt.QueueDatas, queueData{
			BrokerName:     brokers[r.Intn(len(brokers))],
			ReadQueueNums:  r.Intn(9),
			WriteQueueNums: r.Intn(10) - 1,
			Perm:           perms[r.Intn(len(perms))],
		})
	}
	for _, b := range brokers {
		switch r.Intn(6) {
		case 0: // no BrokerData
		case 1:
			rt.BrokerDatas = append(rt.BrokerDatas, brokerData{"c", b, map[string]string{"1": "10.0.0.2:10911"}})
		case 2:
			rt.BrokerDatas = append(rt.BrokerDatas, brokerData{"c", b, map[string]string{"0": ""}})
		case 3: // a duplicate entry without master first
			rt.BrokerDatas = append(rt.BrokerDatas, brokerData{"c", b, map[string]string{}}, brokerData{"c", b, map[string]string{"0": "10.0.0.3:10911"}})
		default:
			rt.BrokerDatas = append(rt.BrokerDatas, brokerData{"c", b, map[string]string{"0": "10.0.0.1:10911", "1": "10.0.0.2:10911"}})
		}
	}
	r.Shuffle(len(rt.BrokerDatas), func(i, j int) { rt.BrokerDatas[i], rt.BrokerDatas[j] = rt.BrokerDatas[j], rt.BrokerDatas[i] })
	if r.Intn(5) == 0 {
		s := "broker-a:4;broker-b:2"
		rt.OrderTopicConf = &s
	}
	return rt
}

// publish runs the client's own conversion; a panic is an answer.
func publish(topic string, rt route) (res map[string]any) {
	defer func() {
		if p := recover(); p != nil {
			res = map[string]any{"error": "panic", "message": fmt.Sprint(p)}
		}
	}()
	b, _ := json.Marshal(rt)
	list, err := producer.RmqallocPublishList(topic, string(b))
	if err != nil {
		return map[string]any{"error": "error", "message": err.Error()}
	}
	pub := []any{}
	for _, m := range list {
		pub = append(pub, out(m))
	}
	return map[string]any{"publish": pub}
}

// field gives write access to an unexported field (the generator seeds
// the selectors' random sources and round-robin indexes this way).
func field(v reflect.Value, name string) reflect.Value {
	f := v.Elem().FieldByName(name)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

func seedRandom(sel producer.QueueSelector, seed int64) {
	field(reflect.ValueOf(sel), "rander").Set(reflect.ValueOf(rand.New(rand.NewSource(seed))))
}

func newSelector(c selectCase) producer.QueueSelector {
	switch c.Selector {
	case "roundRobin":
		s := producer.NewRoundRobinQueueSelector()
		m := field(reflect.ValueOf(s), "indexer")
		for t, v := range c.StartIndex {
			v := v
			m.SetMapIndex(reflect.ValueOf(t), reflect.ValueOf(&v))
		}
		return s
	case "random":
		s := producer.NewRandomQueueSelector()
		seedRandom(s, *c.Seed)
		return s
	case "hash":
		s := producer.NewHashQueueSelector()
		inner := field(reflect.ValueOf(s), "random").Interface().(producer.QueueSelector)
		seedRandom(inner, *c.Seed)
		return s
	}
	return producer.NewManualQueueSelector()
}

func runSelect(c selectCase) (res map[string]any) {
	defer func() {
		if p := recover(); p != nil {
			res = map[string]any{"error": "panic", "message": fmt.Sprint(p)}
		}
	}()
	sel := newSelector(c)
	got := []any{}
	for _, st := range c.Steps {
		list := c.Mqs
		if st.Mqs != nil {
			list = st.Mqs
		}
		mqs := make([]*primitive.MessageQueue, len(list))
		for i, q := range list {
			mqs[i] = mq(q)
		}
		msg := primitive.NewMessage(st.Topic, nil)
		if st.ShardingKey != "" {
			msg.WithShardingKey(st.ShardingKey)
		}
		if st.Queue != nil {
			msg.Queue = mq(*st.Queue)
		}
		got = append(got, out(sel.Select(msg, mqs, st.LastBrokerName)))
	}
	return map[string]any{"queues": got}
}

var keys = []string{"", "order-1", "order-2", "user:42", "订单-7", "🙂", "a", "b", "the quick brown fox", "0", "\u0000", "k-999999"}

func main() {
	dir := os.Args[1]
	cf, _ := os.Create(filepath.Join(dir, "producer.cases.jsonl"))
	rf, _ := os.Create(filepath.Join(dir, "producer.results.jsonl"))
	cw, rw := bufio.NewWriter(cf), bufio.NewWriter(rf)
	emit := func(c any, id string, res map[string]any) {
		b, _ := json.Marshal(c)
		cw.Write(append(b, '\n'))
		res["id"] = id
		b, _ = json.Marshal(res)
		rw.Write(append(b, '\n'))
	}
	r := rand.New(rand.NewSource(20261202))
	n := 0
	// Publish lists; sizes past 12 reach sort.Slice's pdqsort beyond its insertion sort.
	for i := 0; i < 200; i++ {
		nq := []int{0, 1, 2, 3, 5, 8, 12, 13, 17, 24, 33, 50, 64, 100}[i%14]
		rt := randRoute(r, nq)
		if nq == 0 && i%28 != 0 {
			rt.QueueDatas = []queueData{} // [] decodes; null is the decoder's error
		}
		if i%50 == 7 && len(rt.BrokerDatas) > 0 {
			rt.BrokerDatas[0].BrokerAddrs = nil // brokerAddrs null: the client's decode panics
		}
		id := fmt.Sprintf("gopub-%d-q%d", i, nq)
		c := map[string]any{"id": id, "op": "goRouteToPublish", "topic": "TopicTest", "route": rt}
		emit(c, id, publish("TopicTest", rt))
		n++
	}
	// Selectors.
	sels := []string{"roundRobin", "random", "hash", "manual"}
	for i := 0; i < 400; i++ {
		sel := sels[i%4]
		c := selectCase{ID: fmt.Sprintf("gosel-%s-%d", sel, i), Op: "goSelect", Selector: sel}
		c.Mqs = publishList(r, "T")
		if i%37 == 5 {
			c.Mqs = []queue{}
		}
		if sel == "random" || sel == "hash" {
			s := r.Int63() - r.Int63()
			c.Seed = &s
		}
		if sel == "roundRobin" && r.Intn(3) == 0 {
			c.StartIndex = map[string]uint32{"T": uint32(r.Int63()), "U": 4294967295 - uint32(r.Intn(5))}
		}
		for k := 0; k < 1+r.Intn(30); k++ {
			st := step{Topic: "T"}
			if r.Intn(4) == 0 {
				st.Topic = "U"
				st.Mqs = publishList(r, "U")
			}
			if r.Intn(3) == 0 {
				st.LastBrokerName = brokers[r.Intn(5)]
			}
			if sel == "hash" {
				st.ShardingKey = keys[r.Intn(len(keys))]
				if r.Intn(4) == 0 {
					st.ShardingKey = fmt.Sprintf("key-%d", r.Intn(100000))
				}
			}
			if sel == "manual" && r.Intn(4) != 0 {
				q := queue{"T", brokers[r.Intn(5)], r.Intn(20)}
				st.Queue = &q
			}
			c.Steps = append(c.Steps, st)
		}
		emit(c, c.ID, runSelect(c))
		n++
	}
	cw.Flush()
	rw.Flush()
	fmt.Fprintln(os.Stderr, n, "cases")
}
