//go:build !wasm

package alloc

// memberIndex numbers a group's distinct client IDs (see indexMembers):
// natively a Go map, memberMap; under WebAssembly memberTable
// (members_index_wasm.go). Both are compiled in every build, so native
// tests check both.
type memberIndex = memberMap
