package mqadmin

import "github.com/rmqalloc/rmqalloc/alloc/route"

// ParseTopicRoute reads `mqadmin topicRoute -t TOPIC` output (fastjson's
// almost-JSON, see route.Parse) or standard JSON.
func ParseTopicRoute(text string) (*route.Route, error) {
	r, err := route.Parse(text)
	if err != nil {
		if pe, ok := err.(*route.ParseError); ok {
			return nil, parseErr(FormatRoute, pe.Line, pe.Column, pe.Msg)
		}
		return nil, err
	}
	return r, nil
}

// ParseConsumerConnection reads `mqadmin consumerConnection -g GROUP`.
func ParseConsumerConnection(text string) (*Connection, error) {
	return nil, parseErr(FormatConnection, 1, 0, "not implemented yet")
}

// ParseConsumerProgress reads `mqadmin consumerProgress -g GROUP [-s true]`.
func ParseConsumerProgress(text string) (*Progress, error) {
	return nil, parseErr(FormatProgress, 1, 0, "not implemented yet")
}

// ParseConsumerStatus reads one client's ConsumerRunningInfo text.
func ParseConsumerStatus(text string) (*RunningInfo, error) {
	return nil, parseErr(FormatStatus, 1, 0, "not implemented yet")
}
