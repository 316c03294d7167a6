package live

import "strconv"

// ProtocolError is an answer that is not what a RocketMQ server sends: a
// frame length no server writes, a header that is not JSON, a request
// where a response belongs, or a response to another request (its opaque
// is not the request's). It is told apart from an unreachable server:
// something answered, wrongly (a wrong port, a proxy, a broken server).
type ProtocolError struct{ Msg string }

func (e *ProtocolError) Error() string { return e.Msg }

func protocolErr(msg string) error { return &ProtocolError{Msg: msg} }

// checkAnswer: resp answers the request whose opaque is id.
func checkAnswer(resp *Command, id int) error {
	if !resp.IsResponse() {
		return protocolErr("the answer is not a response frame")
	}
	if resp.Opaque != int32(id) {
		return protocolErr("the answer's opaque is " + strconv.Itoa(int(resp.Opaque)) + ", the request's " + strconv.Itoa(id) + ": it answers another request")
	}
	return nil
}
