package doctor

import (
	"strings"
)

// clusterError is one failure a read of the cluster met, as mqadmin
// prints it on stderr (and the live read saves it in the same words): the
// broker's answer code, or a transport failure (no answer in time, no
// connection), and the broker address it names. It is the cluster's own
// trouble, never bad input: what it hides becomes unknown.
type clusterError struct {
	code    int    // the server's response code; 0: no answer at all
	desc    string // one line, as printed
	addr    string // the broker address the text names, "" if none
	timeout bool   // no answer before the deadline
}

// readClusterErrors finds every failure in a command's stderr (or an
// error pasted instead of its output), in order, each once; nil when the
// text shows none.
func readClusterErrors(text string) []clusterError {
	var out []clusterError
	seen := map[clusterError]bool{}
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		if l == "" || strings.HasPrefix(l, "at ") || strings.HasPrefix(l, "...") || strings.HasPrefix(l, "For more information") {
			continue
		}
		e, ok := readClusterError(l)
		if !ok || seen[e] {
			continue
		}
		seen[e] = true
		out = append(out, e)
	}
	// A wrapper ("SubCommandException: ... command failed") names neither
	// a code nor an address: keep it only when nothing better was said.
	if len(out) > 1 {
		kept := out[:0]
		for _, e := range out {
			if e.code != 0 || e.addr != "" || e.timeout {
				kept = append(kept, e)
			}
		}
		if len(kept) > 0 {
			out = kept
		}
	}
	return out
}

// readClusterError reads one line of stderr; ok when it is a failure.
func readClusterError(l string) (clusterError, bool) {
	if f, ok := readFailure(l); ok {
		e := clusterError{code: f.code, desc: f.desc}
		if addr, ok := failBrokerMatch(f.desc); ok {
			e.addr = strings.TrimRight(addr, ".,;")
			e.desc = strings.TrimSpace(f.desc[:strings.Index(f.desc, "BROKER:")])
		}
		return e, true
	}
	// What the failures look like: RocketMQ's exception messages (the
	// remoting layer's and MQBrokerException's "CODE: n  DESC: ... BROKER:
	// addr"); match.go reads them.
	if addr, ok := failTimeoutMatch(l); ok {
		return clusterError{timeout: true, addr: addr, desc: exceptionText(l)}, true
	}
	if addr, ok := failConnectMatch(l); ok {
		return clusterError{addr: addr, desc: exceptionText(l)}, true
	}
	if strings.Contains(l, "Exception") {
		return clusterError{desc: exceptionText(l), timeout: strings.Contains(strings.ToLower(l), "timeout")}, true
	}
	return clusterError{}, false
}

// exceptionText is a stderr line without its package path and "Caused
// by:": "RemotingTimeoutException: wait response ...".
func exceptionText(l string) string {
	l = strings.TrimPrefix(l, "Caused by: ")
	if i := strings.Index(l, ": "); i > 0 {
		if j := strings.LastIndex(l[:i], "."); j >= 0 && !strings.Contains(l[:i], " ") {
			l = l[j+1:]
		}
	}
	return l
}

// String is the failure as a clause: "CODE 1 (...)", "no answer in time
// (RemotingTimeoutException: ...)".
func (e clusterError) String() string {
	switch {
	case e.code != 0:
		return "CODE " + itoa(e.code) + " (" + e.desc + ")"
	case e.timeout:
		return "no answer in time (" + e.desc + ")"
	}
	return e.desc
}

// Response codes a read meets (ResponseCode).
const (
	//lint:ignore U1000 names the code for the reader; no comparison uses it yet
	codeNoPermission = 16 // NO_PERMISSION (ACL)
	//lint:ignore U1000 names the code for the reader; no comparison uses it yet
	codeConsumeMsgTimout = 207 // CONSUME_MSG_TIMEOUT: a client did not answer the broker's call
)

// noOffsets: consumerProgress's "offset table is empty" (CODE 206): the
// brokers hold no offset of the group, which a BROADCASTING group (its
// offsets are its clients') always gets.
func (e clusterError) noOffsets() bool {
	return e.code == codeConsumerNotOnline
}

// describeErrors joins failures for a message.
func describeErrors(errs []clusterError) string {
	var parts []string
	for _, e := range errs {
		s := e.String()
		if e.addr != "" {
			s = e.addr + ": " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}
