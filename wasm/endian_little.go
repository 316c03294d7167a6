//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package main

// littleEndian: int32 slices are copied to the wire as they lie in memory.
const littleEndian = true
