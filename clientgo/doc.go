// Package clientgo gives rocketmq-client-go v2 consumers the Java client's
// allocation, exactly: each function returns a consumer.AllocateStrategy for
// consumer.WithStrategy, and that strategy computes the consumer's share as
// the Java client (4.9.3 or 5.3.3) does, Java's sort of the queues and client
// IDs included. A Go consumer in a group with Java consumers then takes
// exactly the queues the Java consumers leave to it:
//
//	c, err := rocketmq.NewPushConsumer(
//		consumer.WithGroupName("my-group"),
//		consumer.WithStrategy(clientgo.Averagely()),
//	)
//
// The Go client's own strategies differ from Java's (its CONSISTENT_HASH
// ring, MACHINE_ROOM_NEARBY, the byte order of client IDs: see the
// rmqalloc README, "Mixed Java and Go groups"). Rendezvous, BoundedLoad and
// Sticky are the candidate strategies of package alloc/candidate, for groups
// whose members all run them.
//
// It is a module of its own, so that the rmqalloc module does not depend on
// rocketmq-client-go.
package clientgo
