package doctor

import (
	"strings"
)

// What mqadmin prints on stderr when a command fails: the broker's answer
// as "CODE: n  DESC: text". Operators paste (or save) that instead of the
// output; the doctor reads the two answers that say something about the
// group instead of refusing them (match.go's brokerAnswerMatch).

// failedCommand is a pasted mqadmin failure: the broker's response code
// and description.
type failedCommand struct {
	code int
	desc string
}

// readFailure finds the broker's answer in a text that is not the
// command's output; ok is false when the text shows none.
func readFailure(text string) (failedCommand, bool) {
	if strings.Contains(text, "#ClientId") || strings.Contains(text, "#Topic") {
		return failedCommand{}, false // an output, which the parser reads
	}
	code, desc, ok := brokerAnswerMatch(text)
	if !ok {
		return failedCommand{}, false
	}
	n := 0
	for _, c := range code {
		n = n*10 + int(c-'0')
		if n > 1<<20 {
			return failedCommand{}, false
		}
	}
	return failedCommand{code: n, desc: strings.TrimSpace(desc)}, true
}

// Broker response codes (RemotingSysResponseCode, ResponseCode).
const (
	codeRequestNotSupported = 3   // REQUEST_CODE_NOT_SUPPORTED
	codeConsumerNotOnline   = 206 // CONSUMER_NOT_ONLINE
)

// offlineAnswer: consumerConnection (or consumerStatus) failed because the
// group has no consumer online.
func (f failedCommand) offline() bool {
	return f.code == codeConsumerNotOnline
}

// group is the consumer group a CODE 206 answer names ("the consumer
// group[G] not online"), "" when it names none.
func (f failedCommand) group() string {
	_, rest, ok := strings.Cut(f.desc, "group[")
	if !ok {
		return ""
	}
	g, _, ok := strings.Cut(rest, "]")
	if !ok || strings.ContainsAny(g, " \t") {
		return ""
	}
	return g
}

// unsupportedProgress: a 5.x mqadmin's whole-group consumerProgress asks
// the brokers for their topic config (request 351, added in 5.x), which a
// 4.x broker does not serve.
func (f failedCommand) unsupportedProgress() bool {
	return f.code == codeRequestNotSupported && strings.Contains(f.desc, "351")
}

// progressPerTopic is the consumerProgress form a 5.x mqadmin can run
// against 4.x brokers: one topic of one cluster at a time.
func progressPerTopic(group string, topics, clusters []string) string {
	if group == "" {
		group = "GROUP"
	}
	if len(topics) == 0 {
		topics = []string{"TOPIC"}
	}
	if len(clusters) == 0 {
		clusters = []string{"CLUSTER"}
	}
	var cmds []string
	for _, t := range topics {
		for _, c := range clusters {
			cmds = append(cmds, "mqadmin consumerProgress -g "+group+" -t "+t+" -c "+c+" -s true")
		}
	}
	return strings.Join(cmds, "; ")
}
