//go:build !(js && wasm)

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/internal/termsafe"
)

// Error codes of {"error":{"code",...}}, the same in both builds.
const (
	codeUsage       = "usage"       // the command line: a flag, a value, a missing argument
	codeInput       = "input"       // a file or folder that cannot be read as what it should be
	codeCluster     = "cluster"     // the cluster could not be read
	codeUnsupported = "unsupported" // this build cannot do it
	codeFailed      = "failed"      // rmqalloc itself failed (exit 4)
)

// cliError is a failure the user reads: one line (rest: lines after it),
// the file and line it is about when there is one.
type cliError struct {
	code string
	// where precedes the message in the text form: "FILE: line 7", or the
	// flag as typed ("--timeout 0s").
	where string
	msg   string
	file  string
	line  int
	rest  string
	exit  int
}

func (e *cliError) Error() string {
	if e.where == "" {
		return e.msg
	}
	return e.where + ": " + e.msg
}

func usageErr(format string, a ...any) *cliError {
	return &cliError{code: codeUsage, msg: fmt.Sprintf(format, a...), exit: exitBadInput}
}

// inputErr is about a file or folder: its path first.
func inputErr(file string, format string, a ...any) *cliError {
	return &cliError{code: codeInput, where: file, file: file, msg: fmt.Sprintf(format, a...), exit: exitBadInput}
}

// textErr is about a place in a file: "FILE: line L, column C: msg".
func textErr(file string, line, column int, msg string) *cliError {
	where := file
	if line > 0 {
		where += ": line " + strconv.Itoa(line)
		if column > 0 {
			where += ", column " + strconv.Itoa(column)
		}
	}
	return &cliError{code: codeInput, where: where, file: file, line: line, msg: msg, exit: exitBadInput}
}

// writeError prints e: "rmqalloc: " and the text on stderr, or with
// --json the object {"error":{"code","message","file","line"}} on stdout
// (file and line null when unknown; message without the place).
func writeError(e *cliError, asJSON bool, stdout, stderr io.Writer) int {
	if !asJSON {
		// The message may quote a file's line or a server's answer.
		s := "rmqalloc: " + termsafe.Escape(e.Error()) + "\n"
		if e.rest != "" {
			s += termsafe.Escape(strings.TrimRight(e.rest, "\n")) + "\n"
		}
		io.WriteString(stderr, s)
		return e.exit
	}
	type body struct {
		Code    string  `json:"code"`
		Message string  `json:"message"`
		File    *string `json:"file"`
		Line    *int    `json:"line"`
	}
	b := body{Code: e.code, Message: e.msg}
	if e.file == "" {
		b.Message = e.Error()
	} else {
		b.File = &e.file
	}
	if e.rest != "" {
		b.Message += "\n" + strings.TrimRight(e.rest, "\n")
	}
	if e.line > 0 {
		b.Line = &e.line
	}
	out, _ := json.Marshal(map[string]body{"error": b})
	io.WriteString(stdout, string(out)+"\n")
	return e.exit
}
