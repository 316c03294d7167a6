// Package lenientjson reads the almost-JSON that fastjson 1.x prints for
// RocketMQ's admin tool (`mqadmin topicRoute`): standard JSON plus
// unquoted map keys ({0:"addr"}), tabs, a leading BOM and log lines before
// the document. It is hand-written and tiny on purpose: it is linked into
// the size-budgeted WebAssembly build, so it uses no encoding/json, reflect
// or fmt.
package lenientjson

import (
	"strconv"
	"unicode/utf8"
)

// Kind of a Value.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Value is one parsed JSON value. Offset is its byte offset in the text,
// for error positions (see Position).
type Value struct {
	Kind    Kind
	Str     string // String: the decoded text; Number: the literal; Bool: "true"/"false"
	Items   []Value
	Members []Member
	Offset  int
}

// Member is one key/value pair of an object, in text order.
type Member struct {
	Key    string
	Offset int // byte offset of the key
	Value  Value
}

// Get is the value of the first member named key.
func (v *Value) Get(key string) (*Value, bool) {
	for i := range v.Members {
		if v.Members[i].Key == key {
			return &v.Members[i].Value, true
		}
	}
	return nil, false
}

// Error is a syntax error at a byte offset of the text.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return "offset " + strconv.Itoa(e.Offset) + ": " + e.Msg }

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 64

// Parse reads the document of text: it skips a BOM and any lines before
// the first line that starts (after blanks) with '{' or '[', then reads
// one value; only blanks may follow it.
func Parse(text string) (Value, error) {
	p := &parser{s: text, pos: documentStart(text)}
	p.blank()
	if p.pos >= len(p.s) {
		return Value{}, p.fail("expected '{' (the start of the JSON document), found the end of the text")
	}
	if c := p.s[p.pos]; c != '{' && c != '[' {
		return Value{}, p.fail("expected '{' (the start of the JSON document), found " + p.found())
	}
	v, err := p.value(0)
	if err != nil {
		return Value{}, err
	}
	p.blank()
	if p.pos < len(p.s) {
		return Value{}, p.fail("expected the end of the text after the JSON document, found " + p.found())
	}
	return v, nil
}

// documentStart skips a BOM and lines that do not start with '{' or '['
// (log lines the tool prints first). With no such line it is 0, so the
// error points at the first line.
func documentStart(s string) int {
	start := 0
	if len(s) >= 3 && s[:3] == "\xef\xbb\xbf" {
		start = 3
	}
	for i := start; i < len(s); {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
			j++
		}
		if j < len(s) && (s[j] == '{' || s[j] == '[') {
			return i
		}
		for j < len(s) && s[j] != '\n' {
			j++
		}
		i = j + 1
	}
	return start
}

// Position turns a byte offset of text into a 1-based line and column
// (columns count characters; a tab is one).
func Position(text string, offset int) (line, col int) {
	if offset > len(text) {
		offset = len(text)
	}
	line, lineStart := 1, 0
	for i := 0; i < offset; i++ {
		if text[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	col = 1 + utf8.RuneCountInString(text[lineStart:offset])
	if line == 1 && len(text) >= 3 && text[:3] == "\xef\xbb\xbf" && offset >= 3 {
		col-- // the BOM is not a character anyone sees
	}
	return line, col
}

type parser struct {
	s   string
	pos int
}

func (p *parser) fail(msg string) error { return &Error{Offset: p.pos, Msg: msg} }

// found describes what is at pos, for error messages.
func (p *parser) found() string {
	if p.pos >= len(p.s) {
		return "the end of the text"
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.pos:])
	if r == utf8.RuneError || r < ' ' {
		return "byte 0x" + strconv.FormatUint(uint64(p.s[p.pos]), 16)
	}
	return strconv.QuoteRune(r)
}

func (p *parser) blank() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value(depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, p.fail("nested deeper than " + strconv.Itoa(maxDepth) + " levels")
	}
	p.blank()
	if p.pos >= len(p.s) {
		return Value{}, p.fail("expected a value, found the end of the text (is the paste cut?)")
	}
	start := p.pos
	switch c := p.s[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.str()
		return Value{Kind: String, Str: s, Offset: start}, err
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	default:
		w := p.word()
		switch w {
		case "null":
			return Value{Kind: Null, Offset: start}, nil
		case "true", "false":
			return Value{Kind: Bool, Str: w, Offset: start}, nil
		}
		p.pos = start
		return Value{}, p.fail("expected a value (object, array, string, number, true, false or null), found " + p.found())
	}
}

