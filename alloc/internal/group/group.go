// Package group is the whole-group fast path that strategies defined
// outside package alloc (package goclient's, package candidate's) offer to
// alloc.AllocateAll. It is internal: nothing outside this module
// implements it. Its types are generic over the queue type Q
// (alloc.MessageQueue) and the indexed client-ID list C (alloc.Consumers)
// only so that package alloc can import it without a cycle.
package group

// Allocator is a strategy that can also compute a whole group at once,
// much faster than one Allocate call per member. alloc.AllocateAll (and
// MACHINE_ROOM_NEARBY over it) use AllocateGroup when a strategy has it;
// the strategies of package alloc have their own fast path, and those of
// packages goclient and candidate implement this interface. It follows the
// optional interface pattern of franz-go's GroupMemberBalancerOrError.
//
// The contract: member m's entry must equal what
// Allocate(consumerGroup, r.Members[m], mqAll, cidAll) returns, queue for
// queue and in order, error for error; an error that every member would
// get alike may be returned instead of a result. A result that does not
// fit the group (other members, a position outside mqAll) is ignored and
// AllocateAll falls back to one Allocate call per member.
type Allocator[Q any] interface {
	AllocateGroup(consumerGroup string, mqAll []Q, cidAll []string) (Result[Q], error)
}

// ConsumersAllocator is an optional extension of Allocator for a
// client-ID list indexed once (alloc.Consumers): Consumers.AllocateAll
// calls AllocateConsumers instead of AllocateGroup, so a strategy need not
// find the distinct members again. The contract is AllocateGroup's over
// c.IDs(); r.Members may be c.Members() itself.
type ConsumersAllocator[Q, C any] interface {
	Allocator[Q]
	AllocateConsumers(consumerGroup string, mqAll []Q, c *C) (Result[Q], error)
}

// Result is an Allocator's answer for a whole group.
//
// Example: AVG over q0..q4 and cidAll [c1 c2] is Members [c1 c2],
// Positions [[0 1 2] [3 4]].
type Result[Q any] struct {
	// Members are the distinct IDs of cidAll in order of first occurrence.
	Members []string
	// Positions[m] lists the positions in mqAll of member m's queues, in
	// the order its Allocate call returns them (nil or empty: none). Set
	// it whenever the queues come from mqAll: no queue is copied then.
	Positions [][]int32
	// Queues[m] is member m's result itself (nil: Java's null), used when
	// Positions is nil — for lists that need not come from mqAll (CONFIG).
	Queues [][]Q
	// Runs, used when Positions and Queues are nil, gives member m's
	// queues as one run of mqAll: Runs[m] = {start, count} is
	// mqAll[start:start+count] (AVG's shape, so no position list is built:
	// at 20,000 queues that list is most of the work).
	Runs [][2]int32
	// Errs[m] is member m's error, or nil; a nil Errs means none failed.
	Errs []error
}
