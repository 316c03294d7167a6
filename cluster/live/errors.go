package live

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
)

// kind is a sentinel whose text is the name programs print: the JSON
// "kind" fields, ERR_CLUSTER's field and the monitor's metric labels.
type kind string

func (k kind) Error() string { return string(k) }

// Kinds of failure, for errors.Is (as alloc's are). Every *Error wraps
// exactly one of them; its text ("namesrv", "broker", ...) is the kind's
// name in JSON and metrics (KindOf).
var (
	ErrUsage        error = kind("usage")         // options: no group, a bad address
	ErrNameServer   error = kind("namesrv")       // the NameServer cannot be reached or does not answer
	ErrBroker       error = kind("broker")        // a broker cannot be reached or does not answer
	ErrTimeout      error = kind("timeout")       // no answer before the deadline
	ErrUnknownGroup error = kind("unknown-group") // no route for %RETRY%GROUP
	ErrUnknownTopic error = kind("unknown-topic") // no route for a topic
	ErrRefused      error = kind("refused")       // a server answered with an error code (ACL: 16)
	ErrProtocol     error = kind("protocol")      // an answer that is not what RocketMQ sends
)

// Error is a read that failed.
type Error struct {
	Kind error  // one of the Err* sentinels
	Addr string // the server concerned, "" when none
	Code int    // the response code, 0 when none
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap lets errors.Is match the Kind sentinel.
func (e *Error) Unwrap() error { return e.Kind }

// KindOf is the name of err's kind ("namesrv", "broker", ...), or "" when
// err is not a read's failure.
func KindOf(err error) string {
	for ; err != nil; err = errors.Unwrap(err) {
		if e, ok := err.(*Error); ok && e.Kind != nil {
			return e.Kind.Error()
		}
	}
	return ""
}

// TransportError is a call that got no answer: refused, reset, closed or
// timed out. Transports outside Go (the JS CLI) report theirs as this.
type TransportError struct {
	Timeout bool
	Msg     string
}

func (e *TransportError) Error() string { return e.Msg }

// isTimeout tells a deadline from other transport failures.
func isTimeout(err error) bool {
	var te *TransportError
	if errors.As(err, &te) {
		return te.Timeout
	}
	var ne interface{ Timeout() bool } // net.Error, without linking net into the wasm module
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// transportError: who could not be reached (role "the NameServer"), and how.
func transportError(kind error, addr, role string, err error) *Error {
	name := strings.TrimPrefix(role, "the ")
	var pe *ProtocolError
	if errors.As(err, &pe) {
		return &Error{Kind: ErrProtocol, Addr: addr, Msg: name + " " + addr + " answered with something that is not a RocketMQ response (protocol error: " + pe.Msg + ")"}
	}
	if isTimeout(err) {
		return &Error{Kind: ErrTimeout, Addr: addr, Msg: name + " " + addr + " did not answer in time (--timeout)"}
	}
	msg := err.Error()
	if m, ok := closedBeforeAnswer(err); ok {
		msg = m
	}
	// net's "dial tcp 127.0.0.1:9876: connect: connection refused": the
	// address is said once, first.
	if i := strings.LastIndex(msg, ": "); i >= 0 && strings.Contains(msg, addr) {
		msg = msg[i+2:]
	}
	return &Error{Kind: kind, Addr: addr, Msg: name + " " + addr + " is unreachable: " + msg}
}

// responseError is an error code from a server, as mqadmin shows it.
func responseError(addr, role, what string, resp *Command) *Error {
	name := strings.TrimPrefix(role, "the ")
	msg := name + " " + addr + " refused the request for " + what + ": CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + firstLine(resp.Remark)
	return &Error{Kind: ErrRefused, Addr: addr, Code: resp.Code, Msg: msg}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// stderrLine is a call to addr that got no answer, in the words of the
// exception mqadmin prints for it (the doctor reads saved stderr so).
func stderrLine(addr string, err error) string {
	if isTimeout(err) {
		return "org.apache.rocketmq.remoting.exception.RemotingTimeoutException: wait response on the channel <" + addr + "> timeout (--timeout)"
	}
	msg := oneLine(err.Error())
	if i := strings.LastIndex(msg, ": "); i >= 0 && strings.Contains(msg, addr) {
		msg = msg[i+2:]
	}
	if strings.Contains(msg, "refused") {
		return "org.apache.rocketmq.remoting.exception.RemotingConnectException: connect to <" + addr + "> failed (" + msg + ")"
	}
	return "org.apache.rocketmq.remoting.exception.RemotingSendRequestException: send request to <" + addr + "> failed (" + msg + ")"
}

// brokerAnswerLine is a broker's error answer as MQBrokerException
// prints it.
func brokerAnswerLine(addr string, resp *Command) string {
	return "org.apache.rocketmq.client.exception.MQBrokerException: CODE: " + strconv.Itoa(resp.Code) + "  DESC: " + oneLine(resp.Remark) + " BROKER: " + addr
}

// oneLine is s up to its first line break.
func oneLine(s string) string { return strings.TrimSpace(firstLine(s)) }
