package broker

// Path is where a consumer's queues are decided.
type Path int8

const (
	// PathClient: the consumer rebalances itself (package alloc).
	PathClient Path = iota
	// PathBroker: the consumer asks the broker (QueryAssignment).
	PathBroker
	// PathProxy: the gRPC proxy assigns (ProxyAssignment).
	PathProxy
)

// String is "client", "broker" or "proxy".
func (p Path) String() string {
	switch p {
	case PathBroker:
		return "broker"
	case PathProxy:
		return "proxy"
	}
	return "client"
}

// Client is the kind of consumer.
type Client int8

const (
	// ClassicPush is the classic client's DefaultMQPushConsumer.
	ClassicPush Client = iota
	// ClassicPull is the classic client's DefaultLitePullConsumer (or the
	// old DefaultMQPullConsumer): it always rebalances itself.
	ClassicPull
	// GRPCPush is a RocketMQ 5 gRPC client's PushConsumer (any language).
	GRPCPush
)

// Settings are the consumer settings that choose the path.
type Settings struct {
	Client Client
	// ClientRebalance is DefaultMQPushConsumer.clientRebalance. Java's
	// default is true (DefaultSettings); consumerStatus prints it.
	ClientRebalance bool
	// Orderly: a MessageListenerOrderly push consumer.
	Orderly      bool
	MessageModel MessageModel
	// StrategyName is the client's strategy's getName(), e.g. "AVG".
	StrategyName string
}

// DefaultSettings is a classic push consumer as Java constructs it:
// clientRebalance true, concurrently, clustering, AVG.
func DefaultSettings() Settings {
	return Settings{Client: ClassicPush, ClientRebalance: true, StrategyName: "AVG"}
}

// Decision is where the allocation runs and why.
type Decision struct {
	Path   Path
	Reason string
	// NoAssignment: the broker path, with a strategy the broker does not
	// run (anything but AVG and AVG_BY_CIRCLE). The broker answers no
	// assignment, so the consumer keeps what it has: nothing, at start.
	NoAssignment bool
}

// WhereAllocated tells where s's queues are decided, as the 5.3.3 client
// does (RebalancePushImpl.clientRebalance, then tryQueryAssignment):
//
//   - a gRPC push consumer: the proxy;
//   - a classic pull / lite pull consumer: itself;
//   - a classic push consumer: itself when clientRebalance is true, or it
//     consumes orderly, or it broadcasts; else the broker.
//
// On the broker path a broker that does not know QUERY_ASSIGNMENT (4.x)
// answers with an error, and the client falls back to rebalancing itself
// for good.
//
// Example: {ClassicPush, ClientRebalance: false, CLUSTERING, "AVG"} →
// broker; the same with Orderly → client; with "CONSISTENT_HASH" → broker,
// NoAssignment.
func WhereAllocated(s Settings) Decision {
	switch {
	case s.Client == GRPCPush:
		return Decision{Path: PathProxy, Reason: "a gRPC push consumer takes what the proxy assigns: every broker's queues (queue -1), no allocation"}
	case s.Client == ClassicPull:
		return Decision{Path: PathClient, Reason: "a pull consumer always rebalances itself"}
	case s.ClientRebalance:
		return Decision{Path: PathClient, Reason: "clientRebalance=true (the default): the consumer rebalances itself"}
	case s.Orderly:
		return Decision{Path: PathClient, Reason: "an orderly consumer rebalances itself, whatever clientRebalance says"}
	case s.MessageModel == Broadcasting:
		return Decision{Path: PathClient, Reason: "a broadcasting consumer rebalances itself, whatever clientRebalance says"}
	}
	d := Decision{Path: PathBroker, Reason: "clientRebalance=false, clustering, not orderly: the consumer asks the broker (QUERY_ASSIGNMENT; a 4.x broker makes it fall back to rebalancing itself)"}
	if strategyNamed(s.StrategyName) == nil {
		d.NoAssignment = true
		d.Reason += "; the broker runs only AVG and AVG_BY_CIRCLE, so for " + quoteName(s.StrategyName) + " it assigns nothing and the consumer keeps what it has"
	}
	return d
}
