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
// strategies from it with a Client's NewStrategy (Java493.NewStrategy).
type StrategySpec struct {
	// Name is one of StrategyNames().
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

// MaxSpecDepth bounds MACHINE_ROOM_NEARBY nesting in a spec: deeper specs
// are an IllegalArgumentException naming the field. The one limit on the Go
// side (the wasm boundary reads one level more, so this error is reported).
const MaxSpecDepth = 16

func buildStrategy(spec *StrategySpec, path string, depth int, c JavaClient) (Strategy, error) {
	if depth > MaxSpecDepth {
		return nil, limit(path, "strategies nested deeper than "+itoa(MaxSpecDepth)+" (this port's limit)")
	}
	switch spec.Name {
	case nameAVG:
		return Averagely(), nil
	case nameAVGByCircle:
		return ByCircle(), nil
	case nameConfig:
		list := spec.MessageQueueList
		if list == nil && spec.HasMessageQueueList {
			list = []MessageQueue{}
		}
		return ByConfig(list), nil
	case nameMachineRoom:
		return byMachineRoom(spec.ConsumerIDCs, c), nil
	case nameConsistentHash:
		vn := DefaultVirtualNodeCnt
		if spec.VirtualNodeCnt != nil {
			vn = *spec.VirtualNodeCnt
		}
		s := ConsistentHash(vn)
		if err := Validate(s); err != nil {
			return nil, prefixed(err, path)
		}
		return s, nil
	case nameNearby:
		if spec.Inner == nil {
			return nil, &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: path + ".inner", Msg: "MACHINE_ROOM_NEARBY needs an inner strategy (allocateMessageQueueStrategy is null)"}
		}
		if spec.Resolver == nil {
			return nil, &Error{Kind: ErrInvalidArgument, JavaClass: NullPointerException, Field: path + ".resolver", Msg: "MACHINE_ROOM_NEARBY needs a resolver (machineRoomResolver is null)"}
		}
		inner, err := buildStrategy(spec.Inner, path+".inner", depth+1, c)
		if err != nil {
			return nil, err
		}
		r := spec.Resolver
		res, err := SplitResolver(r.Sep, r.BrokerField, r.ConsumerField)
		if err != nil {
			return nil, prefixed(err, path+".resolver")
		}
		s := MachineRoomNearby(inner, res)
		if err := Validate(s); err != nil {
			return nil, err
		}
		return s, nil
	}
	return nil, illegalArgument(path+".name", "unknown strategy "+quote(spec.Name)+" (known: AVG, AVG_BY_CIRCLE, CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY, CONSISTENT_HASH)")
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
