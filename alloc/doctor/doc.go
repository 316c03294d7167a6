// Package doctor compares what a consumer group actually consumes with what
// its members' own allocate calls give, on the admin tool's real output
// (topicRoute, consumerConnection, consumerProgress and, when available,
// consumerStatus files), and says which queues are owned wrongly and why.
//
// Each member is simulated with its own strategy (from its consumerStatus
// allocateMessageQueueStrategy property, else Input.Strategy) and its own
// client (from the connection's Language and Version), over the broker's
// client ID list (duplicates kept) and the route's readable queues; the
// expected owners of a queue are every member whose own call returns it.
package doctor
