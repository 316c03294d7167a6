package live

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/lenientjson"
)

// The bodies read here are fastjson text: JSON with bean keys in maps
// ({"topic":...}:{...}) and bare integer keys. Fields a body lacks are
// zero, as fastjson leaves a missing field; a value of the wrong kind is
// an error naming the field.

// connection is a ConsumerConnection body.
type connection struct {
	Conns            []conn
	Subs             []subscription // in the body's order
	ConsumeType      string
	MessageModel     string
	ConsumeFromWhere string
}

type conn struct {
	ClientID, ClientAddr, Language string
	Version                        int
}

type subscription struct {
	Topic, SubString string
	ClassFilter      bool
}

// offsets is one queue's row of a ConsumeStats body.
type offsets struct {
	MQ                           alloc.MessageQueue
	BrokerOffset, ConsumerOffset int64
	LastTimestamp                int64
}

type consumeStats struct {
	TPS   float64
	Table []offsets
}

// runningInfo is a ConsumerRunningInfo body.
type runningInfo struct {
	Properties [][2]string // in the body's order
	Subs       []subscription
	MQs        []heldQueue
	PopMQs     []heldQueue // mqPopTable (5.x clients): PQ is a PopProcessQueueInfo
	Status     []topicStatus
	UserInfo   [][2]string // userConsumerInfo (5.x), in the body's order
	Jstack     *string
}

type heldQueue struct {
	MQ alloc.MessageQueue
	PQ lenientjson.Value // ProcessQueueInfo, rendered field by field
}

type topicStatus struct {
	Topic                                                      string
	PullRT, PullTPS, ConsumeRT, ConsumeOKTPS, ConsumeFailedTPS float64
	ConsumeFailedMsgs                                          int64
}

// fields reads a body's values, keeping the first error.
type fields struct {
	body string
	err  error
}

func (f *fields) fail(field, msg string) {
	if f.err == nil {
		f.err = &BodyError{Body: f.body, Field: field, Msg: msg}
	}
}

// BodyError is a response body that is not what the call answers.
type BodyError struct {
	Body  string // which body: "ConsumerConnection", ...
	Field string
	Msg   string
}

func (e *BodyError) Error() string {
	if e.Field == "" {
		return e.Body + ": " + e.Msg
	}
	return e.Body + ": " + e.Field + ": " + e.Msg
}

func (f *fields) parse(body []byte) lenientjson.Value {
	v, err := lenientjson.Parse(string(body))
	if err != nil {
		f.fail("", "not fastjson text: "+err.Error())
		return lenientjson.Value{Kind: lenientjson.Object}
	}
	if v.Kind != lenientjson.Object {
		f.fail("", "not an object")
	}
	return v
}

func (f *fields) get(v *lenientjson.Value, key, path string, kind lenientjson.Kind) *lenientjson.Value {
	m, ok := v.Get(key)
	if !ok || m.Kind == lenientjson.Null {
		return nil
	}
	if m.Kind != kind {
		f.fail(path+key, "has the wrong kind of value")
		return nil
	}
	return m
}

func (f *fields) str(v *lenientjson.Value, key, path string) string {
	if m := f.get(v, key, path, lenientjson.String); m != nil {
		return m.Str
	}
	return ""
}

func (f *fields) int64(v *lenientjson.Value, key, path string) int64 {
	m := f.get(v, key, path, lenientjson.Number)
	if m == nil {
		return 0
	}
	n, err := strconv.ParseInt(m.Str, 10, 64)
	if err != nil {
		f.fail(path+key, "is not an integer: "+m.Str)
	}
	return n
}

func (f *fields) float(v *lenientjson.Value, key, path string) float64 {
	m := f.get(v, key, path, lenientjson.Number)
	if m == nil {
		return 0
	}
	x, err := strconv.ParseFloat(m.Str, 64)
	if err != nil {
		f.fail(path+key, "is not a number: "+m.Str)
	}
	return x
}

func (f *fields) bool(v *lenientjson.Value, key, path string) bool {
	if m := f.get(v, key, path, lenientjson.Bool); m != nil {
		return m.Str == "true"
	}
	return false
}

func (f *fields) queue(v *lenientjson.Value, path string) alloc.MessageQueue {
	if v == nil || v.Kind != lenientjson.Object {
		f.fail(path, "a key that is not a MessageQueue")
		return alloc.MessageQueue{}
	}
	id := f.int64(v, "queueId", path+".")
	return alloc.MessageQueue{Topic: f.str(v, "topic", path+"."), BrokerName: f.str(v, "brokerName", path+"."), QueueID: int32(id)}
}

func (f *fields) subscriptions(v *lenientjson.Value, path string) []subscription {
	var out []subscription
	add := func(s *lenientjson.Value, p string) {
		if s.Kind != lenientjson.Object {
			f.fail(p, "is not a SubscriptionData")
			return
		}
		out = append(out, subscription{Topic: f.str(s, "topic", p+"."), SubString: f.str(s, "subString", p+"."), ClassFilter: f.bool(s, "classFilterMode", p+".")})
	}
	switch v.Kind {
	case lenientjson.Object: // subscriptionTable: topic → SubscriptionData
		for i := range v.Members {
			add(&v.Members[i].Value, path+"["+strconv.Quote(v.Members[i].Key)+"]")
		}
	case lenientjson.Array: // subscriptionSet
		for i := range v.Items {
			add(&v.Items[i], path+"["+strconv.Itoa(i)+"]")
		}
	}
	return out
}

