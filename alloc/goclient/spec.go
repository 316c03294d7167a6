package goclient

import "github.com/rmqalloc/rmqalloc/alloc"

// StrategyVariant implements alloc.StrategyVariants: the Go client's own
// versions of the registered Java strategies, the same names and spec
// fields (nil for a name it has no version of).
// Differences: MACHINE_ROOM_NEARBY ignores Inner and Resolver (the Go
// client's is plain AVG); a negative VirtualNodeCnt is accepted (the Go
// client gives everybody []); CONFIG with no list configured returns nil to
// every caller. A registered kind with no line here (a plug-in) is built by
// its own New for this client.
//
// Example: Client.NewStrategy(alloc.StrategySpec{Name: "CONSISTENT_HASH"})
// is ConsistentHash(10).
//
// A switch, not a map: a map literal costs the wasm module its init code.
func (client) StrategyVariant(name string) alloc.StrategyConstructor {
	switch name {
	case "AVG":
		return func(alloc.StrategyBuild, alloc.StrategySpec) (alloc.Strategy, error) { return Averagely(), nil }
	case "AVG_BY_CIRCLE":
		return func(alloc.StrategyBuild, alloc.StrategySpec) (alloc.Strategy, error) { return ByCircle(), nil }
	case "MACHINE_ROOM_NEARBY":
		return func(alloc.StrategyBuild, alloc.StrategySpec) (alloc.Strategy, error) { return MachineRoomNearby(), nil }
	case "MACHINE_ROOM":
		return func(_ alloc.StrategyBuild, spec alloc.StrategySpec) (alloc.Strategy, error) {
			return ByMachineRoom(spec.ConsumerIDCs), nil
		}
	case "CONFIG":
		return func(_ alloc.StrategyBuild, spec alloc.StrategySpec) (alloc.Strategy, error) {
			list := spec.MessageQueueList
			if list == nil && spec.HasMessageQueueList {
				list = []alloc.MessageQueue{}
			}
			return ByConfig(list), nil
		}
	case "CONSISTENT_HASH":
		return func(_ alloc.StrategyBuild, spec alloc.StrategySpec) (alloc.Strategy, error) {
			vn := DefaultVirtualNodeCnt
			if spec.VirtualNodeCnt != nil {
				vn = *spec.VirtualNodeCnt
			}
			return ConsistentHash(vn), nil
		}
	}
	return nil
}
