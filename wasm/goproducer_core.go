//go:build !rmqfull

package main

// The core build leaves the Go producers out (goproducer_ops.go says why).
func init() {
	registerUnsupported("the Go producers (goPublishQueues, goSelect, takeMessageQueues) need the full module: load({ analysis: true })", goProducerOps...)
}
