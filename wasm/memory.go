package main

import "unsafe"

// The request and response bytes live in this module's linear memory, where
// js/lib/runtime.js reads and writes them directly: a call then costs one exported
// function call and no js.Value per argument. Go's garbage collector does
// not move objects, and the buffers below stay referenced by package
// variables, so their addresses hold until they are replaced.
//
// ctl is the control block, at the address rmqalloc_ctl() returns:
//
//	ctl[0] request address   ctl[1] request capacity   (set by Go)
//	ctl[2] response address  ctl[3] response length    (set by Go)
//	ctl[4] request length                              (set by JS before call)
var (
	ctl     [8]uint32
	reqBuf  []byte
	respOut writer
)

// addr is the linear-memory address of b's first byte (0 for none).
func addr(b []byte) uint32 {
	if cap(b) == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
}

//lint:ignore U1000 wasmCtl (a //go:wasmexport entry point) calls it
func ctlAddr() uint32 { return uint32(uintptr(unsafe.Pointer(&ctl[0]))) }

// reserve makes the request buffer hold at least n bytes.
func reserve(n int) {
	if n <= cap(reqBuf) {
		return
	}
	c := 2 * cap(reqBuf)
	if c < n {
		c = n
	}
	if c < 4096 {
		c = 4096
	}
	reqBuf = make([]byte, c)
	ctl[0], ctl[1] = addr(reqBuf), uint32(c)
}

// largeBuffer is the most a request or response buffer keeps between
// calls; a larger one is dropped (the next call reserves anew).
const largeBuffer = 1 << 24

// dropLargeRequest lets a request buffer over largeBuffer go once decoded.
func dropLargeRequest() {
	if cap(reqBuf) > largeBuffer {
		reqBuf = nil
		ctl[0], ctl[1] = 0, 0
	}
}

// request is the bytes JS wrote for the current call.
func request() []byte {
	n := int(ctl[4])
	if n > len(reqBuf) {
		n = len(reqBuf)
	}
	return reqBuf[:n]
}

// publish exposes the response written into respOut to JS.
func publish() {
	ctl[2], ctl[3] = addr(respOut.b), uint32(len(respOut.b))
}

// startResponse empties the response buffer; a huge one left by an earlier
// call is dropped rather than kept for ever.
func startResponse() {
	if cap(respOut.b) > largeBuffer {
		respOut.b = nil
	}
	respOut.reset()
}
