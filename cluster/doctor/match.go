package doctor

import (
	"strings"
	"unicode/utf8"
)

// Hand-written matchers for the few patterns the doctor reads, each
// documented by the regular expression it matches like (match_test.go
// checks them against package regexp). Package regexp made the wasm
// module 6% bigger and its start 50-80 ms slower (regexp/syntax keeps
// unicode's category maps, built at init on every page load).

// isSpace is RE2's \s: [\t\n\f\r ].
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skip returns the index of the first byte at or after i that is not in(c).
func skip(s string, i int, in func(byte) bool) int {
	for i < len(s) && in(s[i]) {
		i++
	}
	return i
}

// foldPrefix: the length of s's prefix equal to lit under Unicode simple
// case folding (regexp's (?i)), or -1 when there is none.
func foldPrefix(s, lit string) int {
	n := 0
	for _, want := range lit {
		if n >= len(s) {
			return -1
		}
		got, size := utf8.DecodeRuneInString(s[n:])
		if got != want && !strings.EqualFold(string(got), string(want)) {
			return -1
		}
		n += size
	}
	return n
}

// isJavaVersion is `^V\d+_\d+_\d+` (a prefix: anything may follow).
func isJavaVersion(s string) bool {
	if !strings.HasPrefix(s, "V") {
		return false
	}
	i := 1
	for k := 0; k < 3; k++ {
		if k > 0 {
			if i >= len(s) || s[i] != '_' {
				return false
			}
			i++
		}
		j := skip(s, i, isDigit)
		if j == i {
			return false
		}
		i = j
	}
	return true
}

// brokerAnswerMatch is `CODE:\s*(\d+)\s+DESC:\s*([^\r\n]*)`, leftmost.
func brokerAnswerMatch(text string) (code, desc string, ok bool) {
	for from := 0; ; {
		k := strings.Index(text[from:], "CODE:")
		if k < 0 {
			return "", "", false
		}
		i := skip(text, from+k+len("CODE:"), isSpace)
		j := skip(text, i, isDigit)
		if j > i {
			d := skip(text, j, isSpace)
			if d > j && strings.HasPrefix(text[d:], "DESC:") {
				s := skip(text, d+len("DESC:"), isSpace)
				e := s + strings.IndexAny(text[s:]+"\n", "\r\n")
				return text[i:j], text[s:e], true
			}
		}
		from += k + 1
	}
}

// failBrokerMatch is `BROKER:\s*([^\s]+)`, leftmost.
func failBrokerMatch(s string) (string, bool) {
	for from := 0; ; {
		k := strings.Index(s[from:], "BROKER:")
		if k < 0 {
			return "", false
		}
		i := skip(s, from+k+len("BROKER:"), isSpace)
		j := skip(s, i, func(c byte) bool { return !isSpace(c) })
		if j > i {
			return s[i:j], true
		}
		from += k + 1
	}
}

// failTimeoutMatch is `(?i)(?:wait response on the channel <([^>]*)>|
// RemotingTimeoutException[^\r\n]*?<([^>]+)>)`, leftmost: the address
// (whichever group matched).
func failTimeoutMatch(l string) (string, bool) {
	for at := 0; at < len(l); at++ {
		if n := foldPrefix(l[at:], "wait response on the channel <"); n >= 0 {
			i := at + n
			if e := strings.IndexByte(l[i:], '>'); e >= 0 {
				return l[i : i+e], true
			}
		}
		if n := foldPrefix(l[at:], "RemotingTimeoutException"); n >= 0 {
			// The nearest '<' on the same line that a non-empty run up to a '>' follows.
			for i := at + n; i < len(l) && l[i] != '\r' && l[i] != '\n'; i++ {
				if l[i] != '<' {
					continue
				}
				if e := strings.IndexByte(l[i+1:], '>'); e > 0 {
					return l[i+1 : i+1+e], true
				}
			}
		}
	}
	return "", false
}

// failConnectMatch is `(?i)(?:connect to|send request to)
// <?([^\s<>]+?)>? failed`, leftmost.
func failConnectMatch(l string) (string, bool) {
	addrByte := func(c byte) bool { return !isSpace(c) && c != '<' && c != '>' }
	for at := 0; at < len(l); at++ {
		n := foldPrefix(l[at:], "connect to ")
		if n < 0 {
			n = foldPrefix(l[at:], "send request to ")
		}
		if n < 0 {
			continue
		}
		i := at + n
		if i < len(l) && l[i] == '<' {
			i++
		}
		// The shortest run that " failed" can follow is the whole run: a
		// shorter one is followed by another address byte.
		j := skip(l, i, addrByte)
		if j == i {
			continue
		}
		rest := l[j:]
		if strings.HasPrefix(rest, ">") && foldPrefix(rest[1:], " failed") >= 0 || foldPrefix(rest, " failed") >= 0 {
			return l[i:j], true
		}
	}
	return "", false
}
