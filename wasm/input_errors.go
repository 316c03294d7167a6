package main

// inputError is where a text could not be read and why.
type inputError struct {
	box          string
	line, column int
	msg          string
}

// inputErrorKinds recognise the text readers' error types, all in the full
// build: one *alloc.TextError from route, mqadmin and the doctor
// (doctor.go).
var inputErrorKinds []func(error) (inputError, bool)

func inputErrorOf(err error) (inputError, bool) {
	for _, kind := range inputErrorKinds {
		if in, ok := kind(err); ok {
			return in, true
		}
	}
	return inputError{}, false
}

// writeInputError writes a statusInputError response.
func writeInputError(w *writer, in inputError) {
	w.u8(statusInputError)
	writeErrorBody(w, &boundaryError{code: codeBadInput, field: in.box, msg: in.msg, jsType: jsError})
	w.uvarint(uint64(max(in.line, 0)))
	w.uvarint(uint64(max(in.column, 0)))
}
