//go:build !(js && wasm)

package main

import (
	"strings"
	"unicode/utf8"
)

// Fitting text to the terminal (js/bin/text.js does the same).

func padEnd(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s)))
}

func padStart(s string, n int) string {
	return strings.Repeat(" ", max(0, n-utf8.RuneCountInString(s))) + s
}

// wrap breaks s at spaces into lines of at most width columns, the lines
// after the first starting with indent (a word longer than a line stays
// whole).
func wrap(s string, width int, indent string) []string {
	var lines []string
	body := strings.TrimLeft(s, " ")
	line := s[:len(s)-len(body)]
	start := true
	for _, w := range strings.Split(body, " ") {
		switch {
		case start:
			line += w
			start = false
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width:
			line += " " + w
		default:
			lines = append(lines, strings.TrimRight(line, " "))
			line = indent + w
		}
	}
	return append(lines, line)
}
