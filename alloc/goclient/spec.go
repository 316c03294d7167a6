package goclient

import "github.com/rmqalloc/rmqalloc/alloc"

// newStrategy builds the Go client's strategy that spec describes, as
// alloc.Java493.NewStrategy does for Java: the same names and fields. Differences:
// MACHINE_ROOM_NEARBY ignores Inner and Resolver (the Go client's is plain
// AVG); a negative VirtualNodeCnt is accepted (the Go client gives
// everybody []); CONFIG with no list configured returns nil to every
// caller. An unknown name is an IllegalArgumentException-class error on
// "strategy.name".
//
// Example: newStrategy(alloc.StrategySpec{Name: "CONSISTENT_HASH"}) is
// ConsistentHash(10).
func newStrategy(spec alloc.StrategySpec) (alloc.Strategy, error) {
	switch spec.Name {
	case "AVG":
		return Averagely(), nil
	case "AVG_BY_CIRCLE":
		return ByCircle(), nil
	case "CONFIG":
		list := spec.MessageQueueList
		if list == nil && spec.HasMessageQueueList {
			list = []alloc.MessageQueue{}
		}
		return ByConfig(list), nil
	case "MACHINE_ROOM":
		return ByMachineRoom(spec.ConsumerIDCs), nil
	case "MACHINE_ROOM_NEARBY":
		return MachineRoomNearby(), nil
	case "CONSISTENT_HASH":
		vn := DefaultVirtualNodeCnt
		if spec.VirtualNodeCnt != nil {
			vn = *spec.VirtualNodeCnt
		}
		return ConsistentHash(vn), nil
	}
	return nil, &alloc.Error{Kind: alloc.ErrInvalidArgument, JavaClass: alloc.IllegalArgumentException, Field: "strategy.name",
		Msg: "unknown strategy \"" + spec.Name + "\" (known: AVG, AVG_BY_CIRCLE, CONFIG, MACHINE_ROOM, MACHINE_ROOM_NEARBY, CONSISTENT_HASH)"}
}
