package mqadmin

import (
	"strconv"
	"strings"
)

// FormatTopicStatus is the source of topicStatus errors.
const FormatTopicStatus = "topicStatus"

// TopicStatus is `mqadmin topicStatus -t TOPIC`: every queue the brokers
// hold for the topic, written or read, with its offsets.
type TopicStatus struct {
	Rows []TopicStatusRow `json:"rows"`
}

// TopicStatusRow is one queue line. BrokerName is as printed (cut to 32
// characters when longer).
type TopicStatusRow struct {
	BrokerName  string `json:"brokerName"`
	QueueID     int32  `json:"queueId"`
	MinOffset   int64  `json:"minOffset"`
	MaxOffset   int64  `json:"maxOffset"`
	LastUpdated string `json:"lastUpdated"` // as printed; may be empty
	Line        int    `json:"line"`
}

// ParseTopicStatus reads what `mqadmin topicStatus -t TOPIC` prints:
// "#Broker Name #QID #Min Offset #Max Offset #Last Updated", then one
// line a queue (5.x adds a "Topic Put TPS: x" footer).
func ParseTopicStatus(text string) (*TopicStatus, error) {
	lines, perr := readLines(FormatTopicStatus, text)
	if perr != nil {
		return nil, perr
	}
	_, _, i, ok := findHeader(lines, 0, "#Broker", "#BrokerName#QID#MinOffset#MaxOffset")
	if !ok {
		return nil, missingHeader(FormatTopicStatus, lines, "#Broker Name #QID #Min Offset #Max Offset #Last Updated (mqadmin topicStatus -t TOPIC)")
	}
	ts := &TopicStatus{Rows: []TopicStatusRow{}}
	var fs []field
	for ; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		if strings.HasPrefix(l.text, "Topic Put TPS:") {
			continue // 5.x's footer
		}
		if !printable(l.text) {
			return nil, parseErr(FormatTopicStatus, l.n, 0, "expected text, found binary data")
		}
		fs = fieldsUpTo(fs, l.text, 4)
		if len(fs) < 4 {
			return nil, parseErr(FormatTopicStatus, l.n, 0, "expected a queue line: broker name, queue ID, min offset, max offset, last updated")
		}
		qid, err1 := strconv.ParseInt(fs[1].s, 10, 32)
		minOff, err2 := strconv.ParseInt(fs[2].s, 10, 64)
		maxOff, err3 := strconv.ParseInt(fs[3].s, 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || qid < 0 || minOff < 0 || maxOff < minOff {
			return nil, parseErr(FormatTopicStatus, l.n, fs[1].off+1, "expected a queue ID and two offsets (min <= max), found "+strconv.Quote(strings.TrimSpace(l.text[fs[1].off:])))
		}
		rest := ""
		if end := fs[3].off + len(fs[3].s); end < len(l.text) {
			rest = strings.TrimSpace(l.text[end:])
		}
		ts.Rows = append(ts.Rows, TopicStatusRow{BrokerName: fs[0].s, QueueID: int32(qid), MinOffset: minOff, MaxOffset: maxOff, LastUpdated: rest, Line: l.n})
	}
	return ts, nil
}
