package live

import (
	"strconv"
	"strings"
	"time"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/internal/lenientjson"
)

// codeGetTopicStatsInfo asks a broker for a topic's queues and offsets
// (mqadmin topicStatus): the only place messages in queues no consumer
// reads (writeQueueNums > readQueueNums) show.
const codeGetTopicStatsInfo = 202

// topicOffset is one queue of a TopicStatsTable.
type topicOffset struct {
	MQ          alloc.MessageQueue
	Min, Max    int64
	LastUpdated int64
}

func decodeTopicStats(body []byte) ([]topicOffset, error) {
	f := &fields{body: "TopicStatsTable"}
	v := f.parse(body)
	var out []topicOffset
	if t := f.get(&v, "offsetTable", "", lenientjson.Object); t != nil {
		for i := range t.Members {
			m := &t.Members[i]
			p := "offsetTable[" + strconv.Itoa(i) + "]"
			o := topicOffset{MQ: f.queue(m.KeyValue, p)}
			o.Min = f.int64(&m.Value, "minOffset", p+".")
			o.Max = f.int64(&m.Value, "maxOffset", p+".")
			o.LastUpdated = f.int64(&m.Value, "lastUpdateTimestamp", p+".")
			out = append(out, o)
		}
	}
	return out, f.err
}

// askTopicStats asks every master broker of topic's route (its answer
// body) for the topic's stats, as mqadmin topicStatus does.
func (s *Session) askTopicStats(out []Request, topic string, body []byte) []Request {
	r, err := route.Parse(string(body))
	if err != nil {
		return out // the route's own rendering reports it
	}
	for _, bd := range r.BrokerDatas {
		if a := bd.BrokerAddrs["0"]; a != "" {
			s.topicStatsAsked[topic]++
			out = s.ask(out, &pending{kind: askTopicStats, topic: topic, addr: a}, codeGetTopicStatsInfo, map[string]string{"topic": topic}, "stats of topic "+topic)
		}
	}
	return out
}

// onTopicStats keeps a broker's answer; topicStatus is optional, so a
// failure is a warning and the topic's status is left out.
func (s *Session) onTopicStats(p *pending, resp *Command, terr error) ([]Request, error) {
	why := ""
	switch {
	case terr != nil:
		why = oneLine(terr.Error())
	case resp.Code != respSuccess:
		why = "CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + oneLine(resp.Remark)
	default:
		t, err := decodeTopicStats(resp.Body)
		if err != nil {
			why = err.Error()
		} else {
			s.topicStats[p.topic] = append(s.topicStats[p.topic], t...)
			return nil, nil
		}
	}
	s.topicStatsFailed[p.topic] = true
	s.warn("broker " + p.addr + " did not give the stats of topic " + p.topic + " (" + why + "): topicStatus.txt is left out for it")
	return nil, nil
}

// renderTopicStatus is what mqadmin 4.9.3 topicStatus prints: the queues
// in Java order, their min and max offsets and last update.
func renderTopicStatus(offs []topicOffset, loc *time.Location) (string, error) {
	table := map[alloc.MessageQueue]topicOffset{}
	var mqs []alloc.MessageQueue
	for _, o := range offs {
		if _, dup := table[o.MQ]; !dup {
			mqs = append(mqs, o.MQ)
		}
		table[o.MQ] = o
	}
	if err := alloc.SortQueues(mqs); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(pad("#Broker Name", 32) + "  " + pad("#QID", 4) + "  " + pad("#Min Offset", 20) + "  " + pad("#Max Offset", 20) + "    #Last Updated\n")
	for _, mq := range mqs {
		o := table[mq]
		last := ""
		if o.LastUpdated > 0 {
			t := time.UnixMilli(o.LastUpdated).In(loc)
			last = t.Format("2006-01-02 15:04:05") + "," + pad3(t.Nanosecond()/1e6)
		}
		b.WriteString(pad(frontStringAtLeast(mq.BrokerName, 32), 32) + "  " + pad(strconv.Itoa(int(mq.QueueID)), 4) + "  " + pad(strconv.FormatInt(o.Min, 10), 20) + "  " + pad(strconv.FormatInt(o.Max, 10), 20) + "    " + last + "\n")
	}
	return b.String(), nil
}
