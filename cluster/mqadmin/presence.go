package mqadmin

import (
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/lenientjson"
)

// Fields the tools always print. A text without one lost a line (a cut, a
// deletion): reading the field as zero or "" would turn damage into a
// confident diagnosis (a queue count of 0 is "broker removed", a missing
// strategy line "AVG"), so its absence is an error naming the place.

// routeQueueFields: the fields of QueueData fastjson always writes whose
// absence would change the answer (read as 0 or ""). The sys flag and
// the broker's cluster change nothing here, and routes written by hand
// as standard JSON (the playground's, the JS API's) leave them out.
var routeQueueFields = [][]string{{"brokerName"}, {"perm"}, {"readQueueNums"}, {"writeQueueNums"}}

// routeBrokerFields: BrokerData's fields the answer depends on.
var routeBrokerFields = [][]string{{"brokerName"}, {"brokerAddrs"}}

// checkRouteFields reports the first queueDatas or brokerDatas entry of a
// route text (already read by route.Parse) that lacks a field fastjson
// always prints. Standard JSON made by hand must carry them too.
func checkRouteFields(text string) *alloc.TextError {
	doc, err := lenientjson.Parse(text)
	if err != nil || doc.Kind != lenientjson.Object {
		return nil // route.Parse has accepted it: cannot happen
	}
	for _, list := range []struct {
		key    string
		fields [][]string
	}{{"queueDatas", routeQueueFields}, {"brokerDatas", routeBrokerFields}} {
		v, ok := doc.Get(list.key)
		if !ok || v.Kind != lenientjson.Array {
			continue
		}
		for i := range v.Items {
			item := &v.Items[i]
		next:
			for _, names := range list.fields {
				for _, n := range names {
					if _, ok := item.Get(n); ok {
						continue next
					}
				}
				line, _ := lenientjson.Position(text, item.Offset)
				return parseErr(FormatRoute, line, 0, list.key+"["+strconv.Itoa(i)+"] (from this line) has no \""+names[0]+"\": mqadmin topicRoute always prints it, so a line of the route was deleted or cut; take the route again")
			}
		}
	}
	return nil
}

// javaStatusProperties: every Java consumer's #Consumer Properties# has
// these (fields of DefaultMQPushConsumer, printed by 4.9.x and 5.x alike);
// rocketmq-client-go prints only PROP_* lines.
var javaStatusProperties = []string{"allocateMessageQueueStrategy", "consumerGroup", "messageModel"}

// isJavaVersion: PROP_CLIENT_VERSION as a Java client prints it (V4_9_3).
func isJavaVersion(v string) bool {
	return len(v) >= 2 && v[0] == 'V' && v[1] >= '0' && v[1] <= '9'
}

// checkStatusFields reports what a whole status text lacks that its
// client always prints: Java's fixed properties, at least one subscription
// (a push consumer's table has its topics and, clustering, the %RETRY%
// topic), and a subscription for each topic it holds queues of or has a
// #Consumer RT&TPS# row for.
func (s *statusReader) checkStatusFields() *alloc.TextError {
	subLine := s.seen[secSubscription]
	if isJavaVersion(s.ri.Properties["PROP_CLIENT_VERSION"]) {
		for _, k := range javaStatusProperties {
			if _, ok := s.ri.Properties[k]; !ok {
				return parseErr(FormatStatus, subLine, 0, "#Consumer Properties# (line "+strconv.Itoa(s.seen[secProperties])+" on) has no "+k+" line: every Java consumer prints it, so the line was deleted or cut; take the status again")
			}
		}
	}
	if len(s.ri.Subscriptions) == 0 {
		return parseErr(FormatStatus, subLine, 0, "#Consumer Subscription# lists no topic: a consumer's status always lists what it subscribes (lines deleted or cut?)")
	}
	subscribed := make(map[string]bool, len(s.ri.Subscriptions))
	for _, sub := range s.ri.Subscriptions {
		subscribed[sub.Topic] = true
	}
	for _, q := range s.ri.Queues {
		if !subscribed[q.Topic] {
			return parseErr(FormatStatus, q.Line, 0, "holds a queue of topic "+strconv.Quote(q.Topic)+", which #Consumer Subscription# (line "+strconv.Itoa(subLine)+") does not list: a subscription line is missing (deleted or cut), or the text is pieced together")
		}
	}
	for i, topic := range s.rt.topics {
		if !subscribed[topic] {
			return parseErr(FormatStatus, s.rt.lines[i], 0, "#Consumer RT&TPS# has a row for topic "+strconv.Quote(topic)+", which #Consumer Subscription# (line "+strconv.Itoa(subLine)+") does not list: the client prints a row for each topic it subscribes, so a subscription line is missing (deleted or cut), or the text is pieced together")
		}
	}
	return nil
}

// ValidName reports whether s may name a RocketMQ topic or group: 1 to 255
// characters of [%|a-zA-Z0-9_-] (TopicValidator's pattern; '%' joins a
// namespace or a %RETRY%/%DLQ% prefix). A header word such as "#Topic" is
// not a name.
func ValidName(s string) bool {
	if s == "" || len(s) > 255 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '%' || c == '|' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// badNameError is the error for a topic that cannot be one.
func badNameError(format string, l line, name string) *alloc.TextError {
	msg := "expected a topic name (letters, digits, %|_-), found " + describe(name)
	if strings.HasPrefix(name, "#") {
		msg += ": a header line repeated inside the table (duplicated or moved line?)"
	}
	return parseErr(format, l.n, 1, msg)
}

// StatusWhole reports whether ri, read some other way than from a text
// (a live read decoding the client's answer), passes the checks
// ParseConsumerStatus makes of a whole text: the properties every Java
// consumer prints, a subscription, and no queue of a topic it does not
// subscribe. A caller falls back to the text when it does not, so that
// the text's error is the one reported.
func StatusWhole(ri *RunningInfo) bool {
	s := &statusReader{ri: ri, seen: map[string]int{secProperties: 1, secSubscription: 1}}
	return s.checkStatusFields() == nil
}
