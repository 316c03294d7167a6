package route

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc/internal/lenientjson"
)

// ParseError is a route text that could not be read: 1-based line and
// column (characters; a tab counts one), and what was expected there.
type ParseError struct {
	Line   int
	Column int
	Msg    string
}

func (e *ParseError) Error() string {
	return "route: line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": " + e.Msg
}

// Parse reads a topic route as `mqadmin topicRoute -t TOPIC` prints it:
// fastjson's almost-JSON with unquoted integer map keys
// ("brokerAddrs":{0:"192.168.0.1:10911"}), tabs, log lines before the
// document and a BOM; standard JSON is read too. Unknown fields
// (filterServerTable, enableActingMaster, zoneName, ...) are ignored; the
// queue flag may be spelled topicSysFlag or topicSynFlag (older 4.x).
//
// Anything else is a *ParseError giving the line, the column and what was
// expected: a missing queueDatas, a count that is not an int32, a cut paste.
func Parse(text string) (*Route, error) {
	doc, err := lenientjson.Parse(text)
	if err != nil {
		e := err.(*lenientjson.Error)
		return nil, errorAt(text, e.Offset, e.Msg)
	}
	d := decoder{text: text}
	r := d.route(&doc)
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}

func errorAt(text string, offset int, msg string) *ParseError {
	line, col := lenientjson.Position(text, offset)
	return &ParseError{Line: line, Column: col, Msg: msg}
}

// decoder maps the parsed document onto Route, keeping the first error.
type decoder struct {
	text string
	err  *ParseError
}

func (d *decoder) fail(v *lenientjson.Value, msg string) {
	if d.err == nil {
		d.err = errorAt(d.text, v.Offset, msg)
	}
}

func (d *decoder) route(doc *lenientjson.Value) *Route {
	if doc.Kind != lenientjson.Object {
		d.fail(doc, "expected a JSON object with queueDatas and brokerDatas (the output of mqadmin topicRoute), found "+kindName(doc.Kind))
		return nil
	}
	r := &Route{}
	qds, hasQ := doc.Get("queueDatas")
	if !hasQ {
		d.fail(doc, "expected a field \"queueDatas\": this does not look like a topic route")
		return nil
	}
	for i, v := range d.list(qds, "queueDatas") {
		r.QueueDatas = append(r.QueueDatas, d.queueData(&v, "queueDatas["+strconv.Itoa(i)+"]"))
	}
	if bds, ok := doc.Get("brokerDatas"); ok {
		for i, v := range d.list(bds, "brokerDatas") {
			r.BrokerDatas = append(r.BrokerDatas, d.brokerData(&v, "brokerDatas["+strconv.Itoa(i)+"]"))
		}
	}
	if otc, ok := doc.Get("orderTopicConf"); ok && otc.Kind != lenientjson.Null {
		s := d.str(otc, "orderTopicConf")
		r.OrderTopicConf = &s
	}
	return r
}

// list is an array's items; null is an empty list.
func (d *decoder) list(v *lenientjson.Value, field string) []lenientjson.Value {
	switch v.Kind {
	case lenientjson.Null:
		return nil
	case lenientjson.Array:
		return v.Items
	}
	d.fail(v, "expected "+field+" to be an array, found "+kindName(v.Kind))
	return nil
}

func (d *decoder) queueData(v *lenientjson.Value, field string) QueueData {
	var q QueueData
	if v.Kind != lenientjson.Object {
		d.fail(v, "expected "+field+" to be an object, found "+kindName(v.Kind))
		return q
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "brokerName":
			q.BrokerName = d.str(&m.Value, field+".brokerName")
		case "readQueueNums":
			q.ReadQueueNums = d.int32(&m.Value, field+".readQueueNums")
		case "writeQueueNums":
			q.WriteQueueNums = d.int32(&m.Value, field+".writeQueueNums")
		case "perm":
			q.Perm = d.int32(&m.Value, field+".perm")
		case "topicSysFlag", "topicSynFlag":
			q.TopicSysFlag = d.int32(&m.Value, field+"."+m.Key)
		}
	}
	return q
}

func (d *decoder) brokerData(v *lenientjson.Value, field string) BrokerData {
	var b BrokerData
	if v.Kind != lenientjson.Object {
		d.fail(v, "expected "+field+" to be an object, found "+kindName(v.Kind))
		return b
	}
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "brokerName":
			b.BrokerName = d.str(&m.Value, field+".brokerName")
		case "cluster":
			b.Cluster = d.str(&m.Value, field+".cluster")
		case "brokerAddrs":
			b.BrokerAddrs = d.addrs(&m.Value, field+".brokerAddrs")
		}
	}
	return b
}

func (d *decoder) addrs(v *lenientjson.Value, field string) map[string]string {
	if v.Kind == lenientjson.Null {
		return nil
	}
	if v.Kind != lenientjson.Object {
		d.fail(v, "expected "+field+" to be an object {brokerId: address}, found "+kindName(v.Kind))
		return nil
	}
	out := make(map[string]string, len(v.Members))
	for i := range v.Members {
		m := &v.Members[i]
		if _, ok := parseBrokerID(m.Key); !ok {
			d.fail(&lenientjson.Value{Offset: m.Offset}, "expected a broker ID (a decimal integer) as key of "+field+", found \""+m.Key+"\"")
			return nil
		}
		out[m.Key] = d.str(&m.Value, field+"."+m.Key)
	}
	return out
}

func (d *decoder) str(v *lenientjson.Value, field string) string {
	switch v.Kind {
	case lenientjson.String:
		return v.Str
	case lenientjson.Null:
		return ""
	}
	d.fail(v, "expected "+field+" to be a string, found "+kindName(v.Kind))
	return ""
}

func (d *decoder) int32(v *lenientjson.Value, field string) int32 {
	if v.Kind == lenientjson.Number {
		if n, err := strconv.ParseInt(v.Str, 10, 32); err == nil {
			return int32(n)
		}
		d.fail(v, "expected "+field+" to be an integer from -2147483648 to 2147483647, found "+v.Str)
		return 0
	}
	d.fail(v, "expected "+field+" to be an integer, found "+kindName(v.Kind))
	return 0
}

func kindName(k lenientjson.Kind) string {
	switch k {
	case lenientjson.Null:
		return "null"
	case lenientjson.Bool:
		return "true/false"
	case lenientjson.Number:
		return "a number"
	case lenientjson.String:
		return "a string"
	case lenientjson.Array:
		return "an array"
	}
	return "an object"
}
