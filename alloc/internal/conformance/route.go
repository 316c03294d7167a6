package conformance

import (
	"github.com/rmqalloc/rmqalloc/alloc/internal/wtf8json"
	"github.com/rmqalloc/rmqalloc/alloc/route"
)

// routeToQueues (FORMAT.md): a topic route → the producer's publish list
// and the consumer's subscribe set, or one error for both.
func init() {
	register("routeToQueues", routeToQueues, "java-4.9.3", "java-5.3.3")
}

// routeCase is a case that converts a topic's route: routeToQueues and
// goRouteToPublish.
type routeCase struct {
	ID    string      `json:"id"`
	Topic string      `json:"topic"`
	Route route.Route `json:"route"`
}

func readRouteCase(line []byte) (c routeCase, err error) {
	err = wtf8json.Unmarshal(line, &c)
	return c, err
}

func routeToQueues(line []byte) (any, error) {
	c, err := readRouteCase(line)
	if err != nil {
		return nil, err
	}
	pub, sub, err := c.Route.Queues(c.Topic)
	if err != nil {
		return failCase(c.ID, err), nil
	}
	return struct {
		ID        string  `json:"id"`
		Publish   []Queue `json:"publish"`
		Subscribe []Queue `json:"subscribe"`
	}{c.ID, fromModel(pub), fromModel(sub)}, nil
}
