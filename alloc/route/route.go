package route

import (
	"slices"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// Permission bits of QueueData.Perm, as Java's PermName defines them.
const (
	PermInherit = 1 // PermName.PERM_INHERIT
	PermRead    = 4 // PermName.PERM_READ: consumers may read (subscribe set)
	PermWrite   = 2 // PermName.PERM_WRITE: producers may write (publish list)
)

// MaxQueues bounds how many queues one conversion may build. Java would try
// to build any count (and run out of memory for absurd ones); this port
// refuses with an IllegalArgumentException naming the field instead, so a
// typo cannot exhaust a browser tab.
const MaxQueues = 1 << 20

// QueueData is one broker's queue counts for the topic (Java's QueueData).
type QueueData struct {
	BrokerName     string `json:"brokerName"`
	ReadQueueNums  int32  `json:"readQueueNums"`
	WriteQueueNums int32  `json:"writeQueueNums"`
	Perm           int32  `json:"perm"`         // PermRead | PermWrite | PermInherit bits
	TopicSysFlag   int32  `json:"topicSysFlag"` // not used by queue selection
}

// BrokerData is one broker group (Java's BrokerData). BrokerAddrs maps a
// broker ID, as a decimal string, to its address; ID 0 is the master
// (MixAll.MASTER_ID). Keys are read as Java longs, so "00" is the master too.
type BrokerData struct {
	Cluster     string            `json:"cluster"` // not used by queue selection
	BrokerName  string            `json:"brokerName"`
	BrokerAddrs map[string]string `json:"brokerAddrs"`
}

// Route is a topic route (Java's TopicRouteData) with the fields queue
// selection reads. OrderTopicConf nil is Java's null; nil slices are read as
// empty lists. Extra fields of the tool's output (filterServerTable, ...)
// are ignored by json.Unmarshal.
type Route struct {
	OrderTopicConf *string      `json:"orderTopicConf"`
	QueueDatas     []QueueData  `json:"queueDatas"`
	BrokerDatas    []BrokerData `json:"brokerDatas"`
}

// PublishQueues is the producer's queue list for topic, in order, as
// MQClientInstance.topicRouteData2TopicPublishInfo builds it:
//
//   - orderTopicConf non-null and non-empty: split on ';' (Java split), each
//     item on ':'; item[0] is the broker (not checked against anything),
//     Integer.parseInt(item[1]) the queue count (<= 0 gives none, extra ':'
//     fields are ignored); queues 0..count-1 per item, in item order.
//     An item without ':' (or an empty item in the middle) fails with
//     ArrayIndexOutOfBoundsException, a bad count with NumberFormatException.
//   - otherwise: queueDatas stably sorted by brokerName (Java string order);
//     each entry with the write bit whose first BrokerData of the same name
//     has a master address yields queues 0..writeQueueNums-1. Duplicate
//     entries give duplicate queues.
//
// Errors are *alloc.Error values naming the field ("orderTopicConf",
// "queueDatas[2].writeQueueNums", "brokerDatas[0].brokerAddrs").
func (r *Route) PublishQueues(topic string) ([]alloc.MessageQueue, error) {
	if r == nil {
		return nil, nullRoute()
	}
	if err := r.checkAddrs(); err != nil {
		return nil, err
	}
	if r.OrderTopicConf != nil && *r.OrderTopicConf != "" {
		return orderedQueues(topic, *r.OrderTopicConf)
	}
	order := sortx.Perm(len(r.QueueDatas), func(a, b int32) int {
		return javalang.CompareStrings(r.QueueDatas[a].BrokerName, r.QueueDatas[b].BrokerName)
	})
	out := []alloc.MessageQueue{}
	for _, i := range order {
		qd := r.QueueDatas[i]
		if qd.Perm&PermWrite == 0 || !r.hasMaster(qd.BrokerName) {
			continue
		}
		var err error
		out, err = appendQueues(out, topic, qd.BrokerName, qd.WriteQueueNums, "queueDatas["+strconv.Itoa(int(i))+"].writeQueueNums")
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SubscribeQueues is the consumer's queue set for topic, as
// topicRouteData2TopicSubscribeInfo builds it, returned sorted (topic,
// brokerName, queueId) without duplicates: every queueData with the read bit
// yields queues 0..readQueueNums-1. No BrokerData is needed and
// orderTopicConf plays no part.
func (r *Route) SubscribeQueues(topic string) ([]alloc.MessageQueue, error) {
	if r == nil {
		return nil, nullRoute()
	}
	if err := r.checkAddrs(); err != nil {
		return nil, err
	}
	out := []alloc.MessageQueue{}
	for i, qd := range r.QueueDatas {
		if qd.Perm&PermRead == 0 {
			continue
		}
		var err error
		out, err = appendQueues(out, topic, qd.BrokerName, qd.ReadQueueNums, "queueDatas["+strconv.Itoa(i)+"].readQueueNums")
		if err != nil {
			return nil, err
		}
	}
	// IDs run 0..readQueueNums-1, never 2^31 apart: this sort cannot fail.
	_ = alloc.SortQueues(out)
	return slices.Compact(out), nil
}

// Queues returns both lists; any error aborts the whole conversion (as the
// conformance vectors record it), so a malformed orderTopicConf fails the
// subscribe side too.
func (r *Route) Queues(topic string) (publish, subscribe []alloc.MessageQueue, err error) {
	if publish, err = r.PublishQueues(topic); err != nil {
		return nil, nil, err
	}
	if subscribe, err = r.SubscribeQueues(topic); err != nil {
		return nil, nil, err
	}
	return publish, subscribe, nil
}

// hasMaster: the first BrokerData named broker has a master address.
func (r *Route) hasMaster(broker string) bool {
	for _, bd := range r.BrokerDatas {
		if bd.BrokerName == broker {
			for k := range bd.BrokerAddrs {
				if zero, _ := parseBrokerID(k); zero {
					return true
				}
			}
			return false
		}
	}
	return false
}

// checkAddrs rejects brokerAddrs keys that are not decimal longs: Java's
// route decoder (a Map<Long, String>) would not have accepted them.
func (r *Route) checkAddrs() error {
	for i, bd := range r.BrokerDatas {
		for k := range bd.BrokerAddrs {
			if _, ok := parseBrokerID(k); !ok {
				return &alloc.Error{Kind: alloc.ErrNumberFormat, JavaClass: alloc.NumberFormatException,
					Field: "brokerDatas[" + strconv.Itoa(i) + "].brokerAddrs",
					Msg:   "broker ID keys must be decimal integers: " + forInputString(k)}
			}
		}
	}
	return nil
}

// parseBrokerID reads a brokerAddrs key as a Java long ("0", "1", "-1",
// "00"); only zero-ness matters here, so the value is reported as is-zero.
func parseBrokerID(k string) (isZero, ok bool) {
	id, ok := BrokerID(k)
	return ok && id == 0, ok
}

// BrokerID reads a brokerAddrs key as the Java long it stands for: an
// optional sign, then 1 to 19 ASCII digits within int64 range ("00" and
// "-0" are the master's 0). ok is false for anything else, which no route
// decoder would have accepted.
func BrokerID(k string) (id int64, ok bool) {
	digits := k
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		digits = digits[1:]
	}
	if digits == "" {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if v > (1<<63)/10 {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	// 2^63 itself is only valid negative (Long.MIN_VALUE).
	if v > 1<<63 || (v == 1<<63 && k[0] != '-') {
		return 0, false
	}
	if k[0] == '-' {
		return -int64(v), true // wraps to MinInt64 for 2^63, as intended
	}
	return int64(v), true
}

// orderedQueues parses orderTopicConf ("broker-a:4;broker-b:4").
func orderedQueues(topic, conf string) ([]alloc.MessageQueue, error) {
	out := []alloc.MessageQueue{}
	for n, item := range javalang.Split(conf, ";") {
		parts := javalang.Split(item, ":")
		if len(parts) < 2 {
			return nil, &alloc.Error{Kind: alloc.ErrIndexOutOfRange, JavaClass: alloc.ArrayIndexOutOfBoundsException,
				Field: "orderTopicConf",
				Msg:   "Index 1 out of bounds for length " + strconv.Itoa(len(parts)) + " (item " + strconv.Itoa(n) + " \"" + item + "\" has no \"broker:count\")"}
		}
		count, err := parseInt(parts[1])
		if err != nil {
			err.Field = "orderTopicConf"
			err.Msg += " (item " + strconv.Itoa(n) + ")"
			return nil, err
		}
		var err2 error
		if out, err2 = appendQueues(out, topic, parts[0], count, "orderTopicConf"); err2 != nil {
			return nil, err2
		}
	}
	return out, nil
}

// appendQueues appends queues 0..count-1 of broker (none when count <= 0).
func appendQueues(out []alloc.MessageQueue, topic, broker string, count int32, field string) ([]alloc.MessageQueue, error) {
	if count <= 0 {
		return out, nil
	}
	if int64(len(out))+int64(count) > MaxQueues {
		return nil, &alloc.Error{Kind: alloc.ErrLimit, Field: field,
			Msg: "route would hold more than " + strconv.Itoa(MaxQueues) + " queues (this port's limit), got count " + strconv.Itoa(int(count))}
	}
	for id := int32(0); id < count; id++ {
		out = append(out, alloc.MessageQueue{Topic: topic, BrokerName: broker, QueueID: id})
	}
	return out, nil
}

func nullRoute() error {
	return &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.NullPointerException, Field: "route", Msg: "route is null"}
}
