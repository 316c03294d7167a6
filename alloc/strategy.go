package alloc

// Strategy is a consumer allocation strategy, Java's
// AllocateMessageQueueStrategy. Allocate answers which of mqAll the consumer
// currentCID gets, given the group's members cidAll; both lists are taken in
// the order given (sort them first with SortQueues and SortClientIDs to get
// what a rebalance computes). Strategies are safe for concurrent use and
// never modify their arguments.
//
// The Java client passes nulls where Go has nil or "": a nil or empty
// currentCID, mqAll or cidAll gets the same IllegalArgumentException.
type Strategy interface {
	// Name is Java's getName(), e.g. "AVG" or "MACHINE_ROOM_NEARBY-AVG".
	Name() string
	// Allocate is Java's allocate(consumerGroup, currentCID, mqAll, cidAll).
	Allocate(consumerGroup, currentCID string, mqAll []MessageQueue, cidAll []string) ([]MessageQueue, error)
}
