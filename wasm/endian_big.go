//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package main

// littleEndian: false here, so int32 slices go to the wire one by one.
const littleEndian = false
