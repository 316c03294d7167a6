package javalang

import "strings"

// regexMeta are the characters for which Java's String.split leaves its
// literal fast path and compiles a regular expression.
const regexMeta = ".$|()[{^?*+\\"

// IsLiteralSeparator reports whether Java's String.split(sep) treats sep as
// plain text: a single character that is not a regex metacharacter. Split
// only reproduces Java for such separators.
func IsLiteralSeparator(sep string) bool {
	return len([]rune(sep)) == 1 && !strings.ContainsAny(sep, regexMeta)
}

// Split is Java's s.split(sep) for a literal separator: leading empty pieces
// are kept, trailing empty pieces are dropped, and a string with no match is
// returned whole (so "" gives [""], while "@" split on "@" gives []).
func Split(s, sep string) []string {
	if !strings.Contains(s, sep) {
		return []string{s}
	}
	parts := strings.Split(s, sep)
	n := len(parts)
	for n > 0 && parts[n-1] == "" {
		n--
	}
	return parts[:n]
}

// IsWhitespace is Java's Character.isWhitespace for one code point: the
// space separators except the no-break ones (U+00A0, U+2007, U+202F), plus
// the line and paragraph separators and the ASCII controls 0x09-0x0D and
// 0x1C-0x1F.
func IsWhitespace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0D, r >= 0x1C && r <= 0x20:
		return true
	case r == 0x1680, r >= 0x2000 && r <= 0x2006, r >= 0x2008 && r <= 0x200A:
		return true
	case r == 0x2028, r == 0x2029, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}

// IsBlank is Apache commons' StringUtils.isBlank as RocketMQ 4.9.3 uses it:
// empty, or every character is Java whitespace.
func IsBlank(s string) bool {
	for _, r := range s {
		if !IsWhitespace(r) {
			return false
		}
	}
	return true
}
