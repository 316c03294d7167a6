package doctor

import (
	"github.com/rmqalloc/rmqalloc/alloc/route"
	"github.com/rmqalloc/rmqalloc/cluster/mqadmin"
)

// Input is what the operator pastes: the tools' texts as printed. A caller
// who has read a text already (with package mqadmin) gives the result
// instead, in the Parsed/Route/Info field beside it; each box may be given
// either way.
type Input struct {
	// Routes are `mqadmin topicRoute -t TOPIC` outputs, one per topic.
	Routes []RouteText
	// Connection is `mqadmin consumerConnection -g GROUP`, or the error it
	// printed when it failed (CODE: 206 ... not online: an offline group).
	Connection string
	// ParsedConnection, when not nil, is the connection list already read
	// (mqadmin.ParseConsumerConnection); Connection is then not read.
	ParsedConnection *mqadmin.Connection
	// Progress is `mqadmin consumerProgress -g GROUP [-s true]` (or its
	// -t TOPIC -c CLUSTER form), or the error it printed when a 5.x mqadmin
	// cannot run it against 4.x brokers (CODE: 3 ... 351 not supported).
	Progress string
	// ParsedProgress, when not nil, is the progress already read
	// (mqadmin.ParseConsumerProgress); Progress is then not read.
	ParsedProgress *mqadmin.Progress
	// Status are consumerStatus texts, one per client.
	Status []StatusText
	// ProgressErr is what consumerProgress printed on stderr beside its
	// output (progress.err; a live read saves there the brokers that did
	// not answer): their queues are unknown, not unowned. An error given
	// as Progress itself (the command failed) is read the same way.
	ProgressErr string
	// TopicStatus are `mqadmin topicStatus -t TOPIC` outputs: the
	// messages in queues written but not read (writeQueueNums >
	// readQueueNums) show there only.
	TopicStatus []TopicStatusText
	// StatusErr is what consumerStatus printed on stderr (status/
	// stderr.txt): the members that did not answer their running-info
	// request (CODE 207: a frozen client) are named with their queues
	// unknown.
	StatusErr string
	// Strategy names the strategy of members whose status does not say
	// one: a standalone strategy of alloc's registry (SimulatedStrategies:
	// the built-ins and any a program registered with
	// alloc.RegisterStrategy), by name in any case or by an alias such as
	// its Java class; "" = AVG, as DefaultMQPushConsumer.
	Strategy string
	// Profile forces one client profile for all members (java-4.9.3,
	// java-5.3.3, go-client-2.1.2); "" = from the connection's Language
	// and Version.
	Profile string
	// CapturedAt is when the outputs were taken (RFC 3339, or the first
	// line of capture.sh's captured-at.txt); "" = the newest #LastTime of
	// consumerProgress. It dates the stuck-consumer check.
	CapturedAt string
	// StuckAfter is how long before the capture a queue's last
	// consumption may be, with messages waiting, before its owner is
	// CONSUMER_STUCK: a Go duration of at least 1s ("90s", "2m"); "" =
	// 5m.
	StuckAfter string
}

// RouteText is one route, as text or already read.
type RouteText struct {
	// Topic is which topic the route is for; optional (found from the
	// connection's subscription and the progress when empty).
	Topic string
	Text  string
	// Route, when not nil, is the route already read (route.Parse,
	// mqadmin.ParseTopicRoute); Text is then not read.
	Route *route.Route
}

// StatusText is one consumerStatus, as text or already read.
type StatusText struct {
	// Name is the file name, usually the client ID; may be "".
	Name string
	Text string
	// Info, when not nil, is the status already read
	// (mqadmin.ParseConsumerStatus); Text is then not read.
	Info *mqadmin.RunningInfo
}
