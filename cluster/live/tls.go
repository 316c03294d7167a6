package live

import (
	"errors"
	"io"
)

// TLS says how to speak remoting over TLS (RocketMQ's tls.server.mode
// enforcing or permissive). The read verifies every server's certificate
// against CA (PEM), or the system's roots when CA is empty, for the host
// it dials (an IP address must be in the certificate's IP SANs), unless
// Insecure: then any certificate is taken, which only the flag
// --tls-insecure asks for.
type TLS struct {
	CA       []byte
	CAFile   string // where CA was read from, for messages
	Insecure bool
}

// closedBeforeAnswer is what a server that speaks only TLS does to a plain
// call (and a plain one to a TLS handshake that is not its): it closes the
// connection without a word. Go sees io.EOF, node:net a close; both read
// the same, with the likely cause.
func closedBeforeAnswer(err error) (string, bool) {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || err.Error() == jsClosedBeforeAnswer {
		return "the connection closed before an answer (a server that speaks only TLS does so to plain calls: --tls?)", true
	}
	return "", false
}

// jsClosedBeforeAnswer is js/bin/live.js's failure message for a close.
const jsClosedBeforeAnswer = "the connection closed before an answer"
