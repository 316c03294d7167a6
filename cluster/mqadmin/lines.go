package mqadmin

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// line is one line of a pasted text: its 1-based number and its content
// without the line end and trailing blanks (what a paste adds or drops).
type line struct {
	n    int
	text string
}

// splitLines cuts text into lines, dropping a leading BOM, CRs and
// trailing spaces and tabs.
func splitLines(text string) []line {
	text = strings.TrimPrefix(text, "\ufeff")
	return splitDecoded(text)
}

// readLines is splitLines after decodeText: a UTF-16 text is decoded, or
// an error for format.
func readLines(format, text string) ([]line, *alloc.TextError) {
	text, err := decodeText(format, text)
	if err != nil {
		return nil, err
	}
	return splitLines(text), nil
}

func splitDecoded(text string) []line {
	out := make([]line, 0, strings.Count(text, "\n")+1)
	n := 0
	for len(text) > 0 {
		n++
		i := strings.IndexByte(text, '\n')
		var l string
		if i < 0 {
			l, text = text, ""
		} else {
			l, text = text[:i], text[i+1:]
		}
		out = append(out, line{n: n, text: strings.TrimRight(l, " \t\r")})
	}
	return out
}

// compact removes every blank, so a header survives any padding and a
// terminal's wrapping: "#Broker Name   #QID" -> "#BrokerName#QID".
func compact(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && c != '\t' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// findHeader looks from lines[from] on for a header line starting with
// first and, joining up to seven following lines (a terminal's wrap), whose
// compact form contains every column in cols (compact names). It returns
// the compact header, the index of its first line and of the first line
// after it, or ok false.
func findHeader(lines []line, from int, first string, cols ...string) (header string, start, next int, ok bool) {
	for i := from; i < len(lines); i++ {
		if !strings.HasPrefix(strings.TrimLeft(lines[i].text, " \t"), first) {
			continue
		}
		joined := compact(lines[i].text)
		for k := i + 1; ; k++ {
			if hasAll(joined, cols) {
				return joined, i, k, true
			}
			if k >= len(lines) || k > i+7 || strings.HasPrefix(lines[k].text, first) {
				break
			}
			joined += compact(lines[k].text)
		}
	}
	return "", 0, 0, false
}

func hasAll(s string, cols []string) bool {
	for _, c := range cols {
		if !strings.Contains(s, c) {
			return false
		}
	}
	return true
}

// field is a blank-separated word of a line and its byte offset.
type field struct {
	s   string
	off int
}

// fields splits s on spaces and tabs into dst (reused).
func fields(dst []field, s string) []field {
	dst, _ = fieldsASCII(dst, s)
	return dst
}

// fieldsUpTo is fields stopping after n fields (the rest of s unsplit):
// queue lines need their first four, then the offset of the rest.
func fieldsUpTo(dst []field, s string, n int) []field {
	dst, _ = fieldsN(dst, s, n)
	return dst
}

// fieldsASCII is fields, also telling whether s is printable ASCII (the
// common case, which then needs no printable check).
func fieldsASCII(dst []field, s string) ([]field, bool) {
	return fieldsN(dst, s, len(s))
}

// fieldsN splits s at spaces and tabs into n fields at most, and tells
// whether the bytes it read are printable ASCII.
func fieldsN(dst []field, s string, n int) ([]field, bool) {
	dst = dst[:0]
	ascii := true
	for i := 0; i < len(s) && len(dst) < n; {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			if c := s[j]; c < ' ' || c >= 0x7f {
				ascii = false
			}
			j++
		}
		dst = append(dst, field{s: s[i:j], off: i})
		i = j
	}
	return dst, ascii
}

// column is the 1-based character column of byte offset off in s.
func column(s string, off int) int {
	if off > len(s) {
		off = len(s)
	}
	return utf8.RuneCountInString(s[:off]) + 1
}

// describe quotes a word for an error message, shortened and with
// unprintable bytes escaped.
func describe(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}

// printable reports whether s is valid UTF-8 without control characters:
// binary junk fails.
func printable(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			ascii = false
			break
		}
		if (c < ' ' && c != '\t') || c == 0x7f {
			return false
		}
	}
	if ascii {
		return true
	}
	for _, r := range s {
		if r == utf8.RuneError || (r < ' ' && r != '\t') || r == 0x7f {
			return false
		}
	}
	return true
}

// sniff names which admin tool output text looks like, for "wrong box"
// messages; "" when it looks like none.
func sniff(lines []line) string {
	for i, l := range lines {
		if i > 200 {
			break
		}
		c := compact(l.text)
		switch {
		case strings.HasPrefix(c, "#ClientId#ClientAddr"):
			return "consumerConnection output"
		case strings.HasPrefix(c, "#Topic#BrokerName#QID#BrokerOffset"):
			return "consumerProgress output"
		case strings.HasPrefix(c, "#ConsumerProperties#"), strings.HasPrefix(c, "#ConsumerOffset#"):
			return "consumerStatus output"
		case strings.HasPrefix(c, "\"brokerDatas\""), strings.HasPrefix(c, "\"queueDatas\""):
			return "topicRoute output"
		}
	}
	return ""
}

// missingHeader is the error for a text without the expected header.
func missingHeader(format string, lines []line, want string) *alloc.TextError {
	msg := "expected the header line " + want
	if got := sniff(lines); got != "" {
		msg += "; this looks like " + got + " (wrong box?)"
	} else if len(lines) == 0 {
		msg += "; the text is empty"
	} else {
		msg += "; no such line in the text"
	}
	return parseErr(format, 1, 0, msg)
}

func parseInt64(f field, l line, format, what string) (int64, *alloc.TextError) {
	v, err := strconv.ParseInt(f.s, 10, 64)
	if err != nil {
		return 0, parseErr(format, l.n, column(l.text, f.off), "expected "+what+" (an integer), found "+describe(f.s))
	}
	return v, nil
}

func parseQueueID(f field, l line, format string) (int32, *alloc.TextError) {
	v, err := strconv.ParseInt(f.s, 10, 32)
	if err != nil || v < 0 {
		return 0, parseErr(format, l.n, column(l.text, f.off), "expected a queue ID (#QID, a non-negative integer), found "+describe(f.s))
	}
	return int32(v), nil
}
