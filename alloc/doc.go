// Package alloc answers, exactly as Apache RocketMQ's Java client does,
// which consumer of a group gets which message queue.
//
// A consumer's rebalance sorts all queues of the topic and all client IDs of
// the group (see SortQueues and SortClientIDs), then asks a Strategy for its
// own share. Every result here is identical, queue for queue and in order,
// to what the Java client computes, errors included; each error carries the
// Java exception class the client would throw (see Error).
//
// The package is plain Go: it has no dependency on syscall/js and is the
// same code that the WebAssembly module runs.
package alloc
