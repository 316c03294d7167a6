package mqadmin

import "github.com/rmqalloc/rmqalloc/alloc"

// Format names, as the Source of a parser's *alloc.TextError spells them.
const (
	FormatRoute      = "route"
	FormatConnection = "connection"
	FormatProgress   = "progress"
	FormatStatus     = "status"
)

// parseErr is a text of format that could not be read at line and column
// (0 when the whole line is at fault); its Error reads like
// "progress: line 7, column 3: expected a queue ID".
func parseErr(format string, line, col int, msg string) *alloc.TextError {
	return &alloc.TextError{Source: format, Line: line, Column: col, Msg: msg}
}
