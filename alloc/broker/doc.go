// Package broker answers who allocates a RocketMQ 5 consumer group's queues
// when it is not the consumer itself, exactly as the 5.3.3 server code does:
//
//   - QueryAssignment is the broker's QUERY_ASSIGNMENT
//     (QueryAssignmentProcessor): a classic push consumer with
//     clientRebalance=false asks the broker, which runs AVG or
//     AVG_BY_CIRCLE itself, in PULL mode as the client would and in POP
//     mode with queue sharing (popShareQueueNum).
//   - ProxyAssignment is the gRPC proxy's QueryAssignment
//     (RouteActivity.queryAssignment): every push consumer of a gRPC client
//     gets the same answer, one "queue -1" per readable broker (or every
//     read queue, for a FIFO group). No allocation happens at all.
//   - WhereAllocated tells from a consumer's settings which of the three applies (a Path):
//     client-side rebalance (package alloc), QueryAssignment, or the proxy.
//
// Queue id -1 (AllQueues) stands for "every queue of that broker": a POP
// consumer pops from whichever queue of the broker has messages.
//
// Worked example, topic T on broker-a (4 queues) and broker-b (2 queues),
// three clients c1 c2 c3, strategy AVG, clientRebalance=false:
//
//	PULL:                    c1 [a/0 a/1]  c2 [a/2 a/3]  c3 [b/0 b/1]
//	POP, popShareQueueNum=1: c1 [a/0 a/1 a/2 a/3]  c2 [a/2 a/3 b/0 b/1]  c3 [a/0 a/1 b/0 b/1]
//	POP, popShareQueueNum=2: every client [a/-1 b/-1]  (2 >= 3 clients - 1)
//	gRPC proxy:              every client [a/-1 b/-1]
package broker