func (p *parser) object(depth int) (Value, error) {
	v := Value{Kind: Object, Offset: p.pos}
	p.pos++ // '{'
	for {
		p.blank()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		if len(v.Members) > 0 {
			if p.pos >= len(p.s) || p.s[p.pos] != ',' {
				return v, p.fail("expected ',' or '}' in an object, found " + p.found())
			}
			p.pos++
			p.blank()
		}
		keyAt := p.pos
		key, err := p.key()
		if err != nil {
			return v, err
		}
		p.blank()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return v, p.fail("expected ':' after the key \"" + key + "\", found " + p.found())
		}
		p.pos++
		val, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		v.Members = append(v.Members, Member{Key: key, Offset: keyAt, Value: val})
	}
}

// key is a quoted string or, as fastjson writes non-string map keys, a bare
// word such as 0 or -1.
func (p *parser) key() (string, error) {
	if p.pos < len(p.s) && p.s[p.pos] == '"' {
		return p.str()
	}
	if w := p.word(); w != "" {
		return w, nil
	}
	return "", p.fail("expected a key (a quoted name or a number), found " + p.found())
}

// word reads [A-Za-z0-9_$.+-]+.
func (p *parser) word() string {
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.' || c == '+' || c == '-' {
			p.pos++
			continue
		}
		break
	}
	return p.s[start:p.pos]
}

func (p *parser) array(depth int) (Value, error) {
	v := Value{Kind: Array, Offset: p.pos}
	p.pos++ // '['
	for {
		p.blank()
		if p.pos < len(p.s) && p.s[p.pos] == ']' {
			p.pos++
			return v, nil
		}
		if len(v.Items) > 0 {
			if p.pos >= len(p.s) || p.s[p.pos] != ',' {
				return v, p.fail("expected ',' or ']' in an array, found " + p.found())
			}
			p.pos++
		}
		item, err := p.value(depth + 1)
		if err != nil {
			return v, err
		}
		v.Items = append(v.Items, item)
	}
}

func (p *parser) number() (Value, error) {
	start := p.pos
	if p.s[p.pos] == '-' {
		p.pos++
	}
	digits := 0
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-' {
			if c >= '0' && c <= '9' {
				digits++
			}
			p.pos++
			continue
		}
		break
	}
	if digits == 0 {
		p.pos = start
		return Value{}, p.fail("expected a number, found " + p.found())
	}
	return Value{Kind: Number, Str: p.s[start:p.pos], Offset: start}, nil
}

// str reads a quoted string with JSON escapes.
func (p *parser) str() (string, error) {
	p.pos++ // '"'
	start := p.pos
	var buf []byte
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == '"':
			out := p.s[start:p.pos]
			if buf != nil {
				out = string(append(buf, out...))
			}
			p.pos++
			return out, nil
		case c == '\n':
			return "", p.fail("expected '\"' to close the string before the end of the line")
		case c == '\\':
			buf = append(buf, p.s[start:p.pos]...)
			if p.pos+1 >= len(p.s) {
				p.pos++
				return "", p.fail("expected an escape after '\\', found the end of the text")
			}
			e := p.s[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", p.fail("expected four hex digits after \\u")
				}
				if r >= 0xD800 && r < 0xDC00 && p.pos+1 < len(p.s) && p.s[p.pos] == '\\' && p.s[p.pos+1] == 'u' {
					save := p.pos
					p.pos += 2
					if lo, ok := p.hex4(); ok && lo >= 0xDC00 && lo < 0xE000 {
						r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
					} else {
						p.pos = save
					}
				}
				buf = utf8.AppendRune(buf, r)
			default:
				p.pos--
				return "", p.fail("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u), found " + p.found())
			}
			start = p.pos
		default:
			p.pos++
		}
	}
	return "", p.fail("expected '\"' to close the string, found the end of the text (is the paste cut?)")
}

func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(p.s[p.pos : p.pos+4]) {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c-'a') + 10
		case c >= 'A' && c <= 'F':
			r |= rune(c-'A') + 10
		default:
			return 0, false
		}
	}
	p.pos += 4
	return r, true
}
