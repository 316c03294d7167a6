package alloc

import "strconv"

// TextError is text that could not be read, whichever parser read it:
// route.Parse, every mqadmin parser and the doctor return it, so one
// errors.As(err, &te) finds the place of a cut paste however it was read.
//
// Source names the text: a format ("route", "connection", "progress",
// "status") for a parser, the input box ("route[1]", "status[2]",
// "strategy", "profile", ...) for the doctor. Line and Column are 1-based
// (characters; a tab counts one); 0 means unknown or the whole line / the
// whole text. Msg says what was expected there.
type TextError struct {
	Source string `json:"source"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Msg    string `json:"message"`
}

// Error reads like "progress: line 7, column 3: expected a queue ID", the
// line and column left out when unknown.
func (e *TextError) Error() string {
	s := e.Source
	if e.Line > 0 {
		s += ": line " + strconv.Itoa(e.Line)
		if e.Column > 0 {
			s += ", column " + strconv.Itoa(e.Column)
		}
	}
	return s + ": " + e.Msg
}
