// Package goclient emulates, exactly, how the Go client of RocketMQ
// (rocketmq-client-go v2.1.2, package consumer) allocates message queues,
// so that groups mixing Java and Go consumers can be analysed.
//
// Every strategy here implements alloc.Strategy. Name returns the name of
// the equivalent Java strategy (the Go client's strategies have no names):
// "AVG", "AVG_BY_CIRCLE", "CONFIG", "MACHINE_ROOM", "CONSISTENT_HASH" and
// "MACHINE_ROOM_NEARBY"; alloc.ClientOf (or the Client method) tells a Go
// strategy from a Java one. Client is this package's alloc.Client.
//
// Where the Go client differs from the Java client:
//
//   - Bad input (empty currentCID, empty mqAll or cidAll) gives an empty
//     result, never an error; a non-member gets an empty result too.
//   - CONSISTENT_HASH uses another ring (see ConsistentHash): CRC-32 keys,
//     a strictly-greater lookup, and 0 virtual nodes panics.
//   - MACHINE_ROOM slices the full queue list instead of the kept one and
//     repeats the queues of a room listed twice (see MachineRoom).
//   - MACHINE_ROOM_NEARBY is plain AVG (see MachineRoomNearby).
//   - The rebalance sorts by UTF-8 bytes (see SortQueues), not by Java's
//     UTF-16 order.
//
// Where the Go client panics, the emulation returns an *alloc.Error whose
// Kind is ErrPanic and whose JavaClass is PanicClass ("panic"): a panic
// would kill a WebAssembly module.
package goclient
