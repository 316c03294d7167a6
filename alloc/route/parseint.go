package route

import (
	"unicode"
	"unicode/utf16"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// parseInt is Java's Integer.parseInt(s) (radix 10), exactly:
//
//   - an optional leading '+' or '-', then at least one digit, nothing else
//     (no spaces, no "0x", no decimal point);
//   - a digit is any UTF-16 code unit that Character.digit(ch, 10) accepts:
//     ASCII 0-9 and the other Unicode decimal digits of the BMP, such as
//     Arabic-Indic "٣" or fullwidth "３" (digits outside the BMP are
//     surrogate pairs in Java and are rejected);
//   - the value must fit in int32 (-2147483648 .. 2147483647).
//
// Anything else fails with a NumberFormatException whose message is Java's:
// For input string: "x".
func parseInt(s string) (int32, *alloc.Error) {
	units := utf16.Encode([]rune(s))
	if len(units) == 0 {
		return 0, numberFormat(s)
	}
	const limitPos = -2147483647 // -Integer.MAX_VALUE
	limit := int32(limitPos)
	negative := false
	i := 0
	if first := units[0]; first < '0' {
		switch first {
		case '-':
			negative = true
			limit = -2147483648
		case '+':
		default:
			return 0, numberFormat(s)
		}
		if len(units) == 1 {
			return 0, numberFormat(s)
		}
		i = 1
	}
	multmin := limit / 10
	var result int32
	for ; i < len(units); i++ {
		d := digit(units[i])
		if d < 0 || result < multmin {
			return 0, numberFormat(s)
		}
		result *= 10
		if result < limit+d {
			return 0, numberFormat(s)
		}
		result -= d
	}
	if negative {
		return result, nil
	}
	return -result, nil
}

// digit is Character.digit(unit, 10) for one UTF-16 code unit: the value of
// a Unicode decimal digit (category Nd), else -1. Unicode guarantees that
// decimal digits come in runs of ten starting at zero, so the value is the
// distance from the start of the run, modulo ten.
func digit(u uint16) int32 {
	r := rune(u)
	if r >= '0' && r <= '9' {
		return r - '0'
	}
	if r < 0x80 || (r >= 0xD800 && r <= 0xDFFF) || !unicode.IsDigit(r) {
		return -1
	}
	start := r
	for start > 0 && unicode.IsDigit(start-1) {
		start--
	}
	return (r - start) % 10
}

func numberFormat(s string) *alloc.Error {
	return &alloc.Error{Kind: alloc.ErrNumberFormat, JavaClass: alloc.NumberFormatException, Msg: forInputString(s)}
}

// forInputString is NumberFormatException.forInputString's message.
func forInputString(s string) string {
	return "For input string: \"" + s + "\""
}
