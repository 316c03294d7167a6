//go:build rmqfull

package main

// Custom values of the full build's declared ops (internal/wireschema
// full.go) that the other types cannot say.
