package alloc

import "strconv"

// quote writes s as a Go string literal, for error messages (no fmt here).
func quote(s string) string { return strconv.Quote(s) }

// itoa is strconv.Itoa, short for building messages.
func itoa(n int) string { return strconv.Itoa(n) }
