package alloc

import (
	"errors"
	"strings"
)

// Java exception classes that results can carry, by their simple names as
// the conformance vectors spell them.
const (
	IllegalArgumentException       = "IllegalArgumentException"
	ArrayIndexOutOfBoundsException = "ArrayIndexOutOfBoundsException"
	ArithmeticException            = "ArithmeticException"
	NumberFormatException          = "NumberFormatException"
	NullPointerException           = "NullPointerException"
	// PatternSyntaxException (an IllegalArgumentException, so Kind
	// ErrInvalidArgument): a resolver separator Java cannot compile.
	PatternSyntaxException = "PatternSyntaxException"
	// JDKIllegalArgumentException is the class of the JDK sort's own
	// failure (see SortQueues), fully qualified as the JDK reports it and
	// as the sort vectors record it; its Kind is ErrInvalidArgument.
	JDKIllegalArgumentException = "java.lang.IllegalArgumentException"
)

// Kinds of failure, for errors.Is. Every *Error wraps exactly one of them.
var (
	// ErrInvalidArgument: an argument the Java client rejects (or that
	// cannot be represented, such as a queue ID outside int32).
	ErrInvalidArgument = errors.New("invalid argument")
	// ErrIndexOutOfRange: Java would index past the end of an array, e.g. a
	// resolver field that a split does not produce.
	ErrIndexOutOfRange = errors.New("index out of range")
	// ErrArithmetic: Java would divide by zero, e.g. selecting from an
	// empty queue list.
	ErrArithmetic = errors.New("arithmetic error")
	// ErrNumberFormat: Java's Integer.parseInt would reject the text.
	ErrNumberFormat = errors.New("number format error")
	// ErrLimit: beyond a size limit of this port where Java has none (a
	// ring of more than MaxRingNodes nodes, a route of more than
	// route.MaxQueues queues). JavaClass is empty: Java would not throw.
	ErrLimit = errors.New("beyond this port's limit")
	// ErrUnsupported: input whose Java result this port does not reproduce
	// (a resolver separator using a regex construct such as (?i) or \p{L}).
	// JavaClass is empty.
	ErrUnsupported = errors.New("not supported")
)

// Error is every failure this module reports. Field names the argument at
// fault (e.g. "cidAll", "mqAll[3].queueId", "strategy.virtualNodeCnt");
// JavaClass is the exception the Java client throws in the same situation.
type Error struct {
	Kind      error  // one of the Err* sentinels
	JavaClass string // e.g. IllegalArgumentException
	Field     string // the argument at fault, may be empty
	Msg       string // what is wrong, in Java's words where Java has words
}

func (e *Error) Error() string {
	if e.Field == "" || strings.HasPrefix(e.Msg, e.Field+" ") {
		return e.Msg // the message names the field already
	}
	return e.Field + ": " + e.Msg
}

// Unwrap lets errors.Is match the Kind sentinel.
func (e *Error) Unwrap() error { return e.Kind }

// JavaClassOf returns the Java exception class carried by err, or "" when
// err is nil or not one of ours.
func JavaClassOf(err error) string {
	// A loop over Unwrap, not errors.As: As links reflectlite (~50 KB of
	// WebAssembly) and nothing here wraps in a way only As would see.
	for ; err != nil; err = errors.Unwrap(err) {
		if e, ok := err.(*Error); ok {
			return e.JavaClass
		}
	}
	return ""
}

// The constructors below take a ready message: this package avoids fmt so
// that the WebAssembly module stays small.

func illegalArgument(field, msg string) *Error {
	return &Error{Kind: ErrInvalidArgument, JavaClass: IllegalArgumentException, Field: field, Msg: msg}
}

func limit(field, msg string) *Error {
	return &Error{Kind: ErrLimit, Field: field, Msg: msg}
}

func indexOutOfBounds(field, msg string) *Error {
	return &Error{Kind: ErrIndexOutOfRange, JavaClass: ArrayIndexOutOfBoundsException, Field: field, Msg: msg}
}
