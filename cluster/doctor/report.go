package doctor

// Queue statuses, as QueueReport.Status spells them.
const (
	StatusOK              = "ok"               // one actual owner, exactly the expected one
	StatusWrongOwner      = "wrong-owner"      // one actual owner, another one expected
	StatusUnowned         = "unowned"          // nobody consumes it, somebody should
	StatusDoubleOwned     = "double-owned"     // two or more actual owners
	StatusUnassigned      = "unassigned"       // nobody consumes it, nobody should
	StatusUnexpectedOwner = "unexpected-owner" // somebody consumes it, nobody should
	StatusUnknown         = "unknown"          // no owner information at all
)

// Finding levels.
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelInfo    = "info"
)

// Report is the diagnosis of one consumer group. It encodes with
// encoding/json to the CLI's --json object.
type Report struct {
	// Verdict is one short sentence: all ok, or how many queues are not.
	Verdict string `json:"verdict"`
	// OK is true when there is owner information and no finding is an
	// error: no queue is wrong-owner, unowned, double-owned, unexpected-owner
	// or orphaned, except those a passing state (ROUTE_VIEW_DIFFERS) or an
	// empty queue (EMPTY_QUEUE) explains. Findings are ranked by cost:
	// errors, warnings, information; within a level by lag, then by kind.
	OK bool `json:"ok"`
	// Judged is false when there was no owner information to judge by
	// (consumerProgress without -s true and no status files): the CLI then
	// exits 3, not 1.
	Judged bool `json:"judged"`
	// Queues is how many queues the report covers, and Unknown how many of
	// them could not be read (status unknown: a broker or member that did
	// not answer, no owner information); the verdict counts only the
	// others. Nothing read (Unknown == Queues) is not judged.
	Queues  int `json:"queues"`
	Unknown int `json:"unknown"`
	// Topics holds one entry per topic of the group (the %RETRY%GROUP topic
	// too when it has queues), in route order then progress order.
	Topics []TopicReport `json:"topics"`
	// Findings are about the group as a whole (all topics' findings too,
	// each with its Topic set).
	Findings []Finding `json:"findings"`
	// Timeline is set by DiagnoseSeries: the snapshots over time
	// (timeline_report.go); nil for one snapshot.
	Timeline *Timeline `json:"timeline,omitempty"`
}

// TopicReport is the diagnosis of one topic.
type TopicReport struct {
	// Topic is the full name (from the route; progress may cut it).
	Topic string `json:"topic"`
	// Queues are the topic's queues (route's readable queues, then any
	// queue only the progress or status files name), sorted by broker name
	// then queue ID.
	Queues []QueueReport `json:"queues"`
	// Findings concern this topic only.
	Findings []Finding `json:"findings"`
	// LagByConsumer is, per actual owner (client ID, or IP when only IPs
	// are known), the sum of #Diff over the queues it owns.
	LagByConsumer map[string]int64 `json:"lagByConsumer"`
	// TopLag is the most lagging queues (by #Diff, largest first; at most
	// ten).
	TopLag []QueueLag `json:"topLag"`
	// BestFit is, per strategy × client candidate, how many queues'
	// expected owners under that candidate equal the actual owners; best
	// first. Empty without owner information.
	BestFit []Fit `json:"bestFit"`
}

// QueueReport is one queue's expected and actual owners.
type QueueReport struct {
	BrokerName string `json:"brokerName"` // full name, from the route
	QueueID    int32  `json:"queueId"`
	// Expected holds the client IDs whose own allocate call returns the
	// queue, sorted; never null.
	Expected []string `json:"expected"`
	// Actual holds the client IDs that hold the queue (from status files),
	// or the IP consumerProgress printed; [] when nobody; null without
	// owner information.
	Actual []string `json:"actual"`
	// Status is one of the Status* constants.
	Status string `json:"status"`
	// Cause is the likely cause of a wrong-owner or unowned queue when the
	// data shows one.
	Cause string `json:"cause,omitempty"`
	// ExplainedBy is the finding code (ROUTE_VIEW_DIFFERS, EMPTY_QUEUE)
	// that explains a wrong queue which costs nothing now: it is not counted
	// against the group and has no error finding.
	ExplainedBy Code `json:"explainedBy,omitempty"`
}

// QueueLag is a lagging queue.
type QueueLag struct {
	BrokerName string   `json:"brokerName"`
	QueueID    int32    `json:"queueId"`
	Diff       int64    `json:"diff"`   // consumerProgress #Diff
	Actual     []string `json:"actual"` // as in QueueReport
}

// Fit is how well one strategy × client candidate reproduces the actual
// assignment: on Agree of Total queues its expected owners equal the
// actual ones.
type Fit struct {
	Strategy string `json:"strategy"` // AVG, AVG_BY_CIRCLE, CONSISTENT_HASH
	Client   string `json:"client"`   // java-4.9.3, java-5.3.3, go-client-2.1.2
	Agree    int    `json:"agree"`
	Total    int    `json:"total"`
}

// Finding is one thing the doctor noticed, in a sentence a person
// understands, with what it concerns.
type Finding struct {
	Code Code `json:"code"`
	// Level is LevelError (the group consumes wrongly), LevelWarning (a
	// risk, or a limit of the diagnosis) or LevelInfo.
	Level string `json:"level"`
	// Message says what is wrong and what to do, in a sentence.
	Message string `json:"message"`
	// Topic is the topic it concerns; "" for the group as a whole.
	Topic string `json:"topic,omitempty"`
	// Queues are the queues it concerns (at most 100; Message then says
	// how many there are).
	Queues []QueueRef `json:"queues,omitempty"`
	// Clients are the client IDs (or IPs) it concerns.
	Clients []string `json:"clients,omitempty"`

	lag int64 // #Diff of the queues it concerns: what it costs, for ordering
}

// QueueRef names a queue in a finding.
type QueueRef struct {
	Topic      string `json:"topic,omitempty"`
	BrokerName string `json:"brokerName"`
	QueueID    int32  `json:"queueId"`
}
