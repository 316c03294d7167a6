// Package producer reproduces how RocketMQ producers pick the message queue
// a message is sent to:
//
//   - selectors for ordered/keyed sends: SelectHash (SelectMessageQueueByHash,
//     Java hashCode semantics), Random (SelectMessageQueueByRandom, Java's
//     java.util.Random bit for bit) and SelectMachineRoom (which upstream
//     never implemented: it always returns null);
//   - Producer, a stateful simulator of the classic Java client's
//     MQFaultStrategy over one topic's queue list: the per-thread send
//     index, round robin that avoids the broker of a failed send, and
//     latency fault tolerance, for client 4.9.3 and 5.3.3 (Options.Client);
//   - message groups of the RocketMQ 5 gRPC clients (SelectMessageGroup):
//     SipHash-2-4 as the Java and Go clients use it, and the Node.js client
//     1.0.8 variant that disagrees with them.
//
// Every result is what the real client computes for the same input,
// checked against the conformance vectors in testdata/. Errors are
// *alloc.Error values carrying the Java exception class; nothing here
// panics on bad input.
package producer
