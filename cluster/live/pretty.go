package live

import (
	"errors"
	"strconv"
	"strings"
)

// prettyFastjson re-indents compact fastjson text as fastjson's
// PrettyFormat writes it (JSON.toJSONString(v, true), what mqadmin
// topicRoute prints): tabs; a member with a quoted name (a bean field or
// a string map key) starts a new line, a bare key (a Long map key) does
// not; a non-empty object or array closes on a line of its own; empty
// ones stay {} and []. Scalars are copied as they are.
func prettyFastjson(text string) (string, error) {
	p := &prettyPrinter{s: strings.TrimSpace(text)}
	p.value(0)
	if p.err == nil && p.pos != len(p.s) {
		p.fail("text after the document")
	}
	if p.err != nil {
		return "", p.err
	}
	return p.out.String(), nil
}

type prettyPrinter struct {
	s   string
	pos int
	out strings.Builder
	err error
}

func (p *prettyPrinter) fail(msg string) {
	if p.err == nil {
		p.err = errors.New("offset " + strconv.Itoa(p.pos) + ": " + msg)
	}
}

func (p *prettyPrinter) newline(indent int) {
	p.out.WriteByte('\n')
	for i := 0; i < indent; i++ {
		p.out.WriteByte('\t')
	}
}

func (p *prettyPrinter) peek() byte {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\r' || p.s[p.pos] == '\n') {
		p.pos++
	}
	if p.pos >= len(p.s) {
		p.fail("unexpected end of the text")
		return 0
	}
	return p.s[p.pos]
}

func (p *prettyPrinter) value(indent int) {
	if p.err != nil || indent > 64 {
		p.fail("nested too deep")
		return
	}
	switch p.peek() {
	case '{':
		p.container('{', '}', indent, true)
	case '[':
		p.container('[', ']', indent, false)
	case '"':
		p.out.WriteString(p.stringToken())
	default:
		start := p.pos
		for p.pos < len(p.s) && !strings.ContainsRune(",:]} \t\r\n", rune(p.s[p.pos])) {
			p.pos++
		}
		if p.pos == start {
			p.fail("expected a value")
		}
		p.out.WriteString(p.s[start:p.pos])
	}
}

func (p *prettyPrinter) container(open, close byte, indent int, object bool) {
	p.pos++
	if p.peek() == close {
		p.pos++
		p.out.WriteByte(open)
		p.out.WriteByte(close)
		return
	}
	p.out.WriteByte(open)
	for n := 0; p.err == nil; n++ {
		if n > 0 {
			switch p.peek() {
			case ',':
				p.pos++
				p.out.WriteByte(',')
			case close:
				p.pos++
				p.newline(indent)
				p.out.WriteByte(close)
				return
			default:
				p.fail("expected ',' or '" + string(close) + "'")
				return
			}
		}
		if !object {
			p.newline(indent + 1)
			p.value(indent + 1)
			continue
		}
		if p.peek() == '"' {
			p.newline(indent + 1)
			p.out.WriteString(p.stringToken())
		} else {
			p.value(indent + 1) // a bare or bean key, on the same line
		}
		if p.peek() != ':' {
			p.fail("expected ':'")
			return
		}
		p.pos++
		p.out.WriteByte(':')
		p.value(indent + 1)
	}
}

// stringToken is the quoted string at pos, escapes as they are.
func (p *prettyPrinter) stringToken() string {
	start := p.pos
	for p.pos++; p.pos < len(p.s); p.pos++ {
		switch p.s[p.pos] {
		case '\\':
			p.pos++
		case '"':
			p.pos++
			return p.s[start:p.pos]
		}
	}
	p.fail("unterminated string")
	return ""
}
