//go:build !(js && wasm)

// Command rmqalloc is the operator's command: the doctor, plan and plan
// --compare, as the npm package's rmqalloc runs them (one contract, tested
// against both builds: testdata/cli/cases.json).
//
//	go install github.com/rmqalloc/rmqalloc/cmd/rmqalloc@latest
//	rmqalloc doctor --namesrv HOST:PORT --group GROUP
//	rmqalloc doctor FOLDER [FOLDER ...]
//	rmqalloc plan --brokers 2 --queues 8 --consumers 3
//
// Exit status: 0 all ok, 1 problems found, 2 bad input (or a cluster that
// cannot be read), 3 no owner information to judge by, 4 rmqalloc failed.
// docs/cli.md is the reference.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// env is what a command runs with: its streams and the environment.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	getenv         func(string) string
	// tty: stdout is a terminal (its width is then the default).
	tty func() int
	// json: --json was given; errors are then JSON on stdout.
	json bool
	// deadline: with --namesrv, when --timeout (timeoutText as typed)
	// ends; the diagnosis is given up then too. Zero: no bound.
	deadline    time.Time
	timeoutText string
}

// command runs a command on its arguments: the exit status.
type command func(e *env, argv []string) (int, error)

// commands: each command of the Go binary, by name (a new one is a line).
var commands = map[string]command{
	"doctor":  doctorCommand,
	"plan":    planCommand,
	"monitor": func(e *env, argv []string) (int, error) { return runMonitor(argv, e.stdout, e.stderr), nil },
}

func main() {
	e := &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, getenv: os.Getenv, tty: terminalColumns}
	os.Exit(run(e, os.Args[1:]))
}

func run(e *env, argv []string) int {
	if len(argv) == 0 {
		fmt.Fprintln(e.stderr, mainHelp)
		return exitBadInput
	}
	cmd, rest := argv[0], argv[1:]
	switch cmd {
	case "-h", "--help", "help":
		h := mainHelp
		if cmd == "help" && len(rest) > 0 && commandHelp[rest[0]] != "" {
			h = commandHelp[rest[0]]
		}
		fmt.Fprintln(e.stdout, h)
		return exitOK
	case "-v", "--version":
		fmt.Fprintln(e.stdout, version)
		return exitOK
	}
	// --json anywhere (before --) asks for JSON errors too.
	end := slices.Index(rest, "--")
	if end < 0 {
		end = len(rest)
	}
	e.json = slices.Contains(rest[:end], "--json")
	f, ok := commands[cmd]
	if !ok {
		return writeError(usageErr("unknown command %q (rmqalloc --help lists them)", cmd), e.json, e.stdout, e.stderr)
	}
	status, err := f(e, rest)
	if err != nil {
		ce, ok := err.(*cliError)
		if !ok {
			ce = &cliError{code: codeFailed, msg: "failed: " + err.Error(), exit: exitFailed}
		}
		return writeError(ce, e.json, e.stdout, e.stderr)
	}
	return status
}

// width is the columns reports are fitted in: COLUMNS, else the
// terminal's, else 80.
func (e *env) width() int {
	// As JavaScript's parseInt: the leading digits.
	c := strings.TrimSpace(e.getenv("COLUMNS"))
	if n, _ := strconv.Atoi(c[:len(c)-len(strings.TrimLeft(c, "0123456789"))]); n > 0 {
		return n
	}
	if e.tty != nil {
		if n := e.tty(); n > 0 {
			return n
		}
	}
	return 80
}
