package main

// handler runs one operation: it reads its request from r and writes its
// result (after the status byte) to w.
type handler func(r *reader, w *writer) error

// ops, indexed by operation number: the declared ones (internal/wireschema,
// registered from ops_generated.go and ops_full_generated.go); their JS
// copy, OP in js/lib/tables.generated.js, is generated too.
var ops = map[int]handler{}

func register(op int, h handler) {
	if _, dup := ops[op]; dup {
		panic("duplicate op")
	}
	ops[op] = h
}

// dispatch runs op over the current request and publishes its response,
// turning any failure, panics included, into an error response.
func dispatch(op int) {
	startResponse()
	defer publish()
	defer func() {
		if v := recover(); v != nil {
			writeError(&respOut, panicError(v))
		}
	}()
	h, ok := ops[op]
	if !ok {
		writeError(&respOut, unsupported("rmqalloc: unknown operation (index.js and rmqalloc.wasm do not match)"))
		return
	}
	r := reader{b: request()}
	respOut.u8(statusOK)
	err := h(&r, &respOut)
	if err == nil {
		err = r.err
	}
	if err != nil {
		writeError(&respOut, err)
	}
}
