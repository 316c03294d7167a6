package mqadmin

import "strings"

// Section names of a ConsumerRunningInfo text.
const (
	secProperties   = "#Consumer Properties#"
	secSubscription = "#Consumer Subscription#"
	secOffset       = "#Consumer Offset#"
	secDetail       = "#Consumer MQ Detail#"
	secPop          = "#Consumer Pop Detail#"
)

// ParseConsumerStatus reads one client's ConsumerRunningInfo as `mqadmin
// consumerStatus` writes it to a file (or prints it with -i): the
// #Consumer Properties# lines ("name : value"), the #Consumer
// Subscription# lines, the #Consumer Offset# queue list (what the client
// holds now), #Consumer MQ Detail# (its droped flags) and, in 5.x,
// #Consumer Pop Detail#. Other sections (RT&TPS, jstack, ...) are skipped.
// Lines before the first section are skipped. The offset list must be
// followed by the MQ Detail section, so a cut paste is an error rather
// than a client that seems to hold fewer queues.
func ParseConsumerStatus(text string) (*RunningInfo, error) {
	lines := splitLines(text)
	ri := &RunningInfo{Properties: map[string]string{}, Subscriptions: []Subscription{}, Queues: []HeldQueue{}}
	section := ""
	seen := map[string]bool{}
	held := map[queueKey]int{}
	headerDone := false
	header, wraps := "", 0 // the section header, compact, and lines joined to it
	lastProp := ""
	var fs []field
	for _, l := range lines {
		t := strings.TrimSpace(l.text)
		if strings.HasPrefix(t, "#Consumer ") && strings.HasSuffix(t, "#") && len(t) > len("#Consumer #") {
			if t == secProperties && seen[secProperties] {
				// Merged, two clients would read as one holding both their queues.
				return nil, parseErr(FormatStatus, l.n, 0, "another client's status starts here (a second #Consumer Properties#): give each client's text separately, one file (or one text) per client")
			}
			section, headerDone = t, false
			seen[t] = true
			continue
		}
		if t == "" || section == "" {
			continue
		}
		if !printable(l.text) {
			return nil, parseErr(FormatStatus, l.n, 0, "expected text, found binary data")
		}
		switch section {
		case secProperties:
			k, v, ok := strings.Cut(l.text, ":")
			switch {
			case ok && strings.TrimSpace(k) != "" && !strings.ContainsAny(strings.TrimSpace(k), " \t"):
				lastProp = strings.TrimSpace(k)
				ri.Properties[lastProp] = strings.TrimSpace(v)
			case lastProp != "":
				// a value printed over several lines (its toString has line breaks)
				ri.Properties[lastProp] += "\n" + l.text
			default:
				return nil, parseErr(FormatStatus, l.n, 0, "expected a property \"name : value\", found "+describe(l.text))
			}
		case secSubscription:
			s, err := subscriptionLine(l)
			if err != nil {
				return nil, err
			}
			ri.Subscriptions = append(ri.Subscriptions, s)
		case secOffset, secDetail, secPop:
			if !headerDone {
				if !strings.HasPrefix(compact(l.text), "#Topic") {
					return nil, parseErr(FormatStatus, l.n, 0, "expected the header \"#Topic #Broker Name #QID ...\" of "+section+", found "+describe(l.text))
				}
				headerDone, header, wraps = true, compact(l.text), 0
				continue
			}
			if wraps < 3 && !strings.Contains(header, "#QID#") && !looksLikeQueueLine(l.text) {
				// the rest of a header a terminal wrapped
				header += compact(l.text)
				wraps++
				continue
			}
			wraps = 3
			fs = fields(fs, l.text)
			if len(fs) < 4 {
				return nil, parseErr(FormatStatus, l.n, 0, "expected a queue line \"topic brokerName queueId ...\" in "+section+", found "+describe(l.text))
			}
			qid, err := parseQueueID(fs[2], l, FormatStatus)
			if err != nil {
				return nil, err
			}
			q := HeldQueue{Topic: fs[0].s, BrokerName: fs[1].s, QueueID: qid, Line: l.n}
			key := queueKey{q.Topic, q.BrokerName, qid}
			switch section {
			case secOffset:
				if len(fs) != 4 {
					return nil, parseErr(FormatStatus, l.n, 0, "expected \"topic brokerName queueId consumerOffset\" in "+section+", found "+describe(l.text))
				}
				if q.ConsumerOffset, err = parseInt64(fs[3], l, FormatStatus, "#Consumer Offset"); err != nil {
					return nil, err
				}
				held[key] = len(ri.Queues)
				ri.Queues = append(ri.Queues, q)
			case secDetail:
				if i, ok := held[key]; ok && (strings.Contains(l.text, "droped=true") || strings.Contains(l.text, "dropped=true")) {
					ri.Queues[i].Dropped = true
				}
			case secPop:
				ri.PopQueues = append(ri.PopQueues, q)
			}
		}
	}
	last := 0
	if len(lines) > 0 {
		last = lines[len(lines)-1].n
	}
	switch {
	case !seen[secProperties] && !seen[secOffset]:
		return nil, missingHeader(FormatStatus, lines, "#Consumer Properties# (the file mqadmin consumerStatus -g GROUP writes, or its -i output)")
	case !seen[secOffset]:
		return nil, parseErr(FormatStatus, last, 0, "the text ends without the #Consumer Offset# section: the paste looks cut; paste the whole file")
	case !seen[secDetail]:
		return nil, parseErr(FormatStatus, last, 0, "the text ends without the #Consumer MQ Detail# section that follows the queue list: the paste looks cut; paste the whole file")
	}
	return ri, nil
}

type queueKey struct {
	topic, broker string
	id            int32
}

// subscriptionLine reads "001 Topic: T    ClassFilter: false    SubExpression: *".
func subscriptionLine(l line) (Subscription, error) {
	_, rest, ok := strings.Cut(l.text, "Topic: ")
	cf := strings.Index(rest, " ClassFilter: ")
	se := strings.Index(rest, " SubExpression: ")
	if !ok || cf < 0 || se < cf {
		return Subscription{}, parseErr(FormatStatus, l.n, 0, "expected a subscription \"NNN Topic: T ClassFilter: B SubExpression: E\", found "+describe(l.text))
	}
	return Subscription{
		Topic:         strings.TrimSpace(rest[:cf]),
		ClassFilter:   strings.TrimSpace(rest[cf+len(" ClassFilter: "):se]) == "true",
		SubExpression: strings.TrimSpace(rest[se+len(" SubExpression: "):]),
	}, nil
}

// looksLikeQueueLine: "topic broker qid ..." with a numeric queue ID.
func looksLikeQueueLine(s string) bool {
	fs := fields(nil, s)
	if len(fs) < 4 {
		return false
	}
	for i := 0; i < len(fs[2].s); i++ {
		if fs[2].s[i] < '0' || fs[2].s[i] > '9' {
			return false
		}
	}
	return true
}
