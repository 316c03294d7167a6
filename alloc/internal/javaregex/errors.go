package javaregex

import (
	"errors"
	"strconv"
)

// SyntaxError is Java's PatternSyntaxException: the pattern does not
// compile. Index is where Java's parser stood, in code points.
type SyntaxError struct {
	Desc    string
	Pattern string
	Index   int
}

func (e *SyntaxError) Error() string {
	return e.Desc + " near index " + strconv.Itoa(e.Index) + " of " + strconv.Quote(e.Pattern)
}

// UnsupportedError names a construct whose Java meaning this package does
// not reproduce.
type UnsupportedError struct {
	Construct string
	Pattern   string
}

func (e *UnsupportedError) Error() string {
	return "the regular expression " + strconv.Quote(e.Pattern) + " uses " + e.Construct + ", which this port does not reproduce"
}

// ErrBudget: matching took more backtracking steps than MaxSteps (Java
// would go on, possibly for a very long time).
var ErrBudget = errors.New("regular expression needs more than " + strconv.Itoa(MaxSteps) + " backtracking steps for one split")

// MaxSteps bounds the matcher's work for one Split.
const MaxSteps = 1 << 22
