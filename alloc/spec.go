package alloc

// StrategySpec describes a consumer strategy as data, mirroring the
// conformance vectors' "strategy" objects (FORMAT.md):
//
//	{"name":"AVG"}, {"name":"AVG_BY_CIRCLE"}
//	{"name":"CONFIG","messageQueueList":[...]}
//	{"name":"MACHINE_ROOM","consumeridcs":["A","B"]}
//	{"name":"CONSISTENT_HASH","virtualNodeCnt":10}
//	{"name":"MACHINE_ROOM_NEARBY","inner":{...},"resolver":{"sep":"-","brokerField":1,"consumerField":1}}
//
// The conformance runner, the WebAssembly boundary and the playground build
// strategies from it with a Client's NewStrategy (Java493.NewStrategy),
// which finds Name in the strategy registry (RegisterStrategy).
type StrategySpec struct {
	// Name is one of StrategyNames(), or an alias of one (LookupStrategy).
	Name string
	// MessageQueueList is CONFIG's list. It is configured when it is non-nil
	// or HasMessageQueueList is set; otherwise CONFIG has Java's null list.
	MessageQueueList    []MessageQueue
	HasMessageQueueList bool
	// ConsumerIDCs is MACHINE_ROOM's set of rooms (nil: none).
	ConsumerIDCs []string
	// VirtualNodeCnt is CONSISTENT_HASH's count; nil means
	// DefaultVirtualNodeCnt.
	VirtualNodeCnt *int
	// Inner and Resolver are MACHINE_ROOM_NEARBY's wrapped strategy and
	// room resolver; both are required there.
	Inner    *StrategySpec
	Resolver *SplitResolverSpec
}

// SplitResolverSpec describes SplitResolver(Sep, BrokerField, ConsumerField).
type SplitResolverSpec struct {
	Sep           string
	BrokerField   int
	ConsumerField int
}

// prefixed puts path in front of err's Field.
func prefixed(err error, path string) error {
	e, ok := err.(*Error)
	if !ok || e == nil {
		return err
	}
	c := *e
	if c.Field == "" {
		c.Field = path
	} else {
		c.Field = path + "." + c.Field
	}
	return &c
}
