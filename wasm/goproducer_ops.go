package main

// The Go producers (alloc/producer): rocketmq-client-go v2.1.2's publish
// list and QueueSelectors, and the gRPC clients' publishing load balancer:
// goRoute (60), goSelect (61) and takeMessageQueues (62), declared in
// internal/wireschema (full.go). Each call is stateless: it runs a whole
// sequence of sends at once. Only the full build serves them
// (goproducer.go): sort.Sort, hash/fnv and math/rand would take the core
// module over its size budget; the core build answers ERR_UNSUPPORTED
// (ops_core_generated.go).
