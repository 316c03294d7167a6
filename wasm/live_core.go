//go:build !rmqfull

package main

// liveFree's refusal is declared in internal/wireschema.
const errLiveNeedsFull = "the live read (rmqalloc doctor --namesrv) needs the full module: load({ analysis: true })"

func init() { registerUnsupported(errLiveNeedsFull, liveOps...) }
