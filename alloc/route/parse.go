package route

import (
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/lenientjson"
)

// Parse reads a topic route as `mqadmin topicRoute -t TOPIC` prints it:
// fastjson's almost-JSON with unquoted integer map keys
// ("brokerAddrs":{0:"192.168.0.1:10911"}), tabs, log lines before the
// document and a BOM; standard JSON is read too. Unknown fields
// (filterServerTable, enableActingMaster, zoneName, ...) are ignored; the
// queue flag may be spelled topicSysFlag or topicSynFlag (older 4.x).
//
// Anything else is an *alloc.TextError (Source "route") giving the line,
// the column and what was expected: a missing queueDatas, a count that is
// not an int32, a cut paste.
func Parse(text string) (*Route, error) {
	doc, err := lenientjson.Parse(text)
	if err != nil {
		e := err.(*lenientjson.Error)
		msg := e.Msg
		if e.NoDocument {
			msg += ": a route is the JSON that mqadmin topicRoute -t TOPIC prints"
		}
		return nil, errorAt(text, e.Offset, msg)
	}
	d := decoder{text: text}
	r := d.route(&doc)
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}

func errorAt(text string, offset int, msg string) *alloc.TextError {
	line, col := lenientjson.Position(text, offset)
	return &alloc.TextError{Source: "route", Line: line, Column: col, Msg: msg}
}

// decoder maps the parsed document onto Route, keeping the first error.
type decoder struct {
	text string
	err  *alloc.TextError
}

func (d *decoder) fail(v *lenientjson.Value, msg string) {
	if d.err == nil {
		d.err = errorAt(d.text, v.Offset, msg)
	}
}

// wrong reports that list[i].key (or list, for i < 0) is not what was
// wanted.
func (d *decoder) wrong(v *lenientjson.Value, list string, i int, key, want string) {
	if d.err != nil {
		return
	}
	field := list
	if i >= 0 {
		field += "[" + strconv.Itoa(i) + "]"
	}
	if key != "" {
		field += "." + key
	}
	found := kindName(v.Kind)
	if v.Kind == lenientjson.Number {
		found = v.Str
	}
	d.fail(v, "expected "+field+" to be "+want+", found "+found)
}

func (d *decoder) route(doc *lenientjson.Value) *Route {
	if doc.Kind != lenientjson.Object {
		d.fail(doc, "expected a JSON object with queueDatas and brokerDatas (the output of mqadmin topicRoute), found "+kindName(doc.Kind))
		return nil
	}
	r := &Route{}
	if _, ok := doc.Get("queueDatas"); !ok {
		d.fail(doc, "expected a field \"queueDatas\": this does not look like a topic route")
		return nil
	}
	for k := range doc.Members {
		m := &doc.Members[k]
		switch m.Key {
		case "queueDatas", "brokerDatas":
			v := &m.Value
			if v.Kind != lenientjson.Array && v.Kind != lenientjson.Null {
				d.wrong(v, m.Key, -1, "", "an array")
				return nil
			}
			if v.Kind == lenientjson.Array && m.Key == "queueDatas" {
				r.QueueDatas = make([]QueueData, 0, len(v.Items)) // [] is empty, null is nil, as encoding/json reads them
			} else if v.Kind == lenientjson.Array {
				r.BrokerDatas = make([]BrokerData, 0, len(v.Items))
			}
			for i := range v.Items {
				item := &v.Items[i]
				if item.Kind != lenientjson.Object {
					d.wrong(item, m.Key, i, "", "an object")
					return nil
				}
				if m.Key == "queueDatas" {
					r.QueueDatas = append(r.QueueDatas, d.queueData(item, i))
				} else {
					r.BrokerDatas = append(r.BrokerDatas, d.brokerData(item, i))
				}
			}
		case "orderTopicConf":
			if m.Value.Kind != lenientjson.Null {
				s := d.str(&m.Value, m.Key, -1, "")
				r.OrderTopicConf = &s
			}
		}
	}
	return r
}

func (d *decoder) queueData(v *lenientjson.Value, i int) QueueData {
	var q QueueData
	for k := range v.Members {
		m := &v.Members[k]
		var dst *int32
		switch m.Key {
		case "brokerName":
			q.BrokerName = d.str(&m.Value, "queueDatas", i, m.Key)
		case "readQueueNums":
			dst = &q.ReadQueueNums
		case "writeQueueNums":
			dst = &q.WriteQueueNums
		case "perm":
			dst = &q.Perm
		case "topicSysFlag", "topicSynFlag":
			dst = &q.TopicSysFlag
		}
		if dst != nil {
			n, err := strconv.ParseInt(m.Value.Str, 10, 32)
			if m.Value.Kind != lenientjson.Number || err != nil {
				d.wrong(&m.Value, "queueDatas", i, m.Key, "an integer from -2147483648 to 2147483647")
			}
			*dst = int32(n)
		}
	}
	return q
}

func (d *decoder) brokerData(v *lenientjson.Value, i int) BrokerData {
	var b BrokerData
	for k := range v.Members {
		m := &v.Members[k]
		switch m.Key {
		case "brokerName":
			b.BrokerName = d.str(&m.Value, "brokerDatas", i, m.Key)
		case "cluster":
			b.Cluster = d.str(&m.Value, "brokerDatas", i, m.Key)
		case "brokerAddrs":
			switch m.Value.Kind {
			case lenientjson.Null:
			case lenientjson.Object:
				b.BrokerAddrs = make(map[string]string, len(m.Value.Members))
				for a := range m.Value.Members {
					am := &m.Value.Members[a]
					if _, ok := parseBrokerID(am.Key); !ok {
						d.fail(&lenientjson.Value{Offset: am.Offset}, "expected a broker ID (a decimal integer) as key of brokerDatas["+strconv.Itoa(i)+"].brokerAddrs, found \""+am.Key+"\"")
					}
					b.BrokerAddrs[am.Key] = d.str(&am.Value, "brokerDatas", i, "brokerAddrs."+am.Key)
				}
			default:
				d.wrong(&m.Value, "brokerDatas", i, m.Key, "an object {brokerId: address}")
			}
		}
	}
	return b
}

// str is a string value (null is "").
func (d *decoder) str(v *lenientjson.Value, list string, i int, key string) string {
	if v.Kind != lenientjson.String {
		if v.Kind != lenientjson.Null {
			d.wrong(v, list, i, key, "a string")
		}
		return ""
	}
	return v.Str
}

func kindName(k lenientjson.Kind) string {
	return [...]string{"null", "true/false", "a number", "a string", "an array", "an object"}[k]
}
