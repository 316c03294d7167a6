package alloc

// Java's getName() of each consumer strategy.
const (
	nameAVG            = "AVG"
	nameAVGByCircle    = "AVG_BY_CIRCLE"
	nameConfig         = "CONFIG"
	nameMachineRoom    = "MACHINE_ROOM"
	nameNearby         = "MACHINE_ROOM_NEARBY"
	nameNearbyPrefix   = nameNearby + "-"
	nameConsistentHash = "CONSISTENT_HASH"
)

// builtins are the Java client's strategies, one registry line each, in
// the order the menus offer them. A new built-in is its code, its test and
// a line here; `make generate` carries it to the JS package.
var builtins = []StrategyKind{
	{Name: nameAVG, Aliases: []string{"AllocateMessageQueueAveragely"}, Standalone: true,
		Doc: "contiguous runs: 10 queues, 4 consumers → 3, 3, 2, 2",
		New: func(StrategyBuild, StrategySpec) (Strategy, error) { return Averagely(), nil }},
	{Name: nameAVGByCircle, Aliases: []string{"AllocateMessageQueueAveragelyByCircle"}, Standalone: true,
		Doc: "round robin: consumer i gets queues i, i+C, i+2C and so on",
		New: func(StrategyBuild, StrategySpec) (Strategy, error) { return ByCircle(), nil }},
	{Name: nameConsistentHash, Aliases: []string{"AllocateMessageQueueConsistentHash"}, Standalone: true,
		Doc:     "an MD5 hash ring with virtualNodeCnt nodes per consumer",
		Options: []StrategyOption{{Name: "virtualNodeCnt", Type: OptionInt, Doc: "nodes per consumer (default 10; negative → IllegalArgumentException)"}},
		New:     newConsistentHash},
	{Name: nameMachineRoom, Aliases: []string{"AllocateMessageQueueByMachineRoom"},
		Doc:     "the queues of brokers named room@broker whose room is the consumer's, shared as AVG",
		Options: []StrategyOption{{Name: "consumeridcs", Type: OptionStrings, Required: true, Doc: "the consumers' rooms"}},
		New: func(b StrategyBuild, s StrategySpec) (Strategy, error) {
			return byMachineRoom(s.ConsumerIDCs, b.Java()), nil
		}},
	{Name: nameNearby, Aliases: []string{"AllocateMachineRoomNearby"},
		Doc: "the inner strategy within each room; a room with no consumer is shared by all",
		Options: []StrategyOption{
			{Name: "inner", Type: OptionStrategy, Required: true, Doc: "the strategy run within each room"},
			{Name: "resolver", Type: OptionResolver, Required: true, Doc: "a room is name.split(sep)[field] of a broker name or client ID"},
		},
		New: newNearby},
	{Name: nameConfig, Aliases: []string{"AllocateMessageQueueByConfig"},
		Doc:     "every consumer gets messageQueueList, whoever the members are",
		Options: []StrategyOption{{Name: "messageQueueList", Type: OptionQueues, Doc: "the queues (absent: Java's null list)"}},
		New: func(_ StrategyBuild, s StrategySpec) (Strategy, error) {
			list := s.MessageQueueList
			if list == nil && s.HasMessageQueueList {
				list = []MessageQueue{}
			}
			return ByConfig(list), nil
		}},
}

// The built-ins are registered unchecked (RegisterStrategy's checks
// would cost the wasm module 5 KB): TestBuiltinKindsAreDescribed checks
// their names instead.
func init() {
	for _, k := range builtins {
		register(k)
	}
}

func newConsistentHash(b StrategyBuild, spec StrategySpec) (Strategy, error) {
	vn := DefaultVirtualNodeCnt
	if spec.VirtualNodeCnt != nil {
		vn = *spec.VirtualNodeCnt
	}
	s := ConsistentHash(vn)
	if err := Validate(s); err != nil {
		return nil, prefixed(err, b.Path)
	}
	return s, nil
}

func newNearby(b StrategyBuild, spec StrategySpec) (Strategy, error) {
	if spec.Inner == nil {
		return nil, &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: b.Field("inner"), Msg: "MACHINE_ROOM_NEARBY needs an inner strategy (allocateMessageQueueStrategy is null)"}
	}
	if spec.Resolver == nil {
		return nil, &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: b.Field("resolver"), Msg: "MACHINE_ROOM_NEARBY needs a resolver (machineRoomResolver is null)"}
	}
	inner, err := b.Inner(spec.Inner, "inner")
	if err != nil {
		return nil, err
	}
	r := spec.Resolver
	res, err := SplitResolver(r.Sep, r.BrokerField, r.ConsumerField)
	if err != nil {
		return nil, prefixed(err, b.Field("resolver"))
	}
	s := MachineRoomNearby(inner, res)
	if err := Validate(s); err != nil {
		return nil, err
	}
	return s, nil
}
