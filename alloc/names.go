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

// StrategyNames lists the names NewStrategy accepts in StrategySpec.Name.
// A built MACHINE_ROOM_NEARBY strategy reports "MACHINE_ROOM_NEARBY-" plus
// its inner strategy's name.
func StrategyNames() []string {
	return []string{nameAVG, nameAVGByCircle, nameConfig, nameMachineRoom, nameNearby, nameConsistentHash}
}
