package mqadmin

// Connection is `mqadmin consumerConnection -g GROUP`: one Client per
// connection (the same ClientID on two lines is two connections), the
// group's subscription table and its settings.
type Connection struct {
	Clients          []ClientConn   `json:"clients"`
	Subscriptions    []Subscription `json:"subscriptions"`
	ConsumeType      string         `json:"consumeType"`      // CONSUME_PASSIVELY | CONSUME_ACTIVELY | "" if absent
	MessageModel     string         `json:"messageModel"`     // CLUSTERING | BROADCASTING | "" if absent
	ConsumeFromWhere string         `json:"consumeFromWhere"` // as printed; "" if absent
}

// ClientConn is one connection line.
type ClientConn struct {
	ClientID   string `json:"clientId"`
	ClientAddr string `json:"clientAddr"` // ip:port
	Language   string `json:"language"`   // LanguageCode name: JAVA, GO, CPP, ...
	Version    string `json:"version"`    // MQVersion enum name: V4_9_3, V5_3_3, ...
	Line       int    `json:"line"`       // 1-based line in the text
}

// Subscription is one line of the subscription table (or of a
// consumerStatus #Consumer Subscription# section).
type Subscription struct {
	Topic         string `json:"topic"`
	SubExpression string `json:"subExpression"`
	ClassFilter   bool   `json:"classFilter,omitempty"` // consumerStatus only
}

// Progress layouts, as Progress.Layout spells them.
const (
	Layout493 = "4.9.3" // no #Inflight column
	Layout533 = "5.3.3" // #Inflight column
)

// Progress is `mqadmin consumerProgress -g GROUP [-s true]`.
type Progress struct {
	Layout      string        `json:"layout"`      // Layout493 or Layout533
	HasClientIP bool          `json:"hasClientIp"` // printed with -s true
	Rows        []ProgressRow `json:"rows"`
	ConsumeTPS  string        `json:"consumeTps,omitempty"` // footer, as printed
	DiffTotal   *int64        `json:"diffTotal,omitempty"`  // footer: Diff Total / Consume Diff Total
}

// ProgressRow is one queue line. Topic and BrokerName are as printed: cut
// to 64 and 32 characters when longer.
type ProgressRow struct {
	Topic          string `json:"topic"`
	BrokerName     string `json:"brokerName"`
	QueueID        int32  `json:"queueId"`
	BrokerOffset   int64  `json:"brokerOffset"`
	ConsumerOffset int64  `json:"consumerOffset"`
	ClientIP       string `json:"clientIp,omitempty"` // "" without -s true; "N/A" = no owner
	Diff           int64  `json:"diff"`
	Inflight       int64  `json:"inflight,omitempty"` // 5.3.3 layout only
	LastTime       string `json:"lastTime"`           // "yyyy-MM-dd HH:mm:ss" or "N/A"
	Line           int    `json:"line"`
}

// RunningInfo is one client's ConsumerRunningInfo as `mqadmin
// consumerStatus` prints it: the consumer's properties, its subscription
// and the queues it holds now (#Consumer Offset#), with the droped flag of
// #Consumer MQ Detail#.
type RunningInfo struct {
	Properties    map[string]string `json:"properties"`
	Subscriptions []Subscription    `json:"subscriptions"`
	Queues        []HeldQueue       `json:"queues"`
	PopQueues     []HeldQueue       `json:"popQueues,omitempty"` // #Consumer Pop Detail# (5.x)
}

// HeldQueue is a queue a client holds.
type HeldQueue struct {
	Topic          string `json:"topic"`
	BrokerName     string `json:"brokerName"`
	QueueID        int32  `json:"queueId"`
	ConsumerOffset int64  `json:"consumerOffset"`
	Dropped        bool   `json:"dropped"` // droped=true in #Consumer MQ Detail#: being released
	// From #Consumer MQ Detail#'s ProcessQueueInfo, when printed there:
	// messages pulled and not yet consumed, whether the broker lock of an
	// orderly consumer is held, and the times as printed (yyyyMMddHHmmssSSS
	// in the tool's zone; "" when absent).
	CachedMsgCount       int64  `json:"cachedMsgCount,omitempty"`
	Locked               bool   `json:"locked,omitempty"`
	LastLockTimestamp    string `json:"lastLockTimestamp,omitempty"`
	LastPullTimestamp    string `json:"lastPullTimestamp,omitempty"`
	LastConsumeTimestamp string `json:"lastConsumeTimestamp,omitempty"`
	Line                 int    `json:"line"`
}
