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
	// KeyValue is a key that is itself an object, as fastjson writes a
	// map keyed by beans ({{"topic":"T","queueId":0}:{...}}); Key is then
	// its text. nil for string and bare-word keys.
	KeyValue *Value
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

// Error is a syntax error at a byte offset of the text. It stays inside
// the module: route.Parse turns it into an *alloc.TextError (line, column).
type Error struct {
	Offset int
	Msg    string
	// NoDocument: the text holds no line that starts a JSON document
	// (not the output asked for, rather than a broken one).
	NoDocument bool
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
	if p.pos >= len(p.s) || (p.s[p.pos] != '{' && p.s[p.pos] != '[') {
		return Value{}, &Error{Offset: p.pos, Msg: "expected '{' (the start of the JSON document), found " + p.found(), NoDocument: true}
	}
	var v Value
	if err := p.value(&v, 0); err != nil {
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
	c := p.s[p.pos]
	if c < ' ' || c >= 0x7f {
		return "byte 0x" + strconv.FormatUint(uint64(c), 16)
	}
	return "'" + string(rune(c)) + "'"
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

// value reads one value into v.
func (p *parser) value(v *Value, depth int) error {
	if depth > maxDepth {
		return p.fail("nested deeper than " + strconv.Itoa(maxDepth) + " levels")
	}
	p.blank()
	if p.pos >= len(p.s) {
		return p.fail("expected a value, found the end of the text (is the paste cut?)")
	}
	v.Offset = p.pos
	switch c := p.s[p.pos]; {
	case c == '{':
		v.Kind = Object
		return p.object(v, depth)
	case c == '[':
		v.Kind = Array
		return p.array(v, depth)
	case c == '"':
		v.Kind = String
		var err error
		v.Str, err = p.str()
		return err
	case c == '-' || (c >= '0' && c <= '9'):
		v.Kind = Number
		return p.number(v)
	}
	switch v.Str = p.word(); v.Str {
	case "null":
		v.Kind = Null
		return nil
	case "true", "false":
		v.Kind = Bool
		return nil
	}
	p.pos = v.Offset
	return p.fail("expected a value (object, array, string, number, true, false or null), found " + p.found())
}

func (p *parser) object(v *Value, depth int) error {
	p.pos++ // '{'
	for {
		p.blank()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return nil
		}
		if len(v.Members) > 0 {
			if p.pos >= len(p.s) || p.s[p.pos] != ',' {
				return p.fail("expected ',' or '}' in an object, found " + p.found())
			}
			p.pos++
			p.blank()
		}
		keyAt := p.pos
		var keyValue *Value
		var key string
		var err error
		if p.pos < len(p.s) && p.s[p.pos] == '{' {
			keyValue = &Value{Kind: Object, Offset: p.pos}
			err = p.object(keyValue, depth+1)
			key = p.s[keyAt:p.pos]
		} else {
			key, err = p.key()
		}
		if err != nil {
			return err
		}
		p.blank()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return p.fail("expected ':' after the key \"" + key + "\", found " + p.found())
		}
		p.pos++
		v.Members = append(v.Members, Member{Key: key, Offset: keyAt, KeyValue: keyValue})
		if err := p.value(&v.Members[len(v.Members)-1].Value, depth+1); err != nil {
			return err
		}
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

func (p *parser) array(v *Value, depth int) error {
	p.pos++ // '['
	for {
		p.blank()
		if p.pos < len(p.s) && p.s[p.pos] == ']' {
			p.pos++
			return nil
		}
		if len(v.Items) > 0 {
			if p.pos >= len(p.s) || p.s[p.pos] != ',' {
				return p.fail("expected ',' or ']' in an array, found " + p.found())
			}
			p.pos++
		}
		v.Items = append(v.Items, Value{})
		if err := p.value(&v.Items[len(v.Items)-1], depth+1); err != nil {
			return err
		}
	}
}

// number reads a number's literal into v.Str.
func (p *parser) number(v *Value) error {
	if p.s[p.pos] == '-' {
		p.pos++
	}
	digits := 0
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if c >= '0' && c <= '9' {
			digits++
		} else if c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-' {
			break
		}
		p.pos++
	}
	if digits == 0 {
		p.pos = v.Offset
		return p.fail("expected a number, found " + p.found())
	}
	v.Str = p.s[v.Offset:p.pos]
	return nil
}

// str reads a quoted string with JSON escapes.
func (p *parser) str() (string, error) {
	p.pos++ // '"'
	start := p.pos
	var buf []byte
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case '"':
			out := p.s[start:p.pos]
			if buf != nil {
				out = string(append(buf, out...))
			}
			p.pos++
			return out, nil
		case '\n':
			return "", p.fail("expected '\"' to close the string before the end of the line")
		case '\\':
			buf = append(buf, p.s[start:p.pos]...)
			p.pos++
			var err error
			if buf, err = p.escape(buf); err != nil {
				return "", err
			}
			start = p.pos
		default:
			p.pos++
		}
	}
	return "", p.fail("expected '\"' to close the string, found the end of the text (is the paste cut?)")
}

// hex4 reads the four hex digits after the 'u' at s[at].
func (p *parser) hex4(at int) (rune, bool) {
	if at+5 > len(p.s) {
		return 0, false
	}
	u, err := strconv.ParseUint(p.s[at+1:at+5], 16, 32)
	return rune(u), err == nil
}

// escapes maps the letter after a backslash to the byte it stands for.
const escapes = "\"\"\\\\//b\bf\fn\nr\rt\t"

// escape appends the escape that follows a backslash.
func (p *parser) escape(buf []byte) ([]byte, error) {
	if p.pos < len(p.s) {
		e := p.s[p.pos]
		for i := 0; i < len(escapes); i += 2 {
			if escapes[i] == e {
				p.pos++
				return append(buf, escapes[i+1]), nil
			}
		}
		if u, ok := p.hex4(p.pos); e == 'u' && ok {
			p.pos += 5
			// a UTF-16 surrogate pair written as two escapes is one character
			if lo, ok := p.hex4(p.pos + 1); u >= 0xD800 && u < 0xDC00 && ok && lo >= 0xDC00 && lo < 0xE000 && p.s[p.pos] == '\\' && p.s[p.pos+1] == 'u' {
				p.pos += 6
				u = 0x10000 + (u-0xD800)<<10 + (lo - 0xDC00)
			}
			return utf8.AppendRune(buf, u), nil
		}
	}
	return buf, p.fail("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found " + p.found())
}
