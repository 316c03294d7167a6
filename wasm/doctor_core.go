//go:build !rmqfull

package main

// The core build leaves out the doctor, the mqadmin parsers (they need
// encoding/json) and routes as text (route.Parse would take the module over
// its size budget); it answers their operations with ERR_UNSUPPORTED saying
// how to get them, and stays usable. Route objects (route.go) work here.

const (
	errDoctorNeedsFull     = "rmq.doctor and rmq.parse need the full module: load({ analysis: true })"
	errRouteTextNeedsFull  = "a route as text (what mqadmin topicRoute prints) needs the full module: load({ analysis: true }); the core module takes the route as an object"
	errParseRouteNeedsFull = "rmq.parse.topicRoute needs the full module: load({ analysis: true }); the core module takes the route as an object (rmq.routeToQueues)"
)

func init() {
	registerUnsupported(errDoctorNeedsFull, opDoctorRun) // and parse (internal/wireschema)
	registerUnsupported(errRouteTextNeedsFull, opRouteText)
	registerUnsupported(errParseRouteNeedsFull, opParseRoute)
}
