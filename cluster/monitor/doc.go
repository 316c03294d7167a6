// Package monitor watches every consumer group of a RocketMQ cluster
// continuously: it discovers the groups (the brokers' subscription group
// configs), reads each one every interval as `rmqalloc doctor --namesrv`
// reads it (cluster/live), diagnoses it with the doctor over a rolling
// window of snapshots (cluster/doctor Series), and serves the result as
// Prometheus metrics, a JSON API and a live page (Handler).
//
// It only reads. The request codes it sends are ReadCodes; the transport
// refuses any other before it reaches the wire.
package monitor
