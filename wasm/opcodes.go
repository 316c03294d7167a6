package main

// Every operation is declared in internal/wireschema (schema.go, queues.go,
// full.go): its number, JS name, request and response; and every enum table
// (enums.go). The generator writes their Go readers and writers, the op
// numbers (ops_generated.go), the enums' constants (enums_generated.go), the
// JS encoders and decoders and the tables (js/lib/tables.generated.js); it
// refuses a number used twice. Change a declaration, then `make generate`.
//go:generate go run ../internal/gentables -root ..
