//go:build rmqfull && !rmqnodoctor

package main

// build names this build in the meta response (meta.go).
const build = "full"
