// Package cluster is the wing of rmqalloc that reads and judges running
// RocketMQ clusters; package alloc beside it only computes.
//
// Its packages, lower ones never importing higher ones:
//
//	mqadmin   parsers of what mqadmin prints (route, connection, progress, status)
//	doctor    a consumer group diagnosed from those texts: expected against
//	          actual owners, findings, the timeline of several snapshots
//	live      the remoting client that reads a group from the cluster itself,
//	          and the reader of saved folders
//
// This package holds no code: it documents the layout.
package cluster
