package mqadmin

import (
	"strings"
	"unicode/utf16"

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
	}
	return text, nil
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

// looksUTF16: a mangled BOM, or NULs between the first characters.
func looksUTF16(text string) bool {
	if strings.HasPrefix(text, "\ufffd\ufffd") {
		return true
	}
	head := text[:min(len(text), 64)]
	return len(head) >= 4 && strings.Count(head, "\x00") >= len(head)/3
}
