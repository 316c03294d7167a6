//go:build !rmqfull

package main

// The core build leaves out the RocketMQ 5 server-side assignment
// (alloc/broker) to stay within the module's size budget; like the
// analysis operations, each broker operation answers ERR_UNSUPPORTED with
// the way to get it, and the instance stays usable.

const errBrokerNeedsFull = "rmq.queryAssignment, rmq.proxyAssignment and rmq.allocationPath need the full module: load({ analysis: true })"

func init() { registerUnsupported(errBrokerNeedsFull, brokerOps...) }
