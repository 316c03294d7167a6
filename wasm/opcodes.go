package main

// The JS side's copy of these tables, and of every other wire constant, is
// generated from the Go source: change a constant here, then `make generate`.
// Every other operation is declared in internal/wireschema (its number is
// generated into ops_generated.go); the generator refuses a number used
// twice.
//go:generate go run ../internal/gentables -root ..

// The five operations still coded by hand (OP in js/lib/tables.generated.js):
// meta and producerState, declared, took the core module over its gzip
// budget; allocate and allocateAll answer in a form the request chooses
// (sort permutation, plan shape) on the hottest path; producerNew needs two
// more custom layouts. Their layouts are in wasm/ and js/lib/api.js.
const (
	opMeta          = 1
	opAllocate      = 4
	opAllocateAll   = 5
	opProducerNew   = 9
	opProducerState = 13
)

// The full build's operations (analysis 20-26, the doctor 30-33, the live
// read 34-37, the broker side 40-42, priority 51-53, the Go producers
// 60-62) are declared in internal/wireschema (full.go, schema.go).
