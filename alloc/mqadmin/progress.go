package mqadmin

import "strings"

// ParseConsumerProgress reads `mqadmin consumerProgress -g GROUP [-s
// true]` in the 4.9.3 layout (#Topic #Broker Name #QID #Broker Offset
// #Consumer Offset [#Client IP] #Diff #LastTime) or the 5.3.3 one (an
// #Inflight column before #LastTime), then the footer (Consume TPS, Diff
// Total or Consume Diff Total). Lines before the header are skipped. The
// footer must be there: without it the paste looks cut and is an error.
func ParseConsumerProgress(text string) (*Progress, error) {
	lines := splitLines(text)
	h, i, ok := findHeader(lines, 0, "#Topic", "#Topic#BrokerName#QID#BrokerOffset#ConsumerOffset", "#Diff", "#LastTime")
	if !ok {
		return nil, missingHeader(FormatProgress, lines, "#Topic #Broker Name #QID #Broker Offset #Consumer Offset ... #Diff ... #LastTime (mqadmin consumerProgress -g GROUP -s true)")
	}
	p := &Progress{Layout: Layout493, HasClientIP: strings.Contains(h, "#ClientIP"), Rows: make([]ProgressRow, 0, len(lines)-i)}
	if strings.Contains(h, "#Inflight") {
		p.Layout = Layout533
	}
	var fs []field
	footer := false
	for ; i < len(lines); i++ {
		l := lines[i]
		if l.text == "" {
			continue
		}
		if k, v, ok := footerLine(l.text); ok {
			footer = footer || k == "Diff Total" || k == "Consume Diff Total"
			switch k {
			case "Consume TPS":
				p.ConsumeTPS = v
			case "Diff Total", "Consume Diff Total":
				n, err := parseInt64(field{s: v, off: len(k) + 2}, l, FormatProgress, k)
				if err != nil {
					return nil, err
				}
				p.DiffTotal = &n
			}
			continue
		}
		if footer || p.ConsumeTPS != "" {
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
		p.Rows = append(p.Rows, row)
	}
	if !footer {
		last := 0
		if len(lines) > 0 {
			last = lines[len(lines)-1].n
		}
		return nil, parseErr(FormatProgress, last, 0, "the text ends before the footer (\"Consume TPS: ...\", \"Diff Total: ...\") the tool prints last: the paste looks cut; paste the whole output")
	}
	return p, nil
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
	var err *ParseError
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
