package mqadmin

import "strconv"

// Format names, as ParseError.Format spells them.
const (
	FormatRoute      = "route"
	FormatConnection = "connection"
	FormatProgress   = "progress"
	FormatStatus     = "status"
)

// ParseError is a text that could not be read: which format, where (1-based
// line and column; column 0 when the whole line is at fault) and what was
// expected there.
type ParseError struct {
	Format string `json:"format"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Msg    string `json:"message"`
}

// Error reads like "progress: line 7, column 3: expected a queue ID".
func (e *ParseError) Error() string {
	s := e.Format + ": line " + strconv.Itoa(e.Line)
	if e.Column > 0 {
		s += ", column " + strconv.Itoa(e.Column)
	}
	return s + ": " + e.Msg
}

func parseErr(format string, line, col int, msg string) *ParseError {
	return &ParseError{Format: format, Line: line, Column: col, Msg: msg}
}
