package goclient

import (
	"errors"
	"strconv"

	"github.com/rmqalloc/rmqalloc/alloc"
)

// PanicClass is the JavaClass of an *alloc.Error reporting that the Go
// client would panic at this point.
const PanicClass = "panic"

// ErrPanic is the Kind of the errors that stand for a Go client panic.
var ErrPanic = errors.New("go client panics")

// Strategy is implemented by every strategy of this package: an
// alloc.Strategy that also tells which client it emulates.
type Strategy interface {
	alloc.Strategy
	// Client is always goclient.Client.
	Client() alloc.Client
	goClient() // only this package's strategies are Strategies
}

// indexOf is the common preamble of the Go client's AVG, AVG_BY_CIRCLE,
// MACHINE_ROOM and CONSISTENT_HASH: it returns the index of the first
// occurrence of cid in cidAll, or -1 when the call returns nothing (empty
// cid, empty lists, cid not a member).
func indexOf(cid string, mqAll []alloc.MessageQueue, cidAll []string) int {
	if cid == "" || len(mqAll) == 0 || len(cidAll) == 0 {
		return -1
	}
	for i, c := range cidAll {
		if c == cid {
			return i
		}
	}
	return -1
}

// panicError reports a Go client panic with the runtime's own message.
func panicError(field, msg string) *alloc.Error {
	return &alloc.Error{Kind: ErrPanic, JavaClass: PanicClass, Field: field, Msg: msg}
}

// indexPanic is the runtime error Go raises for slice[i] with i >= n.
func indexPanic(field string, i, n int) *alloc.Error {
	return panicError(field, "runtime error: index out of range ["+strconv.Itoa(i)+"] with length "+strconv.Itoa(n))
}

// divideByZero is the runtime error Go raises for an integer division by 0.
func divideByZero(field string) *alloc.Error {
	return panicError(field, "runtime error: integer divide by zero")
}

// empty is the Go client's result when nothing is allocated. It is never
// nil, so that callers can tell it from CONFIG's unset list.
func empty() []alloc.MessageQueue { return []alloc.MessageQueue{} }
