package mqadmin

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// ParseConsumerProgress reads `mqadmin consumerProgress -g GROUP [-s
// true]` in the 4.9.3 layout (#Topic #Broker Name #QID #Broker Offset
// #Consumer Offset [#Client IP] #Diff #LastTime) or the 5.3.3 one (an
// #Inflight column before #LastTime), then the footer (Consume TPS, Diff
// Total or Consume Diff Total). Lines before the header are skipped. The
// footer must be there: without it the paste looks cut and is an error.
func ParseConsumerProgress(text string) (*Progress, error) {
	lines, perr := readLines(FormatProgress, text)
	if perr != nil {
		return nil, perr
	}
	h, start, i, ok := findHeader(lines, 0, "#Topic", "#Topic#BrokerName#QID#BrokerOffset#ConsumerOffset", "#Diff", "#LastTime")
	if !ok {
		return nil, missingHeader(FormatProgress, lines, "#Topic #Broker Name #QID #Broker Offset #Consumer Offset ... #Diff ... #LastTime (mqadmin consumerProgress -g GROUP -s true)")
	}
	p := &Progress{Layout: Layout493, HasClientIP: strings.Contains(h, "#ClientIP"), Rows: make([]ProgressRow, 0, len(lines)-i)}
	if strings.Contains(h, "#Inflight") {
		p.Layout = Layout533
	}
	if err := p.rowsBefore(lines[:start], lines[start].n); err != nil {
		return nil, err
	}
	var fs []field
	var f footer
	for ; i < len(lines); i++ {
		l := lines[i]
		if l.text == "" {
			continue
		}
		if k, v, ok := footerLine(l.text); ok {
			if err := f.add(p, l, k, v); err != nil {
				return nil, err
			}
			continue
		}
		if f.tps != 0 {
			return nil, parseErr(FormatProgress, l.n, 0, "expected the footer (Consume TPS, Diff Total), found "+describe(l.text))
		}
		var ascii bool
		fs, ascii = fieldsASCII(fs, l.text)
		if !ascii && !printable(l.text) {
			return nil, parseErr(FormatProgress, l.n, 0, "expected a queue line, found binary data")
		}
		row, err := p.row(l, fs)
		if err != nil {
			return nil, err
		}
		if err := p.checkOrder(row); err != nil {
			return nil, err
		}
		p.Rows = append(p.Rows, row)
	}
	last := 0
	if len(lines) > 0 {
		last = lines[len(lines)-1].n
	}
	if err := f.check(p, last); err != nil {
		return nil, err
	}
	return p, nil
}

// rowsBefore: a queue line above the header (a paste put together out of
// order) would be lost; lines that are not queue lines (log lines, the
// command) are skipped.
func (p *Progress) rowsBefore(lines []line, header int) *alloc.TextError {
	var fs []field
	for _, l := range lines {
		fs = fields(fs, l.text)
		if _, err := p.row(l, fs); err == nil {
			return parseErr(FormatProgress, l.n, 0, "a queue line above the header (line "+strconv.Itoa(header)+"): the text is pieced together out of order; paste the whole output as printed")
		}
	}
	return nil
}

// checkOrder: the tool prints the group's offset table sorted by topic,
// broker and queue ID, every queue of a broker from 0 up (the broker lists
// all its read queues). A row out of that order, or a queue ID skipped, is
// a paste with lines moved or deleted. Names cut to 64 and 32 characters
// may hide a new topic or broker: there a list may start again at 0.
func (p *Progress) checkOrder(r ProgressRow) *alloc.TextError {
	n := len(p.Rows)
	if n == 0 || p.Rows[n-1].Topic != r.Topic || p.Rows[n-1].BrokerName != r.BrokerName {
		if n > 0 {
			prev := p.Rows[n-1]
			if r.Topic < prev.Topic || r.Topic == prev.Topic && r.BrokerName < prev.BrokerName {
				return parseErr(FormatProgress, r.Line, 0, "queue "+rowName(r)+" comes after "+rowName(prev)+" (line "+strconv.Itoa(prev.Line)+"); mqadmin prints the queues sorted: lines are moved")
			}
		}
		if r.QueueID != 0 {
			return parseErr(FormatProgress, r.Line, 0, "queue "+rowName(r)+" is the first of its broker, but mqadmin lists every queue of a broker from 0: lines above it are missing (deleted or cut)")
		}
		return nil
	}
	prev := p.Rows[n-1]
	cut := len(r.Topic) >= 64 || len(r.BrokerName) >= 32
	if r.QueueID != prev.QueueID+1 && !(cut && r.QueueID == 0) {
		return parseErr(FormatProgress, r.Line, 0, "queue "+rowName(r)+" follows "+rowName(prev)+" (line "+strconv.Itoa(prev.Line)+"); mqadmin lists a broker's queues one by one: lines are missing or moved")
	}
	return nil
}