func decodeConnection(body []byte) (*connection, error) {
	f := &fields{body: "ConsumerConnection"}
	v := f.parse(body)
	c := &connection{
		ConsumeType:      f.str(&v, "consumeType", ""),
		MessageModel:     f.str(&v, "messageModel", ""),
		ConsumeFromWhere: f.str(&v, "consumeFromWhere", ""),
	}
	if set := f.get(&v, "connectionSet", "", lenientjson.Array); set != nil {
		for i := range set.Items {
			it := &set.Items[i]
			p := "connectionSet[" + strconv.Itoa(i) + "]."
			c.Conns = append(c.Conns, conn{ClientID: f.str(it, "clientId", p), ClientAddr: f.str(it, "clientAddr", p), Language: f.str(it, "language", p), Version: int(f.int64(it, "version", p))})
		}
	}
	if t := f.get(&v, "subscriptionTable", "", lenientjson.Object); t != nil {
		c.Subs = f.subscriptions(t, "subscriptionTable")
	}
	return c, f.err
}

func decodeConsumeStats(body []byte) (*consumeStats, error) {
	f := &fields{body: "ConsumeStats"}
	v := f.parse(body)
	s := &consumeStats{TPS: f.float(&v, "consumeTps", "")}
	if t := f.get(&v, "offsetTable", "", lenientjson.Object); t != nil {
		for i := range t.Members {
			m := &t.Members[i]
			p := "offsetTable[" + strconv.Itoa(i) + "]"
			o := offsets{MQ: f.queue(m.KeyValue, p)}
			o.BrokerOffset = f.int64(&m.Value, "brokerOffset", p+".")
			o.ConsumerOffset = f.int64(&m.Value, "consumerOffset", p+".")
			o.LastTimestamp = f.int64(&m.Value, "lastTimestamp", p+".")
			s.Table = append(s.Table, o)
		}
	}
	return s, f.err
}

func decodeRunningInfo(body []byte) (*runningInfo, error) {
	f := &fields{body: "ConsumerRunningInfo"}
	v := f.parse(body)
	ri := &runningInfo{}
	if p := f.get(&v, "properties", "", lenientjson.Object); p != nil {
		for _, m := range p.Members {
			ri.Properties = append(ri.Properties, [2]string{m.Key, scalarText(&m.Value)})
		}
	}
	if s := f.get(&v, "subscriptionSet", "", lenientjson.Array); s != nil {
		ri.Subs = f.subscriptions(s, "subscriptionSet")
	}
	if t := f.get(&v, "mqTable", "", lenientjson.Object); t != nil {
		for i := range t.Members {
			m := &t.Members[i]
			ri.MQs = append(ri.MQs, heldQueue{MQ: f.queue(m.KeyValue, "mqTable["+strconv.Itoa(i)+"]"), PQ: m.Value})
		}
	}
	if t := f.get(&v, "mqPopTable", "", lenientjson.Object); t != nil {
		for i := range t.Members {
			m := &t.Members[i]
			ri.PopMQs = append(ri.PopMQs, heldQueue{MQ: f.queue(m.KeyValue, "mqPopTable["+strconv.Itoa(i)+"]"), PQ: m.Value})
		}
	}
	if u := f.get(&v, "userConsumerInfo", "", lenientjson.Object); u != nil {
		for _, m := range u.Members {
			ri.UserInfo = append(ri.UserInfo, [2]string{m.Key, scalarText(&m.Value)})
		}
	}
	if t := f.get(&v, "statusTable", "", lenientjson.Object); t != nil {
		for i := range t.Members {
			m := &t.Members[i]
			p := "statusTable[" + strconv.Quote(m.Key) + "]."
			ri.Status = append(ri.Status, topicStatus{
				Topic: m.Key, PullRT: f.float(&m.Value, "pullRT", p), PullTPS: f.float(&m.Value, "pullTPS", p),
				ConsumeRT: f.float(&m.Value, "consumeRT", p), ConsumeOKTPS: f.float(&m.Value, "consumeOKTPS", p),
				ConsumeFailedTPS: f.float(&m.Value, "consumeFailedTPS", p), ConsumeFailedMsgs: f.int64(&m.Value, "consumeFailedMsgs", p),
			})
		}
	}
	if j := f.get(&v, "jstack", "", lenientjson.String); j != nil {
		s := j.Str
		ri.Jstack = &s
	}
	return ri, f.err
}

// scalarText is a property value as Java's toString prints it (Properties
// hold strings; anything else is printed as its text).
func scalarText(v *lenientjson.Value) string {
	switch v.Kind {
	case lenientjson.Null:
		return "null"
	case lenientjson.String, lenientjson.Number, lenientjson.Bool:
		return v.Str
	}
	return ""
}
