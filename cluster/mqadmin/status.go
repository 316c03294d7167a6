package mqadmin

import (
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// Section names of a ConsumerRunningInfo text, and the order the tool
// prints them in (ConsumerRunningInfo.formatString): Pop Detail is 5.x
// only; after RT&TPS come optional sections (User Consume Info, jstack).
const (
	secProperties   = "#Consumer Properties#"
	secSubscription = "#Consumer Subscription#"
	secOffset       = "#Consumer Offset#"
	secDetail       = "#Consumer MQ Detail#"
	secPop          = "#Consumer Pop Detail#"
	secRTTPS        = "#Consumer RT&TPS#"
)

var sectionRank = map[string]int{secProperties: 1, secSubscription: 2, secOffset: 3, secDetail: 4, secPop: 5, secRTTPS: 6}

// required sections, in order; Pop Detail is missing before 5.x.
var requiredSections = []string{secProperties, secSubscription, secOffset, secDetail, secRTTPS}

// ParseConsumerStatus reads one client's ConsumerRunningInfo as `mqadmin
// consumerStatus` writes it to a file (or prints it with -i): the
// #Consumer Properties# lines ("name : value"), the #Consumer
// Subscription# lines, the #Consumer Offset# queue list (what the client
// holds now), #Consumer MQ Detail# (its droped flags) and, in 5.x,
// #Consumer Pop Detail#. Later sections (RT&TPS, jstack, ...) are skipped,
// but RT&TPS must be there. Lines before the first section are skipped.
//
// The tool prints the sections in a fixed order, and Offset and MQ Detail
// list the same queues (one table, sorted) with the same offsets; a text
// where they do not agree, a section is missing or a line is cut is an
// error rather than a client that seems to hold fewer queues.
func ParseConsumerStatus(text string) (*RunningInfo, error) {
	lines, perr := readLines(FormatStatus, text)
	if perr != nil {
		return nil, perr
	}
	s := &statusReader{
		ri:   &RunningInfo{Properties: map[string]string{}, Subscriptions: []Subscription{}, Queues: []HeldQueue{}},
		seen: map[string]int{},
	}
	for _, l := range lines {
		if err := s.line(l); err != nil {
			return nil, err
		}
	}
	if err := s.end(lines); err != nil {
		return nil, err
	}
	return s.ri, nil
}

// statusReader is the state of ParseConsumerStatus between lines.
type statusReader struct {
	ri       *RunningInfo
	section  string         // the current section, "" before the first
	seen     map[string]int // section → the line of its header
	rank     int            // rank of the last known section seen
	header   string         // the current table's header, compact; "" until read
	wraps    int            // lines a terminal's wrap added to the header
	lastProp string
	detail   []HeldQueue // #Consumer MQ Detail#, with the commitOffset as ConsumerOffset
	fs       []field
	rt       rtTable // #Consumer RT&TPS#'s topics
}

// rtTable is what is read of #Consumer RT&TPS#: the topic of each row.
// The client fills that table from its subscriptions (one row per
// subscribed topic, Java and Go clients alike), so a row's topic is
// subscribed: a row the subscription table lacks is a lost line there.
type rtTable struct {
	header bool     // its #Topic header was read
	done   bool     // a blank line after the rows ended it
	topics []string // in order
	lines  []int    // the line of each topic
}

// add reads one non-blank line of the section: the header, then rows
// whose first field is a topic name. Anything else ends the table (the
// section is otherwise skipped, as later ones are).
func (r *rtTable) add(l line) {
	f := strings.Fields(l.text)
	switch {
	case r.done || len(f) == 0:
	case !r.header:
		r.header = f[0] == "#Topic"
		r.done = !r.header
	case ValidName(f[0]):
		r.topics = append(r.topics, f[0])
		r.lines = append(r.lines, l.n)
	default:
		r.done = true
	}
}

func (s *statusReader) line(l line) *alloc.TextError {
	t := strings.TrimSpace(l.text)
	if strings.HasPrefix(t, "#Consumer ") && strings.HasSuffix(t, "#") && len(t) > len("#Consumer #") {
		return s.startSection(l, t)
	}
	if s.section == secRTTPS {
		if t == "" {
			s.rt.done = s.rt.done || len(s.rt.topics) > 0
		} else {
			s.rt.add(l)
		}
		return nil
	}
	if t == "" || s.section == "" || s.rank >= sectionRank[secRTTPS] {
		return nil
	}
	if !printable(l.text) {
		return parseErr(FormatStatus, l.n, 0, "expected text, found binary data")
	}
	switch s.section {
	case secProperties:
		k, v, ok := strings.Cut(l.text, ":")
		switch {
		case ok && strings.TrimSpace(k) != "" && !strings.ContainsAny(strings.TrimSpace(k), " \t"):
			s.lastProp = strings.TrimSpace(k)
			s.ri.Properties[s.lastProp] = strings.TrimSpace(v)
		case s.lastProp != "":
			// a value printed over several lines (its toString has line breaks)
			s.ri.Properties[s.lastProp] += "\n" + l.text
		default:
			return parseErr(FormatStatus, l.n, 0, "expected a property \"name : value\", found "+describe(l.text))
		}
	case secSubscription:
		sub, err := subscriptionLine(l, len(s.ri.Subscriptions)+1)
		if err != nil {
			return err
		}
		s.ri.Subscriptions = append(s.ri.Subscriptions, sub)
	case secOffset, secDetail, secPop:
		return s.queueLine(l)
	}
	return nil
}

func (s *statusReader) startSection(l line, t string) *alloc.TextError {
	if t == secProperties && s.seen[secProperties] > 0 {
		// Merged, two clients would read as one holding both their queues.
		return parseErr(FormatStatus, l.n, 0, "another client's status starts here (a second #Consumer Properties#): give each client's text separately, one file (or one text) per client")
	}
	rank, known := sectionRank[t]
	switch {
	case known && rank <= s.rank:
		return parseErr(FormatStatus, l.n, 0, t+" comes after "+s.section+" (line "+strconv.Itoa(s.seen[s.section])+"); mqadmin prints it before: the text is not one client's file as written (pieces moved or repeated?)")
	case !known && s.rank < sectionRank[secRTTPS]:
		return parseErr(FormatStatus, l.n, 0, "expected "+nextSection(s.rank)+", found the section "+describe(t)+": the text is damaged, or not mqadmin consumerStatus output")
	}
	if known {
		for _, want := range requiredSections {
			if r := sectionRank[want]; r > s.rank && r < rank {
				return parseErr(FormatStatus, l.n, 0, "expected "+want+" before "+t+": that section is missing (the text is damaged or pieced together)")
			}
		}
		s.rank = rank
	}
	if s.section == secDetail {
		if err := s.compareDetail(l); err != nil {
			return err
		}
	}
	s.section, s.header, s.wraps = t, "", 0
	s.seen[t] = l.n
	return nil
}

// nextSection names the section expected after rank.
func nextSection(rank int) string {
	for _, want := range requiredSections {
		if sectionRank[want] > rank {
			return want
		}
	}
	return secRTTPS
}

func (s *statusReader) queueLine(l line) *alloc.TextError {
	if s.header == "" {
		if !strings.HasPrefix(compact(l.text), "#Topic") {
			return parseErr(FormatStatus, l.n, 0, "expected the header \"#Topic #Broker Name #QID ...\" of "+s.section+", found "+describe(l.text))
		}
		s.header, s.wraps = compact(l.text), 0
		return nil
	}
	if s.wraps < 3 && !strings.Contains(s.header, "#QID#") && !looksLikeQueueLine(l.text) {
		// the rest of a header a terminal wrapped
		s.header += compact(l.text)
		s.wraps++
		return nil
	}
	s.wraps = 3
	// Five at most: four and whether there is more (the lines printed
	// after the queue ID are one field, or ProcessQueueInfo [...]).
	s.fs = fieldsUpTo(s.fs, l.text, 5)
	fs := s.fs
	if len(fs) < 4 {
		return parseErr(FormatStatus, l.n, 0, "expected a queue line \"topic brokerName queueId ...\" in "+s.section+", found "+describe(l.text)+" (cut line?)")
	}
	var qid int32
	var err *alloc.TextError
	if s.section == secPop && fs[2].s == "-1" {
		qid = -1 // a POP assignment of every queue of that broker (popShareQueueNum 0 or wide)
	} else if qid, err = parseQueueID(fs[2], l, FormatStatus); err != nil {
		return err
	}
	q := HeldQueue{Topic: fs[0].s, BrokerName: fs[1].s, QueueID: qid, Line: l.n}
	switch s.section {
	case secOffset:
		if len(fs) != 4 {
			return parseErr(FormatStatus, l.n, 0, "expected \"topic brokerName queueId consumerOffset\" in "+s.section+", found "+describe(l.text))
		}
		if q.ConsumerOffset, err = parseInt64(fs[3], l, FormatStatus, "#Consumer Offset"); err != nil {
			return err
		}
		if n := len(s.ri.Queues); n > 0 && !queueLess(s.ri.Queues[n-1], q) {
			return parseErr(FormatStatus, l.n, 0, "queue "+queueName(q)+" comes after "+queueName(s.ri.Queues[n-1])+" (line "+strconv.Itoa(s.ri.Queues[n-1].Line)+"); mqadmin lists each queue once, sorted: lines are moved or repeated")
		}
		s.ri.Queues = append(s.ri.Queues, q)
	case secDetail:
		info := l.text[fs[3].off:]
		pq, ok := processQueueInfo(info)
		if !ok {
			return parseErr(FormatStatus, l.n, column(l.text, fs[3].off), "expected \"ProcessQueueInfo [commitOffset=N, ..., droped=true|false, ...]\", found "+describe(info)+" (cut line?)")
		}
		pq.Topic, pq.BrokerName, pq.QueueID, pq.Line = q.Topic, q.BrokerName, q.QueueID, q.Line
		q = pq
		if s.detail == nil {
			s.detail = make([]HeldQueue, 0, len(s.ri.Queues)) // it lists the same queues
		}
		s.detail = append(s.detail, q)
	case secPop:
		if strings.Contains(l.text, "[") && !strings.HasSuffix(l.text, "]") {
			return parseErr(FormatStatus, l.n, 0, "expected a queue line ending in \"]\" in "+s.section+", found "+describe(l.text[fs[3].off:])+" (cut line?)")
		}
		s.ri.PopQueues = append(s.ri.PopQueues, q)
	}
	return nil
}

// compareDetail checks, when MQ Detail ends (at line next), that it lists
// exactly the queues of #Consumer Offset#, in its order, with the same
// offsets: both come from one table. It sets the droped flags.
func (s *statusReader) compareDetail(next line) *alloc.TextError {
	off, det := s.ri.Queues, s.detail
	for i := 0; i < len(off) || i < len(det); i++ {
		switch {
		case i >= len(det):
			return parseErr(FormatStatus, next.n, 0, secDetail+" ends before queue "+queueName(off[i])+" that "+secOffset+" lists (line "+strconv.Itoa(off[i].Line)+"): the two sections list the same queues; lines are missing (cut or deleted)")
		case i >= len(off) || !sameQueue(off[i], det[i]):
			msg := "lists queue " + queueName(det[i]) + " where " + secOffset + " "
			if i < len(off) {
				msg += "has " + queueName(off[i]) + " (line " + strconv.Itoa(off[i].Line) + ")"
			} else {
				msg += "has no more queues"
			}
			return parseErr(FormatStatus, det[i].Line, 0, secDetail+" "+msg+": the two sections list the same queues; lines are missing or moved")
		case off[i].ConsumerOffset != det[i].ConsumerOffset:
			return parseErr(FormatStatus, det[i].Line, 0, "commitOffset="+strconv.FormatInt(det[i].ConsumerOffset, 10)+" of queue "+queueName(det[i])+" differs from its #Consumer Offset "+strconv.FormatInt(off[i].ConsumerOffset, 10)+" (line "+strconv.Itoa(off[i].Line)+"): both print the same number; the text is damaged")
		}
		line := s.ri.Queues[i].Line
		s.ri.Queues[i] = det[i]
		s.ri.Queues[i].Line = line
	}
	return nil
}

func (s *statusReader) end(lines []line) *alloc.TextError {
	last := 0
	if len(lines) > 0 {
		last = lines[len(lines)-1].n
	}
	if len(s.seen) == 0 {
		return missingHeader(FormatStatus, lines, "#Consumer Properties# (the file mqadmin consumerStatus -g GROUP writes, or its -i output)")
	}
	if s.section == secDetail {
		if err := s.compareDetail(line{n: last + 1}); err != nil {
			err.Line = last
			return err
		}
	}
	if s.seen[secRTTPS] == 0 {
		return parseErr(FormatStatus, last, 0, "the text ends before "+nextSection(s.rank)+" (mqadmin prints the sections up to #Consumer RT&TPS#): the paste looks cut; paste the whole file")
	}
	return s.checkStatusFields()
}

// processQueueInfo reads "ProcessQueueInfo [commitOffset=12, ...,
// droped=false, ...]": commitOffset and droped must be there; the cached
// count, lock and times are read when printed (a count or flag that does
// not read is an error: the line is damaged). Times are kept as printed:
// yyyyMMddHHmmssSSS, or "yyyy-MM-dd HH:mm:ss,SSS" in older tools (whose
// comma cuts the millis off here). ok is false unless the text is whole
// (the closing bracket is there).
func processQueueInfo(s string) (q HeldQueue, ok bool) {
	body, found := strings.CutPrefix(s, "ProcessQueueInfo [")
	if !found || !strings.HasSuffix(body, "]") {
		return q, false
	}
	commitSeen, dropSeen := false, false
	for rest, more := strings.TrimSuffix(body, "]"), true; more; {
		var kv string
		kv, rest, more = strings.Cut(rest, ",")
		k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
		var err error
		switch k {
		case "commitOffset":
			q.ConsumerOffset, err = strconv.ParseInt(v, 10, 64)
			commitSeen = true
		case "cachedMsgCount":
			q.CachedMsgCount, err = strconv.ParseInt(v, 10, 64)
		case "droped", "dropped":
			q.Dropped, err = strconv.ParseBool(v)
			dropSeen = true
		case "locked":
			q.Locked, err = strconv.ParseBool(v)
		case "lastLockTimestamp":
			q.LastLockTimestamp = v
		case "lastPullTimestamp":
			q.LastPullTimestamp = v
		case "lastConsumeTimestamp":
			q.LastConsumeTimestamp = v
		}
		if err != nil || (k == "droped" || k == "dropped" || k == "locked") && v != "true" && v != "false" {
			return q, false
		}
	}
	return q, commitSeen && dropSeen
}

func sameQueue(a, b HeldQueue) bool {
	return a.Topic == b.Topic && a.BrokerName == b.BrokerName && a.QueueID == b.QueueID
}

// queueLess is MessageQueue.compareTo's order: topic, broker, queue ID
// (names are ASCII, so byte order is Java's).
func queueLess(a, b HeldQueue) bool {
	if a.Topic != b.Topic {
		return a.Topic < b.Topic
	}
	if a.BrokerName != b.BrokerName {
		return a.BrokerName < b.BrokerName
	}
	return a.QueueID < b.QueueID
}

func queueName(q HeldQueue) string {
	return q.Topic + " " + q.BrokerName + "/" + strconv.Itoa(int(q.QueueID))
}

// subscriptionLine reads "001 Topic: T    ClassFilter: false    SubExpression: *",
// the n-th line of the section (the tool numbers them from 001).
func subscriptionLine(l line, n int) (Subscription, *alloc.TextError) {
	num, rest, ok := strings.Cut(l.text, " Topic: ")
	cf := strings.Index(rest, " ClassFilter: ")
	se := strings.Index(rest, " SubExpression: ")
	if !ok || cf < 0 || se < cf+len(" ClassFilter: ") {
		return Subscription{}, parseErr(FormatStatus, l.n, 0, "expected a subscription \"NNN Topic: T ClassFilter: B SubExpression: E\", found "+describe(l.text))
	}
	if got, err := strconv.Atoi(strings.TrimSpace(num)); err != nil || got != n {
		return Subscription{}, parseErr(FormatStatus, l.n, 1, "expected subscription number "+strconv.Itoa(n)+" (the tool numbers them 001, 002, ...), found "+describe(strings.TrimSpace(num))+": lines are missing or moved")
	}
	if t := strings.TrimSpace(rest[:cf]); !ValidName(t) {
		return Subscription{}, badNameError(FormatStatus, l, t)
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
