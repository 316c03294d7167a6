package main

// The Go producers (alloc/producer): rocketmq-client-go v2.1.2's publish
// list and QueueSelectors, and the gRPC clients' publishing load balancer.
// Each call is stateless: it runs a whole sequence of sends at once. Only
// the full build serves them (goproducer.go): sort.Sort, hash/fnv and
// math/rand would take the core module over its size budget; the core
// build answers ERR_UNSUPPORTED (goproducer_core.go).
const (
	opGoRoute           = 60 // rocketmq-client-go v2.1.2's publish list of a route
	opGoSelect          = 61 // its QueueSelectors over a sequence of sends
	opTakeMessageQueues = 62 // gRPC TakeMessageQueues over a sequence of sends
)

// Selectors of opGoSelect (u8), in this order in js/lib/goproducer.js.
const (
	goSelectorRoundRobin = 0
	goSelectorRandom     = 1
	goSelectorHash       = 2
	goSelectorManual     = 3
)

// goProducerOps lists them.
var goProducerOps = []int{opGoRoute, opGoSelect, opTakeMessageQueues}
