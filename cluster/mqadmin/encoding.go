package mqadmin

import (
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// decodeText returns text as UTF-8: a UTF-16 text with its BOM (what
// PowerShell's `>` writes) is decoded. A UTF-16 text that was already read
// as UTF-8 (its BOM turned into two U+FFFD, a NUL after every ASCII
// character) cannot be recovered here: that is an error saying so.
func decodeText(format, text string) (string, *alloc.TextError) {
	switch {
	case strings.HasPrefix(text, "\xff\xfe"):
		return decodeUTF16(text[2:], false), nil
	case strings.HasPrefix(text, "\xfe\xff"):
		return decodeUTF16(text[2:], true), nil
	case looksUTF16(text):
		return "", parseErr(format, 1, 0, "the text is UTF-16 (what PowerShell's > writes), read as if it were UTF-8: save it as UTF-8 (mqadmin ... | Out-File -Encoding utf8 FILE) and try again")
	case looksBinary(text):
		return "", parseErr(format, 1, 0, "not text (binary): expected what mqadmin prints, found "+binaryKind(text))
	}
	return text, nil
}

// DecodeText is a saved file's bytes as UTF-8 text, as the parsers read
// them: UTF-16 with its BOM decoded, a UTF-8 BOM dropped; an error for
// binary data or UTF-16 already mangled. For the files beside the
// outputs (captured-at.txt).
func DecodeText(text string) (string, error) {
	t, err := decodeText("text", text)
	if err != nil {
		return "", errors.New(err.Msg)
	}
	return strings.TrimPrefix(t, "\ufeff"), nil
}

// looksBinary: NULs, undecodable bytes or control characters in more than
// a tenth of the first 1024 bytes, not in the UTF-16 pattern (a stray one
// in text is named at its line by the parsers).
func looksBinary(text string) bool {
	head := text[:min(len(text), 1024)]
	bad := 0
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRuneInString(head[i:])
		if r == utf8.RuneError && i+n < len(head) || r < ' ' && r != '\t' && r != '\n' && r != '\r' && r != '\f' && r != 0x1b || r == 0x7f {
			bad++
		}
		i += n
	}
	return bad*10 > len(head)
}

// binaryKind names well-known binary files by their first bytes.
func binaryKind(text string) string {
	for _, k := range []struct{ magic, name string }{
		{"PK\x03\x04", "a zip archive"}, {"\x1f\x8b", "gzip data"}, {"\x7fELF", "an executable (ELF)"},
		{"%PDF", "a PDF"}, {"\x89PNG", "a PNG image"}, {"\xff\xd8\xff", "a JPEG image"},
	} {
		if strings.HasPrefix(text, k.magic) {
			return k.name
		}
	}
	if strings.Trim(text[:min(len(text), 1024)], "\x00") == "" {
		return "zero bytes"
	}
	return "bytes that are not text"
}

func decodeUTF16(b string, bigEndian bool) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		hi, lo := b[2*i+1], b[2*i]
		if bigEndian {
			hi, lo = lo, hi
		}
		u[i] = uint16(hi)<<8 | uint16(lo)
	}
	return string(utf16.Decode(u))
}

// looksUTF16: a mangled BOM, or ASCII text with a NUL after (LE) or
// before (BE) nearly every character of the first 64 bytes; NULs in any
// other pattern are binary data.
func looksUTF16(text string) bool {
	if strings.HasPrefix(text, "\ufffd\ufffd") {
		return true
	}
	head := text[:min(len(text), 64)]
	if len(head) < 4 {
		return false
	}
	le, be, pairs := 0, 0, len(head)/2
	for i := 0; i+1 < len(head); i += 2 {
		a, b := head[i], head[i+1]
		if a != 0 && b == 0 && a < 0x80 {
			le++
		}
		if a == 0 && b != 0 && b < 0x80 {
			be++
		}
	}
	return le*10 >= pairs*9 || be*10 >= pairs*9
}
