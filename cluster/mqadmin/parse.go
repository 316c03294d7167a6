package mqadmin

import (
	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// ParseTopicRoute reads `mqadmin topicRoute -t TOPIC` output (fastjson's
// almost-JSON, see route.Parse) or standard JSON.
func ParseTopicRoute(text string) (*route.Route, error) {
	text, perr := decodeText(FormatRoute, text)
	if perr != nil {
		return nil, perr
	}
	r, err := route.Parse(text)
	if err != nil {
		if pe, ok := err.(*alloc.TextError); ok {
			if got := sniff(splitLines(text)); got != "" && got != "topicRoute output" {
				pe.Msg += "; this looks like " + got + " (wrong box?)"
			}
			return nil, pe
		}
		return nil, err
	}
	if perr := checkRouteFields(text); perr != nil {
		return nil, perr
	}
	return r, nil
}