func rowName(r ProgressRow) string {
	return r.Topic + " " + r.BrokerName + "/" + strconv.Itoa(int(r.QueueID))
}

// footer is what the footer lines said: "Consume TPS: 0.00", then "Diff
// Total: N" (4.9.3) or "Consume Diff Total: N" and "Consume Inflight
// Total: N" (5.3.3), each the sum of the rows' column.
type footer struct {
	tps, diff, inflight int // line numbers, 0 = not seen
	diffKey             string
	inflightTotal       int64
}

func (f *footer) add(p *Progress, l line, k, v string) *alloc.TextError {
	var at *int
	switch k {
	case "Consume TPS":
		at = &f.tps
	case "Diff Total", "Consume Diff Total":
		at = &f.diff
	case "Consume Inflight Total":
		at = &f.inflight
	}
	if *at != 0 {
		return parseErr(FormatProgress, l.n, 0, "a second \""+k+"\" line (the first is line "+strconv.Itoa(*at)+"): two outputs pasted together?")
	}
	*at = l.n
	switch k {
	case "Consume TPS":
		if !IsDecimal(v) {
			return parseErr(FormatProgress, l.n, len(k)+3, "expected the consume TPS as mqadmin prints it (\"12.34\"), found "+describe(v)+" (cut line?)")
		}
		p.ConsumeTPS = v
	case "Diff Total", "Consume Diff Total":
		n, err := parseInt64(field{s: v, off: len(k) + 2}, l, FormatProgress, k)
		if err != nil {
			return err
		}
		p.DiffTotal, f.diffKey = &n, k
	case "Consume Inflight Total":
		n, err := parseInt64(field{s: v, off: len(k) + 2}, l, FormatProgress, k)
		if err != nil {
			return err
		}
		f.inflightTotal = n
	}
	return nil
}

// check, at the end of the text (line last), that the footer is whole and
// adds up: a row lost or changed, or a total cut, does not.
func (f *footer) check(p *Progress, last int) *alloc.TextError {
	wantInflight := p.Layout == Layout533
	if f.tps == 0 || f.diff == 0 || (wantInflight && f.inflight == 0) {
		want := "\"Consume TPS: ...\", \"Diff Total: ...\""
		if wantInflight {
			want = "\"Consume TPS: ...\", \"Consume Diff Total: ...\", \"Consume Inflight Total: ...\""
		}
		return parseErr(FormatProgress, last, 0, "the text ends before the footer ("+want+") the tool prints last: the paste looks cut; paste the whole output")
	}
	if f.tps > f.diff || (f.inflight != 0 && f.diff > f.inflight) {
		return parseErr(FormatProgress, max(f.tps, f.diff, f.inflight), 0, "the footer lines are out of order (mqadmin prints Consume TPS, then the diff total, then the inflight total): the paste is pieced together")
	}
	var diff, inflight int64
	for _, r := range p.Rows {
		diff += r.Diff
		inflight += r.Inflight
	}
	if diff != *p.DiffTotal {
		return parseErr(FormatProgress, f.diff, len(f.diffKey)+3, f.diffKey+" is "+strconv.FormatInt(*p.DiffTotal, 10)+" but the "+plural(len(p.Rows), "row's", "rows'")+" #Diff add up to "+strconv.FormatInt(diff, 10)+": rows are missing or changed, or the total is cut; paste the whole output")
	}
	if wantInflight && inflight != f.inflightTotal {
		return parseErr(FormatProgress, f.inflight, len("Consume Inflight Total")+3, "Consume Inflight Total is "+strconv.FormatInt(f.inflightTotal, 10)+" but the "+plural(len(p.Rows), "row's", "rows'")+" #Inflight add up to "+strconv.FormatInt(inflight, 10)+": rows are missing or changed, or the total is cut; paste the whole output")
	}
	return nil
}

