//go:build rmqfull

package main

// Routes as text: what `mqadmin topicRoute` prints (fastjson, with its
// unquoted integer keys) or standard JSON, read by mqadmin.ParseTopicRoute
// (route.Parse, whose errors also say when the text is another mqadmin
// command's output). Only the
// full build serves these (route.Parse would take the core module over its
// size budget); the core build answers them with ERR_UNSUPPORTED
// (ops_core_generated.go) and takes route objects (route.go).

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
	"github.com/rmqalloc/rmqalloc/internal/sortx"
)

// writeRoute writes a route in readRoute's layout (js/lib/api.js reads it
// back into the object routeToQueues takes).
func writeRoute(w *writer, rt *route.Route) {
	w.bool(rt.OrderTopicConf != nil)
	if rt.OrderTopicConf != nil {
		w.str(*rt.OrderTopicConf)
	}
	w.uvarint(uint64(len(rt.QueueDatas)))
	for _, qd := range rt.QueueDatas {
		w.str(qd.BrokerName)
		w.i32(qd.ReadQueueNums)
		w.i32(qd.WriteQueueNums)
		w.i32(qd.Perm)
		w.i32(qd.TopicSysFlag)
	}
	w.uvarint(uint64(len(rt.BrokerDatas)))
	for _, bd := range rt.BrokerDatas {
		w.str(bd.Cluster)
		w.str(bd.BrokerName)
		w.uvarint(uint64(len(bd.BrokerAddrs)))
		for _, k := range sortedKeys(bd.BrokerAddrs) {
			w.str(k)
			w.str(bd.BrokerAddrs[k])
		}
	}
}

// sortedKeys gives a map's keys in a fixed order (by ID as a number when
// both are decimal, as the tool prints them), so one text always decodes
// to the same object.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortx.Func(keys, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return keys
}

// handleParseRoute: a route as text, read.
func handleParseRoute(q parseRouteRequest) (parseRouteResponse, error) {
	rt, err := mqadmin.ParseTopicRoute(q.Text)
	return parseRouteResponse{Route: rt}, err
}

// handleRouteText: routeToQueues over a route as text.
func handleRouteText(q routeTextRequest) (routeTextResponse, error) {
	rt, err := mqadmin.ParseTopicRoute(q.Text)
	if err != nil {
		return routeTextResponse{}, err
	}
	pub, sub, err := rt.Queues(q.Topic)
	return routeTextResponse{Publish: pub, Subscribe: sub}, err
}

// textInputError: every text reader (route, mqadmin, the doctor) fails
// with an *alloc.TextError; its Source is the box. Registered here, in
// both the full and the analysis builds: the analysis one reads routes as
// text too, and its route box needs the line and column.
func textInputError(err error) (inputError, bool) {
	e, ok := as[*alloc.TextError](err)
	if !ok {
		return inputError{}, false
	}
	return inputError{box: e.Source, line: e.Line, column: e.Column, msg: e.Error()}, true
}

func init() {
	inputErrorKinds = append(inputErrorKinds, textInputError)
}
