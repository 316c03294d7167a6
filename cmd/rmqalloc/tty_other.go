//go:build !linux && !darwin && !(js && wasm)

package main

// terminalColumns: 0 (80 columns unless COLUMNS says otherwise).
func terminalColumns() int { return 0 }
