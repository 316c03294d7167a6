package main

import (
	"errors"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/broker"
	"github.com/rmqalloc/rmqalloc/alloc/goclient"
)

// The status bytes (STATUS), the error constructors (ERROR_CTOR) and the
// error codes a thrown error carries (err.code, ERROR_CODE, whose values
// js/index.d.ts's ErrorCode lists) are declared in internal/wireschema:
// enums_generated.go. A JS test checks that js/lib throws no other code.

// boundaryError is a failure found at the boundary itself: a handle that
// does not exist, a request JS should not have sent, a recovered panic.
type boundaryError struct {
	code, field, msg string
	jsType           byte
}

func (e *boundaryError) Error() string { return e.msg }

func invalid(field, msg string) error {
	return &boundaryError{code: codeInvalidArgument, field: field, msg: field + " " + msg, jsType: jsTypeError}
}

func disposed(what string) error {
	return &boundaryError{code: codeDisposed, msg: what + " has been disposed"}
}

func unsupported(msg string) error {
	return &boundaryError{code: codeUnsupported, msg: msg}
}

// codeOf maps an error kind of package alloc to the JS error code.
func codeOf(err error) string {
	switch {
	case errors.Is(err, alloc.ErrInvalidArgument):
		return codeInvalidArgument
	case errors.Is(err, alloc.ErrIndexOutOfRange):
		return codeIndexOutOfRange
	case errors.Is(err, alloc.ErrArithmetic):
		return codeArithmetic
	case errors.Is(err, alloc.ErrNumberFormat):
		return codeNumberFormat
	case errors.Is(err, goclient.ErrPanic):
		return codePanic
	case errors.Is(err, alloc.ErrLimit):
		return codeLimit
	case errors.Is(err, alloc.ErrUnsupported):
		return codeUnsupported
	}
	return codeInternal
}

// writeError replaces the response with err: status, code, Java class,
// field, message and the JS constructor to use (input_errors.go adds line
// and column for text that cannot be read).
func writeError(w *writer, err error) {
	w.reset()
	if in, ok := inputErrorOf(err); ok {
		writeInputError(w, in)
		return
	}
	w.u8(statusError)
	writeErrorBody(w, err)
}

// writeErrorBody writes code, Java class, field, message and JS type.
func writeErrorBody(w *writer, err error) {
	if be, ok := as[*boundaryError](err); ok {
		w.str(be.code)
		w.str("")
		w.str(be.field)
		w.str(be.msg)
		w.u8(be.jsType)
		return
	}
	if ae, ok := as[*alloc.Error](err); ok {
		w.str(codeOf(ae))
		if ae.JavaClass == goclient.PanicClass {
			w.str("") // the Go client panics: no Java class
		} else {
			w.str(ae.JavaClass)
		}
		w.str(ae.Field)
		w.str(ae.Error())
		w.u8(jsError)
		return
	}
	if se, ok := as[*broker.StatusError](err); ok {
		// The gRPC proxy's status: ERR_FORBIDDEN, ERR_INTERNAL_SERVER_ERROR.
		w.str("ERR_" + se.Code)
		w.str(se.JavaClass)
		w.str("route")
		w.str(se.Error())
		w.u8(jsError)
		return
	}
	if m, ok := err.(errMalformed); ok {
		w.str(codeInternal)
		w.str("")
		w.str("")
		w.str("rmqalloc: " + m.Error() + " (a bug in index.js)")
		w.u8(jsError)
		return
	}
	w.str(codeInternal)
	w.str("")
	w.str("")
	w.str(err.Error())
	w.u8(jsError)
}

// panicError turns a recovered panic value into an error without fmt.
func panicError(v any) error {
	msg := "panic"
	switch x := v.(type) {
	case error:
		msg = "panic: " + x.Error()
	case string:
		msg = "panic: " + x
	}
	return &boundaryError{code: codeInternal, msg: "rmqalloc internal error (recovered " + msg + ")"}
}

// as finds the first error of type T in err's Unwrap chain, like errors.As
// without the reflection that As links (~50 KB of module).
func as[T error](err error) (T, bool) {
	for ; err != nil; err = errors.Unwrap(err) {
		if e, ok := err.(T); ok {
			return e, true
		}
	}
	var zero T
	return zero, false
}