// IsDecimal: Java's %.2f of a double ("0.00", "12.50"; NaN and Infinity
// as Java spells them).
func IsDecimal(s string) bool {
	if s == "NaN" || s == "Infinity" {
		return true
	}
	whole, frac, ok := strings.Cut(s, ".")
	return ok && len(frac) == 2 && whole != "" && allDigits(whole) && allDigits(frac)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// footerLine reads "Consume TPS: 0.00", "Diff Total: 12", "Consume Diff
// Total: 12", "Consume Inflight Total: 3".
func footerLine(s string) (key, value string, ok bool) {
	k, v, ok := strings.Cut(s, ": ")
	switch k {
	case "Consume TPS", "Diff Total", "Consume Diff Total", "Consume Inflight Total":
		return k, strings.TrimSpace(v), ok
	}
	return "", "", false
}

// row reads one queue line: topic broker qid brokerOffset consumerOffset
// [clientIP] diff [inflight] lastTime, where lastTime is "N/A" or
// "yyyy-MM-dd HH:mm:ss".
func (p *Progress) row(l line, fs []field) (ProgressRow, error) {
	if p.HasClientIP && len(fs) > 5 {
		// A blank #Client IP (the owner's client ID starts with "@": a
		// client that found no IP, e.g. the Go client on a host with only
		// loopback) is 20 spaces: the column, right after #Consumer
		// Offset's 20 and two spaces, starts with a space.
		at := fs[4].off + max(20, len(fs[4].s)) + 2
		if at < len(l.text) && l.text[at] == ' ' && fs[5].off > at {
			fs = slices.Insert(fs[:len(fs):len(fs)], 5, field{s: "", off: at})
		}
	}
	want := 6
	if p.HasClientIP {
		want++
	}
	if p.Layout == Layout533 {
		want++
	}
	if len(fs) < want+1 || len(fs) > want+2 {
		return ProgressRow{}, parseErr(FormatProgress, l.n, 0, "expected a queue line with "+columnsOf(p)+" (the header's columns), found "+describe(l.text)+" (cut or wrapped line?)")
	}
	r := ProgressRow{Topic: fs[0].s, BrokerName: fs[1].s, Line: l.n}
	var err *alloc.TextError
	if r.QueueID, err = parseQueueID(fs[2], l, FormatProgress); err != nil {
		return r, err
	}
	if r.BrokerOffset, err = parseInt64(fs[3], l, FormatProgress, "#Broker Offset"); err != nil {
		return r, err
	}
	if r.ConsumerOffset, err = parseInt64(fs[4], l, FormatProgress, "#Consumer Offset"); err != nil {
		return r, err
	}
	k := 5
	if p.HasClientIP {
		r.ClientIP = fs[k].s
		k++
	}
	if r.Diff, err = parseInt64(fs[k], l, FormatProgress, "#Diff"); err != nil {
		return r, err
	}
	if r.Diff != r.BrokerOffset-r.ConsumerOffset {
		return r, parseErr(FormatProgress, l.n, column(l.text, fs[k].off), "#Diff is "+fs[k].s+" but #Broker Offset − #Consumer Offset is "+fs[3].s+" − "+fs[4].s+" = "+strconv.FormatInt(r.BrokerOffset-r.ConsumerOffset, 10)+" (the tool prints that difference): the line is damaged")
	}
	k++
	if p.Layout == Layout533 {
		if r.Inflight, err = parseInt64(fs[k], l, FormatProgress, "#Inflight"); err != nil {
			return r, err
		}
		k++
	}
	rest := fs[k:]
	switch {
	case len(rest) == 1 && rest[0].s == "N/A":
		r.LastTime = "N/A"
	case len(rest) == 2 && isDate(rest[0].s) && isClock(rest[1].s):
		r.LastTime = rest[0].s + " " + rest[1].s
	default:
		return r, parseErr(FormatProgress, l.n, column(l.text, rest[0].off), "expected #LastTime (\"yyyy-MM-dd HH:mm:ss\" or \"N/A\"), found "+describe(l.text[rest[0].off:])+" (cut line?)")
	}
	return r, nil
}

func columnsOf(p *Progress) string {
	s := "#Topic #Broker Name #QID #Broker Offset #Consumer Offset"
	if p.HasClientIP {
		s += " #Client IP"
	}
	s += " #Diff"
	if p.Layout == Layout533 {
		s += " #Inflight"
	}
	return s + " #LastTime"
}

// IsLastTime: a #LastTime value other than N/A ("yyyy-MM-dd HH:mm:ss"),
// as a progress row must carry (a reader that skips the text asks this).
func IsLastTime(s string) bool {
	date, clock, ok := strings.Cut(s, " ")
	return ok && isDate(date) && isClock(clock)
}

func isDate(s string) bool { return matchDigits(s, "dddd-dd-dd") }

func isClock(s string) bool { return matchDigits(s, "dd:dd:dd") }

// matchDigits matches s against a pattern where 'd' is an ASCII digit.
func matchDigits(s, pattern string) bool {
	if len(s) != len(pattern) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if pattern[i] == 'd' {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		} else if s[i] != pattern[i] {
			return false
		}
	}
	return true
}
