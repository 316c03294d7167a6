// Package alloc answers, exactly as Apache RocketMQ's Java client does,
// which consumer of a group gets which message queue.
//
// A consumer's rebalance sorts all queues of the topic and all client IDs of
// the group (see SortQueues and SortClientIDs), then asks a Strategy for its
// own share. Every result here is identical, queue for queue and in order,
// to what the Java client computes, errors included; each error carries the
// Java exception class the client would throw (see Error).
//
// The strategies, one constructor each, report Java's names:
//
//	Averagely()                      AVG
//	ByCircle()                       AVG_BY_CIRCLE
//	ByConfig(list)                   CONFIG
//	ByMachineRoom(rooms)             MACHINE_ROOM
//	ConsistentHash(vn)               CONSISTENT_HASH
//	MachineRoomNearby(inner, res)    MACHINE_ROOM_NEARBY-<inner>
//
// Every constructor returns a Strategy, so a slice literal of strategies
// can be written. Where Java's constructor throws (ConsistentHash(-1),
// MachineRoomNearby(nil, res)) the strategy returned answers that error to
// every call; Validate reports it up front.
//
// A Client is a consumer client the library reproduces: its name, its
// sort orders, and NewStrategy, which builds any of them from a
// StrategySpec (the conformance vectors' JSON shape) as that client runs
// it. JavaClient is Java's (Java493, the zero value, and Java533: they
// differ in MACHINE_ROOM's check of a blank client ID); goclient.Client is
// rocketmq-client-go's; package clients lists them and reads their names.
// AllocateAll computes a whole group at once — what
// every member's own call returns — as a Plan; Rebalance, with the same
// arguments, first sorts the lists as the strategy's client does in a
// rebalance; Broadcast is the plan of broadcasting mode, where everyone
// consumes every queue. A Plan is the one whole-group result: package
// analysis measures and compares plans. Its queues are named by position
// in Queues (MemberShare, MemberPositions) and its members by position in
// Members (Owners).
//
// The package is plain Go: it has no dependency on syscall/js and is the
// same code that the WebAssembly module runs. No input makes it panic.
package alloc
