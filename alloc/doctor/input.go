package doctor

import "strconv"

// Input is what the operator pastes: the tools' texts as printed.
type Input struct {
	// Routes are `mqadmin topicRoute -t TOPIC` outputs, one per topic.
	Routes []RouteText
	// Connection is `mqadmin consumerConnection -g GROUP`, or the error it
	// printed when it failed (CODE: 206 ... not online: an offline group).
	Connection string
	// Progress is `mqadmin consumerProgress -g GROUP [-s true]` (or its
	// -t TOPIC -c CLUSTER form), or the error it printed when a 5.x mqadmin
	// cannot run it against 4.x brokers (CODE: 3 ... 351 not supported).
	Progress string
	// Status are consumerStatus texts, one per client.
	Status []StatusText
	// Strategy names the strategy of members whose status does not say
	// one (alloc.StrategyNames); "" = AVG, as DefaultMQPushConsumer.
	Strategy string
	// Profile forces one client profile for all members (java-4.9.3,
	// java-5.3.3, go-client-2.1.2); "" = from the connection's Language
	// and Version.
	Profile string
	// CapturedAt is when the outputs were taken (RFC 3339, or the first
	// line of capture.sh's captured-at.txt); "" = the newest #LastTime of
	// consumerProgress. It dates the stuck-consumer check.
	CapturedAt string
}

// RouteText is one route text.
type RouteText struct {
	// Topic is which topic the route is for; optional (found from the
	// connection's subscription and the progress when empty).
	Topic string
	Text  string
}

// StatusText is one consumerStatus text.
type StatusText struct {
	// Name is the file name, usually the client ID; may be "".
	Name string
	Text string
}

// InputError is input the doctor cannot read: which box ("route",
// "route[1]", "connection", "progress", "status[2]", "strategy",
// "profile"), where (1-based line and column; 0 when unknown) and what is
// wrong.
type InputError struct {
	Box    string `json:"box"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Msg    string `json:"message"`
}

func (e *InputError) Error() string {
	s := e.Box
	if e.Line > 0 {
		s += ": line " + strconv.Itoa(e.Line)
		if e.Column > 0 {
			s += ", column " + strconv.Itoa(e.Column)
		}
	}
	return s + ": " + e.Msg
}
