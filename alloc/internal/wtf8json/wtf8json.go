// Package wtf8json decodes JSON whose strings may hold lone surrogates
// ("\ud800", as Java and JS strings may): encoding/json turns each into
// U+FFFD, so "x\ud800" and "x\ufffd" would become one string. Here a lone
// surrogate becomes its 3-byte WTF-8 sequence, the form the JS package
// sends and javalang reads as that UTF-16 unit.
//
// How: before encoding/json sees the text, each lone surrogate escape is
// rewritten as the noncharacter U+FDD0 followed by a private-use character
// carrying the surrogate's offset (a real U+FDD0 as U+FDD0 U+FDD1), and the
// decoded strings are restored afterwards.
package wtf8json

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	mark    = '\uFDD0'
	markEsc = '\uFDD1'     // mark markEsc: a real U+FDD0
	puaBase = rune(0xE000) // mark puaBase+n: surrogate 0xD800+n
)

// Unmarshal is json.Unmarshal keeping lone surrogates as WTF-8.
// json.RawMessage values inside v keep the rewritten form: decode them with
// json.Unmarshal and pass the result to Restore.
func Unmarshal(data []byte, v any) error {
	if err := json.Unmarshal(protect(data), v); err != nil {
		return err
	}
	Restore(v)
	return nil
}

// protect rewrites lone surrogate escapes (and raw WTF-8 surrogates) in
// the strings of data, and escapes real U+FDD0 characters.
func protect(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u`)) && !bytes.Contains(data, []byte{0xED}) && !bytes.Contains(data, []byte("\uFDD0")) {
		return data
	}
	out := make([]byte, 0, len(data)+16)
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case !inString:
			inString = c == '"'
			out = append(out, c)
		case c == '"':
			inString = false
			out = append(out, c)
		case c == '\\' && i+1 < len(data) && data[i+1] == 'u':
			u, ok := hex4(data, i+2)
			if !ok { // invalid: leave it to encoding/json to report
				out = append(out, c)
				continue
			}
			if u >= 0xD800 && u <= 0xDBFF {
				if i+11 < len(data) && data[i+6] == '\\' && data[i+7] == 'u' {
					if l, ok := hex4(data, i+8); ok && l >= 0xDC00 && l <= 0xDFFF {
						out = append(out, data[i:i+12]...)
						i += 11
						continue
					}
				}
			}
			switch {
			case u >= 0xD800 && u <= 0xDFFF:
				out = appendMarked(out, puaBase+(u-0xD800))
			case u == mark:
				out = appendMarked(out, markEsc)
			default:
				out = append(out, data[i:i+6]...)
			}
			i += 5
		case c == '\\' && i+1 < len(data):
			out = append(out, c, data[i+1])
			i++
		case c == 0xED && i+2 < len(data) && data[i+1] >= 0xA0 && data[i+1] <= 0xBF && data[i+2]&0xC0 == 0x80:
			out = appendMarked(out, puaBase+rune(data[i+1]&0x1F)<<6+rune(data[i+2]&0x3F))
			i += 2
		case c == 0xEF && bytes.HasPrefix(data[i:], []byte("\uFDD0")):
			out = appendMarked(out, markEsc)
			i += 2
		default:
			out = append(out, c)
		}
	}
	return out
}

func appendMarked(out []byte, r rune) []byte {
	return append(append(out, `\ufdd0\u`...), strconv.FormatInt(int64(r), 16)...)
}

func hex4(b []byte, at int) (rune, bool) {
	if at+4 > len(b) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(b[at:at+4]), 16, 16)
	return rune(n), err == nil
}

// RestoreString undoes protect on one decoded string.
func RestoreString(s string) string {
	if !strings.ContainsRune(s, mark) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		i += w
		if r != mark || i >= len(s) {
			b.WriteRune(r)
			continue
		}
		n, w2 := utf8.DecodeRuneInString(s[i:])
		switch {
		case n == markEsc:
			b.WriteRune(mark)
			i += w2
		case n >= puaBase && n < puaBase+0x800:
			u := 0xD800 + (n - puaBase)
			b.Write([]byte{0xED, byte(0x80 | (u>>6)&0x3F), byte(0x80 | u&0x3F)})
			i += w2
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Restore applies RestoreString to every string reachable from v (a
// pointer): struct fields, slice and array elements, map keys and values.
func Restore(v any) { walk(reflect.ValueOf(v), RestoreString) }

// Marshal is json.Marshal (HTML left unescaped) writing each lone
// surrogate of a WTF-8 string as its \u escape, where encoding/json would
// write U+FFFD. It may rewrite strings reachable from v through maps,
// slices and pointers: pass a value that is not used afterwards.
func Marshal(v any) ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	box := reflect.New(reflect.TypeOf(v))
	box.Elem().Set(reflect.ValueOf(v))
	walk(box, markString)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(box.Interface()); err != nil {
		return nil, err
	}
	return unmark(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// markString writes s's WTF-8 surrogates (and real U+FDD0) as mark pairs,
// which encoding/json passes through unescaped.
func markString(s string) string {
	if !strings.Contains(s, "\xED") && !strings.ContainsRune(s, mark) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80:
			b.WriteRune(mark)
			b.WriteRune(puaBase + rune(s[i+1]&0x1F)<<6 + rune(s[i+2]&0x3F))
			i += 2
		case strings.HasPrefix(s[i:], "\uFDD0"):
			b.WriteRune(mark)
			b.WriteRune(markEsc)
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unmark turns markString's pairs in encoded JSON into \u escapes.
func unmark(out []byte) []byte {
	m := []byte("\uFDD0")
	if !bytes.Contains(out, m) {
		return out
	}
	var b bytes.Buffer
	for len(out) > 0 {
		i := bytes.Index(out, m)
		if i < 0 {
			b.Write(out)
			break
		}
		b.Write(out[:i])
		out = out[i+len(m):]
		n, w := utf8.DecodeRune(out)
		switch {
		case n == markEsc:
			b.Write(m)
			out = out[w:]
		case n >= puaBase && n < puaBase+0x800:
			b.WriteString(`\u` + strconv.FormatInt(int64(0xD800+n-puaBase), 16))
			out = out[w:]
		default:
			b.Write(m)
		}
	}
	return b.Bytes()
}

// walk applies f to every string reachable from v.
func walk(v reflect.Value, f func(string) string) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walk(v.Elem(), f)
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		e := v.Elem()
		switch e.Kind() {
		case reflect.String, reflect.Struct, reflect.Array:
			if v.CanSet() { // copy out, rewrite, put back
				c := reflect.New(e.Type()).Elem()
				c.Set(e)
				walk(c, f)
				v.Set(c)
			}
		default:
			walk(e, f) // maps, slices and pointers share their contents
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(f(v.String()))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), f)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // []byte and json.RawMessage are not text here
		}
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), f)
		}
	case reflect.Map:
		walkMap(v, f)
	}
}

func walkMap(v reflect.Value, f func(string) string) {
	if v.IsNil() {
		return
	}
	for _, k := range v.MapKeys() {
		val := reflect.New(v.Type().Elem()).Elem()
		val.Set(v.MapIndex(k))
		walk(val, f)
		nk := k
		if k.Kind() == reflect.String {
			if s := f(k.String()); s != k.String() {
				nk = reflect.ValueOf(s).Convert(k.Type())
				v.SetMapIndex(k, reflect.Value{})
			}
		}
		v.SetMapIndex(nk, val)
	}
}
